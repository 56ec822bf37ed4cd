import { describe, expect, it } from '@jest/globals';
import type { VideoEntity } from '../db/entities/video.entity.js';
import { toUploaderVideoStats, toVideoState } from './video-state.mapper.js';

const row = (overrides: Partial<VideoEntity> = {}): VideoEntity => ({
  id: 7,
  title: 'Backhand slice',
  description: 'Second serve practice',
  videoUrl: null,
  youtubeUrl: null,
  thumbnailUrl: null,
  thumbnailData: null,
  duration: 31,
  frameRateNum: 30000,
  frameRateDen: 1001,
  frameCount: 929,
  startTime: 0,
  fileHash: 'a'.repeat(64),
  categoryId: 3,
  uploaderId: '0d4f8a9e-1111-4c3b-9a7e-2b5f0c1d2e3f',
  views: 12,
  processingState: 'ready',
  hasFileError: false,
  hiddenAt: null,
  originalKey: 'uploads/0d4f8a9e/clip.mov',
  playbackKey: 'videos/7/playback.mp4',
  thumbnailKey: 'videos/7/thumbnail.jpg',
  sizeBytes: '1048576',
  mimeType: 'video/quicktime',
  feedbackCount: 2,
  averageRating: 4.5,
  feedbackStatsRevision: 3,
  revision: 9,
  createdAt: new Date('2026-03-01T10:20:30.456Z'),
  updatedAt: new Date('2026-03-02T00:00:00.000Z'),
  ...overrides,
});

describe('the state other services keep of a video', () => {
  it('carries what lists and pages show, at the row’s revision, and never an object key or file detail', () => {
    const state = toVideoState(row());
    expect(state).toEqual({
      id: 7,
      revision: 9,
      title: 'Backhand slice',
      description: 'Second serve practice',
      categoryId: 3,
      uploaderId: '0d4f8a9e-1111-4c3b-9a7e-2b5f0c1d2e3f',
      youtubeUrl: null,
      videoUrl: null,
      thumbnailUrl: null,
      hasStoredVideo: true,
      hasStoredThumbnail: true,
      thumbnailData: null,
      duration: 31,
      frameRate: 30000 / 1001,
      frameCount: 929,
      startTime: 0,
      processingState: 'ready',
      hasFileError: false,
      hidden: false,
      views: 12,
      feedbackCount: 2,
      averageRating: 4.5,
      feedbackStatsRevision: 3,
      createdAt: '2026-03-01T10:20:30.456Z',
    });
    const carried = JSON.stringify(state);
    for (const secret of ['uploads/', 'videos/7/', 'a'.repeat(64), 'quicktime', '1048576']) {
      expect({ secret, carried: carried.includes(secret) }).toEqual({ secret, carried: false });
    }
  });

  it('says a file is stored while the original or the copy is, and a thumbnail only when one is', () => {
    const processing = row({ processingState: 'processing', playbackKey: null, thumbnailKey: null });
    expect(toVideoState(processing)).toMatchObject({ hasStoredVideo: true, hasStoredThumbnail: false });
    const copyOnly = row({ originalKey: null });
    expect(toVideoState(copyOnly)).toMatchObject({ hasStoredVideo: true, hasStoredThumbnail: true });
    const refused = row({ processingState: 'failed', hasFileError: true, originalKey: null, playbackKey: null });
    expect(toVideoState(refused)).toMatchObject({ hasStoredVideo: false, hasFileError: true });
    const link = row({
      youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      thumbnailUrl: 'https://img.youtube.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
      originalKey: null,
      playbackKey: null,
      thumbnailKey: null,
      frameRateNum: null,
      frameRateDen: null,
      frameCount: null,
      startTime: null,
    });
    expect(toVideoState(link)).toMatchObject({
      frameRate: null,
      frameCount: null,
      startTime: null,
      youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      hasStoredVideo: false,
      hasStoredThumbnail: false,
    });
  });

  it('answers an uploader’s views as a number, though the column is a bigint', () => {
    expect(toUploaderVideoStats({ userId: 'u', revision: 4, publishedVideos: 2, totalViews: '3000000000' })).toEqual({
      userId: 'u',
      revision: 4,
      publishedVideos: 2,
      totalViews: 3_000_000_000,
    });
  });
});
