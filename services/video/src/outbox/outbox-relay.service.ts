import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Queue, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { MEDIA_QUEUES, type MediaQueueName } from '@app/contracts';
import { CoalescingPoller, withTimeout } from '@app/common';
import { drainOutbox } from '@app/database';
import { MEDIA_QUEUE_PREFIX, MEDIA_REDIS } from '../media/media-jobs.service.js';
import { MEDIA_JOB_EVENT, type MediaJobOutboxPayload } from './media-outbox.js';

const JOB_OPTIONS: Record<MediaQueueName, JobsOptions> = {
  [MEDIA_QUEUES.probe]: { attempts: 3, backoff: { type: 'exponential', delay: 1000 } },
  [MEDIA_QUEUES.transcode]: { attempts: 5, backoff: { type: 'exponential', delay: 5000 } },
  [MEDIA_QUEUES.results]: { attempts: 10, backoff: { type: 'exponential', delay: 1000 } },
  [MEDIA_QUEUES.cleanup]: { attempts: 10, backoff: { type: 'exponential', delay: 5000 } },
};
const KEEP = { removeOnComplete: { age: 24 * 3600, count: 1000 }, removeOnFail: { age: 7 * 24 * 3600 } };
const POLL_MS = 1000;
const BATCH = 50;
// With Redis away, BullMQ waits for it; the rows stay locked only this long, then the next round retries.
const ADD_TIMEOUT_MS = 5000;

/**
 * Delivers the media jobs recorded in the outbox to BullMQ, at least once: a row is marked
 * published only after its job is queued, and job ids are deterministic, so a re-delivery after
 * a crash or a Redis outage queues nothing twice. Several replicas share the work (SKIP LOCKED).
 */
@Injectable()
export class OutboxRelayService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(OutboxRelayService.name);
  private readonly queues = new Map<MediaQueueName, Queue>();
  private readonly poller = new CoalescingPoller(() => this.drain(), {
    intervalMs: POLL_MS,
    onError: (error) => this.logger.warn({ msg: 'outbox delivery deferred', error: String(error) }),
  });

  constructor(
    private readonly dataSource: DataSource,
    @Inject(MEDIA_REDIS) private readonly redis: Redis,
    @Inject(MEDIA_QUEUE_PREFIX) private readonly prefix: string,
  ) {}

  onApplicationBootstrap(): void {
    this.poller.start();
  }

  /** Delivers pending rows now (called right after a commit); overlapping calls coalesce. */
  kick(): Promise<void> {
    return this.poller.kick();
  }

  private drain(): Promise<void> {
    return drainOutbox<MediaJobOutboxPayload>(
      this.dataSource,
      { relay: 'media-jobs', eventTypes: [MEDIA_JOB_EVENT], batch: BATCH },
      async (rows) => {
        for (const { payload: job } of rows) {
          await withTimeout(
            this.queue(job.queue).add(job.name, job.data, { ...JOB_OPTIONS[job.queue], ...KEEP, jobId: job.jobId }),
            ADD_TIMEOUT_MS,
            'queueing timed out (Redis unavailable?)',
          );
        }
      },
    );
  }

  private queue(name: MediaQueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.redis, prefix: this.prefix });
      this.queues.set(name, queue);
    }
    return queue;
  }

  async onModuleDestroy(): Promise<void> {
    await this.poller.stop();
    await Promise.allSettled([...this.queues.values()].map((queue) => queue.close()));
  }
}
