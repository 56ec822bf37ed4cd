import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './app-process.js';

/** A Redis server of one test's own, which it may stop and start again (data kept in an AOF). */
export interface PrivateRedis {
  /** With the password in it when the server requires one (`redis://:<password>@127.0.0.1:<port>`). */
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and removes its data. */
  destroy(): Promise<void>;
}

/**
 * For outage tests: the run's shared Redis must stay up for every other test, so the stack
 * under test gets its own. Append-only, as in deployments, so jobs survive a restart. With a
 * password, the server requires it from every client (`requirepass`, as in deployments).
 */
export async function startPrivateRedis(options: { password?: string } = {}): Promise<PrivateRedis> {
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'private-redis-'));
  const binary = process.env.REDIS_SERVER_PATH ?? 'redis-server';
  let child: ChildProcess | undefined;

  const start = async () => {
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--dir', dir];
    if (options.password !== undefined) args.push('--requirepass', options.password);
    child = spawn(binary, args, { stdio: 'ignore' });
    const deadline = Date.now() + 10_000;
    while (!(await answers(port))) {
      if (Date.now() > deadline) throw new Error(`redis-server did not start on port ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    url:
      options.password === undefined
        ? `redis://127.0.0.1:${port}`
        : `redis://:${encodeURIComponent(options.password)}@127.0.0.1:${port}`,
    start,
    stop,
    destroy: async () => {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' }, () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      // A server that requires a password answers NOAUTH: it is up all the same.
      resolve(/^(\+PONG|-NOAUTH)/.test(data.toString()));
    });
    socket.once('error', () => resolve(false));
  });
}
