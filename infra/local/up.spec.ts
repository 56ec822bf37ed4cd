// `npm run up` refuses to start a second time in one line, before it installs, provisions or
// builds anything. Runs the real script from a throwaway copy of infra/local, so the checkout's own
// .data/ (and a real `npm run up` beside the test) are never touched.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer, type Server as NetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from '@jest/globals';

const localDir = fileURLToPath(new URL('.', import.meta.url));
const cleanups: (() => void | Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A directory laid out like a checkout with only infra/local in it (no node_modules, no build). */
function checkout(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vf-up-spec-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(localDir, join(dir, 'infra/local'), { recursive: true, filter: (source) => !source.endsWith('.ts') });
  return dir;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runUp(dir: string, env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(dir, 'infra/local/up.mjs')], {
      cwd: dir,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // It must answer at once; had it gone on to install or provision, stop it.
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** A long-lived process whose command line names up.mjs, like a running `npm run up`. */
function fakeRunningUp(): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', 'infra/local/up.mjs'], {
    stdio: 'ignore',
  });
  cleanups.push(() => {
    child.kill('SIGKILL');
  });
  return child;
}

function writeLock(dir: string, pid: number, url: string): void {
  mkdirSync(join(dir, '.data'), { recursive: true });
  writeFileSync(join(dir, '.data/up.pid'), JSON.stringify({ pid, url }));
}

/** Holds a port on every interface, as the apps would; `respond` makes it look like our gateway. */
async function holdPort(respond?: 'gateway'): Promise<number> {
  const server: Server | NetServer =
    respond === 'gateway'
      ? createHttpServer((req, res) => {
          res.setHeader('X-Request-Id', 'spec');
          res.setHeader('Content-Type', 'application/json');
          res.end(req.url === '/healthz' ? JSON.stringify({ status: 'ok' }) : '{}');
        })
      : createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return (server.address() as { port: number }).port;
}

const oneLine = (run: Run) => {
  expect(run.stdout).toBe('');
  expect(run.stderr.endsWith('\n')).toBe(true);
  expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(run.stderr).not.toMatch(/\n\s+at |Error:|node:internal/);
  return run.stderr.trimEnd();
};

describe('a second npm run up', () => {
  it('says in one line that one already runs, with its address and pid, and exits 1', async () => {
    const dir = checkout();
    const running = fakeRunningUp();
    writeLock(dir, running.pid!, 'http://localhost:8123');

    const run = await runUp(dir, { PORT: String(await holdPort()) });

    expect(run.code).toBe(1);
    expect(oneLine(run)).toBe(
      `[up] already running at http://localhost:8123 (pid ${running.pid}); stop it with Ctrl+C in its terminal`,
    );
  });

  it('recognises a gateway of this product on its port when no lock file names it', async () => {
    const dir = checkout();
    const port = await holdPort('gateway');

    const run = await runUp(dir, { PORT: String(port) });

    expect(run.code).toBe(1);
    expect(oneLine(run)).toBe(
      `[up] already running at http://localhost:${port} (started from another directory or by hand); stop it first`,
    );
  });

  it('ignores the lock file of an up that is gone, and names a port another program holds', async () => {
    const dir = checkout();
    const gone = fakeRunningUp();
    const pid = gone.pid!;
    await new Promise((resolve) => {
      gone.once('exit', resolve);
      gone.kill('SIGKILL');
    });
    writeLock(dir, pid, 'http://localhost:8123');
    const port = await holdPort();

    const run = await runUp(dir, { PORT: String(port) });

    expect(run.code).toBe(1);
    expect(oneLine(run)).toBe(
      `[up] port ${port} (the gateway (PORT)) is taken by another program; stop it, or pick another: PORT=8090 npm run up`,
    );
  });
});
