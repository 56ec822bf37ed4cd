import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { pipeline } from 'node:stream/promises';
import { randomBytes, randomInt } from 'node:crypto';
import { createRedisConnection } from '@app/common';
import { MEDIA_QUEUES, VIDEO_KEYS, mediaJobId, type MediaResultJobData, type TranscodeJobData } from '@app/contracts';
import { objectStorageFromEnv, type ObjectStorage } from '@app/storage';
import {
  eventually,
  jsonLogLines,
  makeMediaFixture,
  makeTestVideo,
  mp4TopLevelBoxes,
  probeMedia,
  startApp,
  startStack,
  testInfra,
  truncateMediaFile,
  type MediaFixtureOptions,
  type RunningApp,
  type TestStack,
} from '@app/testing';
import { scanPackets } from '../ffmpeg/ffprobe.js';
import { analyseFrames } from '../ffmpeg/frame-timing.js';

// The heavy lane for real: BullMQ transcode jobs → the media-worker process reads the original
// from S3 (over its URL: Range requests, a remux's one read; a download for re-encodes), runs ffprobe/ffmpeg,
// uploads thumbnail + playback file and sends its verdicts to the results queue, which this test consumes like the video service would.
let stack: TestStack;
let storage: ObjectStorage;
let redis: Redis;
let transcodeQueue: Queue<TranscodeJobData>;
let resultsWorker: Worker<MediaResultJobData>;
let scratch: string;
const results = new Map<number, MediaResultJobData[]>();
/** Workers this file SIGKILLs: their scratch directories are only swept by the next worker to start. */
const killedPids: number[] = [];
const timings: { fixture: string; reencoded?: boolean; seconds: number; steps?: Record<string, number> }[] = [];

// Each stack has its own bucket; ids far from anything else keep results unmistakable.
const firstId = randomInt(1_000_000, 9_000_000);
let nextId = firstId;
const uploadPrefix = `transcode-spec-${randomBytes(4).toString('hex')}`;

/** Each fixture: how it is made, and under which original key it is stored. */
const FIXTURES = {
  hevcMov: { video: 'hevc', audio: 'aac', file: 'hevc.mov', format: 'mov' },
  yuv444: { video: 'h264', pixelFormat: 'yuv444p', size: '321x241', audio: 'aac', file: 'yuv444.mp4' },
  vp9Opus: { video: 'vp9', audio: 'opus', file: 'vp9-opus.webm' },
  webmNoDuration: { video: 'vp9', audio: 'opus', file: 'recorded.webm', unseekable: true },
  h264Pcm: { video: 'h264', audio: 'pcm', file: 'h264-pcm.mov', format: 'mov' },
  audioOnly: { video: 'none', audio: 'aac', file: 'voice.m4a', format: 'ipod' },
  tooLong: { video: 'h264', audio: 'none', seconds: 121, size: '64x64', rate: 2, file: 'long.mp4' },
  threeStreams: { video: 'h264', audio: 'none', size: '64x64', videoStreams: 3, file: 'three.mp4' },
  slowHevc: { video: 'hevc', audio: 'aac', seconds: 20, size: '640x360', rate: 24, file: 'slow.mov', format: 'mov' },
} as const satisfies Record<string, MediaFixtureOptions & { file: string }>;
type FixtureName = keyof typeof FIXTURES | 'h264Aac' | 'faststart' | 'longGop' | 'truncated' | 'text';
const keys = {} as Record<FixtureName, string>;
const paths = {} as Record<FixtureName, string>;

beforeAll(async () => {
  // LOG_LEVEL info: the SIGTERM case reads the worker's "transcoded" line.
  // A killed worker's job is taken over after 8 s instead of 30 (the same mechanism, sooner).
  stack = await startStack('transcode', ['media-worker'], { LOG_LEVEL: 'info', TRANSCODE_TAKEOVER_SECONDS: '8' });
  storage = objectStorageFromEnv({ ...testInfra().s3, S3_BUCKET: stack.env.S3_BUCKET as string });
  await storage.ensureBucket();
  scratch = await mkdtemp(join(tmpdir(), 'transcode-spec-'));
  redis = createRedisConnection(stack.env.REDIS_URL as string, 'transcode-spec');
  const prefix = stack.env.QUEUE_PREFIX;
  transcodeQueue = new Queue(MEDIA_QUEUES.transcode, { connection: redis, prefix });
  resultsWorker = new Worker<MediaResultJobData>(
    MEDIA_QUEUES.results,
    async (job) => {
      results.set(job.data.videoId, [...(results.get(job.data.videoId) ?? []), job.data]);
    },
    { connection: redis, prefix },
  );

  for (const [name, { file, ...options }] of Object.entries(FIXTURES)) {
    paths[name as FixtureName] = await makeMediaFixture(join(scratch, file), options);
  }
  // makeTestVideo writes a plain MP4 with its index (moov) after the media data (mdat); at 15 fps
  // with a keyframe every 7 frames (under half a second) a frame-exact player can step it as it is.
  paths.h264Aac = await makeTestVideo(join(scratch, 'h264-aac.mp4'), { seconds: 2, keyframeInterval: 7 });
  paths.truncated = await truncateMediaFile(paths.h264Aac, join(scratch, 'truncated.mp4'));
  // Browser-ready streams a frame-exact player cannot step back through: keyframes 2 s apart.
  paths.longGop = await makeTestVideo(join(scratch, 'long-gop.mp4'), { seconds: 4, keyframeInterval: 30 });
  // The same streams with the index first, as phones and cameras often write them.
  paths.faststart = join(scratch, 'faststart.mp4');
  await promisify(execFile)(testInfra().ffmpegPath, [
    ...['-v', 'error', '-y', '-i', paths.h264Aac, '-c', 'copy', '-movflags', '+faststart', paths.faststart],
  ]);
  paths.text = join(scratch, 'notes.mov');
  await writeFile(paths.text, 'these are my swing notes, not a video\n'.repeat(100));
  await Promise.all(
    Object.entries(paths).map(async ([name, path]) => {
      keys[name as FixtureName] = VIDEO_KEYS.original(`${uploadPrefix}-${name}`);
      await storage.upload(keys[name as FixtureName], createReadStream(path));
    }),
  );
}, 60_000);

afterAll(async () => {
  if (process.env.TRANSCODE_TIMINGS) console.log(JSON.stringify(timings, null, 1));
  await resultsWorker?.close();
  await transcodeQueue?.close();
  redis?.disconnect();
  storage?.destroy();
  await stack?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
  for (const entry of await readdir(tmpdir())) {
    if (killedPids.some((pid) => entry.startsWith(`media-worker-${pid}-`))) {
      await rm(join(tmpdir(), entry), { recursive: true, force: true });
    }
  }
});

const JOB_OPTIONS = { attempts: 3, backoff: { type: 'exponential', delay: 1000 } } as const;

async function enqueue(objectKey: string): Promise<{ videoId: number; job: Job<TranscodeJobData> }> {
  const videoId = nextId++;
  const job = await transcodeQueue.add(
    'transcode',
    { videoId, objectKey },
    { ...JOB_OPTIONS, jobId: mediaJobId('transcode', videoId) },
  );
  return { videoId, job };
}

async function verdictFor(videoId: number, timeoutMs = 30_000): Promise<MediaResultJobData> {
  const [verdict] = await eventually(
    async () => results.get(videoId) ?? [],
    (list) => list.length > 0,
    timeoutMs,
  );
  return verdict!;
}

/** Runs one transcode job to its verdict; records how long the worker took. */
async function transcode(fixture: FixtureName | 'missing', timeoutMs?: number) {
  const objectKey = fixture === 'missing' ? VIDEO_KEYS.original(`${uploadPrefix}-never-uploaded`) : keys[fixture];
  const { videoId, job } = await enqueue(objectKey);
  const verdict = await verdictFor(videoId, timeoutMs);
  await recordTiming(fixture, job.id!, verdict);
  return { videoId, verdict };
}

/** The job once BullMQ has recorded its end: the verdict is sent just before that. */
async function finishedJob(jobId: string) {
  const job = await eventually(
    () => transcodeQueue.getJob(jobId),
    (j) => Boolean(j?.finishedOn),
  );
  return job!;
}

/** How long the worker spent on a job (for the report; printed with TRANSCODE_TIMINGS=1). */
async function recordTiming(fixture: string, jobId: string, verdict: MediaResultJobData) {
  const finished = await finishedJob(jobId);
  timings.push({
    fixture,
    reencoded: verdict.stage === 'ready' ? verdict.reencoded : undefined,
    seconds: (finished.finishedOn! - finished.processedOn!) / 1000,
    steps: (finished.returnvalue as { timingsMs?: Record<string, number> } | undefined)?.timingsMs,
  });
}

async function downloadTo(key: string, file: string): Promise<string> {
  const object = await storage.download(key);
  if (!object) throw new Error(`${key} is not stored`);
  await pipeline(object.body, createWriteStream(join(scratch, file)));
  return join(scratch, file);
}

/** The outputs of a 'ready' verdict: a browser-safe faststart MP4 and a 640 px JPEG. */
async function expectPlayableOutputs(videoId: number, name: string) {
  const playback = await downloadTo(VIDEO_KEYS.playback(videoId), `${name}-playback.mp4`);
  const probed = await probeMedia(playback);
  expect(probed.video).toMatchObject({ codec: 'h264', pixelFormat: 'yuv420p' });
  const boxes = await mp4TopLevelBoxes(playback);
  expect(boxes.indexOf('moov')).toBeGreaterThanOrEqual(0);
  expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
  expect((await storage.head(VIDEO_KEYS.playback(videoId)))?.contentType).toBe('video/mp4');

  const thumbnail = await downloadTo(VIDEO_KEYS.thumbnail(videoId), `${name}-thumbnail.jpg`);
  expect((await readFile(thumbnail)).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  expect((await probeMedia(thumbnail)).video).toMatchObject({ width: 640 });
  expect((await storage.head(VIDEO_KEYS.thumbnail(videoId)))?.contentType).toBe('image/jpeg');
  return probed;
}

describe('transcode processor', () => {
  it('remuxes a browser-ready H.264/AAC MP4 into its own copy, index first, before the video is ready', async () => {
    const original = await mp4TopLevelBoxes(paths.h264Aac);
    expect(original.indexOf('mdat')).toBeLessThan(original.indexOf('moov'));

    const { videoId, verdict } = await transcode('h264Aac');
    // Never the original itself: only the copy ffmpeg wrote is published, with its frames.
    expect(verdict).toEqual({
      videoId,
      stage: 'ready',
      playbackKey: VIDEO_KEYS.playback(videoId),
      thumbnailKey: VIDEO_KEYS.thumbnail(videoId),
      durationSeconds: expect.any(Number),
      reencoded: false,
      frames: { frameRate: { num: 15, den: 1 }, frameCount: 30, startTime: 0 },
    });
    if (verdict.stage !== 'ready') return;
    expect(verdict.durationSeconds).toBeGreaterThan(1.5);
    expect(verdict.durationSeconds).toBeLessThan(2.5);
    const probed = await expectPlayableOutputs(videoId, 'remux');
    expect(probed).toMatchObject({ audio: { codec: 'aac' }, video: { width: 320, height: 240 } });
    const job = await finishedJob(mediaJobId('transcode', videoId));
    expect(job.returnvalue).toMatchObject({ stage: 'ready', reencoded: false, playback: 'remuxed' });
    // Copied straight from the original's URL: no local copy was downloaded first.
    expect(job.returnvalue.timingsMs).toMatchObject({ remux: expect.any(Number), upload: expect.any(Number) });
    expect(job.returnvalue.timingsMs).not.toHaveProperty('download');
    expect(results.get(videoId)).toHaveLength(1);

    const stored = await downloadTo(keys.h264Aac, 'original-after.mp4');
    expect(await readFile(stored)).toEqual(await readFile(paths.h264Aac));
  });

  it('remuxes an original that already has its index first too: the original is never the playback file', async () => {
    const boxes = await mp4TopLevelBoxes(paths.faststart);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    const { videoId, verdict } = await transcode('faststart');
    expect(verdict).toEqual({
      videoId,
      stage: 'ready',
      playbackKey: VIDEO_KEYS.playback(videoId),
      thumbnailKey: VIDEO_KEYS.thumbnail(videoId),
      durationSeconds: expect.any(Number),
      reencoded: false,
      frames: { frameRate: { num: 15, den: 1 }, frameCount: 30, startTime: 0 },
    });
    await expectPlayableOutputs(videoId, 'faststart');
    const job = await finishedJob(mediaJobId('transcode', videoId));
    expect(job.returnvalue).toMatchObject({ stage: 'ready', playback: 'remuxed' });
    expect(results.get(videoId)).toHaveLength(1);
  });

  it('re-encodes an H.264 MP4 with keyframes 2 s apart: its copy over the URL, refused by its scan, is replaced in storage', async () => {
    const { videoId, verdict } = await transcode('longGop');
    expect(verdict).toMatchObject({
      videoId,
      stage: 'ready',
      reencoded: true,
      frames: { frameRate: { num: 15, den: 1 }, frameCount: 60, startTime: 0 },
    });
    const job = await finishedJob(mediaJobId('transcode', videoId));
    // Copied over the URL first (the picture is H.264), then encoded from a local copy.
    expect(job.returnvalue.timingsMs).toMatchObject({
      remux: expect.any(Number),
      download: expect.any(Number),
      encode: expect.any(Number),
    });
    await expectPlayableOutputs(videoId, 'long-gop');
    // What is stored is the encoded file: a keyframe every half second (7 frames at 15 fps).
    const stored = await downloadTo(VIDEO_KEYS.playback(videoId), 'long-gop-stored.mp4');
    const scan = await scanPackets(testInfra().ffprobePath, stored, 0);
    expect(scan && analyseFrames(scan)).toMatchObject({ frameCount: 60, maxKeyframeGap: 7 });
  });

  // The fixtures' tone is mono: AAC is copied as it is, anything else becomes stereo AAC.
  it.each([
    ['an iPhone-style HEVC .mov', 'hevcMov', { width: 320, height: 240 }, 1],
    ['H.264 in yuv444p with odd dimensions', 'yuv444', { width: 320, height: 240 }, 1],
    ['VP9/Opus WebM', 'vp9Opus', { width: 320, height: 240 }, 2],
    ['a WebM recorded without duration or index', 'webmNoDuration', { width: 320, height: 240 }, 2],
    ['H.264 with PCM audio', 'h264Pcm', { width: 320, height: 240 }, 2],
  ] as const)('re-encodes %s to H.264 yuv420p + AAC', async (_name, fixture, size, channels) => {
    const { videoId, verdict } = await transcode(fixture);
    // The fixtures' 15 fps, constant, from 0: a recorded WebM's millisecond ticks included.
    expect(verdict).toMatchObject({
      videoId,
      stage: 'ready',
      reencoded: true,
      frames: { frameRate: { num: 15, den: 1 }, frameCount: 30, startTime: 0 },
    });
    if (verdict.stage !== 'ready') return;
    expect(verdict.durationSeconds).toBeGreaterThan(1.5);
    expect(verdict.durationSeconds).toBeLessThan(2.5);
    const probed = await expectPlayableOutputs(videoId, fixture);
    expect(probed).toMatchObject({ video: size, audio: { codec: 'aac', channels } });
  });

  it.each([
    ['the first half of an MP4', 'truncated', 'unreadable'],
    ['a text file', 'text', 'unreadable'],
    ['a 121 s clip', 'tooLong', 'too-long'],
    ['a clip with three video streams', 'threeStreams', 'over-limits'],
    ['an audio-only file', 'audioOnly', 'no-video'],
    ['a key with no object', 'missing', 'missing'],
  ] as const)('sends a failed verdict for %s and completes the job', async (_name, fixture, reason) => {
    const { videoId, verdict } = await transcode(fixture);
    expect(verdict).toEqual({ videoId, stage: 'failed', reason, detail: expect.any(String) });
    const job = await transcodeQueue.getJob(mediaJobId('transcode', videoId));
    expect(await job?.getState()).toBe('completed');
    expect(await storage.head(VIDEO_KEYS.playback(videoId))).toBeNull();
  });
});

describe('transcode worker replicas', () => {
  const workers = () =>
    (stack.apps.get('media-worker') ?? []).filter(
      (app) => app.process.exitCode === null && app.process.signalCode === null,
    );

  /** Adds a job for the long clip and returns it with the replica that took it. */
  async function startLongJob(): Promise<{ videoId: number; jobId: string; holder: RunningApp; takenBy: string }> {
    const { videoId, job } = await enqueue(keys.slowHevc);
    const active = await eventually(
      () => transcodeQueue.getJob(job.id!),
      (j) => Boolean(j?.processedBy),
      10_000,
    );
    const takenBy = active!.processedBy!;
    const holder = workers().find((app) => takenBy.endsWith(`:${app.process.pid}`));
    if (!holder) throw new Error(`no running replica matches ${takenBy}`);
    return { videoId, jobId: job.id!, holder, takenBy };
  }

  it('finishes the current job before exiting on SIGTERM', async () => {
    await stack.addReplica('media-worker');
    expect(workers()).toHaveLength(2);
    const { videoId, jobId, holder } = await startLongJob();
    await holder.stop();
    // Not the harness's SIGKILL after 15 s: the worker exited by itself.
    expect(holder.process.signalCode).not.toBe('SIGKILL');
    const verdict = await verdictFor(videoId);
    expect(verdict).toMatchObject({ stage: 'ready', reencoded: true });
    await recordTiming('slowHevc', jobId, verdict);
    expect(jsonLogLines(holder)).toContainEqual(
      expect.objectContaining({
        msg: 'transcoded',
        queue: MEDIA_QUEUES.transcode,
        jobId: mediaJobId('transcode', videoId),
      }),
    );
  }, 60_000);

  it('lets another replica finish the job of a worker killed mid-transcode', async () => {
    await stack.addReplica('media-worker');
    expect(workers()).toHaveLength(2);
    const { videoId, jobId, holder, takenBy } = await startLongJob();
    killedPids.push(holder.process.pid!);
    await holder.kill();
    expect(holder.process.signalCode).toBe('SIGKILL');

    // The dead worker's lock expires (≤ 8 s), the next stalled check (every 4 s) requeues the job.
    const verdict = await verdictFor(videoId, 80_000);
    expect(verdict).toMatchObject({ stage: 'ready', reencoded: true });
    const job = await finishedJob(jobId);
    expect(job.processedBy).not.toBe(takenBy);
    // One stall, and the attempt the other replica completed: the crash cost no retry.
    expect(job).toMatchObject({ stalledCounter: 1, attemptsMade: 1 });
    expect(results.get(videoId)).toHaveLength(1);
    await expectPlayableOutputs(videoId, 'after-kill');
  }, 100_000);

  it('hands its job back when it cannot finish within the shutdown grace, and another replica finishes it', async () => {
    for (const app of workers()) await app.stop();
    const hasty = await startApp('media-worker', { ...stack.env, LOG_LEVEL: 'info', SHUTDOWN_GRACE_MS: '300' });
    stack.apps.get('media-worker')!.push(hasty);
    const { videoId, jobId, holder } = await startLongJob();
    expect(holder).toBe(hasty);
    await holder.stop();
    expect(holder.process.signalCode).not.toBe('SIGKILL');

    // Back in the queue at once, with no verdict sent and nothing left half-written.
    const handedBack = await transcodeQueue.getJob(jobId);
    expect(await handedBack!.getState()).toBe('waiting');
    expect(results.get(videoId)).toBeUndefined();
    expect(await storage.head(VIDEO_KEYS.playback(videoId))).toBeNull();
    expect(jsonLogLines(holder)).toContainEqual(
      expect.objectContaining({ msg: 'transcode handed back on shutdown', queue: MEDIA_QUEUES.transcode, jobId }),
    );

    await stack.addReplica('media-worker');
    const verdict = await verdictFor(videoId, 60_000);
    expect(verdict).toMatchObject({ stage: 'ready', reencoded: true });
    // The handed-back attempt was not counted as a failure: one attempt, the one that completed.
    expect(await finishedJob(jobId)).toMatchObject({ attemptsMade: 1, stalledCounter: 0 });
    expect(results.get(videoId)).toHaveLength(1);
    await expectPlayableOutputs(videoId, 'after-hand-back');
  }, 100_000);
});
