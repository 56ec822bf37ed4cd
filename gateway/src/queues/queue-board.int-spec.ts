import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue, Worker } from 'bullmq';
import { createRedisConnection } from '@app/common';
import { MEDIA_QUEUES, type UserDto } from '@app/contracts';
import { eventually, HttpSession, newUserFields, promoteToAdmin, startStack, type TestStack } from '@app/testing';

// The SREs' queue board at /admin/queues, through the real gateway, auth service and Redis.
let stack: TestStack;

beforeAll(async () => {
  stack = await startStack('queue-board', ['gateway', 'auth']);
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

let adminSession: HttpSession | undefined;
/** An admin for the board (a member an operator promoted), made by the first test that needs one. */
async function admin(): Promise<HttpSession> {
  if (!adminSession) {
    const fields = newUserFields();
    const session = new HttpSession(stack.baseUrl);
    expect((await session.post<UserDto>('/api/auth/register', fields)).status).toBe(201);
    await promoteToAdmin(stack.envFor('auth'), fields.email);
    adminSession = session;
  }
  return adminSession;
}

/**
 * A media-cleanup job that failed (a worker of this test throws, as on a broken bucket), with
 * its queue; `done` closes what it opened and removes the queue's keys.
 */
async function failedCleanupJob(jobId: string) {
  const redis = createRedisConnection(stack.env.REDIS_URL!, 'queue-board-spec');
  const queue = new Queue(MEDIA_QUEUES.cleanup, { connection: redis, prefix: stack.env.QUEUE_PREFIX });
  const worker = new Worker(
    MEDIA_QUEUES.cleanup,
    () => {
      throw new Error('bucket unreachable');
    },
    { connection: redis, prefix: stack.env.QUEUE_PREFIX },
  );
  const done = async () => {
    await worker.close();
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
    redis.disconnect();
  };
  try {
    const job = await queue.add('cleanup', { keys: ['nothing'] }, { jobId });
    await eventually(
      () => job.getState(),
      (state) => state === 'failed',
    );
    await worker.close();
    return { queue, job, done };
  } catch (error) {
    await done();
    throw error;
  }
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
    const board = await admin();
    const page = await board.get<string>('/admin/queues');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    // The board's own script loads too.
    const script = /<script[^>]+src="([^"]+)"/.exec(page.body)?.[1];
    expect(script).toBeDefined();
    const asset = await board.get(new URL(script!, `${stack.baseUrl}/admin/queues/`).pathname);
    expect(asset.status).toBe(200);

    const { job, done } = await failedCleanupJob('board-spec-failing');
    try {
      const listed = await board.get<{ queues: BoardQueue[] }>(
        `/admin/queues/api/queues?activeQueue=${MEDIA_QUEUES.cleanup}&status=failed&page=1`,
      );
      expect(listed.status).toBe(200);
      const names = listed.body.queues.map((q) => q.name);
      for (const name of [
        'media-probe',
        'media-transcode',
        'media-results',
        'media-cleanup',
        'events-video-feedback-stats',
        'events-reputation',
        'events-feedback-video-deletions',
        'events-catalog-video-deletions',
      ]) {
        expect(names).toContain(name);
      }
      // The feedback service keeps its own numbers in the write transaction: no queue of its own.
      expect(names).not.toContain('events-feedback-aggregates');
      const cleanup = listed.body.queues.find((q) => q.name === MEDIA_QUEUES.cleanup)!;
      expect(cleanup.counts.failed).toBe(1);
      expect(cleanup.jobs).toEqual([
        expect.objectContaining({ id: 'board-spec-failing', failedReason: 'bucket unreachable' }),
      ]);

      const retried = await board.request('PUT', `/admin/queues/api/queues/${MEDIA_QUEUES.cleanup}/retry/failed`);
      expect(retried.status).toBe(200);
      expect(await job.getState()).toBe('waiting');
    } finally {
      await done();
    }
  });

  it('is read-only except retrying failed jobs: adding, editing, cleaning, emptying, promoting are refused', async () => {
    const board = await admin();
    const { queue, job, done } = await failedCleanupJob('board-spec-read-only');
    const api = `/admin/queues/api/queues/${MEDIA_QUEUES.cleanup}`;
    try {
      const refused: [string, string, unknown?][] = [
        ['POST', `${api}/add`, { name: 'cleanup', data: { keys: ['videos/originals/someone-else'] } }],
        ['PATCH', `${api}/${job.id}/update-data`, { data: { keys: ['profile-images/x/y.png'] } }],
        ['PUT', `${api}/empty`],
        ['PUT', `${api}/obliterate`, {}],
        ['PUT', `${api}/clean/failed`],
        ['PUT', `${api}/${job.id}/clean`],
        ['PUT', `${api}/promote`],
        ['PUT', `${api}/${job.id}/promote`],
        ['PUT', `${api}/pause`],
        ['PUT', '/admin/queues/api/queues/pause'],
        ['PUT', `${api}/concurrency`, { concurrency: 1 }],
        ['PUT', `${api}/retry/completed`],
        ['DELETE', `${api}/${job.id}`],
      ];
      for (const [method, path, json] of refused) {
        const res = await board.request<{ message: string }>(method, path, json === undefined ? {} : { json });
        expect({ method, path, status: res.status, body: res.body }).toEqual({
          method,
          path,
          status: 403,
          body: { message: 'The queue board is read-only: only failed jobs can be retried' },
        });
      }
      // Nothing changed: the one failed job, its data, the queue running.
      expect(await queue.getJobCounts('failed', 'waiting', 'delayed', 'completed')).toEqual({
        failed: 1,
        waiting: 0,
        delayed: 0,
        completed: 0,
      });
      expect((await queue.getJob(job.id!))?.data).toEqual({ keys: ['nothing'] });
      expect(await queue.isPaused()).toBe(false);

      // Retrying that one job is allowed.
      const retried = await board.request('PUT', `${api}/${job.id}/retry`);
      expect(retried.status).toBe(204);
      expect(await job.getState()).toBe('waiting');
    } finally {
      await done();
    }
  });

  it('sends no X-Powered-By, though it is an Express app of its own', async () => {
    const board = await admin();
    const page = await board.get<string>('/admin/queues');
    const script = /<script[^>]+src="([^"]+)"/.exec(page.body)![1]!;
    for (const res of [
      page,
      await board.get('/admin/queues/api/queues'),
      await board.get(new URL(script, `${stack.baseUrl}/admin/queues/`).pathname),
      await board.get('/admin/queues/api/no-such-route'),
    ]) {
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
  });
});
