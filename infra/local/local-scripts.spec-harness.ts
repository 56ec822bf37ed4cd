// What up.spec.ts and dev.spec.ts need to run the real `npm run up` / `npm run dev` scripts from a
// throwaway copy of infra/local, so the checkout's own .data/ (and a real run beside the tests)
// are never touched. Everything a test starts or creates is undone after it.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer, type Server as NetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach } from '@jest/globals';

const localDir = fileURLToPath(new URL('.', import.meta.url));
const cleanups: (() => void | Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export type LocalScript = 'up' | 'dev';

/** A directory laid out like a checkout with only infra/local in it (no node_modules, no build). */
export function throwawayCheckout(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vf-local-spec-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(localDir, join(dir, 'infra/local'), { recursive: true, filter: (source) => !source.endsWith('.ts') });
  return dir;
}

/** Runs `infra/local/<script>.mjs` of `dir` to its exit (killed after 20 s: it must answer at once). */
export function runScript(dir: string, script: LocalScript, env: Record<string, string>): Promise<ScriptRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(dir, `infra/local/${script}.mjs`)], {
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

/** A long-lived process whose command line names the script, like a running `npm run up` / `dev`. */
export function fakeRunning(script: LocalScript): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', `infra/local/${script}.mjs`], {
    stdio: 'ignore',
  });
  cleanups.push(() => {
    child.kill('SIGKILL');
  });
  return child;
}

/** The checkout's lock file, as a running `npm run up` or `dev` leaves it. */
export function writeLock(dir: string, pid: number, url: string): void {
  mkdirSync(join(dir, '.data'), { recursive: true });
  writeFileSync(join(dir, '.data/up.pid'), JSON.stringify({ pid, url }));
}

/** Holds a port on every interface, as the apps would; `respond` makes it look like our gateway. */
export async function holdPort(respond?: 'gateway'): Promise<number> {
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

/** A port nothing listens on: held, then released again (as the gateway's port would be). */
export async function freePort(): Promise<number> {
  const port = await holdPort();
  await cleanups.pop()!();
  return port;
}
