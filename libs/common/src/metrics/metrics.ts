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

/** What the job metrics need of a BullMQ Worker's jobs (structural, as above). */
interface ObservedJob extends TraceableJob {
  timestamp: number;
  processedOn?: number;
  finishedOn?: number;
  attemptsMade: number;
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
    const durationMs = finished(job);
    const line = { msg: 'job attempt failed', attemptsMade: job?.attemptsMade, durationMs, error: error?.message };
    if (job) runJobTraced(job, () => logger.warn(line));
    else logger.warn(line);
  });
}
