import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Job, Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  MEDIA_QUEUES,
  mediaJobId,
  type ProbeJobData,
  type ProbeObjectResponse,
  type ProbeResult,
} from '@app/contracts';
import { ValidationError, withRequestId } from '@app/common';

export const MEDIA_REDIS = Symbol('MEDIA_REDIS');
export const MEDIA_QUEUE_PREFIX = Symbol('MEDIA_QUEUE_PREFIX');

/** Probes are cheap and idempotent: retried with backoff when a worker dies or ffprobe hiccups. */
const PROBE_JOB_OPTIONS = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;

/** Producer side of the media pipeline: queues work for the media-worker and awaits verdicts. */
@Injectable()
export class MediaJobsService implements OnModuleDestroy {
  private readonly probeQueue: Queue<ProbeJobData, ProbeResult>;
  private readonly probeEvents: QueueEvents;

  constructor(
    @Inject(MEDIA_REDIS) private readonly redis: Redis,
    @Inject(MEDIA_QUEUE_PREFIX) prefix: string,
  ) {
    this.probeQueue = new Queue(MEDIA_QUEUES.probe, {
      connection: redis,
      prefix,
      defaultJobOptions: PROBE_JOB_OPTIONS,
    });
    // QueueEvents blocks on a stream read, so it gets a connection of its own.
    this.probeEvents = new QueueEvents(MEDIA_QUEUES.probe, { connection: redis.duplicate(), prefix });
  }

  /**
   * Queues a probe and waits up to waitMs for it. A backed-up queue answers "pending" rather
   * than holding the caller: the job still runs and its verdict lands later.
   */
  async probe(objectKey: string, waitMs: number): Promise<ProbeObjectResponse> {
    if (!objectKey || objectKey.length > 512) throw new ValidationError('objectKey must be 1 to 512 characters');
    const job = await this.probeQueue.add('probe', withRequestId({ objectKey }));
    if (waitMs <= 0) return { status: 'pending', jobId: String(job.id) };
    try {
      const result = await job.waitUntilFinished(this.probeEvents, waitMs);
      return { status: 'done', result };
    } catch (error) {
      if (error instanceof Error && /timed out/i.test(error.message))
        return { status: 'pending', jobId: String(job.id) };
      throw error;
    }
  }

  /**
   * The verdict of a registered video's probe job, once the worker has it, or null after
   * waitMs (the job may not even be queued yet: the outbox relay delivers it).
   */
  async waitForProbe(videoId: number, waitMs: number): Promise<ProbeResult | null> {
    const jobId = mediaJobId('probe', videoId);
    const deadline = Date.now() + waitMs;
    while (Date.now() < deadline) {
      const job = await Job.fromId<ProbeJobData, ProbeResult>(this.probeQueue, jobId);
      if (job) {
        try {
          return await job.waitUntilFinished(this.probeEvents, Math.max(1, deadline - Date.now()));
        } catch {
          // Timed out, or the probe itself failed: either way the results queue carries the verdict later.
          return null;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return null;
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.allSettled([this.probeEvents.close(), this.probeQueue.close()]);
  }
}
