// `npm run dev` as a developer sees it: the real script on this run's servers (its own database,
// ports, NATS and queue namespace, lock directory), one run for the whole file. It reaches ready,
// Vite serves the web app and proxies the API (a form's post, the notification stream as it is
// written), saving a server file restarts that app alone, the apps' lines are the readable
// format, and Ctrl-C stops everything it started.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEFAULT_CATEGORIES } from '@app/contracts';
import {
  createIsolatedDatabase,
  eventually,
  freePort,
  REPO_ROOT,
  stackBucket,
  testInfra,
  type IsolatedDatabase,
} from '@app/testing';

const ESC = '\u001b';
const ANSI = new RegExp(`${ESC}\\[[0-9;]*m`, 'g');
/** A pretty line: time of day, level, app[pid], then the message and fields. */
const PRETTY_LINE = /^(\d\d:\d\d:\d\d\.\d{3}) (DEBUG|INFO |WARN |ERROR|FATAL) ([a-z-]+)\[(\d+)\] (.*)$/;
// A file of the catalog service only; the change is a comment, so the code is the same.
const CATALOG_SOURCE = join(REPO_ROOT, 'services/catalog/src/categories/category.mapper.ts');

let dev: ChildProcess;
let exited: Promise<number | null>;
let stdout = '';
let stderr = '';
let database: IsolatedDatabase;
let dataDir: string;
let webUrl: string;
let originalSource: string | undefined;

/** Resolves once what dev printed satisfies `done`; fails with its output after `timeoutMs` or when it exits. */
function untilOutput(done: () => boolean, what: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (done()) finish();
      else if (dev.exitCode !== null) finish(new Error(`npm run dev exited before ${what}:\n${stdout}\n${stderr}`));
    };
    const timer = setTimeout(
      () => finish(new Error(`no ${what} within ${timeoutMs} ms:\n${stdout}\n${stderr}`)),
      timeoutMs,
    );
    const finish = (error?: Error) => {
      clearTimeout(timer);
      dev.stdout!.off('data', check);
      dev.off('exit', check);
      if (error) reject(error);
      else resolve();
    };
    dev.stdout!.on('data', check);
    dev.on('exit', check);
    check();
  });
}

const plainLines = () => stdout.replace(ANSI, '').split('\n');
/** Each app's pid in the latest `started`/`listening` line it wrote. */
function startedPids(): Map<string, string> {
  const pids = new Map<string, string>();
  for (const line of plainLines()) {
    const match = PRETTY_LINE.exec(line);
    if (match && /^(started|listening) /.test(match[5]!)) pids.set(match[3]!, match[4]!);
  }
  return pids;
}

beforeAll(async () => {
  const infra = testInfra();
  database = await createIsolatedDatabase('devcmd');
  dataDir = mkdtempSync(join(tmpdir(), 'vf-dev-spec-'));
  const [port, devPort] = [await freePort(), await freePort()];
  webUrl = `http://localhost:${devPort}`;
  dev = spawn(process.execPath, [join(REPO_ROOT, 'infra/local/dev.mjs')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      S3_BUCKET: stackBucket(infra.s3.S3_BUCKET, 'devcmd'),
      NATS_SUBJECT_PREFIX: `${infra.natsSubjectPrefix}devcmd.`,
      QUEUE_PREFIX: `${infra.queuePrefix}-devcmd`,
      PORT: String(port),
      DEV_PORT: String(devPort),
      HEALTH_PORT: '0',
      METRICS_PORT: '0',
      DEV_DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      PASSWORD_HASH_COST_LOG2: '12',
      // Its output is a pipe here: colour as a terminal would get it.
      FORCE_COLOR: '1',
      NO_COLOR: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  dev.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  dev.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  exited = new Promise((resolve) => dev.once('exit', (code) => resolve(code)));
  await untilOutput(() => stdout.includes('[dev] ready:'), 'ready line', 150_000);
}, 180_000);

afterAll(async () => {
  if (originalSource !== undefined) writeFileSync(CATALOG_SOURCE, originalSource);
  if (dev && dev.exitCode === null) {
    dev.kill('SIGKILL');
    await exited;
  }
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run dev', () => {
  it("prints one ready line with Vite's address, which serves the web app with hot reload", async () => {
    const ready = plainLines().filter((line) => line.includes('[dev] ready:'));
    expect(ready).toHaveLength(1);
    expect(ready[0]).toMatch(new RegExp(`^\\[dev\\] ready: ${webUrl} `));

    const page = await fetch(`${webUrl}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<div id="root">');
    expect(html).toContain('/@vite/client');
  });

  it("answers the API through Vite's proxy: lists, a form's post from the page, the notification stream as it is written", async () => {
    const categories = (await (await fetch(`${webUrl}/api/categories`)).json()) as { name: string }[];
    expect(categories.map((category) => category.name)).toEqual(
      expect.arrayContaining(DEFAULT_CATEGORIES.map((category) => category.name)),
    );

    // As the page posts it: its own origin, which the gateway's cross-site check must accept.
    const registered = await fetch(`${webUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: webUrl },
      body: JSON.stringify({ email: 'dev@example.com', password: 'secret123', firstName: 'Dee', lastName: 'Vee' }),
    });
    expect(registered.status).toBe(201);
    const cookie = registered.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');

    const stream = await fetch(`${webUrl}/api/notifications/stream`, {
      headers: { Cookie: cookie, Accept: 'text/event-stream' },
      signal: AbortSignal.timeout(10_000),
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    // The first event arrives while the stream stays open: nothing waits for the end of the answer.
    const reader = stream.body!.getReader();
    let received = '';
    while (!received.includes('event: unread')) {
      const { value, done } = await reader.read();
      if (done) break;
      received += new TextDecoder().decode(value);
    }
    await reader.cancel();
    expect(received).toContain('event: unread');
  });

  it("writes the apps' lines in the readable format, coloured by level", () => {
    const appLines = stdout.split('\n').filter((line) => PRETTY_LINE.test(line.replace(ANSI, '')));
    // Every app, and no JSON line among them.
    expect(new Set(appLines.map((line) => PRETTY_LINE.exec(line.replace(ANSI, ''))![3]))).toEqual(
      new Set(['gateway', 'auth', 'catalog', 'video', 'feedback', 'admin', 'notifications', 'media-worker']),
    );
    expect(stdout.split('\n').filter((line) => line.startsWith('{'))).toEqual([]);
    const listening = appLines.find((line) => line.includes(' listening '))!;
    expect(listening).toContain(`${ESC}[32mINFO ${ESC}[0m ${ESC}[1mgateway[`);
    expect(listening.replace(ANSI, '')).toMatch(/ INFO {2}gateway\[\d+\] listening url=http:\/\/localhost:\d+ /);
  });

  it('restarts the app whose source is saved, and only it; the API answers again', async () => {
    const before = startedPids();
    originalSource = readFileSync(CATALOG_SOURCE, 'utf8');
    const restarted = async (previousPid: string) => {
      await untilOutput(() => startedPids().get('catalog') !== previousPid, 'restart of catalog', 60_000);
      return startedPids().get('catalog')!;
    };

    writeFileSync(CATALOG_SOURCE, `${originalSource}// saved by dev.int-spec\n`);
    const afterEdit = await restarted(before.get('catalog')!);
    // Put back, and wait until the bundle is the original's again.
    writeFileSync(CATALOG_SOURCE, originalSource);
    originalSource = undefined;
    await restarted(afterEdit);

    expect(plainLines().filter((line) => line.startsWith('[dev] ') && line.includes('changed'))).toEqual([
      '[dev] catalog changed: bundling and restarting',
      '[dev] catalog changed: bundling and restarting',
    ]);
    const after = startedPids();
    for (const name of ['gateway', 'auth', 'video', 'feedback', 'admin', 'notifications', 'media-worker']) {
      expect(after.get(name)).toBe(before.get(name));
    }
    await eventually(
      async () => (await fetch(`${webUrl}/api/categories`)).status,
      (status) => status === 200,
    );
  });

  it('stops everything it started on Ctrl-C', async () => {
    const pids = [...startedPids().values()].map(Number);
    dev.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(plainLines().filter((line) => line.startsWith('[dev] st'))).toEqual(['[dev] stopping…', '[dev] stopped']);
    const alive = pids.filter((pid) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    });
    expect(alive).toEqual([]);
    await expect(fetch(`${webUrl}/`)).rejects.toThrow();
  });
});
