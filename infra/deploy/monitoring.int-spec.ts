// Every metric an alert or a dashboard panel of k8s/components/monitoring names is exported by a
// running process: the whole product is started as real processes, given a little work (requests,
// a failing job), and each process's /metrics is scraped. A histogram's _bucket/_sum/_count must
// come from a histogram family; a selector pinned to an app ({app="gateway"}) must be answered by
// that app; and each metric must have samples, not only a declaration.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { APP_NAMES, MEDIA_QUEUES, type AppName } from '@app/contracts';
import { createRedisConnection } from '@app/common';
import { eventually, startStack, type TestStack } from '@app/testing';
import { metricFamily, metricSelectors, monitoringQueries } from '@app/testing/unit';

/**
 * Families that only get samples from work this test does not do: ffprobe/ffmpeg steps run on a
 * real upload (services/media-worker's transcode and probe int-specs exercise them). Their
 * declaration is still required.
 */
const SAMPLED_ONLY_BY_UPLOADS = new Set(['vf_ffmpeg_duration_seconds']);

interface Exposition {
  /** family → type, from the # TYPE lines. */
  types: Map<string, string>;
  /** Every series name that has at least one sample. */
  sampled: Set<string>;
}

function parseExposition(text: string): Exposition {
  const types = new Map<string, string>();
  const sampled = new Set<string>();
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) types.set(type[1]!, type[2]!);
    else if (line && !line.startsWith('#')) sampled.add(/^[^{\s]+/.exec(line)![0]);
  }
  return { types, sampled };
}

let stack: TestStack;
let redis: Redis;

beforeAll(async () => {
  // One process at a time: eight starting at once on a busy machine can miss their start deadline.
  stack = await startStack('monitoring', ['gateway']);
  for (const app of APP_NAMES.filter((name) => name !== 'gateway')) await stack.addReplica(app);
  redis = createRedisConnection(stack.env.REDIS_URL!, 'monitoring-spec');
}, 300_000);

afterAll(async () => {
  redis?.disconnect();
  await stack?.stop();
});

async function scrapeAll(): Promise<Map<AppName, Exposition>> {
  const expositions = new Map<AppName, Exposition>();
  for (const app of APP_NAMES) {
    const running = stack.apps.get(app)![0]!;
    const res = await fetch(`http://127.0.0.1:${running.metricsPort}/metrics`, { signal: AbortSignal.timeout(10_000) });
    expect({ app, status: res.status }).toEqual({ app, status: 200 });
    expositions.set(app, parseExposition(await res.text()));
  }
  return expositions;
}

/** Why a selector is not answered by the scraped processes, or null when it is. */
function problemWith(
  source: string,
  selector: { name: string; app?: string },
  expositions: Map<AppName, Exposition>,
): string | null {
  const { family, histogramPart } = metricFamily(selector.name);
  const candidates = [...expositions].filter(([app]) => selector.app === undefined || app === selector.app);
  if (candidates.length === 0) return `${source}: ${selector.name} names app "${selector.app}", which is not a process`;
  const declaring = candidates.filter(([, exposition]) =>
    histogramPart && exposition.types.get(family) === 'histogram'
      ? true
      : exposition.types.has(selector.name) && exposition.types.get(selector.name) !== 'histogram',
  );
  if (declaring.length === 0)
    return `${source}: ${selector.name} is exported by no ${selector.app ?? 'process'}${histogramPart ? ` (no histogram ${family})` : ''}`;
  if (SAMPLED_ONLY_BY_UPLOADS.has(family)) return null;
  if (!declaring.some(([, exposition]) => exposition.sampled.has(selector.name)))
    return `${source}: ${selector.name} has no samples in ${declaring.map(([app]) => app).join(', ')}`;
  return null;
}

describe('the monitoring component against running processes', () => {
  it('names only metrics that running processes export, with samples', async () => {
    // Some work: requests through the gateway to the services, and a job that fails for good.
    for (const path of ['/api/categories', '/api/videos', '/api/does-not-exist']) {
      await fetch(`${stack.baseUrl}${path}`, { signal: AbortSignal.timeout(10_000) });
    }
    const cleanup = new Queue(MEDIA_QUEUES.cleanup, { connection: redis, prefix: stack.env.QUEUE_PREFIX });
    try {
      const broken = await cleanup.add('cleanup', { keys: 'not-a-list' }, { attempts: 1 });
      await eventually(
        () => broken.getState(),
        (state) => state === 'failed',
      );
    } finally {
      await cleanup.close();
    }

    const queries = monitoringQueries();
    expect(queries.length).toBeGreaterThan(20);
    const problemsNow = (expositions: Map<AppName, Exposition>) =>
      queries.flatMap(({ source, expr }) =>
        metricSelectors(expr).flatMap((selector) => problemWith(source, selector, expositions) ?? []),
      );
    // Relays and queue gauges report on their own rounds: give them a few.
    const settled = await eventually(
      async () => problemsNow(await scrapeAll()),
      (problems) => problems.length === 0,
      30_000,
    ).catch(async () => problemsNow(await scrapeAll()));
    expect(settled).toEqual([]);
  });
});
