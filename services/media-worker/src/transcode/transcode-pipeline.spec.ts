import { describe, expect, it } from '@jest/globals';
import { VIDEO_KEYS, type MediaResultJobData, type TranscodeJobData } from '@app/contracts';
import { FfmpegError, type RunOptions } from '../ffmpeg/ffmpeg.js';
import type { MediaInfo } from '../ffmpeg/ffprobe.js';
import type { FrameTiming } from '../ffmpeg/frame-timing.js';
import {
  giveUpVerdict,
  notWholeCopy,
  TranscodePipeline,
  type TranscodePorts,
  type TranscodeSource,
} from './transcode-pipeline.js';

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
/**
 * What the scans of the original and of the playback file find: the playback file's scans in
 * turn (the copy over the URL, then the file made again), the last one repeated.
 */
const scans = (original: FrameTiming | null, ...playback: (FrameTiming | null)[]) => {
  const made = playback.length ? playback : [frames30()];
  let playbackScans = 0;
  return (path: string, videoStreamIndex: number) => {
    expect(videoStreamIndex).toBe(0);
    if (path === `${SCRATCH}/original`) return Promise.resolve(original);
    if (path === `${SCRATCH}/playback.mp4`) return Promise.resolve(made[Math.min(playbackScans++, made.length - 1)]);
    throw new Error(`unexpected scan of ${path}`);
  };
};
const URL = 'https://storage.test/original?signed';
/** The copy made straight from the original's URL (not the local file). */
const isCopyOverUrl = (args: string[]) => args.includes(URL) && args.some((arg) => arg.endsWith('playback.mp4'));

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
  const uploadSignals: (AbortSignal | undefined)[] = [];
  const removed: string[] = [];
  let downloads = 0;
  const ffmpegRuns: { args: string[]; options: RunOptions }[] = [];
  const warnings: Record<string, unknown>[] = [];
  let clock = 0;
  const original: TranscodeSource = {
    url: URL,
    local: () => {
      downloads += 1;
      return Promise.resolve(`${SCRATCH}/original`);
    },
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
    uploadFile: async (key, path, contentType, signal) => {
      uploads.push({ key, path, contentType });
      uploadSignals.push(signal);
    },
    removeObject: async (key) => {
      removed.push(key);
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
  return { run, published, uploads, uploadSignals, removed, ffmpegRuns, warnings, downloads: () => downloads };
}

/** The output ffprobe reads back: the copy, with the given duration. */
const output =
  (durationSeconds: number | null, codec = 'h264') =>
  () =>
    Promise.resolve<MediaInfo>({ ...phoneClip, durationSeconds, video: { ...phoneClip.video!, codec } });

describe('the transcode pipeline', () => {
  it('makes a remuxed copy and a thumbnail of a phone clip, uploads both, then says ready', async () => {
    const scanned: string[] = [];
    const scan = scans(frames30());
    const { run, published, uploads, removed, ffmpegRuns, downloads } = world({
      wroteFile: (path) => Promise.resolve(path === `${SCRATCH}/thumbnail.jpg`),
      inspectFile: output(12.04),
      scanFrames: (path, index) => {
        scanned.push(path);
        return scan(path, index);
      },
    });

    const { outcome, plan } = await run();

    expect(outcome).toMatchObject({ stage: 'ready', reencoded: false, playback: 'remuxed' });
    expect(outcome.timingsMs).toMatchObject({ thumbnail: expect.any(Number), remux: expect.any(Number) });
    expect(plan).toMatchObject({ video: 'copy', audio: 'copy' });
    // The thumbnail and the copy both read the original over its URL: nothing is downloaded, and
    // the one packet scan is the copy's (it allows the copy and gives the frames).
    expect(ffmpegRuns).toHaveLength(2);
    expect(ffmpegRuns[0]!.args).toContain(URL);
    expect(isCopyOverUrl(ffmpegRuns[1]!.args)).toBe(true);
    expect(downloads()).toBe(0);
    expect(scanned).toEqual([`${SCRATCH}/playback.mp4`]);
    expect(removed).toEqual([]);
    expect(uploads).toHaveLength(2);
    expect(uploads).toEqual(
      expect.arrayContaining([
        { key: VIDEO_KEYS.thumbnail(VIDEO_ID), path: `${SCRATCH}/thumbnail.jpg`, contentType: 'image/jpeg' },
        { key: VIDEO_KEYS.playback(VIDEO_ID), path: `${SCRATCH}/playback.mp4`, contentType: 'video/mp4' },
      ]),
    );
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
    const { run, published, ffmpegRuns, uploads, uploadSignals, removed } = world({
      wroteFile: () => Promise.resolve(true),
      inspectFile: output(12),
      scanFrames: scans(vfr, vfr, made),
    });
    const { outcome, plan } = await run({
      media: { ...phoneClip, video: { ...phoneClip.video!, baseFrameRate: { num: 30000, den: 1001 } } },
    });
    expect(plan).toMatchObject({ video: 'encode', audio: 'copy', reasons: ['variable frame rate'] });
    // The picture is H.264, so it was copied over the URL; the copy's scan refuses it: its upload
    // is stopped and the stored object removed, and the encode runs on a local copy.
    expect(ffmpegRuns).toHaveLength(3);
    expect(isCopyOverUrl(ffmpegRuns[1]!.args)).toBe(true);
    const firstPlaybackUpload = uploads.findIndex((upload) => upload.key === VIDEO_KEYS.playback(VIDEO_ID));
    expect(uploadSignals[firstPlaybackUpload]?.aborted).toBe(true);
    expect(removed).toEqual([VIDEO_KEYS.playback(VIDEO_ID)]);
    expect(uploads.filter((upload) => upload.key === VIDEO_KEYS.playback(VIDEO_ID))).toHaveLength(2);
    expect(ffmpegRuns[2]!.args).toContain(`${SCRATCH}/original`);
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

  it('copies a local copy while it scans it when the copy over the URL failed: published only once the scan allows it, and not before it ends', async () => {
    const order: string[] = [];
    let finishCopy!: () => void;
    let finishScan!: (timing: FrameTiming) => void;
    const ffmpegRuns: { args: string[]; options: RunOptions }[] = [];
    const { run, published, warnings } = world({
      runFfmpeg: async (args, options) => {
        ffmpegRuns.push({ args, options });
        if (isCopyOverUrl(args)) throw inputError('Connection reset by peer');
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
    // One local copy only: the one made beside the scan. What failed over the network is no verdict.
    const copies = ffmpegRuns.filter((r) => r.args.some((arg) => arg.endsWith('playback.mp4')));
    expect(copies.map((copy) => isCopyOverUrl(copy.args))).toEqual([true, false]);
    expect(published).toEqual([expect.objectContaining({ stage: 'ready', reencoded: false })]);
    expect(warnings).toEqual([
      {
        msg: 'copy over the URL failed: made again from a local copy',
        error: 'ffmpeg exited with 1',
      },
    ]);
  });

  it('judges a copy refused by ffmpeg over the URL again on the local copy, where it is a verdict', async () => {
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
    const copies = ffmpegRuns.filter((r) => r.args.some((arg) => arg.endsWith('playback.mp4')));
    expect(copies.map((copy) => isCopyOverUrl(copy.args))).toEqual([true, false]);
  });

  it('makes the thumbnail over the URL beside the copy, and says ready only once it is stored', async () => {
    const order: string[] = [];
    let finishThumbnail!: () => void;
    const { run, uploads, published } = world({
      runFfmpeg: async (args) => {
        if (args.some((arg) => arg.endsWith('thumbnail.jpg'))) {
          order.push('thumbnail started');
          await new Promise<void>((resolve) => (finishThumbnail = resolve));
        } else order.push('copy');
      },
      wroteFile: () => Promise.resolve(true),
      inspectFile: output(12),
    });
    const running = run();
    await eventually(() => uploads.length === 1);
    expect(order).toEqual(['thumbnail started', 'copy']);
    expect(uploads.map((upload) => upload.key)).toEqual([VIDEO_KEYS.playback(VIDEO_ID)]);
    for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(published).toEqual([]); // a published copy never names a thumbnail still missing
    finishThumbnail();
    expect((await running).outcome.stage).toBe('ready');
    expect(uploads.map((upload) => upload.key)).toEqual([
      VIDEO_KEYS.playback(VIDEO_ID),
      VIDEO_KEYS.thumbnail(VIDEO_ID),
    ]);
    expect(published).toEqual([
      expect.objectContaining({ stage: 'ready', thumbnailKey: VIDEO_KEYS.thumbnail(VIDEO_ID) }),
    ]);
  });

  it('makes the copy again from a local copy when the one over the URL is not whole (a connection cut short), and stores only that one', async () => {
    const copies = [output(11.2), output(12)];
    const { run, published, uploads, uploadSignals, removed, warnings, downloads, ffmpegRuns } = world({
      wroteFile: () => Promise.resolve(true),
      inspectFile: () => copies.shift()!(),
    });
    const { outcome } = await run();
    expect(outcome).toMatchObject({ stage: 'ready', playback: 'remuxed' });
    expect(downloads()).toBe(1);
    const made = ffmpegRuns.filter((r) => r.args.some((arg) => arg.endsWith('playback.mp4')));
    expect(made.map((copy) => isCopyOverUrl(copy.args))).toEqual([true, false]);
    // The short copy's upload, started beside the check, was stopped and removed; the local one stays.
    const playbackUploads = uploads.flatMap((upload, i) =>
      upload.key === VIDEO_KEYS.playback(VIDEO_ID) ? [uploadSignals[i]?.aborted ?? false] : [],
    );
    expect(playbackUploads).toEqual([true, false]);
    expect(removed).toEqual([VIDEO_KEYS.playback(VIDEO_ID)]);
    expect(warnings).toEqual([
      { msg: 'copy over the URL not whole: made again from a local copy', problem: '11.2 s of 12 s' },
    ]);
    expect(published).toEqual([expect.objectContaining({ stage: 'ready', durationSeconds: 12 })]);
  });

  it('goes straight to a local copy for a file without a duration (a copy of it could not be checked whole)', async () => {
    const { run, ffmpegRuns, downloads } = world({ wroteFile: () => Promise.resolve(true), inspectFile: output(12) });
    await run({ media: { ...phoneClip, durationSeconds: null } });
    expect(ffmpegRuns.some((r) => isCopyOverUrl(r.args))).toBe(false);
    expect(downloads()).toBe(1);
  });

  it('re-encodes a browser-ready clip whose keyframes are too far apart for stepping back', async () => {
    const { run, published } = world({
      wroteFile: () => Promise.resolve(true),
      inspectFile: output(12),
      scanFrames: scans(frames30({ maxKeyframeGap: 60 }), frames30({ maxKeyframeGap: 60 }), frames30()),
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

  it('refuses a copy that is not readable H.264, and keeps none stored', async () => {
    const { run, published, uploads, uploadSignals, removed } = world({
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
    // The copy over the URL went up beside its check: stopped and removed. The local one never went up.
    const playbackUploads = uploads.flatMap((upload, i) =>
      upload.key === VIDEO_KEYS.playback(VIDEO_ID) ? [uploadSignals[i]?.aborted ?? false] : [],
    );
    expect(playbackUploads).toEqual([true]);
    expect(removed).toEqual([VIDEO_KEYS.playback(VIDEO_ID)]);
  });
});

describe('whether a copy made over the network is whole', () => {
  const withFrames = (info: MediaInfo, frameCount: number | null): MediaInfo => ({
    ...info,
    video: { ...info.video!, frameCount },
  });

  it('accepts the same duration (within ffprobe’s rounding) and the same frames', () => {
    expect(notWholeCopy(phoneClip, { ...phoneClip, durationSeconds: 12.04 })).toBeNull();
    expect(notWholeCopy(withFrames(phoneClip, 360), withFrames(phoneClip, 360))).toBeNull();
    expect(notWholeCopy(withFrames(phoneClip, null), withFrames(phoneClip, 360))).toBeNull();
  });

  it('refuses a shorter or longer copy, a frame missing, an unknown duration and a copy that is not H.264', () => {
    expect(notWholeCopy(phoneClip, { ...phoneClip, durationSeconds: 11.8 })).toBe('11.8 s of 12 s');
    expect(notWholeCopy(phoneClip, { ...phoneClip, durationSeconds: 12.2 })).toBe('12.2 s of 12 s');
    expect(notWholeCopy(withFrames(phoneClip, 360), withFrames(phoneClip, 359))).toBe('359 of 360 frames');
    expect(notWholeCopy(phoneClip, { ...phoneClip, durationSeconds: null })).toBe('duration unknown');
    expect(notWholeCopy(phoneClip, null)).toBe('not readable H.264');
    expect(notWholeCopy(phoneClip, { ...phoneClip, video: { ...phoneClip.video!, codec: 'mpeg4' } })).toBe(
      'not readable H.264',
    );
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
