import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomInt } from 'node:crypto';
import { createRedisConnection } from '@app/common';
import { MEDIA_QUEUES, mediaJobId, type MediaResultJobData, type ProbeJobData } from '@app/contracts';
import { objectStorageFromEnv, type ObjectStorage } from '@app/storage';
import {
  eventually,
  makeMediaFixture,
  makeTestVideo,
  startStack,
  testInfra,
  type MediaFixtureOptions,
  type TestStack,
} from '@app/testing';

// The fast lane for real: a probe job on the BullMQ queue (as the video service's outbox relay
// adds it) → the media-worker reads the stored object and runs the real ffprobe → its findings
// on the results queue, which this test consumes like the video service would.
let stack: TestStack;
let storage: ObjectStorage;
let redis: Redis;
let probes: Queue<ProbeJobData>;
let resultsWorker: Worker<MediaResultJobData>;
let scratch: string;
const verdicts = new Map<number, MediaResultJobData>();
const keyPrefix = `probe-spec/${randomBytes(4).toString('hex')}`;
// The results queue is this file's own (its prefix), but ids far apart keep verdicts unmistakable.
let nextVideoId = randomInt(1_000_000, 9_000_000);

beforeAll(async () => {
  stack = await startStack('probe', ['media-worker']);
  storage = objectStorageFromEnv({ ...testInfra().s3, S3_BUCKET: stack.env.S3_BUCKET as string });
  await storage.ensureBucket();
  redis = createRedisConnection(stack.env.REDIS_URL as string, 'probe-spec');
  const prefix = stack.env.QUEUE_PREFIX;
  probes = new Queue(MEDIA_QUEUES.probe, { connection: redis, prefix });
  resultsWorker = new Worker<MediaResultJobData>(
    MEDIA_QUEUES.results,
    async (job) => {
      verdicts.set(job.data.videoId, job.data);
    },
    { connection: redis, prefix },
  );
  scratch = await mkdtemp(join(tmpdir(), 'probe-spec-'));
});

afterAll(async () => {
  await resultsWorker?.close();
  await probes?.close();
  redis?.disconnect();
  storage?.destroy();
  await stack?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** Queues a probe of the object for a new video id and answers the worker's verdict about it. */
async function probe(objectKey: string): Promise<MediaResultJobData> {
  const videoId = nextVideoId++;
  await probes.add('probe', { objectKey, videoId }, { jobId: mediaJobId('probe', videoId), attempts: 1 });
  return eventually(
    async () => verdicts.get(videoId),
    (verdict) => verdict !== undefined,
    30_000,
  ) as Promise<MediaResultJobData>;
}

async function probed(objectKey: string) {
  const verdict = await probe(objectKey);
  expect(verdict.stage).toBe('probed');
  if (verdict.stage !== 'probed') throw new Error(`not probed: ${JSON.stringify(verdict)}`);
  return verdict.result;
}

describe('probe jobs on the media worker', () => {
  it('report duration, streams and format of a real stored video', async () => {
    const file = await makeTestVideo(join(scratch, 'clip.mp4'), { seconds: 3, size: '320x240' });
    const key = `${keyPrefix}/clip.mp4`;
    await storage.upload(key, createReadStream(file), { contentType: 'video/mp4' });

    const result = await probed(key);
    expect(result).toMatchObject({
      objectKey: key,
      readable: true,
      hasVideo: true,
      hasAudio: true,
      withinLengthLimit: true,
      videoCodec: 'h264',
      audioCodec: 'aac',
      pixelFormat: 'yuv420p',
      width: 320,
      height: 240,
    });
    expect(result.durationSeconds).toBeGreaterThan(2.5);
    expect(result.durationSeconds).toBeLessThan(3.5);
  });

  it('say a renamed text file is not readable video', async () => {
    const file = join(scratch, 'notes.mp4');
    await writeFile(file, 'these are my golf notes, not a video\n'.repeat(50));
    const key = `${keyPrefix}/notes.mp4`;
    await storage.upload(key, await readFile(file));

    expect(await probed(key)).toMatchObject({ readable: false, hasVideo: false, withinLengthLimit: false });
  });

  it('say a 4K clip, 240 fps slow motion and a clip with a cover picture are within the input limits', async () => {
    for (const [name, options] of [
      ['uhd.mp4', { size: '4096x64', rate: 5 }],
      ['slowmo.mp4', { size: '64x64', rate: 240 }],
      ['two-streams.mp4', { size: '64x64', videoStreams: 2 }],
    ] as const) {
      const key = `${keyPrefix}/${name}`;
      await storage.upload(
        key,
        await readFile(await makeMediaFixture(join(scratch, name), { seconds: 1, ...options })),
      );
      expect(await probed(key)).toMatchObject({ readable: true, withinInputLimits: true });
    }
  });

  it.each<[string, MediaFixtureOptions]>([
    ['wider than 4096 px', { size: '4100x64', rate: 5 }],
    ['taller than 4096 px', { size: '64x4100', rate: 5 }],
    ['over 240 fps', { size: '64x64', rate: 250 }],
    ['with three video streams', { size: '64x64', videoStreams: 3 }],
  ])('say a clip %s is over the input limits', async (name, options) => {
    const file = await makeMediaFixture(join(scratch, `${name.replace(/\W+/g, '-')}.mp4`), {
      seconds: 1,
      audio: 'none',
      ...options,
    });
    const key = `${keyPrefix}/${name.replace(/\W+/g, '-')}.mp4`;
    await storage.upload(key, await readFile(file));
    expect(await probed(key)).toMatchObject({ readable: true, hasVideo: true, withinInputLimits: false });
  });

  it('send a video whose stored file is gone a "missing" verdict rather than retrying', async () => {
    const key = `${keyPrefix}/never-stored.mp4`;
    expect(await probe(key)).toMatchObject({
      stage: 'failed',
      reason: 'missing',
      detail: `object ${key} does not exist`,
    });
  });
});
