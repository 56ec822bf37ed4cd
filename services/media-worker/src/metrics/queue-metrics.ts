import { Inject, Injectable, type BeforeApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { MEDIA_QUEUES } from '@app/contracts';
import { unwatchQueueDepth, watchQueueDepth } from '@app/common';
import { config } from '../config.js';
import { WORKER_REDIS } from '../worker.tokens.js';

/**
 * Queue handles for /metrics only: a Worker cannot count jobs, so the depth gauges read these
 * on every scrape. All four media queues, the results queue included (its consumer is the video
 * service, but a growing backlog there is the worker's output piling up).
 */
@Injectable()
export class QueueMetrics implements OnModuleInit, BeforeApplicationShutdown {
  private readonly queues: Queue[];

  constructor(@Inject(WORKER_REDIS) redis: Redis) {
    this.queues = Object.values(MEDIA_QUEUES).map(
      (name) => new Queue(name, { connection: redis, prefix: config.QUEUE_PREFIX }),
    );
  }

  onModuleInit(): void {
    watchQueueDepth(this.queues);
  }

  async beforeApplicationShutdown(): Promise<void> {
    unwatchQueueDepth(this.queues);
    await Promise.allSettled(this.queues.map((queue) => queue.close()));
  }
}
