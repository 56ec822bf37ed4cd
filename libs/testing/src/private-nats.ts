import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createConnection } from 'node:net';
import { APP_NAMES, type AppName } from '@app/contracts';
import { freePort } from './app-process.js';
import { NATS_SERVER_CONF, natsPasswordVariable } from './nats-config.js';

/** A NATS server of one test's own, started with infra/nats/nats-server.conf. */
export interface PrivateNats {
  url: string;
  /** Each app's NATS_USER and NATS_PASSWORD, as startStack's per-app overrides take them. */
  credentials: Record<AppName, { NATS_USER: string; NATS_PASSWORD: string }>;
  stop(): Promise<void>;
}

/**
 * The shared NATS of a test run has no users (so `npm test` and `npm run up` need none); a test
 * of the permissions gets a server with the deployments' configuration, a fresh password per app.
 */
export async function startPrivateNats(configFile = NATS_SERVER_CONF): Promise<PrivateNats> {
  const port = await freePort();
  const credentials = Object.fromEntries(
    APP_NAMES.map((app) => [app, { NATS_USER: app, NATS_PASSWORD: `p${randomBytes(18).toString('hex')}` }]),
  ) as PrivateNats['credentials'];
  const passwords = Object.fromEntries(
    APP_NAMES.map((app) => [natsPasswordVariable(app), credentials[app].NATS_PASSWORD]),
  );
  const binary =
    process.env.NATS_SERVER_PATH ?? (existsSync('/usr/sbin/nats-server') ? '/usr/sbin/nats-server' : 'nats-server');
  let output = '';
  const child: ChildProcess = spawn(binary, ['-c', configFile, '-a', '127.0.0.1', '-p', String(port)], {
    env: { ...process.env, ...passwords },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await exited;
  };

  const deadline = Date.now() + 10_000;
  while (!(await greets(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`nats-server did not start on port ${port}:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url: `nats://127.0.0.1:${port}`, credentials, stop };
}

/** A NATS server greets every client with INFO, before any authentication. */
function greets(port: number): Promise<boolean> {
  return new Promise((resolveGreeting) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('data', (data) => {
      socket.destroy();
      resolveGreeting(data.toString().startsWith('INFO'));
    });
    socket.once('error', () => resolveGreeting(false));
  });
}
