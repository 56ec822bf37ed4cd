import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeMediaFixture, testInfra, type MediaFixtureOptions } from '@app/testing';
import { playbackArgs, runFfmpeg } from './ffmpeg.js';
import { inspectMedia, scanPackets } from './ffprobe.js';
import { analyseFrames, fps, keyframeIntervalFrames, type FrameTiming } from './frame-timing.js';
import { planPlayback } from './playback-plan.js';

// The real ffprobe and ffmpeg on tiny generated clips: what the packet scan reads of an original,
// what the plan makes of it, and what the playback file then is, as a frame-exact player needs it.
let scratch: string;
const { ffmpegPath, ffprobePath } = testInfra();

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'frame-timing-'));
});

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

const SMALL = { seconds: 2, size: '160x90', audio: 'aac' } as const;

async function fixture(name: string, options: MediaFixtureOptions) {
  const path = await makeMediaFixture(join(scratch, name), { ...SMALL, ...options });
  const info = await inspectMedia(ffprobePath, path);
  const scan = await scanPackets(ffprobePath, path, info!.video!.index);
  return { path, info: info!, timing: analyseFrames(scan!) };
}

/** Makes the playback file as the pipeline does, and reads its frames back. */
async function makePlayback(name: string, source: Awaited<ReturnType<typeof fixture>>) {
  const plan = planPlayback(source.info, source.timing);
  const output = join(scratch, `${name}-playback.mp4`);
  const streams = { video: source.info.video!.index, audio: source.info.audio?.index ?? null };
  await runFfmpeg(ffmpegPath, playbackArgs(source.path, output, plan, streams), { timeoutMs: 60_000 });
  const info = await inspectMedia(ffprobePath, output);
  const timing = analyseFrames((await scanPackets(ffprobePath, output, info!.video!.index))!);
  return { plan, info: info!, timing: timing! };
}

/** What a frame-exact player needs of a playback file: one rate, short GOPs, frame 0 at 0. */
function expectSteppable(timing: FrameTiming, rate: { num: number; den: number }, seconds: number) {
  expect(timing.constantRate).toEqual(rate);
  expect(timing.startTime).toBe(0);
  expect(timing.maxKeyframeGap).toBeLessThanOrEqual(keyframeIntervalFrames(rate));
  expect(timing.maxKeyframeGap / fps(rate)).toBeLessThanOrEqual(0.501);
  expect(Math.abs(timing.frameCount - seconds * fps(rate))).toBeLessThanOrEqual(1);
}

describe('frame timing on real files', () => {
  it('reads an NTSC clip’s exact rate, frames and start from its header and packets', async () => {
    const ntsc = await fixture('ntsc.mp4', { rate: '30000/1001', video: 'h264' });
    expect(ntsc.info.video).toMatchObject({
      baseFrameRate: { num: 30000, den: 1001 },
      averageFrameRate: { num: 30000, den: 1001 },
      frameCount: 60,
      startTime: 0,
    });
    expect(ntsc.timing).toMatchObject({
      frameCount: 60,
      startTime: 0,
      constantRate: { num: 30000, den: 1001 },
      variable: false,
      maxKeyframeGap: 60,
    });
    // Its one keyframe in two seconds is too few to step back through: re-encoded at its own rate.
    const made = await makePlayback('ntsc', ntsc);
    expect(made.plan).toMatchObject({ video: 'encode', audio: 'copy', reasons: ['keyframes 2.00 s apart'] });
    expectSteppable(made.timing, { num: 30000, den: 1001 }, 2);
    expect(made.info.video?.baseFrameRate).toEqual({ num: 30000, den: 1001 });
  });

  it('copies a constant-rate H.264 clip with half-second keyframes as it is', async () => {
    const ready = await fixture('ready.mp4', { rate: 25, keyframeInterval: 12 });
    expect(ready.timing).toMatchObject({ constantRate: { num: 25, den: 1 }, maxKeyframeGap: 12, startOffset: 0 });
    const made = await makePlayback('ready', ready);
    expect(made.plan).toMatchObject({ video: 'copy', audio: 'copy', reencoded: false, reasons: [] });
    expectSteppable(made.timing, { num: 25, den: 1 }, 2);
  });

  it('makes variable-rate phone footage constant at its usual rate', async () => {
    const phone = await fixture('phone-vfr.mp4', {
      rate: 30,
      seconds: 3,
      variableRate: { jitterSeconds: 0.004, dropEvery: 11 },
    });
    expect(phone.timing).toMatchObject({ constantRate: null, variable: true });
    expect(phone.timing!.frameCount).toBeLessThan(90);
    expect(phone.timing!.meanFps).toBeLessThan(28.5);
    const made = await makePlayback('phone', phone);
    expect(made.plan).toMatchObject({ video: 'encode', frameRate: { num: 30, den: 1 } });
    expect(made.plan.reasons).toContain('variable frame rate');
    expectSteppable(made.timing, { num: 30, den: 1 }, 3);
  });

  it('gives a WebM in millisecond ticks its stated rate, and 60 fps keyframes every 30 frames', async () => {
    const webm = await fixture('sixty.webm', { rate: 60, video: 'vp9', audio: 'opus' });
    expect(webm.info.video?.baseFrameRate).toEqual({ num: 60, den: 1 });
    expect(webm.timing).toMatchObject({ constantRate: null, variable: false });
    const made = await makePlayback('sixty', webm);
    expect(made.plan).toMatchObject({ video: 'encode', audio: 'encode', frameRate: { num: 60, den: 1 } });
    expectSteppable(made.timing, { num: 60, den: 1 }, 2);
    expect(made.timing.maxKeyframeGap).toBe(30);
  });
});
