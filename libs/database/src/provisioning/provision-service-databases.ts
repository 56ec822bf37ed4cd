import pg from 'pg';
import { DATABASE_OWNERS, type DatabaseOwner } from '../service-database.js';
import { moveSharedSchemaTables, type SharedSchemaMove } from './shared-schema-move.js';
import { quoteIdent } from './sql-names.js';

export interface ProvisionOptions {
  /** A superuser (or a role with CREATEROLE that owns the database), for this one step only. */
  adminUrl: string;
  /** Each owner's connection URL: its role name and password are taken from it. */
  serviceUrls: Readonly<Record<DatabaseOwner, string>>;
}

export interface ProvisionReport {
  database: string;
  roles: Record<DatabaseOwner, string>;
  sharedSchemaMove: SharedSchemaMove | null;
}

// Per database (advisory locks are): two provisioning runs on one database take turns.
const PROVISION_LOCK_KEY = 727_002;

/**
 * The one-shot step before any service starts: one login role per service (never a superuser),
 * one schema per service owned by that role, the tables of an earlier shared schema moved to
 * their owners, and nothing else granted but the transitional reads. Each service then creates
 * and migrates its own tables, connected as its own role. Safe to run again at every start.
 */
export async function provisionServiceDatabases(options: ProvisionOptions): Promise<ProvisionReport> {
  const database = decodeURIComponent(new URL(options.adminUrl).pathname.slice(1));
  const roles = rolesOf(options);
  const client = new pg.Client({ connectionString: options.adminUrl, application_name: 'provision' });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [PROVISION_LOCK_KEY]);
    for (const owner of DATABASE_OWNERS) await ensureRole(client, roles[owner], passwordOf(options.serviceUrls[owner]));
    // Nobody creates anything in `public` any more; each service writes only its own schema.
    await client.query(`REVOKE CREATE ON SCHEMA public FROM PUBLIC`);
    // Extensions a service's role may use but not create (only a superuser, or a database owner,
    // may): pg_trgm for the catalog's search indexes. In `public`, which every role may use.
    await client.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`);
    for (const owner of DATABASE_OWNERS) {
      const role = quoteIdent(roles[owner]);
      await client.query(`GRANT CONNECT ON DATABASE ${quoteIdent(database)} TO ${role}`);
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(owner)} AUTHORIZATION ${role}`);
      await client.query(`ALTER SCHEMA ${quoteIdent(owner)} OWNER TO ${role}`);
    }
    const sharedSchemaMove = await moveSharedSchemaTables(client, roles);
    for (const reader of DATABASE_OWNERS) await revokeForeignAccess(client, reader, roles);
    for (const owner of DATABASE_OWNERS)
      await client.query(
        `ALTER ROLE ${quoteIdent(roles[owner])} IN DATABASE ${quoteIdent(database)} SET search_path = ${quoteIdent(owner)}`,
      );
    return { database, roles, sharedSchemaMove };
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [PROVISION_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}

function rolesOf(options: ProvisionOptions): Record<DatabaseOwner, string> {
  const admin = decodeURIComponent(new URL(options.adminUrl).username);
  const roles = Object.fromEntries(
    DATABASE_OWNERS.map((owner) => [owner, decodeURIComponent(new URL(options.serviceUrls[owner]).username)]),
  ) as Record<DatabaseOwner, string>;
  const seen = new Map<string, DatabaseOwner>();
  for (const owner of DATABASE_OWNERS) {
    const role = roles[owner];
    quoteIdent(role);
    if (role === admin) throw new Error(`${owner} must not connect as the provisioning user ${role}`);
    const other = seen.get(role);
    if (other) throw new Error(`${other} and ${owner} must each connect as a role of their own, not both as ${role}`);
    seen.set(role, owner);
  }
  return roles;
}

const passwordOf = (url: string): string | null => {
  const password = decodeURIComponent(new URL(url).password);
  return password === '' ? null : password;
};

async function ensureRole(client: pg.Client, role: string, password: string | null): Promise<void> {
  const name = quoteIdent(role);
  const { rows } = await client.query<{ rolsuper: boolean }>(`SELECT rolsuper FROM pg_roles WHERE rolname = $1`, [
    role,
  ]);
  if (rows[0]?.rolsuper) throw new Error(`role ${role} is a superuser: a service must never connect as one`);
  if (!rows.length) {
    // Roles are shared by every database of the server: another run may create it meanwhile.
    await client.query(`CREATE ROLE ${name} LOGIN`).catch((error: { code?: string }) => {
      if (error.code !== '42710' && error.code !== '23505') throw error;
    });
  }
  const secret = password === null ? 'PASSWORD NULL' : `PASSWORD ${client.escapeLiteral(password)}`;
  await retriedOnConcurrentRoleChange(() =>
    client.query(`ALTER ROLE ${name} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS ${secret}`),
  );
}

/**
 * Roles are the whole server's, but the provisioning lock is one database's: a run on another
 * database may change the same role row at the same moment, and one of the two is then refused
 * ("tuple concurrently updated"). The change is the same either way, so it is simply made again.
 */
async function retriedOnConcurrentRoleChange<T>(change: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await change();
    } catch (error) {
      if (!isConcurrentUpdate(error) || attempt === ROLE_CHANGE_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, attempt * 20 * Math.random()));
    }
  }
}

const ROLE_CHANGE_ATTEMPTS = 10;
const isConcurrentUpdate = (error: unknown): boolean =>
  (error as { code?: string }).code === 'XX000' && /tuple concurrently updated/.test(String((error as Error).message));

/**
 * Nothing on any other service's schema: what a service needs of another arrives by event into
 * a read model of its own, or by RPC. Also takes back the read-only grants an earlier layout gave
 * while those read models were being built, for existing tables and those created later.
 */
async function revokeForeignAccess(
  client: pg.Client,
  reader: DatabaseOwner,
  roles: Record<DatabaseOwner, string>,
): Promise<void> {
  const readerRole = quoteIdent(roles[reader]);
  for (const owner of DATABASE_OWNERS) {
    if (owner === reader) continue;
    const schema = quoteIdent(owner);
    await client.query(
      `ALTER DEFAULT PRIVILEGES FOR ROLE ${quoteIdent(roles[owner])} IN SCHEMA ${schema} REVOKE ALL ON TABLES FROM ${readerRole}`,
    );
    await client.query(`REVOKE ALL ON ALL TABLES IN SCHEMA ${schema} FROM ${readerRole}`);
    await client.query(`REVOKE ALL ON SCHEMA ${schema} FROM ${readerRole}`);
  }
}

/**
 * Local runs and tests: each service's role on the given server and database, named
 * `vf_<service>` with a password of its own (a development value; deployments set real ones).
 */
export function localServiceDatabaseUrls(adminUrl: string): Record<DatabaseOwner, string> {
  return Object.fromEntries(
    DATABASE_OWNERS.map((owner) => {
      const url = new URL(adminUrl);
      url.username = `vf_${owner}`;
      url.password = `vf_${owner}_local`;
      return [owner, url.toString()];
    }),
  ) as Record<DatabaseOwner, string>;
}
