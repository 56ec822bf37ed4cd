import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { UnrecoverableError, type Job } from 'bullmq';
import { MEDIA_QUEUES, PROFILE_IMAGE_PREFIX, VIDEO_KEYS, storedKeyOwner, type CleanupJobData } from '@app/contracts';
import { JobQueues } from '@app/common';
import type { ObjectStorage } from '@app/storage';
import { StoredKeyOwners } from '../owners/stored-key-owners.js';
import { OBJECT_STORAGE } from '../worker.tokens.js';

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

/** The job's return value, for the queue's UI and the logs. */
export interface CleanupOutcome {
  deleted: string[];
  /** Asked for, but a live row still references them (a stale or forged job): left alone. */
  kept: string[];
}

/**
 * Removes stored objects of a deleted video, a refused upload or a deleted member. A job is a
 * request, not an order: it may only name keys of the shapes the product writes (videos/...,
 * profile-images/<user id>/...), and each key is deleted only after its owner (the video or
 * auth service) says no live row references it any more. Idempotent: deleting a missing key
 * succeeds, so a retried or repeated job just deletes again. An S3 error or an owner that does
 * not answer throws, and BullMQ retries with the producer's backoff.
 */
@Injectable()
export class CleanupProcessor implements OnModuleInit {
  private readonly logger = new Logger(CleanupProcessor.name);

  constructor(
    private readonly queues: JobQueues,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly owners: StoredKeyOwners,
  ) {}

  onModuleInit(): void {
    this.queues.registerWorker(MEDIA_QUEUES.cleanup, (job) => this.process(job));
  }

  async process(job: Job<CleanupJobData>): Promise<CleanupOutcome> {
    const { keys, prefixes = [] } = job.data;
    if (!Array.isArray(keys) || keys.some((key) => typeof key !== 'string')) {
      throw new UnrecoverableError('cleanup job needs { keys: string[] }');
    }
    // Only a member's own folder of pictures: never a prefix that could name the whole bucket.
    if (!Array.isArray(prefixes) || prefixes.some((prefix) => !PROFILE_FOLDER.test(String(prefix)))) {
      throw new UnrecoverableError(`cleanup prefixes must look like ${PROFILE_IMAGE_PREFIX}/<user id>/`);
    }
    const named = expandCleanupKeys(keys);
    const foreign = named.filter((key) => storedKeyOwner(key) === null);
    if (foreign.length) {
      throw new UnrecoverableError(`cleanup refuses keys the product never writes: ${foreign.slice(0, 5).join(', ')}`);
    }
    const listed = (await Promise.all(prefixes.map((prefix) => this.storage.listKeys(prefix)))).flat();
    // Something else in a member's folder (not a picture the gateway wrote) is not ours to judge.
    const unknownListed = listed.filter((key) => storedKeyOwner(key) === null);
    if (unknownListed.length) this.logger.warn({ msg: 'cleanup skips unknown objects', keys: unknownListed });
    const candidates = [...new Set([...named, ...listed.filter((key) => storedKeyOwner(key) !== null)])];

    const referenced = candidates.length ? await this.owners.referenced(candidates) : new Set<string>();
    const kept = candidates.filter((key) => referenced.has(key));
    const deleted = candidates.filter((key) => !referenced.has(key));
    for (let i = 0; i < deleted.length; i += PARALLEL_DELETES) {
      await Promise.all(deleted.slice(i, i + PARALLEL_DELETES).map((key) => this.storage.delete(key)));
    }
    if (kept.length) this.logger.warn({ msg: 'cleanup kept objects a live row still references', kept });
    this.logger.log({ msg: 'cleaned up', deleted });
    return { deleted, kept };
  }
}
