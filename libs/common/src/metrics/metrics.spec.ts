import { afterEach, describe, expect, it } from '@jest/globals';
import { isFinalFailure, metricsRegistry, unwatchQueueDepth, watchQueueDepth, type CountableQueue } from './metrics.js';

/** A queue whose jobs were added `ages` seconds ago (waiting) and `prioritizedAges` ago (prioritized). */
function fakeQueue(name: string, ages: { waiting: number[]; prioritized: number[]; delayMs?: number }): CountableQueue {
  const job = (ageSeconds: number) => ({ timestamp: Date.now() - ageSeconds * 1000, delay: ages.delayMs ?? 0 });
  return {
    name,
    getJobCounts: () =>
      Promise.resolve({
        waiting: ages.waiting.length,
        prioritized: ages.prioritized.length,
        delayed: 0,
        active: 0,
        failed: 0,
      }),
    getJobs: (types, start = 0, end = -1, asc = false) => {
      const ofType = types[0] === 'waiting' ? ages.waiting : ages.prioritized;
      // Oldest first when asc, like BullMQ.
      const ordered = [...ofType].sort((a, b) => (asc ? b - a : a - b)).map(job);
      return Promise.resolve(ordered.slice(start, end === -1 ? undefined : end + 1));
    },
  };
}

async function backlogAge(queue: string): Promise<number | undefined> {
  const metric = await metricsRegistry.getSingleMetric('vf_queue_oldest_job_age_seconds')!.get();
  return metric.values.find((value) => value.labels.queue === queue)?.value;
}

const watched: CountableQueue[] = [];
afterEach(() => unwatchQueueDepth(watched.splice(0)));

describe('vf_queue_oldest_job_age_seconds', () => {
  it('is the age of the oldest job not yet started, waiting or prioritized', async () => {
    watched.push(fakeQueue('q-waiting', { waiting: [5, 42, 12], prioritized: [] }));
    watched.push(fakeQueue('q-prioritized', { waiting: [3], prioritized: [7, 90, 30] }));
    watchQueueDepth(watched);
    expect(await backlogAge('q-waiting')).toBeCloseTo(42, 0);
    expect(await backlogAge('q-prioritized')).toBeCloseTo(90, 0);
  });

  it('counts from when a delayed job became due, and is 0 for an empty queue', async () => {
    watched.push(fakeQueue('q-delayed', { waiting: [60], prioritized: [], delayMs: 50_000 }));
    watched.push(fakeQueue('q-empty', { waiting: [], prioritized: [] }));
    watchQueueDepth(watched);
    expect(await backlogAge('q-delayed')).toBeCloseTo(10, 0);
    expect(await backlogAge('q-empty')).toBe(0);
  });

  it('counts a retried job from its last attempt plus its backoff, not from when it was first added', async () => {
    const retried = fakeQueue('q-retried', { waiting: [], prioritized: [] });
    retried.getJobs = (types) =>
      Promise.resolve(
        types[0] === 'waiting'
          ? [{ timestamp: Date.now() - 3_600_000, attemptsMade: 1, processedOn: Date.now() - 20_000, delay: 5_000 }]
          : [],
      );
    watched.push(retried);
    watchQueueDepth(watched);
    expect(await backlogAge('q-retried')).toBeCloseTo(15, 0);
  });

  it('leaves a queue out while its Redis does not answer', async () => {
    const broken = fakeQueue('q-broken', { waiting: [1], prioritized: [] });
    broken.getJobs = () => Promise.reject(new Error('connection refused'));
    watched.push(broken);
    watchQueueDepth(watched);
    expect(await backlogAge('q-broken')).toBeUndefined();
  });
});

describe('isFinalFailure (vf_job_dead_letters_total)', () => {
  const job = (attemptsMade: number, attempts?: number) => ({
    queueName: 'media-cleanup',
    timestamp: 0,
    attemptsMade,
    data: {},
    ...(attempts === undefined ? {} : { opts: { attempts } }),
  });

  it('is final once the attempts are used up', () => {
    expect(isFinalFailure(job(1, 3), new Error('x'))).toBe(false);
    expect(isFinalFailure(job(2, 3), new Error('x'))).toBe(false);
    expect(isFinalFailure(job(3, 3), new Error('x'))).toBe(true);
    expect(isFinalFailure(job(1), new Error('x'))).toBe(true);
  });

  it('is final at once for an unrecoverable error', () => {
    const error = Object.assign(new Error('bad payload'), { name: 'UnrecoverableError' });
    expect(isFinalFailure(job(1, 10), error)).toBe(true);
  });
});
