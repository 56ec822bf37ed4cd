import { describe, expect, it } from '@jest/globals';
import {
  MAX_VIDEO_SECONDS,
  MEDIA_INPUT_LIMITS,
  VIDEO_KEYS,
  isWithinVideoLengthLimit,
  mediaInputLimitProblem,
  videoIdOfDerivedKey,
  type ProbedMedia,
} from './media.jobs.js';
import { storedKeyOwner } from './media-references.js';

describe('isWithinVideoLengthLimit (the 2-minute rule)', () => {
  it('accepts a clip that reads 2:00, up to half a second over, as phones record it', () => {
    expect(MAX_VIDEO_SECONDS).toBe(120);
    for (const seconds of [0.1, 60, 120, 120.02, 120.4, 120.5]) expect(isWithinVideoLengthLimit(seconds)).toBe(true);
  });

  it('refuses anything longer, and a length that is no number', () => {
    for (const seconds of [120.51, 121, 3600, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(isWithinVideoLengthLimit(seconds)).toBe(false);
    }
  });
});

describe('mediaInputLimitProblem', () => {
  const media = (
    video: Partial<NonNullable<ProbedMedia['video']>> | null,
    videoStreamCount = 1,
  ): Pick<ProbedMedia, 'video' | 'videoStreamCount'> => ({
    video: video && {
      index: 0,
      codec: 'h264',
      pixelFormat: 'yuv420p',
      width: 1920,
      height: 1080,
      frameRate: 30,
      ...video,
    },
    videoStreamCount,
  });

  it('lets through what phones and cameras record: 4K, 240 fps slow motion, a cover picture', () => {
    expect(MEDIA_INPUT_LIMITS).toEqual({ maxSidePixels: 4096, maxFramesPerSecond: 240, maxVideoStreams: 2 });
    expect(mediaInputLimitProblem(media({}))).toBeNull();
    expect(mediaInputLimitProblem(media({ width: 4096, height: 2160 }))).toBeNull();
    expect(mediaInputLimitProblem(media({ width: 2160, height: 4096 }))).toBeNull();
    expect(mediaInputLimitProblem(media({ frameRate: 240.02 }))).toBeNull();
    expect(mediaInputLimitProblem(media({}, 2))).toBeNull();
    // Unknown figures are not held against a file: the encode's time budget bounds it.
    expect(mediaInputLimitProblem(media({ width: null, height: null, frameRate: null }))).toBeNull();
    expect(mediaInputLimitProblem({ video: media({}).video })).toBeNull();
  });

  it.each([
    ['wider than 4096 px', media({ width: 4097, height: 16 }), /4097x16/],
    ['taller than 4096 px', media({ width: 16, height: 8192 }), /16x8192/],
    ['over 240 fps', media({ frameRate: 241 }), /241\.00 fps/],
    ['three video streams', media({}, 3), /3 video streams/],
  ])('refuses a file %s', (_name, probed, problem) => {
    expect(mediaInputLimitProblem(probed)).toMatch(problem);
  });
});

describe('stored keys', () => {
  it('reads the video id of a derived key only', () => {
    expect(videoIdOfDerivedKey(VIDEO_KEYS.playback(42))).toBe(42);
    expect(videoIdOfDerivedKey(VIDEO_KEYS.thumbnail(7))).toBe(7);
    for (const key of [
      VIDEO_KEYS.original('abc'),
      'videos/42/',
      'videos/42/a/b.mp4',
      'videos/0/playback.mp4',
      'videos/99999999999/playback.mp4',
      'x/videos/42/playback.mp4',
    ]) {
      expect(videoIdOfDerivedKey(key)).toBeNull();
    }
  });

  it('names the owner of every key shape the product writes, and none for anything else', () => {
    const userId = '0d4f8a9e-1111-4c3b-9a7e-2b5f0c1d2e3f';
    expect(storedKeyOwner(VIDEO_KEYS.original('3f7a0c2e-0000-4000-8000-000000000000'))).toBe('video');
    expect(storedKeyOwner(VIDEO_KEYS.playback(3))).toBe('video');
    expect(storedKeyOwner(VIDEO_KEYS.thumbnail(3))).toBe('video');
    expect(storedKeyOwner(`profile-images/${userId}/0d4f8a9e-2222-4c3b-9a7e-2b5f0c1d2e3f.png`)).toBe('auth');
    for (const key of [
      'secrets.txt',
      'videos/originals/',
      'videos/originals/..',
      'videos/originals/../../etc',
      'videos/originals/a/b',
      `profile-images/${userId}/`,
      `profile-images/${userId}/x.svg`,
      'profile-images/not-a-user/x.png',
      '',
    ]) {
      expect(storedKeyOwner(key)).toBeNull();
    }
  });
});
