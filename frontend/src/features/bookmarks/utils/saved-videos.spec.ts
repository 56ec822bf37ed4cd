import { describe, expect, it } from '@jest/globals';
import type { VideoDto } from '@app/contracts';
import { normalizeSavedVideos } from './saved-videos';

const video = (id: number, title = `Video ${id}`): VideoDto => ({
  id,
  title,
  description: null,
  categoryId: null,
  categoryName: null,
  categoryIcon: null,
  uploaderId: 'u1',
  uploaderName: null,
  uploaderFirstName: null,
  uploaderLastName: null,
  uploaderImage: null,
  views: 0,
  createdAt: '2024-01-01T00:00:00.000Z',
  feedbackCount: 0,
  averageRating: 0,
  youtubeUrl: null,
  videoUrl: null,
  thumbnailData: null,
  thumbnailUrl: null,
  hasFileError: false,
  processingState: 'ready',
  duration: null,
  frameRate: null,
  frameCount: null,
});

describe('normalizeSavedVideos (spec section 2, Saved Videos)', () => {
  it('accepts a plain array and marks every video as bookmarked', () => {
    const result = normalizeSavedVideos([video(3), video(1)]);
    expect(result.map((v) => v.id)).toEqual([3, 1]);
    expect(result.every((v) => v.isBookmarked)).toBe(true);
  });

  it('accepts an object with a data array', () => {
    const result = normalizeSavedVideos({ data: [video(2), video(5)] });
    expect(result.map((v) => v.id)).toEqual([2, 5]);
    expect(result.every((v) => v.isBookmarked)).toBe(true);
  });

  it('overrides an isBookmarked the server left false', () => {
    const [saved] = normalizeSavedVideos([{ ...video(1), isBookmarked: false }]);
    expect(saved?.isBookmarked).toBe(true);
  });

  it('removes duplicates by id, keeping the first (newest save) in order', () => {
    const result = normalizeSavedVideos([video(4, 'first'), video(2), video(4, 'again'), video(2), video(9)]);
    expect(result.map((v) => v.id)).toEqual([4, 2, 9]);
    expect(result[0]?.title).toBe('first');
  });

  it('removes duplicates inside a data array too', () => {
    expect(normalizeSavedVideos({ data: [video(1), video(1), video(1)] }).map((v) => v.id)).toEqual([1]);
  });

  it('reads anything else as no saved videos', () => {
    for (const response of [
      undefined,
      null,
      '',
      'text',
      42,
      {},
      { data: null },
      { data: 'x' },
      { items: [video(1)] },
    ]) {
      expect(normalizeSavedVideos(response)).toEqual([]);
    }
  });

  it('skips entries that are not videos', () => {
    expect(normalizeSavedVideos([null, 3, { title: 'no id' }, video(7)]).map((v) => v.id)).toEqual([7]);
  });

  it('does not change the response it was given', () => {
    const response = [video(1), video(1)];
    normalizeSavedVideos(response);
    expect(response).toHaveLength(2);
    expect('isBookmarked' in response[0]!).toBe(false);
  });
});
