import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { MEDIA_QUEUES, type MediaResultJobData } from '@app/contracts';
import { observeWorkerJobs, runJobTraced } from '@app/common';
import { VideosService } from '../videos/videos.service.js';
import { MEDIA_QUEUE_PREFIX, MEDIA_REDIS } from './media-jobs.service.js';

/**
 * Consumes the worker's verdicts (durable jobs, so none is lost while this service is down)
 * and applies them to the `videos` rows this service owns.
 */
@Injectable()
export class MediaResultsProcessor implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(MediaResultsProcessor.name);
  private worker?: Worker<MediaResultJobData>;

  constructor(
    private readonly videos: VideosService,
    @Inject(MEDIA_REDIS) private readonly redis: Redis,
    @Inject(MEDIA_QUEUE_PREFIX) private readonly prefix: string,
  ) {}

  onModuleInit(): void {
    this.worker = new Worker<MediaResultJobData>(
      MEDIA_QUEUES.results,
      (job) => runJobTraced(job, () => this.videos.applyMediaResult(job.data)),
      { connection: this.redis.duplicate(), prefix: this.prefix, concurrency: 4 },
    );
    // Failed attempts (retried with backoff) are logged, in the job's trace, by observeWorkerJobs.
    observeWorkerJobs(this.worker);
    this.worker.on('error', (error) => this.logger.error({ msg: 'results worker error', error: error.message }));
  }

  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
  }
}
