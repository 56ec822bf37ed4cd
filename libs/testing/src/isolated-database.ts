import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { testInfra } from './test-env.js';

export interface IsolatedDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** A fresh, empty database for one test file, named after the run so cleanup can find it. */
export async function createIsolatedDatabase(label: string): Promise<IsolatedDatabase> {
  const infra = testInfra();
  const name = `vf_test_${infra.runId}_${label
    .replace(/[^a-z0-9]/gi, '')
    .toLowerCase()
    .slice(0, 20)}_${randomBytes(3).toString('hex')}`;
  const admin = adminUrl(infra.databaseUrl);
  await withClient(admin, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(infra.databaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () =>
      withClient(admin, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}

function adminUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.pathname = '/postgres';
  return url.toString();
}

export async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
