import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEFAULT_CATEGORIES } from '@app/contracts';
import { SERVICE_NAMES } from '@app/contracts';
import { startStack, type TestStack } from '@app/testing';

// The whole product as real processes: gateway → NATS → services → PostgreSQL.
let stack: TestStack;

beforeAll(async () => {
  stack = await startStack('gateway');
});

afterAll(async () => {
  await stack?.stop();
});

const get = (path: string) => fetch(`${stack.baseUrl}${path}`, { signal: AbortSignal.timeout(10_000) });

describe('gateway', () => {
  it('is alive, ready on its own dependencies, and lists every dependency and service as answering', async () => {
    expect((await get('/healthz')).status).toBe(200);
    const ready = await get('/readyz');
    const body = (await ready.json()) as { status: string; checks: Array<{ name: string; ok: boolean }> };
    expect(ready.status).toBe(200);
    expect(body).toEqual({
      status: 'ready',
      checks: [
        { name: 'postgres', ok: true },
        { name: 'nats', ok: true },
      ],
    });

    const all = await get('/healthz/dependencies');
    const dependencies = (await all.json()) as { status: string; checks: Array<{ name: string; ok: boolean }> };
    expect(all.status).toBe(200);
    expect(dependencies.status).toBe('ok');
    expect(dependencies.checks.map((c) => c.name).sort()).toEqual(
      ['postgres', 'redis', 'nats', 's3', ...SERVICE_NAMES.map((s) => `service:${s}`)].sort(),
    );
    expect(dependencies.checks.every((c) => c.ok)).toBe(true);
  });

  it('lists the seeded categories through the catalog service', async () => {
    const res = await get('/api/categories');
    expect(res.status).toBe(200);
    const categories = (await res.json()) as Array<{ id: number; name: string; icon: string }>;
    expect(categories.map(({ name, icon }) => ({ name, icon }))).toEqual(
      [...DEFAULT_CATEGORIES].sort((a, b) => a.name.localeCompare(b.name)).map(({ name, icon }) => ({ name, icon })),
    );
    expect(categories.every((c) => Number.isInteger(c.id))).toBe(true);
  });

  it('answers unknown API paths with a JSON 404 and serves the app on other paths', async () => {
    const missing = await get('/api/does-not-exist');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/json');
    expect(await missing.json()).toEqual({ message: expect.stringContaining('/api/does-not-exist') });

    const page = await get('/video/42');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  });

  it('rejects a malformed JSON body with a 400 JSON error, not a 500', async () => {
    const res = await fetch(`${stack.baseUrl}/api/categories`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: expect.any(String) });
  });

  it('shares traffic across catalog replicas and loses no request when one stops', async () => {
    const second = await stack.addReplica('catalog');
    const [first] = stack.apps.get('catalog')!;
    const statuses: number[] = [];
    let running = true;
    const load = (async () => {
      while (running) {
        const batch = await Promise.all(Array.from({ length: 5 }, () => get('/api/categories').then((r) => r.status)));
        statuses.push(...batch);
      }
    })();
    await new Promise((r) => setTimeout(r, 1000));
    await first!.stop();
    await new Promise((r) => setTimeout(r, 1500));
    running = false;
    await load;

    expect(statuses.length).toBeGreaterThan(20);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(second.process.exitCode).toBeNull();
  });

  it('answers 503 JSON within 5 s when no catalog process is running', async () => {
    for (const replica of stack.apps.get('catalog')!) await replica.stop();

    const started = Date.now();
    const res = await get('/api/categories');
    const elapsed = Date.now() - started;
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      message: expect.stringContaining('catalog service is temporarily unavailable'),
    });
    expect(elapsed).toBeLessThan(5000);

    // The gateway stays in rotation: what it serves without the catalog still works.
    const ready = await get('/readyz');
    expect(ready.status).toBe(200);
    expect((await get('/api/auth/user')).status).toBe(401);
    // The dependency listing names the stopped service.
    const all = await get('/healthz/dependencies');
    expect(all.status).toBe(503);
    const body = (await all.json()) as { status: string; checks: Array<{ name: string; ok: boolean }> };
    expect(body.status).toBe('degraded');
    expect(body.checks.find((c) => c.name === 'service:catalog')).toEqual({ name: 'service:catalog', ok: false });
    expect(body.checks.filter((c) => !c.ok)).toEqual([{ name: 'service:catalog', ok: false }]);
  });
});
