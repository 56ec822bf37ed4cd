import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// The one embedded-PostgreSQL starter lives with the local provisioning (plain Node, run before
// any build), which is no Nx project: hence a path, not a package name.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { embeddedPostgres } from '../../../infra/local/lib/embedded-postgres.mjs';
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
  const server = embeddedPostgres({
    dataDir: join(tmpdir(), `private-postgres-${randomBytes(6).toString('hex')}`),
    port,
  });
  try {
    await server.start();
    const admin = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
    await withClient(admin, (client) => client.query(`CREATE DATABASE "${database}"`));
  } catch (error) {
    await server.destroy();
    throw error;
  }
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/${database}`,
    start: () => server.start(),
    stop: () => server.stop(),
    destroy: () => server.destroy(),
  };
}
