import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { AppName } from '@app/contracts';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT, assertBuilt } from './test-env.js';

export type TestAppName = AppName;

/** App name → built entry point, the same file `npm run up` starts from. */
export const APP_ENTRIES = JSON.parse(readFileSync(resolve(REPO_ROOT, 'infra/app-entries.json'), 'utf8')) as Record<
  TestAppName,
  string
>;

export interface RunningApp {
  name: TestAppName;
  /** The HTTP port: PORT for the gateway, HEALTH_PORT for the others. */
  port: number;
  /** Where /metrics is served: METRICS_PORT for the gateway, HEALTH_PORT for the others. */
  metricsPort: number;
  process: ChildProcess;
  /** Everything the process printed, for assertions and for failure messages. */
  output: () => string;
  /** SIGTERM and wait for a graceful exit. */
  stop: () => Promise<void>;
  /** SIGKILL: the crash case. */
  kill: () => Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/** Starts a built app as a real process and waits until its /healthz answers. */
export async function startApp(name: TestAppName, env: Record<string, string>): Promise<RunningApp> {
  const entry = APP_ENTRIES[name];
  assertBuilt(entry);
  const port = await freePort();
  const portVar = name === 'gateway' ? 'PORT' : 'HEALTH_PORT';
  const metricsPort = name === 'gateway' ? await freePort() : port;
  let output = '';
  const child = spawn(process.execPath, [resolve(REPO_ROOT, entry)], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      ...env,
      [portVar]: String(port),
      ...(name === 'gateway' ? { METRICS_PORT: String(metricsPort) } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));

  const waitExit = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
  const app: RunningApp = {
    name,
    port,
    metricsPort,
    process: child,
    output: () => output,
    stop: () => waitExit('SIGTERM'),
    kill: () => waitExit('SIGKILL'),
  };

  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited during start:\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return app;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  await app.kill();
  throw new Error(`${name} did not answer /healthz within 30 s:\n${output}`);
}

export type LogLine = Record<string, unknown>;

/** An app's JSON log lines; anything else it printed is not a log line and fails the test. */
export function jsonLogLines(app: RunningApp): LogLine[] {
  return app
    .output()
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as LogLine;
      } catch {
        throw new Error(`${app.name} printed a line that is not JSON: ${line}`);
      }
    });
}

/** The documented command that makes an existing account an admin (`npm run admin:promote`). */
const PROMOTE_ADMIN_CLI = 'services/auth/dist/cli/promote-admin.js';

/** Makes an existing account an admin the way an operator does, with the auth service's environment (`stack.envFor('auth')`). */
export async function promoteToAdmin(env: Record<string, string>, email: string): Promise<void> {
  assertBuilt(PROMOTE_ADMIN_CLI);
  await promisify(execFile)(process.execPath, [resolve(REPO_ROOT, PROMOTE_ADMIN_CLI), email], {
    cwd: REPO_ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
  });
}
