import { describe, expect, it } from '@jest/globals';
import { VIDEO_KEYS, type MediaResultJobData, type TranscodeJobData } from '@app/contracts';
import { FfmpegError, type RunOptions } from '../ffmpeg/ffmpeg.js';
import type { MediaInfo } from '../ffmpeg/ffprobe.js';
import type { FrameTiming } from '../ffmpeg/frame-timing.js';
import { giveUpVerdict, TranscodePipeline, type TranscodePorts, type TranscodeSource } from './transcode-pipeline.js';

// Strict ports: a call the test did not expect fails it (libs/testing gets a shared helper).
const unexpected =
  (port: string) =>
  (...args: unknown[]): never => {
    throw new Error(`unexpected call: ${port}(${JSON.stringify(args)})`);
  };

const VIDEO_ID = 42;
const SCRATCH = '/scratch/job';
const ORIGINAL = 'videos/originals/abc';

/** What a phone writes: H.264 yuv420p + AAC in MP4, which is remuxed. */
const phoneClip: MediaInfo = {
  formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
  durationSeconds: 12,
  video: { index: 0, codec: 'h264', pixelFormat: 'yuv420p', width: 640, height: 360, frameRate: 30 },
  audio: { index: 1, codec: 'aac', channels: 2 },
  videoStreamCount: 1,
};

/** A packet scan: 12 s at 30 fps from 0, a keyframe every half second (the phone clip's, and its copy's). */
const frames30 = (overrides: Partial<FrameTiming> = {}): FrameTiming => ({
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
/** What the scans of the original and of the playback file find. */
const scans =
  (original: FrameTiming | null, playback: FrameTiming | null = frames30()) =>
  (path: string, videoStreamIndex: number) => {
    expect(videoStreamIndex).toBe(0);
    if (path === `${SCRATCH}/original`) return Promise.resolve(original);
    if (path === `${SCRATCH}/playback.mp4`) return Promise.resolve(playback);
    throw new Error(`unexpected scan of ${path}`);
  };

/** Resolves once `condition` holds, letting pending promise callbacks run in between. */
async function eventually(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !condition(); i += 1) await new Promise((resolve) => setImmediate(resolve));
  expect(condition()).toBe(true);
}

const inputError = (stderr: string) => new FfmpegError('ffmpeg exited with 1', 1, null, false, stderr);
const overBudget = () => new FfmpegError('ffmpeg timed out', null, 'SIGKILL', true, '');
const killed = () => new FfmpegError('ffmpeg was killed', null, 'SIGKILL', false, '');

/** A world where the original exists and every step works, recording what the pipeline did. */
function world(overrides: Partial<TranscodePorts> = {}, source: Partial<TranscodeSource> = {}) {
  const published: MediaResultJobData[] = [];
  const uploads: { key: string; path: string; contentType: string }[] = [];
  const ffmpegRuns: { args: string[]; options: RunOptions }[] = [];
  const warnings: Record<string, unknown>[] = [];
  let clock = 0;
  const original: TranscodeSource = {
    url: 'https://storage.test/original?signed',
    local: () => Promise.resolve(`${SCRATCH}/original`),
    inspect: unexpected('source.inspect'),
    ...source,
  };
  const ports: TranscodePorts = {
    openOriginal: (objectKey) => Promise.resolve(objectKey === ORIGINAL ? original : null),
    runFfmpeg: async (args, options) => {
      ffmpegRuns.push({ args, options });
    },
    inspectFile: unexpected('inspectFile'),
    scanFrames: scans(frames30()),
    wroteFile: unexpected('wroteFile'),
    uploadFile: async (key, path, contentType) => {
      uploads.push({ key, path, contentType });
    },
    publish: async (result) => {
      published.push(result);
    },
    observeFfmpegStep: () => undefined,
    warn: (line) => warnings.push(line),
    now: () => (clock += 10),
    ...overrides,
  };
  const pipeline = new TranscodePipeline(ports, { encodeSecondsPerMediaSecond: 10 });
  const run = (job: Partial<TranscodeJobData> = {}) =>
    pipeline.run({ videoId: VIDEO_ID, objectKey: ORIGINAL, media: phoneClip, ...job }, SCRATCH);
  return { run, published, uploads, ffmpegRuns, warnings };
}

/** The output ffprobe reads back: the copy, with the given duration. */
const output =
  (durationSeconds: number | null, codec = 'h264') =>
  () =>
    Promise.resolve<MediaInfo>({ ...phoneClip, durationSeconds, video: { ...phoneClip.video!, codec } });

describe('the transcode pipeline', () => {
  it('makes a remuxed copy and a thumbnail of a phone clip, uploads both, then says ready', async () => {
    const { run, published, uploads, ffmpegRuns } = world({
      wroteFile: (path) => Promise.resolve(path === `${SCRATCH}/thumbnail.jpg`),
      inspectFile: output(12.04),
    });

    const { outcome, plan } = await run();

    expect(outcome).toMatchObject({ stage: 'ready', reencoded: false, playback: 'remuxed' });
    expect(outcome.timingsMs).toMatchObject({ thumbnail: expect.any(Number), remux: expect.any(Number) });
    expect(plan).toMatchObject({ video: 'copy', audio: 'copy' });
    // The thumbnail is read over the URL; the copy is made from the local file, never the URL.
    expect(ffmpegRuns).toHaveLength(2);
    expect(ffmpegRuns[0]!.args).toContain('https://storage.test/original?signed');
    expect(ffmpegRuns[1]!.args).toContain(`${SCRATCH}/original`);
    expect(ffmpegRuns[1]!.args).toContain(`${SCRATCH}/playback.mp4`);
    expect(uploads).toEqual([
      { key: VIDEO_KEYS.thumbnail(VIDEO_ID), path: `${SCRATCH}/thumbnail.jpg`, contentType: 'image/jpeg' },
      { key: VIDEO_KEYS.playback(VIDEO_ID), path: `${SCRATCH}/playback.mp4`, contentType: 'video/mp4' },
    ]);
    expect(published).toEqual([
      {
        videoId: VIDEO_ID,
        stage: 'ready',
        playbackKey: VIDEO_KEYS.playback(VIDEO_ID),
        thumbnailKey: VIDEO_KEYS.thumbnail(VIDEO_ID),
        durationSeconds: 12.04,
        reencoded: false,
        frames: { frameRate: { num: 30, den: 1 }, frameCount: 360, startTime: 0 },
      },
    ]);
  });

  it('re-encodes variable-rate phone footage at a constant standard rate, and sends the frames of the file it made', async () => {
    const vfr = frames30({ constantRate: null, variable: true, frameCount: 331, meanFps: 27.6, typicalFps: 29.98 });
    const made = frames30({ constantRate: { num: 30000, den: 1001 }, frameCount: 359 });
    const { run, published, ffmpegRuns } = world({
      wroteFile: () => Promise.resolve(true),
      inspectFile: output(12),
      scanFrames: scans(vfr, made),
    });
    const { outcome, plan } = await run({
      media: { ...phoneClip, video: { ...phoneClip.video!, baseFrameRate: { num: 30000, den: 1001 } } },
    });
    expect(plan).toMatchObject({ video: 'encode', audio: 'copy', reasons: ['variable frame rate'] });
    // The copy started while the scan ran (the picture is H.264) is stopped, then the encode runs.
    expect(ffmpegRuns).toHaveLength(3);
    expect(ffmpegRuns[1]!.args).toContain('copy');
    expect(ffmpegRuns[1]!.options.signal?.aborted).toBe(true);
    expect(ffmpegRuns[2]!.args.join(' ')).toContain('fps=fps=30000/1001:start_time=0');
    expect(ffmpegRuns[2]!.args.join(' ')).toContain('-g 15 -keyint_min 15 -sc_threshold 0');
    expect(outcome).toMatchObject({ stage: 'ready', playback: 'reencoded' });
    expect(published).toEqual([
      expect.objectContaining({
        stage: 'ready',
        reencoded: true,
        frames: { frameRate: { num: 30000, den: 1001 }, frameCount: 359, startTime: 0 },
      }),
    ]);
  });

  it('copies while it scans: the copy is published only once the scan allows it, and not before it ends', async () => {
    const order: string[] = [];
    let finishCopy!: () => void;
    let finishScan!: (timing: FrameTiming) => void;
    const ffmpegRuns: { args: string[]; options: RunOptions }[] = [];
    const { run, published } = world({
      runFfmpeg: async (args, options) => {
        ffmpegRuns.push({ args, options });
        if (!args.some((arg) => arg.endsWith('playback.mp4'))) return;
        order.push('copy started');
        await new Promise<void>((resolve) => (finishCopy = resolve));
        order.push('copy done');
      },
      scanFrames: (path) => {
        if (path.endsWith('playback.mp4')) return Promise.resolve(frames30());
        order.push('scan started');
        return new Promise<FrameTiming>((resolve) => (finishScan = resolve));
      },
      inspectFile: async () => {
        order.push('verify');
        return output(12)();
      },
      wroteFile: () => Promise.resolve(true),
    });
    const running = run();
    await eventually(() => order.length === 2);
    expect(order).toEqual(['copy started', 'scan started']);
    finishCopy();
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['copy started', 'scan started', 'copy done']); // not verified before the scan decides
    finishScan(frames30());
    const { outcome } = await running;
    expect(order).toEqual(['copy started', 'scan started', 'copy done', 'verify']);
    expect(outcome).toMatchObject({ stage: 'ready', playback: 'remuxed' });
    expect(outcome.timingsMs).toMatchObject({ remux: expect.any(Number), scan: expect.any(Number) });
    // One copy only: the one made beside the scan.
    expect(ffmpegRuns.filter((r) => r.args.some((arg) => arg.endsWith('playback.mp4')))).toHaveLength(1);
    expect(published).toEqual([expect.objectContaining({ stage: 'ready', reencoded: false })]);
  });

  it('judges the copy made beside the scan like any copy: refused by ffmpeg is a verdict', async () => {
    const ffmpegRuns: { args: string[]; options: RunOptions }[] = [];
    const { run, published } = world({
      wroteFile: () => Promise.resolve(true),
      runFfmpeg: async (args, options) => {
        ffmpegRuns.push({ args, options });
        if (args.some((arg) => arg.endsWith('playback.mp4'))) throw inputError('Invalid data found');
      },
    });
    const { outcome } = await run();
    expect(outcome).toMatchObject({ stage: 'failed', reason: 'transcode-failed' });
    expect(published).toEqual([expect.objectContaining({ stage: 'failed', reason: 'transcode-failed' })]);
    expect(ffmpegRuns.filter((r) => r.args.some((arg) => arg.endsWith('playback.mp4')))).toHaveLength(1);
  });

  it('makes the thumbnail over the URL while the original downloads, and stores it before the playback file', async () => {
    const order: string[] = [];
    let finishThumbnail!: () => void;
    const { run, uploads } = world(
      {
        runFfmpeg: async (args) => {
          if (args.some((arg) => arg.endsWith('thumbnail.jpg'))) {
            order.push('thumbnail started');
            await new Promise<void>((resolve) => (finishThumbnail = resolve));
          } else order.push('copy');
        },
        wroteFile: () => Promise.resolve(true),
        inspectFile: output(12),
      },
      {
        local: async () => {
          order.push('download');
          return `${SCRATCH}/original`;
        },
      },
    );
    const running = run();
    await eventually(() => order.includes('copy'));
    expect(order).toEqual(['thumbnail started', 'download', 'copy']);
    expect(uploads).toEqual([]); // the playback file waits for the thumbnail
    finishThumbnail();
    expect((await running).outcome.stage).toBe('ready');
    expect(uploads.map((upload) => upload.key)).toEqual([
      VIDEO_KEYS.thumbnail(VIDEO_ID),
      VIDEO_KEYS.playback(VIDEO_ID),
    ]);
  });

  it('re-encodes a browser-ready clip whose keyframes are too far apart for stepping back', async () => {
    const { run, published } = world({
      wroteFile: () => Promise.resolve(true),
      inspectFile: output(12),
      scanFrames: scans(frames30({ maxKeyframeGap: 60 })),
    });
    const { plan } = await run();
    expect(plan).toMatchObject({ video: 'encode', audio: 'copy', reasons: ['keyframes 2.00 s apart'] });
    expect(published).toEqual([expect.objectContaining({ stage: 'ready', reencoded: true })]);
  });

  it('publishes a copy whose packets cannot be read back without its frames, and says so', async () => {
    const { run, published, warnings } = world({
      wroteFile: () => Promise.resolve(true),
      inspectFile: output(12),
      scanFrames: scans(frames30(), null),
    });
    await run();
    expect(published).toEqual([expect.objectContaining({ stage: 'ready', reencoded: false, frames: null })]);
    expect(warnings).toEqual([{ msg: 'playback file frames not measured', videoId: VIDEO_ID }]);
  });

  it('re-encodes what browsers do not all play (HEVC), and says so', async () => {
    const hevc = { ...phoneClip, video: { ...phoneClip.video!, codec: 'hevc' } };
    const { run, published } = world({ wroteFile: () => Promise.resolve(true), inspectFile: output(12) });
    const { outcome } = await run({ media: hevc });
    expect(outcome).toMatchObject({ stage: 'ready', reencoded: true, playback: 'reencoded' });
    expect(published).toEqual([expect.objectContaining({ stage: 'ready', reencoded: true })]);
  });

  it('says "missing" for an original that is not stored, and does nothing else', async () => {
    const { run, published, ffmpegRuns } = world();
    const { outcome } = await run({ objectKey: 'videos/originals/gone' });
    expect(outcome).toMatchObject({ stage: 'failed', reason: 'missing' });
    expect(published).toEqual([
      {
        videoId: VIDEO_ID,
        stage: 'failed',
        reason: 'missing',
        detail: 'object videos/originals/gone does not exist',
      },
    ]);
    expect(ffmpegRuns).toEqual([]);
  });

  it('probes the original itself when the job carries no findings, and refuses what ffprobe cannot read', async () => {
    const { run, published } = world({}, { inspect: () => Promise.resolve(null) });
    const { outcome } = await run({ media: undefined });
    expect(outcome).toMatchObject({ stage: 'failed', reason: 'unreadable' });
    expect(published).toEqual([expect.objectContaining({ stage: 'failed', reason: 'unreadable' })]);
  });

  it('refuses a file without a picture', async () => {
    const { run, published } = world();
    await run({ media: { ...phoneClip, video: null } });
    expect(published).toEqual([
      { videoId: VIDEO_ID, stage: 'failed', reason: 'no-video', detail: 'no video stream in mov,mp4,m4a,3gp,3g2,mj2' },
    ]);
  });

  it('applies the one 2-minute rule: a phone’s 2:00 (120.4 s) goes through, 121 s is refused before any ffmpeg run', async () => {
    const twoMinutes = world({ wroteFile: () => Promise.resolve(true), inspectFile: output(120.4) });
    expect((await twoMinutes.run({ media: { ...phoneClip, durationSeconds: 120.4 } })).outcome.stage).toBe('ready');

    const tooLong = world();
    const { outcome } = await tooLong.run({ media: { ...phoneClip, durationSeconds: 121 } });
    expect(outcome).toMatchObject({ stage: 'failed', reason: 'too-long' });
    expect(tooLong.published).toEqual([
      { videoId: VIDEO_ID, stage: 'failed', reason: 'too-long', detail: '121.0 s is over the 120 s limit' },
    ]);
    expect(tooLong.ffmpegRuns).toEqual([]);
  });

  it('measures a file without a duration on its copy, and refuses it when the copy is too long', async () => {
    const { run, published, uploads } = world({ wroteFile: () => Promise.resolve(true), inspectFile: output(130) });
    const { outcome } = await run({ media: { ...phoneClip, durationSeconds: null } });
    expect(outcome).toMatchObject({ stage: 'failed', reason: 'too-long' });
    expect(published).toEqual([expect.objectContaining({ stage: 'failed', reason: 'too-long' })]);
    expect(uploads.map((upload) => upload.key)).toEqual([VIDEO_KEYS.thumbnail(VIDEO_ID)]);
  });

  it('refuses a file over the input limits (a decoding bomb) before any ffmpeg run', async () => {
    const { run, published, ffmpegRuns } = world();
    await run({ media: { ...phoneClip, video: { ...phoneClip.video!, width: 8000 } } });
    expect(published).toEqual([
      { videoId: VIDEO_ID, stage: 'failed', reason: 'over-limits', detail: '8000x360 (at most 4096 px a side)' },
    ]);
    expect(ffmpegRuns).toEqual([]);
  });

  it('publishes a video whose frame ffmpeg cannot take, without a thumbnail', async () => {
    const { run, published, warnings } = world({
      runFfmpeg: async (args) => {
        if (args.some((arg) => arg.endsWith('thumbnail.jpg'))) throw inputError('Invalid data found');
      },
      inspectFile: output(12),
    });
    await run();
    expect(published).toEqual([expect.objectContaining({ stage: 'ready', thumbnailKey: null })]);
    expect(warnings).toEqual([{ msg: 'no thumbnail', error: 'Invalid data found' }]);
  });

  it.each([
    ['over its time budget', overBudget, 'time-budget'],
    ['refused by ffmpeg', () => inputError('moov atom not found'), 'transcode-failed'],
  ] as const)('gives a verdict at once for a copy %s', async (_, error, reason) => {
    const { run, published } = world({
      wroteFile: () => Promise.resolve(true),
      runFfmpeg: async (args) => {
        if (args.some((arg) => arg.endsWith('playback.mp4'))) throw error();
      },
    });
    const { outcome } = await run();
    expect(outcome).toMatchObject({ stage: 'failed', reason });
    expect(published).toEqual([expect.objectContaining({ stage: 'failed', reason })]);
  });

  it('throws, with no verdict, when ffmpeg was killed (a retry may succeed)', async () => {
    const { run, published } = world({
      wroteFile: () => Promise.resolve(true),
      runFfmpeg: async (args) => {
        if (args.some((arg) => arg.endsWith('playback.mp4'))) throw killed();
      },
    });
    await expect(run()).rejects.toThrow('ffmpeg was killed');
    expect(published).toEqual([]);
  });

  it('refuses a copy that is not readable H.264', async () => {
    const { run, published, uploads } = world({
      wroteFile: () => Promise.resolve(true),
      inspectFile: output(12, 'mpeg4'),
    });
    await run();
    expect(published).toEqual([
      {
        videoId: VIDEO_ID,
        stage: 'failed',
        reason: 'transcode-failed',
        detail: 'ffmpeg did not produce a readable H.264 file',
      },
    ]);
    expect(uploads.map((upload) => upload.key)).not.toContain(VIDEO_KEYS.playback(VIDEO_ID));
  });
});

describe('giving up on a transcode', () => {
  it('sends a failed verdict on the last attempt only', () => {
    const error = new Error('S3 unavailable');
    expect(giveUpVerdict({ videoId: 7, attemptsMade: 3, attempts: 5 }, error)).toBeNull();
    expect(giveUpVerdict({ videoId: 7, attemptsMade: 4, attempts: 5 }, error)).toEqual({
      videoId: 7,
      stage: 'failed',
      reason: 'transcode-failed',
      detail: 'gave up after 5 attempt(s): S3 unavailable',
    });
  });
});
