import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UserDto, VideoDto } from '@app/contracts';
import {
  eventually,
  HttpSession,
  makeTestVideo,
  newUserFields,
  startPrivateRedis,
  startStack,
  withClient,
  type PrivateRedis,
  type TestStack,
} from '@app/testing';

// Fault: Redis restarts while media jobs are queued and no worker is running. Redis keeps an
// append-only file (as in deployments), the outbox holds what was not delivered yet: once a worker
// runs again every upload is processed, none lost.
let stack: TestStack;
let redis: PrivateRedis;
let scratch: string;

beforeAll(async () => {
  redis = await startPrivateRedis();
  scratch = await mkdtemp(join(tmpdir(), 'redis-restart-'));
  // The upload answers at once ("processing"), without waiting for a probe no worker will run yet.
  stack = await startStack('redis-restart', ['gateway', 'auth', 'catalog', 'video'], {
    REDIS_URL: redis.url,
    PROBE_WAIT_MAX_MS: '0',
  });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  await redis?.destroy();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('a Redis restart with media jobs queued', () => {
  it('loses no upload: every video is processed once a worker runs', async () => {
    const session = new HttpSession(stack.baseUrl);
    expect((await session.post<UserDto>('/api/auth/register', newUserFields())).status).toBe(201);
    const categoryId = (await session.get<{ id: number }[]>('/api/categories')).body[0]!.id;

    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const path = await makeTestVideo(join(scratch, `clip-${i}.mp4`), { seconds: 2, size: `${176 + i * 16}x144` });
      const form = new FormData();
      form.append('title', `Queued ${i}`);
      form.append('categoryId', String(categoryId));
      form.append('video', new Blob([new Uint8Array(await readFile(path))], { type: 'video/mp4' }), 'clip.mp4');
      const res = await session.request<VideoDto>('POST', '/api/videos', { form });
      expect(res.status).toBe(201);
      expect(res.body.processingState).toBe('processing');
      ids.push(res.body.id);
    }
    // The probe jobs reached Redis (the outbox has nothing left to deliver), then Redis restarts.
    await eventually(
      () =>
        withClient(
          stack.database.url,
          async (client) =>
            (
              await client.query<{ n: number }>(
                `SELECT count(*)::int AS n FROM video.outbox WHERE "publishedAt" IS NULL AND "eventType" = 'media.job.v1'`,
              )
            ).rows[0]!.n,
        ),
      (n) => n === 0,
    );
    await redis.stop();
    await redis.start();

    await stack.addReplica('media-worker');
    for (const id of ids) {
      await eventually(
        async () => (await session.get<VideoDto>(`/api/videos/${id}`)).body.processingState,
        (state) => state === 'ready',
        60_000,
      );
    }
  }, 120_000);
});
