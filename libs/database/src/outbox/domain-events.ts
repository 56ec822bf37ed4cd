import { Logger } from '@nestjs/common';
import { Queue, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { DataSource, EntityManager } from 'typeorm';
import {
  CoalescingPoller,
  observeWorkerJobs,
  runJobTraced,
  unwatchQueueDepth,
  watchQueueDepth,
  withRequestId,
  withTimeout,
} from '@app/common';
import {
  DOMAIN_EVENT_QUEUES,
  DOMAIN_EVENT_TYPES,
  type DeliveredDomainEvent,
  type DomainEvent,
  type DomainEventBatch,
  type DomainEventQueueName,
} from '@app/contracts';
import { drainOutbox } from './outbox-drain.js';

/** Records an event in the same transaction as the fact it describes, with the request's id. */
export async function recordDomainEvent(manager: EntityManager, event: Omit<DomainEvent, 'occurredAt'>): Promise<void> {
  await manager.query(`INSERT INTO outbox ("eventType", payload) VALUES ($1, $2::jsonb)`, [
    event.type,
    JSON.stringify(withRequestId({ ...event, occurredAt: new Date().toISOString() })),
  ]);
}

const POLL_MS = 1000;
/** Outbox rows per delivered batch. */
const BATCH_ROWS = 200;
const JOB_OPTIONS = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;
// With Redis away BullMQ waits for it; the rows stay locked only this long, then the next round retries.
const ADD_TIMEOUT_MS = 5000;

/**
 * Delivers the domain events of the outbox to every consumer queue, at least once: rows are
 * marked published only after each queue has the batch, and a batch's job id is made of its
 * row ids, so a re-delivery after a crash or a Redis outage is either deduplicated by BullMQ
 * or harmless (consumers are idempotent). Any number of replicas share the work (SKIP LOCKED).
 */
export class DomainEventRelay {
  private readonly logger = new Logger(DomainEventRelay.name);
  private readonly queues: Queue<DomainEventBatch>[];
  /** The service whose outbox this relay drains (its schema). */
  private readonly source: string;
  private readonly poller = new CoalescingPoller(() => this.drain(), {
    intervalMs: POLL_MS,
    onError: (error) => this.logger.warn({ msg: 'event delivery deferred', error: String(error) }),
  });

  constructor(
    private readonly dataSource: DataSource,
    redis: Redis,
    prefix: string,
  ) {
    this.source = String((dataSource.options as { schema?: string }).schema ?? 'public');
    this.queues = Object.values(DOMAIN_EVENT_QUEUES).map(
      (name) => new Queue<DomainEventBatch>(name, { connection: redis, prefix }),
    );
  }

  start(): void {
    // Their depth and backlog on /metrics: a consumer falling behind shows there.
    watchQueueDepth(this.queues);
    this.poller.start();
  }

  /** Delivers pending events now (called right after a commit); overlapping calls coalesce. */
  kick(): Promise<void> {
    return this.poller.kick();
  }

  private drain(): Promise<void> {
    return drainOutbox<DomainEvent>(
      this.dataSource,
      { relay: 'domain-events', eventTypes: DOMAIN_EVENT_TYPES, batch: BATCH_ROWS },
      async (rows) => {
        // Row ids count per service outbox: the schema keeps two services' batches apart.
        const events: DeliveredDomainEvent[] = rows.map((row) => ({
          ...row.payload,
          outboxId: `${this.source}:${row.id}`,
        }));
        const jobId = `events-${this.source}-${rows[0].id}-${rows[rows.length - 1].id}-${rows.length}`;
        await withTimeout(
          Promise.all(this.queues.map((queue) => queue.add('events', { events }, { ...JOB_OPTIONS, jobId }))),
          ADD_TIMEOUT_MS,
          'queueing timed out (Redis unavailable?)',
        );
      },
    );
  }

  async stop(): Promise<void> {
    await this.poller.stop();
    unwatchQueueDepth(this.queues);
    await Promise.allSettled(this.queues.map((queue) => queue.close()));
  }
}

/**
 * A consumer of one domain-event queue. `apply` must be idempotent (derive from the rows); a
 * failure is retried with backoff. A worker killed mid-batch has its job taken over.
 */
export function startDomainEventWorker(
  queue: DomainEventQueueName,
  redis: Redis,
  prefix: string,
  apply: (events: DeliveredDomainEvent[]) => Promise<void>,
): Worker<DomainEventBatch> {
  const logger = new Logger(`events:${queue}`);
  const worker = new Worker<DomainEventBatch>(
    queue,
    (job: Job<DomainEventBatch>) => runJobTraced(job, () => apply(job.data.events)),
    {
      connection: redis,
      prefix,
      concurrency: 4,
      lockDuration: 30_000,
      stalledInterval: 15_000,
    },
  );
  observeWorkerJobs(worker);
  worker.on('error', (error) => logger.error({ msg: 'event worker error', error: error.message }));
  return worker;
}

/** The distinct values of one id field across a batch, sorted (rows are locked in this order). */
export function idsOf<K extends 'feedbackId' | 'videoId'>(events: DeliveredDomainEvent[], key: K): number[] {
  return [...new Set(events.map((event) => event[key]).filter((id): id is number => typeof id === 'number'))].sort(
    (a, b) => a - b,
  );
}

export function userIdsOf(events: DeliveredDomainEvent[]): string[] {
  return [...new Set(events.flatMap((event) => event.userIds))].sort();
}
