import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { createRedisConnection } from '@app/common';
import { MEDIA_QUEUES } from '@app/contracts';
import { eventually, startStack, type TestAppName, type TestStack } from '@app/testing';

// Prometheus /metrics on every process, never on a public port: the gateway on METRICS_PORT, the
// others on their internal HEALTH_PORT.
let stack: TestStack;
let redis: Redis;

beforeAll(async () => {
  stack = await startStack('metrics', ['gateway', 'auth', 'catalog', 'video', 'media-worker']);
  redis = createRedisConnection(stack.env.REDIS_URL!, 'metrics-spec');
});

afterAll(async () => {
  redis?.disconnect();
  await stack?.stop();
});

const get = (url: string) => fetch(url, { signal: AbortSignal.timeout(10_000) });

async function scrape(app: TestAppName): Promise<string> {
  const running = stack.apps.get(app)?.[0];
  if (!running) throw new Error(`${app} is not running`);
  const res = await get(`http://127.0.0.1:${running.metricsPort}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return res.text();
}

/** The value of the first sample of `name` carrying all of `labels` (label order varies by metric type). */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([^{\s]+)\{(.*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...match[2]!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe('metrics', () => {
  it("serves the gateway's metrics on its metrics port only, not on the public port", async () => {
    const gateway = stack.apps.get('gateway')![0]!;
    expect(gateway.metricsPort).not.toBe(gateway.port);
    const onPublicPort = await get(`${stack.baseUrl}/metrics`);
    expect(onPublicPort.status).toBe(404);
    expect(await onPublicPort.text()).not.toContain('vf_http_request_duration_seconds');
    const onMetricsPort = await get(`http://127.0.0.1:${gateway.metricsPort}/metrics`);
    expect(onMetricsPort.status).toBe(200);
    expect(await onMetricsPort.text()).toContain('# TYPE vf_http_request_duration_seconds histogram');
    // Nothing else lives on the metrics port.
    expect((await get(`http://127.0.0.1:${gateway.metricsPort}/api/categories`)).status).toBe(404);
  });

  it('times gateway requests by route pattern, never by raw URL', async () => {
    expect((await get(`${stack.baseUrl}/api/categories`)).status).toBe(200);
    expect((await get(`${stack.baseUrl}/api/videos/987654321`)).status).toBe(404);

    const text = await scrape('gateway');
    expect(text).toContain('# TYPE vf_http_request_duration_seconds histogram');
    const labels = { method: 'GET', route: '/api/categories', status: '200', app: 'gateway' };
    expect(sample(text, 'vf_http_request_duration_seconds_count', labels)).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'vf_http_request_duration_seconds_count', { route: '/api/videos/:id', status: '404' }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('987654321');
    // Default process metrics, with the app label.
    expect(sample(text, 'process_cpu_user_seconds_total', { app: 'gateway' })).toBeGreaterThan(0);
  });

  it('labels a signed-out list answered from the kept pages with the list route, as any other', async () => {
    const path = '/api/videos?limit=9&sort=views';
    const route = { method: 'GET', route: '/api/videos', status: '200', app: 'gateway' };
    const before = sample(await scrape('gateway'), 'vf_http_request_duration_seconds_count', route) ?? 0;
    // The first is loaded and kept; the next two are answered from the kept page.
    for (let i = 0; i < 3; i++) expect((await get(`${stack.baseUrl}${path}`)).status).toBe(200);
    const text = await scrape('gateway');
    expect(sample(text, 'vf_http_request_duration_seconds_count', route)).toBe(before + 3);
  });

  it('times NATS handlers in the services, by pattern and outcome', async () => {
    expect((await get(`${stack.baseUrl}/api/categories`)).status).toBe(200);
    const text = await scrape('catalog');
    const labels = { pattern: 'catalog.categories.list.v1', outcome: 'ok', app: 'catalog' };
    expect(sample(text, 'vf_nats_handler_duration_seconds_count', labels)).toBeGreaterThanOrEqual(1);
    // The namespace prefix of this run is not part of the label.
    expect(text).not.toContain(`pattern="${stack.env.NATS_SUBJECT_PREFIX}`);
    expect(text).toContain('# TYPE vf_nats_handler_duration_seconds histogram');
    expect(await scrape('auth')).toContain('app="auth"');
  });

  it('reports the outbox lag of the video service relay, of its events and of its media jobs', async () => {
    const relays = ['outbox', 'outbox-media-jobs'];
    const text = await eventually(
      () => scrape('video'),
      (body) => relays.every((relay) => sample(body, 'vf_outbox_lag_seconds', { relay }) !== undefined),
    );
    for (const relay of relays)
      expect(sample(text, 'vf_outbox_lag_seconds', { relay, app: 'video' })).toBeGreaterThanOrEqual(0);
  });

  it('reports queue depth on scrape and job timings and failures from the media worker', async () => {
    const prefix = stack.env.QUEUE_PREFIX;
    const transcode = new Queue(MEDIA_QUEUES.transcode, { connection: redis, prefix });
    const cleanup = new Queue(MEDIA_QUEUES.cleanup, { connection: redis, prefix });
    try {
      // Delayed an hour: counted in the backlog, not run during the test.
      const delayed = await transcode.add('transcode', { videoId: 1, objectKey: 'nothing' }, { delay: 3_600_000 });
      // Malformed: the cleanup worker refuses it at once (an unrecoverable failure).
      const broken = await cleanup.add('cleanup', { keys: 'not-a-list' }, { attempts: 1 });
      await eventually(
        () => broken.getState(),
        (state) => state === 'failed',
      );

      const text = await eventually(
        () => scrape('media-worker'),
        (body) => sample(body, 'vf_job_failures_total', { queue: 'media-cleanup' }) === 1,
      );
      const worker = { app: 'media-worker' };
      expect(sample(text, 'vf_queue_backlog', { ...worker, queue: 'media-transcode' })).toBe(1);
      expect(sample(text, 'vf_queue_jobs', { ...worker, queue: 'media-transcode', state: 'delayed' })).toBe(1);
      for (const queue of Object.values(MEDIA_QUEUES)) {
        expect(sample(text, 'vf_queue_backlog', { queue })).toBeDefined();
        expect(sample(text, 'vf_queue_jobs', { queue, state: 'prioritized' })).toBeDefined();
      }
      const cleanupJobs = { ...worker, queue: 'media-cleanup' };
      expect(sample(text, 'vf_queue_jobs', { ...cleanupJobs, state: 'failed' })).toBe(1);
      expect(sample(text, 'vf_job_failures_total', cleanupJobs)).toBe(1);
      // One attempt allowed: that failure was final, a dead letter.
      expect(sample(text, 'vf_job_dead_letters_total', cleanupJobs)).toBe(1);
      // The delayed job is not due yet and nothing else waits: no backlog age.
      expect(sample(text, 'vf_queue_oldest_job_age_seconds', { ...worker, queue: 'media-transcode' })).toBe(0);
      expect(sample(text, 'vf_job_wait_seconds_count', cleanupJobs)).toBe(1);
      expect(sample(text, 'vf_job_processing_seconds_count', cleanupJobs)).toBe(1);
      expect(text).toContain('# TYPE vf_ffmpeg_duration_seconds histogram');
      await delayed.remove();
    } finally {
      await Promise.allSettled([transcode.close(), cleanup.close()]);
    }
  });
});
