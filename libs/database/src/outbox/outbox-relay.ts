import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CoalescingPoller, isQueueName, JobQueues, withTimeout } from '@app/common';
import { DOMAIN_EVENT_QUEUES, DOMAIN_EVENT_TYPES, type DeliveredDomainEvent, type DomainEvent } from '@app/contracts';
import { onOutboxCommitted } from './outbox-commit.js';
import { drainOutbox, type ClaimedOutboxRow } from './outbox-drain.js';
import { MEDIA_JOB_EVENT, type MediaJobOutboxPayload } from './outbox-record.js';

const POLL_MS = 1000;
/** Outbox rows per round. */
const BATCH_ROWS = 200;
// With Redis away BullMQ waits for it; the rows stay locked only this long, then the next round retries.
const ADD_TIMEOUT_MS = 5000;

interface OutboxRoute {
  eventTypes: readonly string[];
  /**
   * Queues the route's rows of one round; resolves once every queue has them. `source` is the
   * service whose outbox they come from (its schema): row ids count per outbox.
   */
  deliver(queues: JobQueues, rows: ClaimedOutboxRow[], source: string): Promise<void>;
}

/** Where each type of outbox row goes. A row of a type no route names stays undelivered. */
const OUTBOX_ROUTES: readonly OutboxRoute[] = [
  {
    // A job for the one queue it names; its deterministic id makes a re-delivery queue nothing twice.
    eventTypes: [MEDIA_JOB_EVENT],
    async deliver(queues, rows) {
      for (const row of rows) {
        const job = row.payload as MediaJobOutboxPayload;
        if (!isQueueName(job.queue)) throw new Error(`outbox row ${row.id} names no known queue: ${String(job.queue)}`);
        await queues.add(job.queue, job.name, job.data as never, job.jobId);
      }
    },
  },
  {
    // Consecutive events as one batch to every consumer's queue, so a burst of 1,000 ratings is a
    // few jobs; the id is made of the row ids, so a re-delivered batch is deduplicated by BullMQ or
    // harmless (consumers derive from the rows). Two services' outboxes both count from 1: the
    // source keeps their batches apart.
    eventTypes: DOMAIN_EVENT_TYPES,
    async deliver(queues, rows, source) {
      const events: DeliveredDomainEvent[] = rows.map((row) => ({
        ...(row.payload as DomainEvent),
        outboxId: `${source}:${row.id}`,
      }));
      const jobId = `events-${source}-${rows[0].id}-${rows[rows.length - 1].id}-${rows.length}`;
      await Promise.all(
        Object.values(DOMAIN_EVENT_QUEUES).map((queue) => queues.add(queue, 'events', { events }, jobId)),
      );
    },
  },
];

/**
 * Delivers what the service's transactions recorded in its outbox, routed by row type, at least
 * once: rows are marked published only after their queues have them. Woken after every commit
 * that wrote outbox rows (and polled, for what another replica's crash left behind); any number
 * of replicas share the work (SKIP LOCKED).
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(OutboxRelay.name);
  private readonly poller = new CoalescingPoller(() => this.drain(), {
    intervalMs: POLL_MS,
    onError: (error) => this.logger.warn({ msg: 'outbox delivery deferred', error: String(error) }),
  });
  private readonly unsubscribe: () => void;
  /** The service whose outbox this relay drains: its schema. */
  private readonly source: string;

  constructor(
    private readonly dataSource: DataSource,
    private readonly queues: JobQueues,
  ) {
    this.source = String((dataSource.options as { schema?: string }).schema ?? 'public');
    // From construction on: a commit during another module's start-up is delivered too.
    this.unsubscribe = onOutboxCommitted(dataSource, () => void this.poller.kick());
  }

  onApplicationBootstrap(): void {
    this.poller.start();
  }

  private drain(): Promise<void> {
    return drainOutbox(
      this.dataSource,
      { relay: 'outbox', eventTypes: OUTBOX_ROUTES.flatMap((route) => route.eventTypes), batch: BATCH_ROWS },
      (rows) =>
        withTimeout(
          (async () => {
            for (const route of OUTBOX_ROUTES) {
              const routed = rows.filter((row) => route.eventTypes.includes(row.eventType));
              if (routed.length) await route.deliver(this.queues, routed, this.source);
            }
          })(),
          ADD_TIMEOUT_MS,
          'queueing timed out (Redis unavailable?)',
        ),
    );
  }

  /** Before the queues close: a batch in hand is finished first. */
  async onModuleDestroy(): Promise<void> {
    this.unsubscribe();
    await this.poller.stop();
  }
}
