import { describe, expect, it } from '@jest/globals';
import { filterByTitle, sortVideos } from './video-list';

const video = (
  id: number,
  title: string,
  extra: Partial<{ views: number; averageRating: number; feedbackCount: number; createdAt: string }> = {},
) => ({
  id,
  title,
  createdAt: `2026-11-${String(id).padStart(2, '0')}T10:00:00.000Z`,
  views: 0,
  averageRating: 0,
  feedbackCount: 0,
  ...extra,
});

describe('filterByTitle', () => {
  const videos = [video(1, 'Golf Swing Basics'), video(2, 'Piano scales'), video(3, 'Short game: golf chipping')];

  it('keeps titles containing the search, ignoring case and surrounding spaces', () => {
    expect(filterByTitle(videos, '  GOLF ').map((v) => v.id)).toEqual([1, 3]);
  });

  it('keeps everything for an empty search', () => {
    expect(filterByTitle(videos, ' ')).toHaveLength(3);
  });
});

describe('sortVideos', () => {
  const videos = [
    video(1, 'a', { views: 10, averageRating: 4.5, feedbackCount: 1 }),
    video(2, 'b', { views: 30, averageRating: 3, feedbackCount: 7 }),
    video(3, 'c', { views: 10, averageRating: 0, feedbackCount: 2 }),
  ];

  it('orders by the chosen key, highest first, newer first on ties', () => {
    expect(sortVideos(videos, 'recent').map((v) => v.id)).toEqual([3, 2, 1]);
    expect(sortVideos(videos, 'views').map((v) => v.id)).toEqual([2, 3, 1]);
    expect(sortVideos(videos, 'rating').map((v) => v.id)).toEqual([1, 2, 3]);
    expect(sortVideos(videos, 'feedback').map((v) => v.id)).toEqual([2, 3, 1]);
  });

  it('leaves the input untouched', () => {
    sortVideos(videos, 'views');
    expect(videos.map((v) => v.id)).toEqual([1, 2, 3]);
  });
});
