import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleDestroy,
} from '@nestjs/common';
import { Queue, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { hostname } from 'node:os';
import { runJobTraced } from '../logging/trace-context.js';
import { observeWorkerJobs, unwatchQueueDepth, watchQueueDepth } from '../metrics/metrics.js';
import { QueueHandlers, type JobHandler } from './queue-handlers.js';
import { QUEUES, type QueueJobData, type QueueName, type WorkerSettings } from './queue-registry.js';
import { JOB_QUEUES_OPTIONS } from './queue.tokens.js';
import { createRedisConnection } from './redis-connection.js';

export interface JobQueuesOptions {
  /** The process, for the Redis connection name and the boot error. */
  app: string;
  redisUrl: string;
  prefix: string;
  /** Every queue this process consumes: each needs exactly one registerWorker, or the process does not start. */
  consumes: readonly QueueName[];
  /** This process's own tuning of the registry's worker settings (from its config). */
  workerOverrides?: Partial<Record<QueueName, Partial<WorkerSettings>>>;
  /** How long a handBackOnShutdown job may still run on shutdown before it is aborted and handed back. */
  shutdownGraceMs?: number;
  /** Queues whose depth this process reports on /metrics besides those it consumes. */
  reportDepthOf?: readonly QueueName[];
}

/**
 * The process's BullMQ side, on one Redis connection: producers that add jobs with the
 * registry's options, and the workers of the queues it consumes, started once every module has
 * registered its handler (see QueueHandlers for the boot rule).
 */
@Injectable()
export class JobQueues
  implements OnApplicationBootstrap, OnModuleDestroy, BeforeApplicationShutdown, OnApplicationShutdown
{
  readonly redis: Redis;
  private readonly logger = new Logger(JobQueues.name);
  private readonly handlers: QueueHandlers;
  private readonly producers = new Map<QueueName, Queue>();
  private readonly workers: { worker: Worker; settings: WorkerSettings }[] = [];
  private readonly depthReported: Queue[];

  constructor(@Inject(JOB_QUEUES_OPTIONS) private readonly options: JobQueuesOptions) {
    this.redis = createRedisConnection(options.redisUrl, `${options.app}-queues`);
    this.handlers = new QueueHandlers(options.app, options.consumes);
    this.depthReported = [...new Set([...options.consumes, ...(options.reportDepthOf ?? [])])].map((name) =>
      this.queue(name),
    );
  }

  /** Consumes `queue` with `handler` (from a module's onModuleInit); the worker starts with the app. */
  registerWorker<Q extends QueueName>(queue: Q, handler: JobHandler<Q>): void {
    this.handlers.register(queue, handler);
  }

  /** A producer handle of `name`, shared by the process; jobs get the registry's options. */
  queue<Q extends QueueName>(name: Q): Queue<QueueJobData[Q]> {
    let queue = this.producers.get(name);
    if (!queue) {
      queue = new Queue(name, {
        connection: this.redis,
        prefix: this.options.prefix,
        defaultJobOptions: QUEUES[name].jobOptions,
      });
      this.producers.set(name, queue);
    }
    return queue as Queue<QueueJobData[Q]>;
  }

  /** Adds a job; a fixed `jobId` makes adding it twice add it once. */
  add<Q extends QueueName>(name: Q, jobName: string, data: QueueJobData[Q], jobId?: string): Promise<Job> {
    return (this.queue(name) as Queue).add(jobName, data, jobId === undefined ? {} : { jobId });
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  onApplicationBootstrap(): void {
    for (const [queue, handler] of this.handlers.resolve()) this.startWorker(queue, handler);
    // A Worker cannot count jobs: the depth gauges read the producer handles on every scrape.
    watchQueueDepth(this.depthReported);
  }

  private startWorker(queue: QueueName, handler: JobHandler<QueueName>): void {
    const { handBackOnShutdown, ...bullSettings } = {
      ...QUEUES[queue].worker,
      ...this.options.workerOverrides?.[queue],
    };
    const worker = new Worker<QueueJobData[QueueName]>(
      queue,
      // Three parameters: BullMQ only hands out the abort signal to processors that take it.
      (job, token, signal) => runJobTraced(job, () => handler(job, token, signal)),
      {
        connection: this.redis,
        prefix: this.options.prefix,
        // Recorded on each job as processedBy: which replica holds it.
        name: `${queue}@${hostname()}:${process.pid}`,
        ...bullSettings,
      },
    );
    // Failed attempts are logged, in the job's trace, by observeWorkerJobs.
    observeWorkerJobs(worker);
    worker.on('stalled', (jobId) => this.logger.warn({ msg: 'job stalled, requeued', queue, jobId }));
    worker.on('error', (error) => this.logger.error({ msg: 'worker error', queue, error: error.message }));
    this.workers.push({ worker, settings: { ...bullSettings, handBackOnShutdown } });
  }

  /**
   * Lets current jobs finish (or hands them back) before the process exits. A job of a
   * handBackOnShutdown queue gets the shutdown grace, then is aborted.
   */
  async onModuleDestroy(): Promise<void> {
    await Promise.allSettled(
      this.workers.map(async ({ worker, settings }) => {
        const grace = settings.handBackOnShutdown
          ? setTimeout(() => worker.cancelAllJobs('shutdown'), this.options.shutdownGraceMs ?? 0)
          : undefined;
        try {
          await worker.close();
        } finally {
          clearTimeout(grace);
        }
      }),
    );
  }

  /** After every module's onModuleDestroy: a job finishing during shutdown (or the relay's last batch) can still add. */
  async beforeApplicationShutdown(): Promise<void> {
    unwatchQueueDepth(this.depthReported);
    await Promise.allSettled([...this.producers.values()].map((queue) => queue.close()));
  }

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}
