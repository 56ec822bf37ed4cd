import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { CoalescingPoller, isQueueName, JobQueues, withTimeout } from '@app/common';
import { DOMAIN_EVENT_QUEUES, DOMAIN_EVENT_TYPES, type DeliveredDomainEvent, type DomainEvent } from '@app/contracts';
import { onOutboxCommitted } from './outbox-commit.js';
import { drainOutbox, type ClaimedOutboxRow } from './outbox-drain.js';
import { RoundPacer } from './round-pacer.js';
import { MEDIA_JOB_EVENT, type MediaJobOutboxPayload } from './outbox-record.js';

const POLL_MS = 1000;
/**
 * Domain events: once a round finds several rows (commits coming faster than rounds), the next
 * begins at least this much later (RoundPacer); while they come one at a time, each leaves at once.
 * A round per commit sent every few events alone to every consumer's queue, and each batch costs
 * every consumer a job and a transaction (100 ratings in flight, bench:events: 0.33× the
 * baseline's throughput with a round per commit, 0.53–0.59× with rounds 200 ms apart, every number
 * still exact within 0.27 s p99).
 */
const EVENT_ROUND_INTERVAL_MS = 200;
/** Outbox rows per round. */
const BATCH_ROWS = 200;
// With Redis away BullMQ waits for it; the rows stay locked only this long, then the next round retries.
const ADD_TIMEOUT_MS = 5000;

interface OutboxRoute {
  /** The `relay` label of vf_outbox_lag_seconds for this route's rows. */
  relay: string;
  eventTypes: readonly string[];
  /** The least time between two of its rounds that delivered rows (0: a round per wake-up). */
  roundIntervalMs: number;
  /**
   * Queues the route's rows of one round; resolves once every queue has them. `source` is the
   * service whose outbox they come from (its schema): row ids count per outbox.
   */
  deliver(queues: JobQueues, rows: ClaimedOutboxRow[], source: string): Promise<void>;
}

/** Where each type of outbox row goes, each route drained on its own. A row of a type no route names stays undelivered. */
const OUTBOX_ROUTES: readonly OutboxRoute[] = [
  {
    // A job for the one queue it names; its deterministic id makes a re-delivery queue nothing twice.
    // Not paced: the media pipeline's next step waits for it (upload → ready).
    relay: 'outbox-media-jobs',
    eventTypes: [MEDIA_JOB_EVENT],
    roundIntervalMs: 0,
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
    relay: 'outbox',
    eventTypes: DOMAIN_EVENT_TYPES,
    roundIntervalMs: EVENT_ROUND_INTERVAL_MS,
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
 * of replicas share the work (SKIP LOCKED). Each route is drained by a poller of its own, so a
 * media job never waits for a paced round of events.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(OutboxRelay.name);
  private readonly pollers = OUTBOX_ROUTES.map((route) => {
    const pacer = new RoundPacer(route.roundIntervalMs);
    return new CoalescingPoller(() => this.drain(route, pacer), {
      intervalMs: POLL_MS,
      onError: (error) => this.logger.warn({ msg: 'outbox delivery deferred', error: String(error) }),
    });
  });
  private readonly unsubscribe: () => void;
  /** The service whose outbox this relay drains: its schema. */
  private readonly source: string;
  /**
   * The relay's own connection to the service's database. On the service's pool a round waited
   * behind every request queued for a connection (100 ratings in flight: hundreds of ms before
   * their events even left, bench:events), and held one of the requests' connections while it
   * queued the rows in Redis.
   */
  private readonly relayDataSource: DataSource;
  private connecting?: Promise<DataSource>;

  constructor(
    dataSource: DataSource,
    private readonly queues: JobQueues,
  ) {
    const options = dataSource.options as Extract<DataSourceOptions, { type: 'postgres' }>;
    const extra = options.extra as Record<string, unknown> | undefined;
    this.source = options.schema ?? 'public';
    this.relayDataSource = new DataSource({
      ...options,
      applicationName: `${options.applicationName ?? this.source}-outbox-relay`,
      extra: { ...extra, max: OUTBOX_ROUTES.length },
    });
    // From construction on: a commit during another module's start-up is delivered too.
    this.unsubscribe = onOutboxCommitted(dataSource, () => {
      for (const poller of this.pollers) void poller.kick();
    });
  }

  onApplicationBootstrap(): void {
    for (const poller of this.pollers) poller.start();
  }

  /** Connected on first need, and again after a failed attempt (a database away at start-up). */
  private connection(): Promise<DataSource> {
    this.connecting ??= this.relayDataSource.initialize().catch((error: unknown) => {
      this.connecting = undefined;
      throw error;
    });
    return this.connecting;
  }

  private async drain(route: OutboxRoute, pacer: RoundPacer): Promise<void> {
    const wait = pacer.delayMs();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const startedAt = Date.now();
    const delivered = await drainOutbox(
      await this.connection(),
      { relay: route.relay, eventTypes: route.eventTypes, batch: BATCH_ROWS },
      (rows) =>
        withTimeout(
          route.deliver(this.queues, rows, this.source),
          ADD_TIMEOUT_MS,
          'queueing timed out (Redis unavailable?)',
        ),
    );
    pacer.record(startedAt, delivered);
  }

  /** Before the queues close: a batch in hand is finished first. */
  async onModuleDestroy(): Promise<void> {
    this.unsubscribe();
    await Promise.all(this.pollers.map((poller) => poller.stop()));
    await this.connecting?.catch(() => undefined);
    if (this.relayDataSource.isInitialized) await this.relayDataSource.destroy();
  }
}
