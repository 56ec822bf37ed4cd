import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { hostname } from 'node:os';
import { MEDIA_QUEUES, PROFILE_IMAGE_PREFIX, VIDEO_KEYS, type CleanupJobData } from '@app/contracts';
import { observeWorkerJobs, runJobTraced } from '@app/common';
import type { ObjectStorage } from '@app/storage';
import { config } from '../config.js';
import { OBJECT_STORAGE, WORKER_REDIS } from '../worker.tokens.js';

/** Deletes in flight at once: a video has a handful of objects, a bulk cleanup more. */
const PARALLEL_DELETES = 8;

const PROFILE_FOLDER = new RegExp(`^${PROFILE_IMAGE_PREFIX}/[0-9a-f-]{36}/$`, 'i');

/** `videos/{id}/` (or `videos/{id}`) stands for the files the worker derived for that video. */
const DERIVED_PREFIX = /^videos\/(\d+)\/?$/;

/** Object keys a cleanup job asks for, with each `videos/{id}/` prefix expanded to that video's derived keys. */
export function expandCleanupKeys(keys: readonly string[]): string[] {
  const expanded = new Set<string>();
  for (const key of keys) {
    const videoId = DERIVED_PREFIX.exec(key)?.[1];
    if (videoId !== undefined) {
      expanded.add(VIDEO_KEYS.playback(Number(videoId)));
      expanded.add(VIDEO_KEYS.thumbnail(Number(videoId)));
    } else if (key.length > 0 && !key.endsWith('/')) {
      expanded.add(key);
    }
  }
  return [...expanded];
}

/**
 * Removes stored objects of a deleted video or a refused upload. Idempotent: deleting a missing
 * key succeeds, so a retried or repeated job just deletes again. An S3 error throws and BullMQ
 * retries with the producer's backoff.
 */
@Injectable()
export class CleanupProcessor implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(CleanupProcessor.name);
  private worker?: Worker<CleanupJobData, { deleted: string[] }>;

  constructor(
    @Inject(WORKER_REDIS) private readonly redis: Redis,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  onModuleInit(): void {
    this.worker = new Worker<CleanupJobData, { deleted: string[] }>(
      MEDIA_QUEUES.cleanup,
      (job) => runJobTraced(job, () => this.process(job)),
      {
        connection: this.redis,
        prefix: config.QUEUE_PREFIX,
        name: `cleanup@${hostname()}:${process.pid}`,
        concurrency: 2,
        lockDuration: 30_000,
        stalledInterval: 15_000,
        maxStalledCount: 2,
      },
    );
    // Failed attempts are logged, in the job's trace, by observeWorkerJobs.
    observeWorkerJobs(this.worker);
    this.worker.on('error', (error) => this.logger.error({ msg: 'cleanup worker error', error: error.message }));
  }

  async process(job: Job<CleanupJobData, { deleted: string[] }>): Promise<{ deleted: string[] }> {
    const { keys, prefixes = [] } = job.data;
    if (!Array.isArray(keys) || keys.some((key) => typeof key !== 'string')) {
      throw new UnrecoverableError('cleanup job needs { keys: string[] }');
    }
    // Only a member's own folder of pictures: never a prefix that could name the whole bucket.
    if (!Array.isArray(prefixes) || prefixes.some((prefix) => !PROFILE_FOLDER.test(String(prefix)))) {
      throw new UnrecoverableError(`cleanup prefixes must look like ${PROFILE_IMAGE_PREFIX}/<user id>/`);
    }
    const listed = (await Promise.all(prefixes.map((prefix) => this.storage.listKeys(prefix)))).flat();
    const deleted = [...expandCleanupKeys(keys), ...listed];
    for (let i = 0; i < deleted.length; i += PARALLEL_DELETES) {
      await Promise.all(deleted.slice(i, i + PARALLEL_DELETES).map((key) => this.storage.delete(key)));
    }
    this.logger.log({ msg: 'cleaned up', deleted });
    return { deleted };
  }

  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
  }
}
