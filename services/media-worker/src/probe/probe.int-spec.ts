import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { firstValueFrom, timeout } from 'rxjs';
import { NamespacedNatsClient } from '@app/common';
import { VIDEO_PATTERNS, type ProbeObjectRequest, type ProbeObjectResponse } from '@app/contracts';
import { objectStorageFromEnv, type ObjectStorage } from '@app/storage';
import {
  makeMediaFixture,
  makeTestVideo,
  startStack,
  testInfra,
  type MediaFixtureOptions,
  type TestStack,
} from '@app/testing';

// The media round trip: NATS request → video-service → BullMQ probe job → media-worker
// downloads the stored object and runs the real ffprobe → verdict back to the caller.
let stack: TestStack;
let storage: ObjectStorage;
let nats: NamespacedNatsClient;
let scratch: string;
const keyPrefix = `probe-spec/${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  stack = await startStack('probe', ['video', 'media-worker']);
  storage = objectStorageFromEnv(testInfra().s3);
  await storage.ensureBucket();
  nats = new NamespacedNatsClient(stack.env.NATS_SUBJECT_PREFIX as string, { servers: [testInfra().natsUrl] });
  await nats.connect();
  scratch = await mkdtemp(join(tmpdir(), 'probe-spec-'));
});

afterAll(async () => {
  await nats?.close();
  storage?.destroy();
  await stack?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

const probe = (objectKey: string, waitMs = 20_000) =>
  firstValueFrom(
    nats
      .send<ProbeObjectResponse, ProbeObjectRequest>(VIDEO_PATTERNS.probeObject, { objectKey, waitMs })
      .pipe(timeout(30_000)),
  );

describe('probe job through video-service and media-worker', () => {
  it('reports duration, streams and format of a real stored video', async () => {
    const file = await makeTestVideo(join(scratch, 'clip.mp4'), { seconds: 3, size: '320x240' });
    const key = `${keyPrefix}/clip.mp4`;
    await storage.upload(key, createReadStream(file), { contentType: 'video/mp4' });

    const response = await probe(key);
    expect(response.status).toBe('done');
    if (response.status !== 'done') return;
    expect(response.result).toMatchObject({
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
    expect(response.result.durationSeconds).toBeGreaterThan(2.5);
    expect(response.result.durationSeconds).toBeLessThan(3.5);
  });

  it('says a renamed text file is not readable video', async () => {
    const file = join(scratch, 'notes.mp4');
    await writeFile(file, 'these are my golf notes, not a video\n'.repeat(50));
    const key = `${keyPrefix}/notes.mp4`;
    await storage.upload(key, await readFile(file));

    const response = await probe(key);
    expect(response).toMatchObject({
      status: 'done',
      result: { readable: false, hasVideo: false, withinLengthLimit: false },
    });
  });

  it('says a 4K clip, 240 fps slow motion and a clip with a cover picture are within the input limits', async () => {
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
      const response = await probe(key);
      expect(response).toMatchObject({ status: 'done', result: { readable: true, withinInputLimits: true } });
    }
  });

  it.each<[string, MediaFixtureOptions]>([
    ['wider than 4096 px', { size: '4100x64', rate: 5 }],
    ['taller than 4096 px', { size: '64x4100', rate: 5 }],
    ['over 240 fps', { size: '64x64', rate: 250 }],
    ['with three video streams', { size: '64x64', videoStreams: 3 }],
  ])('says a clip %s is over the input limits', async (name, options) => {
    const file = await makeMediaFixture(join(scratch, `${name.replace(/\W+/g, '-')}.mp4`), {
      seconds: 1,
      audio: 'none',
      ...options,
    });
    const key = `${keyPrefix}/${name.replace(/\W+/g, '-')}.mp4`;
    await storage.upload(key, await readFile(file));
    const response = await probe(key);
    expect(response).toMatchObject({
      status: 'done',
      result: { readable: true, hasVideo: true, withinInputLimits: false },
    });
  });

  it('answers "pending" instead of holding the caller when the verdict takes longer than it will wait', async () => {
    const file = await makeTestVideo(join(scratch, 'slow.mp4'), { seconds: 1 });
    const key = `${keyPrefix}/slow.mp4`;
    await storage.upload(key, createReadStream(file));

    const response = await probe(key, 0);
    expect(response).toMatchObject({ status: 'pending', jobId: expect.any(String) });
  });
});
