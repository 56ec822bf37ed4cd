import type { JobsOptions } from 'bullmq';
import {
  DOMAIN_EVENT_QUEUES,
  MEDIA_QUEUES,
  type CleanupJobData,
  type DomainEventBatch,
  type DomainEventQueueName,
  type MediaResultJobData,
  type ProbeJobData,
  type TranscodeJobData,
} from '@app/contracts';

/** How a process consumes a queue (BullMQ Worker options). */
export interface WorkerSettings {
  /** Jobs of this queue one process runs at once. */
  concurrency: number;
  /**
   * A worker renews its lock every lockDuration/2 while a job runs, however long it takes; a
   * killed worker stops renewing and another one takes the job over after this long.
   */
  lockDuration: number;
  stalledInterval: number;
  /** Stalls (killed workers) a job survives before it fails. */
  maxStalledCount: number;
  /** On shutdown, a job still running after the grace period is aborted and handed back (its processor honours the signal). */
  handBackOnShutdown?: boolean;
}

export interface QueueSettings {
  /** What every job added to the queue gets (a producer adds only its job id). */
  jobOptions: JobsOptions;
  worker: WorkerSettings;
}

const KEPT_A_DAY = { removeOnComplete: { age: 24 * 3600, count: 1000 }, removeOnFail: { age: 7 * 24 * 3600 } };
const TAKEN_OVER_AFTER_30_S = { lockDuration: 30_000, stalledInterval: 15_000, maxStalledCount: 2 };

/**
 * Every BullMQ queue of the product, with its producers' job options and its consumers' worker
 * settings: the one place either is written. Producers and workers get them from JobQueues.
 */
export const QUEUES = {
  /** Cheap and idempotent: retried with backoff when a worker dies or ffprobe hiccups. */
  [MEDIA_QUEUES.probe]: {
    jobOptions: { attempts: 3, backoff: { type: 'exponential', delay: 1000 }, ...KEPT_A_DAY },
    worker: { concurrency: 4, ...TAKEN_OVER_AFTER_30_S },
  },
  /** Heavy: one job per process at a time (scale by replicas); the last attempt still sends a verdict. */
  [MEDIA_QUEUES.transcode]: {
    jobOptions: { attempts: 5, backoff: { type: 'exponential', delay: 5000 }, ...KEPT_A_DAY },
    worker: { concurrency: 1, ...TAKEN_OVER_AFTER_30_S, handBackOnShutdown: true },
  },
  /**
   * Few and small but they must arrive: the video service may be down or redeploying, so many
   * attempts. Removed once applied, so the deterministic id only collapses duplicates still waiting.
   */
  [MEDIA_QUEUES.results]: {
    jobOptions: {
      attempts: 10,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: true,
      removeOnFail: { age: 7 * 24 * 3600 },
    },
    worker: { concurrency: 4, ...TAKEN_OVER_AFTER_30_S },
  },
  /** Deleting a missing object succeeds, so retrying is always safe; an owner that does not answer is waited out. */
  [MEDIA_QUEUES.cleanup]: {
    jobOptions: { attempts: 10, backoff: { type: 'exponential', delay: 5000 }, ...KEPT_A_DAY },
    worker: { concurrency: 2, ...TAKEN_OVER_AFTER_30_S },
  },
  ...domainEventQueues(),
} as const satisfies Record<string, QueueSettings>;

/** Consumers derive from the rows (idempotent): a failed batch is simply applied again. */
function domainEventQueues() {
  const settings: QueueSettings = {
    jobOptions: {
      attempts: 10,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: { age: 3600, count: 1000 },
      removeOnFail: { age: 7 * 24 * 3600 },
    },
    worker: { concurrency: 4, ...TAKEN_OVER_AFTER_30_S },
  };
  // A member reads their notifications in the order they were made (the stream's ids follow the
  // rows), so that consumer takes one batch at a time: a relay queues batches in commit order,
  // and four at once let a later feedback's notice be written before an earlier one's.
  const inOrder: QueueSettings = { ...settings, worker: { ...settings.worker, concurrency: 1 } };
  return Object.fromEntries(
    Object.values(DOMAIN_EVENT_QUEUES).map((name) => [
      name,
      name === DOMAIN_EVENT_QUEUES.notifications ? inOrder : settings,
    ]),
  ) as Record<DomainEventQueueName, QueueSettings>;
}

export type QueueName = keyof typeof QUEUES;

/** The payload of each queue's jobs. */
export type QueueJobData = {
  [MEDIA_QUEUES.probe]: ProbeJobData;
  [MEDIA_QUEUES.transcode]: TranscodeJobData;
  [MEDIA_QUEUES.results]: MediaResultJobData;
  [MEDIA_QUEUES.cleanup]: CleanupJobData;
} & Record<DomainEventQueueName, DomainEventBatch>;

export const isQueueName = (name: string): name is QueueName => Object.hasOwn(QUEUES, name);
