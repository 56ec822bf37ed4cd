import { describe, expect, it } from '@jest/globals';
import { toVideoDto } from './video.mapper.js';
import type { VideoListingRow } from './videos.repository.js';

const row = (overrides: Partial<VideoListingRow> = {}): VideoListingRow => ({
  hidden: false,
  id: 5,
  title: 'Serve',
  description: null,
  categoryId: null,
  categoryName: null,
  categoryIcon: null,
  uploaderId: '0d4f8a9e-1111-4c3b-9a7e-2b5f0c1d2e3f',
  uploaderFirstName: 'Ada',
  uploaderLastName: null,
  uploaderImage: null,
  views: 0,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  feedbackCount: 0,
  averageRating: 0,
  youtubeUrl: null,
  videoUrl: null,
  thumbnailUrl: null,
  hasStoredVideo: false,
  hasStoredThumbnail: false,
  hasFileError: false,
  processingState: 'ready',
  duration: null,
  frameRate: null,
  frameCount: null,
  ...overrides,
});

describe('toVideoDto', () => {
  it.each([
    ['uploaded', 'processing'],
    ['processing', 'processing'],
    ['ready', 'ready'],
    ['failed', 'failed'],
  ] as const)('shows the stored state %s as %s', (stored, shown) => {
    expect(toVideoDto(row({ processingState: stored })).processingState).toBe(shown);
  });

  it('carries the duration as stored', () => {
    expect(toVideoDto(row({ duration: 83 })).duration).toBe(83);
    expect(toVideoDto(row({ duration: null })).duration).toBeNull();
  });

  it('carries the playback file’s exact frame rate and frame count, and none for a link or an unmeasured file', () => {
    expect(
      toVideoDto(row({ hasStoredVideo: true, duration: 4, frameRate: 30000 / 1001, frameCount: 120 })),
    ).toMatchObject({ frameRate: 29.97002997002997, frameCount: 120 });
    expect(toVideoDto(row({ youtubeUrl: 'https://www.youtube.com/watch?v=abcdefghijk' }))).toMatchObject({
      frameRate: null,
      frameCount: null,
    });
  });

  it('inlines thumbnailData only when the row carries it (a single video, never a list)', () => {
    expect(toVideoDto(row()).thumbnailData).toBeNull();
    expect(toVideoDto({ ...row(), thumbnailData: '/9j/4AAQ' }).thumbnailData).toBe('/9j/4AAQ');
    expect(toVideoDto({ ...row(), thumbnailData: null }).thumbnailData).toBeNull();
  });

  it('points a stored file and thumbnail at the gateway’s routes, and keeps given URLs otherwise', () => {
    const stored = toVideoDto(
      row({
        hasStoredVideo: true,
        hasStoredThumbnail: true,
        videoUrl: 'https://cdn.example/a.mp4',
        thumbnailUrl: null,
      }),
    );
    expect(stored).toMatchObject({ videoUrl: '/api/videos/5/stream', thumbnailUrl: '/api/videos/5/thumbnail' });
    const linked = toVideoDto(
      row({
        youtubeUrl: 'https://www.youtube.com/watch?v=abcdefghijk',
        videoUrl: null,
        thumbnailUrl: 'https://img.youtube.com/vi/abcdefghijk/hqdefault.jpg',
      }),
    );
    expect(linked).toMatchObject({
      youtubeUrl: 'https://www.youtube.com/watch?v=abcdefghijk',
      videoUrl: null,
      thumbnailUrl: 'https://img.youtube.com/vi/abcdefghijk/hqdefault.jpg',
    });
    // A file still being processed has no thumbnail of its own yet: its given one stays.
    expect(toVideoDto(row({ hasStoredVideo: true, thumbnailUrl: 'https://img.example/t.jpg' })).thumbnailUrl).toBe(
      'https://img.example/t.jpg',
    );
  });

  it('names the uploader from the projection’s person, and nobody when it holds none', () => {
    expect(
      toVideoDto(row({ uploaderFirstName: 'Ada', uploaderLastName: 'Lovelace', uploaderImage: '/img' })),
    ).toMatchObject({
      uploaderId: '0d4f8a9e-1111-4c3b-9a7e-2b5f0c1d2e3f',
      uploaderName: 'Ada Lovelace',
      uploaderFirstName: 'Ada',
      uploaderLastName: 'Lovelace',
      uploaderImage: '/img',
    });
    const unnamed = toVideoDto(row({ uploaderFirstName: null, uploaderLastName: null }));
    expect(unnamed).toMatchObject({
      uploaderName: null,
      uploaderFirstName: null,
      uploaderLastName: null,
      uploaderImage: null,
    });
  });
});
