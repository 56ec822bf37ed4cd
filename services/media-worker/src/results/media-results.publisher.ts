import { Inject, Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { MEDIA_QUEUES, mediaJobId, type MediaResultJobData } from '@app/contracts';
import { withRequestId } from '@app/common';
import { config } from '../config.js';
import { WORKER_REDIS } from '../worker.tokens.js';

/**
 * Results are few and small but must arrive: the video service may be down or redeploying, so
 * its consumer gets many attempts with backoff. Completed jobs are removed at once, so the
 * deterministic id only collapses duplicates while one is still waiting.
 */
const RESULT_JOB_OPTIONS = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: true,
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;

/** Sends verdicts to the video service, which owns the `videos` rows, through the results queue. */
@Injectable()
export class MediaResultsPublisher implements BeforeApplicationShutdown {
  private readonly queue: Queue<MediaResultJobData>;

  constructor(@Inject(WORKER_REDIS) redis: Redis) {
    this.queue = new Queue<MediaResultJobData>(MEDIA_QUEUES.results, {
      connection: redis,
      prefix: config.QUEUE_PREFIX,
      defaultJobOptions: RESULT_JOB_OPTIONS,
    });
  }

  async publish(result: MediaResultJobData): Promise<void> {
    await this.queue.add(result.stage, withRequestId(result), {
      jobId: mediaJobId('result', result.videoId, result.stage),
    });
  }

  /** After the workers' onModuleDestroy: a job finishing during shutdown can still publish. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
