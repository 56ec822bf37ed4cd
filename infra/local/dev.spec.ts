// `npm run dev` and `npm run up` share one checkout's lock: either refuses to start beside the
// other, or beside itself, in one line, before it installs, provisions or builds anything. Runs the
// real scripts from a throwaway copy of infra/local (as up.spec.ts does), so the checkout's own
// .data/ is never touched.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from '@jest/globals';

const localDir = fileURLToPath(new URL('.', import.meta.url));
const cleanups: (() => void | Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function checkout(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vf-dev-spec-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(localDir, join(dir, 'infra/local'), { recursive: true, filter: (source) => !source.endsWith('.ts') });
  return dir;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(dir: string, script: 'up' | 'dev', env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(dir, `infra/local/${script}.mjs`)], {
      cwd: dir,
      // The apps' own ports may be in use on this machine: only the ones under test are checked.
      env: { ...process.env, HEALTH_PORT: '0', METRICS_PORT: '0', ...env },
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

/** A long-lived process whose command line names the script, like a running `npm run up` / `dev`. */
function fakeRunning(script: 'up' | 'dev'): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', `infra/local/${script}.mjs`], {
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

async function holdPort(): Promise<number> {
  const server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return (server.address() as { port: number }).port;
}

const oneLine = (result: Run) => {
  expect(result.code).toBe(1);
  expect(result.stdout).toBe('');
  expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(result.stderr).not.toMatch(/\n\s+at |Error:|node:internal/);
  return result.stderr.trimEnd();
};

describe('npm run dev beside another run in the same checkout', () => {
  it('names the npm run up that runs, with its address and pid', async () => {
    const dir = checkout();
    const up = fakeRunning('up');
    writeLock(dir, up.pid!, 'http://localhost:8123');

    expect(oneLine(await run(dir, 'dev', { PORT: String(await holdPort()) }))).toBe(
      `[dev] npm run up is already running at http://localhost:8123 (pid ${up.pid}); stop it with Ctrl+C in its terminal`,
    );
  });

  it('says a second npm run dev is already running, at its web address', async () => {
    const dir = checkout();
    const dev = fakeRunning('dev');
    writeLock(dir, dev.pid!, 'http://localhost:5173');

    expect(oneLine(await run(dir, 'dev', { PORT: String(await holdPort()) }))).toBe(
      `[dev] already running at http://localhost:5173 (pid ${dev.pid}); stop it with Ctrl+C in its terminal`,
    );
  });

  it('makes npm run up name the npm run dev that runs', async () => {
    const dir = checkout();
    const dev = fakeRunning('dev');
    writeLock(dir, dev.pid!, 'http://localhost:5173');

    expect(oneLine(await run(dir, 'up', { PORT: String(await holdPort()) }))).toBe(
      `[up] npm run dev is already running at http://localhost:5173 (pid ${dev.pid}); stop it with Ctrl+C in its terminal`,
    );
  });

  it("names the web app's port when another program holds it, and how to pick another", async () => {
    const dir = checkout();
    const devPort = await holdPort();
    const free = await holdPort();
    // Released again: free for the check, as the gateway's port would be.
    await cleanups.pop()!();

    expect(oneLine(await run(dir, 'dev', { PORT: String(free), DEV_PORT: String(devPort) }))).toBe(
      `[dev] port ${devPort} (the web app (DEV_PORT)) is taken by another program; stop it, or pick another: DEV_PORT=5174 npm run dev`,
    );
  });
});
