import { describe, expect, it } from '@jest/globals';
import { planPlayback } from './playback-plan.js';
import type { MediaInfo } from './ffprobe.js';
import { playbackArgs, thumbnailTime } from './ffmpeg.js';
import type { FrameTiming } from './frame-timing.js';

const MP4 = 'mov,mp4,m4a,3gp,3g2,mj2';
const media = (
  overrides: { formatName?: string; video?: Partial<NonNullable<MediaInfo['video']>>; audio?: string | null } = {},
): Pick<MediaInfo, 'formatName' | 'video' | 'audio'> => ({
  formatName: overrides.formatName ?? MP4,
  video: { index: 0, codec: 'h264', pixelFormat: 'yuv420p', width: 1920, height: 1080, ...overrides.video },
  audio: overrides.audio === null ? null : { index: 1, codec: overrides.audio ?? 'aac', channels: 2 },
});

/** The packet scan of a 30 fps phone clip: constant rate, a keyframe every 15 frames, starting at 0. */
const cfr = (overrides: Partial<FrameTiming> = {}): FrameTiming => ({
  frameCount: 360,
  startTime: 0,
  startOffset: 0,
  constantRate: { num: 30, den: 1 },
  variable: false,
  meanFps: 30,
  typicalFps: 30,
  maxKeyframeGap: 15,
  ...overrides,
});
const THIRTY = { num: 30, den: 1 };

describe('planPlayback', () => {
  it('only remuxes H.264 yuv420p with AAC from an MP4/MOV container, at a constant rate with short GOPs', () => {
    expect(planPlayback(media(), cfr())).toEqual({
      video: 'copy',
      frameRate: THIRTY,
      keyframeInterval: 15,
      audio: 'copy',
      reencoded: false,
      reasons: [],
    });
  });

  it('remuxes H.264 without audio', () => {
    expect(planPlayback(media({ audio: null }), cfr())).toEqual({
      video: 'copy',
      frameRate: THIRTY,
      keyframeInterval: 15,
      audio: 'none',
      reencoded: false,
      reasons: [],
    });
  });

  it.each([
    [
      'variable-rate phone footage',
      cfr({ constantRate: null, variable: true, meanFps: 27.4, typicalFps: 30.01 }),
      'variable frame rate',
      THIRTY,
    ],
    ['a stream in millisecond ticks', cfr({ constantRate: null, meanFps: 29.965 }), 'frame rate not exact', THIRTY],
    ['a camera’s 2-second GOP', cfr({ maxKeyframeGap: 60 }), 'keyframes 2.00 s apart', THIRTY],
    ['a first frame after the audio', cfr({ startOffset: 0.05 }), 'first frame at 0.050 s', THIRTY],
    ['a file whose packets could not be read', null, 'frame timing unknown', THIRTY],
  ] as const)('re-encodes the browser-ready H.264 of %s, keeping its AAC', (_name, frames, reason, rate) => {
    const plan = planPlayback(media({ video: { baseFrameRate: { num: 30, den: 1 } } }), frames);
    expect(plan).toMatchObject({
      video: 'encode',
      frameRate: rate,
      keyframeInterval: 15,
      audio: 'copy',
      reencoded: true,
    });
    expect(plan.reasons).toEqual([reason]);
  });

  it('makes the playback file at the exact rate of a constant-rate original: 25, 29.97, 60', () => {
    for (const rate of [
      { num: 25, den: 1 },
      { num: 30000, den: 1001 },
      { num: 60, den: 1 },
    ]) {
      const plan = planPlayback(media({ video: { codec: 'hevc' } }), cfr({ constantRate: rate }));
      expect(plan).toMatchObject({ video: 'encode', frameRate: rate });
    }
  });

  it.each([
    ['HEVC from a phone', { video: { codec: 'hevc' } }, 'video codec hevc'],
    ['VP9', { video: { codec: 'vp9' } }, 'video codec vp9'],
    ['AV1', { video: { codec: 'av1' } }, 'video codec av1'],
    ['ProRes', { video: { codec: 'prores', pixelFormat: 'yuv422p10le' } }, 'video codec prores'],
    ['H.264 4:4:4', { video: { pixelFormat: 'yuv444p' } }, 'pixel format yuv444p'],
    ['H.264 4:2:2', { video: { pixelFormat: 'yuv422p' } }, 'pixel format yuv422p'],
    ['H.264 10-bit', { video: { pixelFormat: 'yuv420p10le' } }, 'pixel format yuv420p10le'],
    ['an unknown pixel format', { video: { pixelFormat: null } }, 'pixel format unknown'],
  ] as const)('re-encodes the video of %s', (_name, overrides, reason) => {
    const plan = planPlayback(media(overrides), cfr());
    expect(plan).toMatchObject({ video: 'encode', audio: 'copy', reencoded: true });
    expect(plan.reasons).toContain(reason);
  });

  it('re-encodes everything out of WebM/Matroska, even H.264 with AAC', () => {
    expect(
      planPlayback(media({ formatName: 'matroska,webm', video: { codec: 'vp9' }, audio: 'opus' }), cfr()),
    ).toMatchObject({
      video: 'encode',
      audio: 'encode',
      reencoded: true,
    });
    const mkv = planPlayback(media({ formatName: 'matroska,webm' }), cfr());
    expect(mkv).toMatchObject({ video: 'encode', audio: 'encode', reencoded: true });
    expect(mkv.reasons).toEqual(['container matroska,webm']);
  });

  it.each(['pcm_s16le', 'opus', 'ac3', 'mp3', 'alac'])('keeps H.264 but re-encodes %s audio to AAC', (codec) => {
    const plan = planPlayback(media({ audio: codec }), cfr());
    expect(plan).toMatchObject({ video: 'copy', audio: 'encode', reencoded: true });
    expect(plan.reasons).toEqual([`audio codec ${codec}`]);
  });

  it('re-encodes when the video stream is unknown', () => {
    expect(planPlayback({ formatName: MP4, video: null, audio: null }, null)).toMatchObject({
      video: 'encode',
      reencoded: true,
    });
  });
});

describe('playbackArgs', () => {
  it('stream-copies with faststart for a remux', () => {
    const args = playbackArgs('in', 'out.mp4', planPlayback(media(), cfr()), { video: 0, audio: 1 });
    expect(args.join(' ')).toContain('-map 0:0 -map 0:1 -c:v copy -c:a copy');
    expect(args.join(' ')).toContain('-movflags +faststart -f mp4 out.mp4');
    expect(args).not.toContain('libx264');
    expect(args).not.toContain('-vf');
    expect(args).not.toContain('-g');
  });

  it('encodes H.264 yuv420p with even dimensions and stereo AAC otherwise', () => {
    const plan = planPlayback(media({ video: { codec: 'hevc' }, audio: 'pcm_s16le' }), cfr());
    const args = playbackArgs('in', 'out.mp4', plan, { video: 1, audio: 0 }).join(' ');
    expect(args).toContain('-map 0:1 -map 0:0');
    expect(args).toContain('-c:v libx264 -preset veryfast -crf 23 -pix_fmt yuv420p -vf ');
    expect(args).toContain(',scale=trunc(iw/2)*2:trunc(ih/2)*2 ');
    expect(args).toContain('-c:a aac -b:a 128k -ac 2');
    expect(args).toContain('-movflags +faststart');
  });

  it('encodes at the plan’s constant rate from 0, a keyframe every half second and none at scene cuts', () => {
    const vfr = cfr({ constantRate: null, variable: true, meanFps: 27, typicalFps: 29.97 });
    const plan = planPlayback(media({ video: { baseFrameRate: { num: 90000, den: 1 } } }), vfr);
    const args = playbackArgs('in', 'out.mp4', plan, { video: 0, audio: 1 }).join(' ');
    expect(args).toContain('-vf fps=fps=30000/1001:start_time=0,scale=');
    expect(args).toContain('-g 15 -keyint_min 15 -sc_threshold 0');
    const sixty = planPlayback(media({ video: { codec: 'vp9' } }), cfr({ constantRate: { num: 60, den: 1 } }));
    expect(playbackArgs('in', 'out.mp4', sixty, { video: 0, audio: 1 }).join(' ')).toContain(
      '-vf fps=fps=60/1:start_time=0,scale=trunc(iw/2)*2:trunc(ih/2)*2 -g 30 -keyint_min 30 -sc_threshold 0',
    );
  });

  it('leaves audio out when the original has none', () => {
    const args = playbackArgs('in', 'out.mp4', planPlayback(media({ audio: null }), cfr()), { video: 0, audio: null });
    expect(args).toContain('-an');
    expect(args.filter((a) => a === '-map')).toHaveLength(1);
  });
});

describe('thumbnailTime', () => {
  it('takes the frame at 1 s, the middle of a shorter clip, or the start when the length is unknown', () => {
    expect(thumbnailTime(90)).toBe(1);
    expect(thumbnailTime(2)).toBe(1);
    expect(thumbnailTime(1.5)).toBe(0.75);
    expect(thumbnailTime(null)).toBe(0);
  });
});
