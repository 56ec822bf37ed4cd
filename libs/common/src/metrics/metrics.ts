import { Logger } from '@nestjs/common';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { runJobTraced, type TraceableJob } from '../logging/trace-context.js';

/**
 * The one Prometheus registry of this process. Every metric is created here, once, so that two
 * modules can never register the same name twice and the names stay in one place.
 */
export const metricsRegistry = new Registry();

let started = false;

/** Labels every series with the process's app name and adds the default Node.js process metrics. */
export function startMetrics(app: string): void {
  if (started) return;
  started = true;
  metricsRegistry.setDefaultLabels({ app });
  collectDefaultMetrics({ register: metricsRegistry });
}

/** The Prometheus text exposition of the registry (collect callbacks run now). */
export function renderMetrics(): Promise<string> {
  return metricsRegistry.metrics();
}

export const METRICS_CONTENT_TYPE = metricsRegistry.contentType;

/** Request/handler latencies: most answers take milliseconds, a slow one seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Queue wait and job processing run from milliseconds to many minutes (a transcode). */
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800];

export const httpRequestDuration = new Histogram({
  name: 'vf_http_request_duration_seconds',
  help: 'HTTP requests by method, matched route pattern and status code.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

export const natsHandlerDuration = new Histogram({
  name: 'vf_nats_handler_duration_seconds',
  help: 'NATS message handlers by subject pattern (without the namespace prefix) and outcome.',
  labelNames: ['pattern', 'outcome'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

export const jobWaitSeconds = new Histogram({
  name: 'vf_job_wait_seconds',
  help: 'Time from a job being added to its first attempt starting, by queue.',
  labelNames: ['queue'] as const,
  buckets: JOB_BUCKETS,
  registers: [metricsRegistry],
});

export const jobProcessingSeconds = new Histogram({
  name: 'vf_job_processing_seconds',
  help: 'Time one attempt of a job took (completed or failed), by queue.',
  labelNames: ['queue'] as const,
  buckets: JOB_BUCKETS,
  registers: [metricsRegistry],
});

export const jobFailures = new Counter({
  name: 'vf_job_failures_total',
  help: 'Failed job attempts (each retry counts), by queue.',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
});

export const ffmpegDuration = new Histogram({
  name: 'vf_ffmpeg_duration_seconds',
  help: 'Wall time of one ffmpeg/ffprobe step, by step.',
  labelNames: ['step'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
  registers: [metricsRegistry],
});

export const notificationStreamsOpen = new Gauge({
  name: 'vf_notification_streams_open',
  help: 'Notification streams (Server-Sent Events) this gateway is serving now.',
  registers: [metricsRegistry],
});

export const notificationStreamErrors = new Counter({
  name: 'vf_notification_stream_errors_total',
  help: 'Notification stream failures by stage: start (the replay could not be asked for; the stream ends), catch_up (the notifications service did not answer; asked again later).',
  labelNames: ['stage'] as const,
  registers: [metricsRegistry],
});

export const outboxLagSeconds = new Gauge({
  name: 'vf_outbox_lag_seconds',
  help: 'Age of the oldest unpublished outbox row the relay saw on its last round (0 when none), by relay.',
  labelNames: ['relay'] as const,
  registers: [metricsRegistry],
});

/** What the queue gauges need of a BullMQ Queue (structural, so this library needs no BullMQ import). */
export interface CountableQueue {
  readonly name: string;
  getJobCounts(...types: string[]): Promise<Record<string, number>>;
  /** Jobs of the given states, `asc` oldest first (BullMQ's Queue.getJobs). */
  getJobs(
    types: ('waiting' | 'prioritized')[],
    start?: number,
    end?: number,
    asc?: boolean,
  ): Promise<({ timestamp: number; delay?: number; attemptsMade?: number; processedOn?: number } | undefined)[]>;
}

const QUEUE_STATES = ['waiting', 'prioritized', 'delayed', 'active', 'failed'] as const;
/** A scrape must not hang on a Redis that does not answer (BullMQ connections retry forever). */
const QUEUE_COUNT_TIMEOUT_MS = 2000;
const watchedQueues = new Map<string, CountableQueue>();
let pendingCounts: Promise<Map<string, Record<string, number>>> | undefined;

/** Adds queues whose depth is read on every scrape. */
export function watchQueueDepth(queues: CountableQueue[]): void {
  for (const queue of queues) watchedQueues.set(queue.name, queue);
}

export function unwatchQueueDepth(queues: CountableQueue[]): void {
  for (const queue of queues) watchedQueues.delete(queue.name);
}

/** Both gauges are collected in the same scrape: they share one round of Redis reads. */
function readQueueCounts(): Promise<Map<string, Record<string, number>>> {
  pendingCounts ??= (async () => {
    const counts = new Map<string, Record<string, number>>();
    await Promise.all(
      [...watchedQueues.values()].map(async (queue) => {
        let timer: NodeJS.Timeout | undefined;
        try {
          const result = await Promise.race([
            queue.getJobCounts(...QUEUE_STATES),
            new Promise<never>((_, reject) => {
              timer = setTimeout(() => reject(new Error('timed out')), QUEUE_COUNT_TIMEOUT_MS);
            }),
          ]);
          counts.set(queue.name, result);
        } catch {
          // Left out: no series is better than a stale one while Redis is away.
        } finally {
          clearTimeout(timer);
        }
      }),
    );
    return counts;
  })().finally(() => {
    pendingCounts = undefined;
  });
  return pendingCounts;
}

export const queueJobs = new Gauge({
  name: 'vf_queue_jobs',
  help: 'Jobs in a queue by state (waiting, prioritized, delayed, active, failed), read on scrape.',
  labelNames: ['queue', 'state'] as const,
  registers: [metricsRegistry],
  async collect() {
    const counts = await readQueueCounts();
    this.reset();
    for (const [queue, byState] of counts) {
      for (const state of QUEUE_STATES) this.set({ queue, state }, byState[state] ?? 0);
    }
  },
});

/**
 * How many prioritized jobs the backlog age looks at: BullMQ orders them by priority, not by age,
 * so the oldest is the oldest of these (a queue with more prioritized jobs than this already
 * alerts on its backlog).
 */
const PRIORITIZED_AGE_SAMPLE = 100;

/** When the oldest job not yet started became due (added, or its delay ran out), per queue; absent when none waits. */
async function readOldestDue(): Promise<Map<string, number>> {
  const oldest = new Map<string, number>();
  await Promise.all(
    [...watchedQueues.values()].map(async (queue) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        const jobs = await Promise.race([
          Promise.all([
            queue.getJobs(['waiting'], 0, 0, true),
            queue.getJobs(['prioritized'], 0, PRIORITIZED_AGE_SAMPLE - 1, true),
          ]).then((lists) => lists.flat()),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error('timed out')), QUEUE_COUNT_TIMEOUT_MS);
          }),
        ]);
        // A retried job is due its backoff after its last attempt started (a lower bound: the
        // attempt's own length is not recorded), a new one its delay after it was added.
        const due = jobs.flatMap((job) =>
          job ? [(job.attemptsMade && job.processedOn ? job.processedOn : job.timestamp) + (job.delay ?? 0)] : [],
        );
        oldest.set(queue.name, due.length ? Math.min(...due) : Number.NaN);
      } catch {
        // Left out, like the counts: no series while Redis is away.
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return oldest;
}

export const queueOldestJobAge = new Gauge({
  name: 'vf_queue_oldest_job_age_seconds',
  help: 'Seconds since the oldest job not yet started (waiting or prioritized) became due, 0 when none waits, read on scrape.',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
  async collect() {
    const oldest = await readOldestDue();
    this.reset();
    const now = Date.now();
    for (const [queue, due] of oldest) this.set({ queue }, Number.isNaN(due) ? 0 : Math.max(0, now - due) / 1000);
  },
});

export const queueBacklog = new Gauge({
  name: 'vf_queue_backlog',
  // BullMQ keeps prioritized jobs outside the wait list, so "waiting" alone under-counts.
  help: 'Jobs not yet started in a queue: waiting + prioritized + delayed, read on scrape.',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
  async collect() {
    const counts = await readQueueCounts();
    this.reset();
    for (const [queue, byState] of counts) {
      this.set({ queue }, (byState.waiting ?? 0) + (byState.prioritized ?? 0) + (byState.delayed ?? 0));
    }
  },
});

export const jobDeadLetters = new Counter({
  name: 'vf_job_dead_letters_total',
  help: 'Jobs that failed for good (attempts used up, or refused as unrecoverable) and wait in the failed set, by queue.',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
});

/** What the job metrics need of a BullMQ Worker's jobs (structural, as above). */
export interface ObservedJob extends TraceableJob {
  timestamp: number;
  processedOn?: number;
  finishedOn?: number;
  attemptsMade: number;
  opts?: { attempts?: number };
}

/** BullMQ's error for a job that must not be retried (matched by name: no BullMQ import here). */
const UNRECOVERABLE_ERROR = 'UnrecoverableError';

/** True when BullMQ will not try this job again: it stays in the failed set until someone retries it. */
export function isFinalFailure(job: ObservedJob, error: Error | undefined): boolean {
  if (error?.name === UNRECOVERABLE_ERROR) return true;
  // attemptsMade already counts the attempt that just failed.
  return job.attemptsMade >= (job.opts?.attempts ?? 1);
}
export interface ObservableWorker {
  readonly name: string;
  on(event: 'active', listener: (job: ObservedJob) => void): unknown;
  on(event: 'completed', listener: (job: ObservedJob) => void): unknown;
  on(event: 'failed', listener: (job: ObservedJob | undefined, error: Error) => void): unknown;
}

/**
 * Records wait time, processing time and failures of a BullMQ worker's jobs, and logs each
 * outcome in the job's trace (the request that queued it): completions at debug, failed
 * attempts as warnings.
 */
export function observeWorkerJobs(worker: ObservableWorker): void {
  const queue = worker.name;
  const logger = new Logger(`jobs:${queue}`);
  // Present at 0 from the start, so the first failure is an increase an alert can see.
  jobFailures.inc({ queue }, 0);
  jobDeadLetters.inc({ queue }, 0);
  worker.on('active', (job) => {
    // First attempt only: a retry's "wait" would be its backoff delay, not queue congestion.
    if (job.attemptsMade === 0 && job.processedOn) {
      jobWaitSeconds.observe({ queue }, Math.max(0, job.processedOn - job.timestamp) / 1000);
    }
  });
  const finished = (job: ObservedJob | undefined): number | undefined => {
    if (!job?.processedOn || !job.finishedOn) return undefined;
    const millis = Math.max(0, job.finishedOn - job.processedOn);
    jobProcessingSeconds.observe({ queue }, millis / 1000);
    return millis;
  };
  worker.on('completed', (job) => {
    const durationMs = finished(job);
    runJobTraced(job, () => logger.debug({ msg: 'job completed', durationMs }));
  });
  worker.on('failed', (job, error) => {
    jobFailures.inc({ queue });
    if (job && isFinalFailure(job, error)) jobDeadLetters.inc({ queue });
    const durationMs = finished(job);
    const line = { msg: 'job attempt failed', attemptsMade: job?.attemptsMade, durationMs, error: error?.message };
    if (job) runJobTraced(job, () => logger.warn(line));
    else logger.warn(line);
  });
}
