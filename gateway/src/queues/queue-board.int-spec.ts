import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue, Worker } from 'bullmq';
import { createRedisConnection } from '@app/common';
import { MEDIA_QUEUES, type UserDto } from '@app/contracts';
import { eventually, firstAdmin, HttpSession, newUserFields, signIn, startStack, type TestStack } from '@app/testing';

// The SREs' queue board at /admin/queues, through the real gateway, auth service and Redis.
const ADMIN = firstAdmin('queues.admin@example.com');
let stack: TestStack;

beforeAll(async () => {
  stack = await startStack('queue-board', ['gateway', 'auth'], ADMIN);
});

afterAll(async () => {
  await stack?.stop();
});

async function member(overrides: Parameters<typeof newUserFields>[0] = {}) {
  const session = new HttpSession(stack.baseUrl);
  const res = await session.post<UserDto>('/api/auth/register', newUserFields(overrides));
  expect(res.status).toBe(201);
  return session;
}

interface BoardQueue {
  name: string;
  counts: Record<string, number>;
  jobs: { id: string; failedReason?: string }[];
}

describe('the queue board', () => {
  it('is for admins only: 401 without a session, 403 for a member', async () => {
    for (const path of ['/admin/queues', '/admin/queues/api/queues']) {
      const visitor = await new HttpSession(stack.baseUrl).get<{ message: string }>(path);
      expect(visitor.status).toBe(401);
      const forbidden = await (await member()).get<{ message: string }>(path);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.message).toBe('Admin access required');
    }
  });

  it('shows every queue with its counts and failed jobs, and retries them', async () => {
    const { session: admin } = await signIn(stack.baseUrl, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    const page = await admin.get<string>('/admin/queues');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    // The board's own script loads too.
    const script = /<script[^>]+src="([^"]+)"/.exec(page.body)?.[1];
    expect(script).toBeDefined();
    const asset = await admin.get(new URL(script!, `${stack.baseUrl}/admin/queues/`).pathname);
    expect(asset.status).toBe(200);

    // A cleanup job that fails (a worker of this test throws), as a broken job would.
    const redis = createRedisConnection(stack.env.REDIS_URL!, 'queue-board-spec');
    const queue = new Queue(MEDIA_QUEUES.cleanup, { connection: redis, prefix: stack.env.QUEUE_PREFIX });
    const worker = new Worker(
      MEDIA_QUEUES.cleanup,
      () => {
        throw new Error('bucket unreachable');
      },
      { connection: redis, prefix: stack.env.QUEUE_PREFIX },
    );
    try {
      const job = await queue.add('cleanup', { keys: ['nothing'] }, { jobId: 'board-spec-failing' });
      await eventually(
        () => job.getState(),
        (state) => state === 'failed',
      );
      await worker.close();

      const listed = await admin.get<{ queues: BoardQueue[] }>(
        `/admin/queues/api/queues?activeQueue=${MEDIA_QUEUES.cleanup}&status=failed&page=1`,
      );
      expect(listed.status).toBe(200);
      const names = listed.body.queues.map((q) => q.name);
      for (const name of [
        'media-probe',
        'media-transcode',
        'media-results',
        'media-cleanup',
        'events-feedback-aggregates',
        'events-video-feedback-stats',
        'events-reputation',
      ]) {
        expect(names).toContain(name);
      }
      const cleanup = listed.body.queues.find((q) => q.name === MEDIA_QUEUES.cleanup)!;
      expect(cleanup.counts.failed).toBe(1);
      expect(cleanup.jobs).toEqual([
        expect.objectContaining({ id: 'board-spec-failing', failedReason: 'bucket unreachable' }),
      ]);

      const retried = await admin.request('PUT', `/admin/queues/api/queues/${MEDIA_QUEUES.cleanup}/retry/failed`);
      expect(retried.status).toBe(200);
      expect(await job.getState()).toBe('waiting');
    } finally {
      await worker.close();
      await queue.obliterate({ force: true }).catch(() => undefined);
      await queue.close();
      redis.disconnect();
    }
  });
});
