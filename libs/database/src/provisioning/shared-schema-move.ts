import type pg from 'pg';
import type { DatabaseOwner } from '../service-database.js';
import { createOutboxTable } from '../outbox/outbox-table.js';
import { quoteCatalogName, quoteIdent } from './sql-names.js';

/** Every table of the one shared schema of earlier releases, and the service that owns it now. */
export const SHARED_SCHEMA_TABLE_OWNERS: Readonly<Record<string, DatabaseOwner>> = {
  users: 'auth',
  user_badges: 'auth',
  admin_bootstraps: 'auth',
  categories: 'catalog',
  bookmarks: 'catalog',
  videos: 'video',
  upload_intents: 'video',
  feedback: 'feedback',
  feedback_votes: 'feedback',
  feedback_ratings: 'feedback',
  user_deletions: 'admin',
  sessions: 'gateway',
};

/** The last shared-schema migration every earlier database must have reached before its tables move. */
const LAST_SHARED_SCHEMA_MIGRATION = 'SessionsByUser1763913000002';

export interface SharedSchemaMove {
  tables: string[];
  droppedForeignKeys: string[];
  /** Undelivered outbox rows handed to the outbox of the service that recorded them. */
  outboxRows: Partial<Record<DatabaseOwner, number>>;
}

/**
 * A database from before per-service schemas keeps every table in `public`: move each into its
 * owner's schema (ALTER TABLE … SET SCHEMA keeps rows, sequences, indexes and constraints) and
 * give it to the owner's role. Foreign keys between two owners' tables go (deletions travel by
 * events and the user-deletion saga), undelivered outbox rows move to the recording service's
 * own outbox. All in one transaction: it moves everything or nothing. Returns null when there
 * is nothing to move.
 */
export async function moveSharedSchemaTables(
  client: pg.Client,
  roles: Readonly<Record<DatabaseOwner, string>>,
): Promise<SharedSchemaMove | null> {
  const { rows: marker } = await client.query<{ present: boolean }>(
    `SELECT to_regclass('public.migrations') IS NOT NULL AS present`,
  );
  if (!marker[0].present) return null;
  const { rows: applied } = await client.query<{ name: string }>(`SELECT name FROM public.migrations`);
  if (!applied.some((row) => row.name === LAST_SHARED_SCHEMA_MIGRATION))
    throw new Error(
      `this database's shared schema is older than ${LAST_SHARED_SCHEMA_MIGRATION}: start the previous release once so it migrates, then provision again`,
    );

  await client.query('BEGIN');
  try {
    const droppedForeignKeys = await dropForeignKeysBetweenOwners(client);
    const tables: string[] = [];
    for (const [table, owner] of Object.entries(SHARED_SCHEMA_TABLE_OWNERS)) {
      const { rows } = await client.query<{ present: boolean }>(`SELECT to_regclass($1) IS NOT NULL AS present`, [
        `public.${table}`,
      ]);
      if (!rows[0].present) continue;
      await client.query(`ALTER TABLE public.${quoteIdent(table)} SET SCHEMA ${quoteIdent(owner)}`);
      await client.query(`ALTER TABLE ${quoteIdent(owner)}.${quoteIdent(table)} OWNER TO ${quoteIdent(roles[owner])}`);
      tables.push(`${owner}.${table}`);
    }
    const outboxRows = await splitSharedOutbox(client, roles);
    // Kept, renamed, as the record of what the shared schema had applied.
    await client.query(`ALTER TABLE public.migrations RENAME TO migrations_before_service_schemas`);
    await client.query('COMMIT');
    return { tables, droppedForeignKeys, outboxRows };
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}

async function dropForeignKeysBetweenOwners(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string; child: string; parent: string }>(
    `SELECT c.conname AS name, child.relname AS child, parent.relname AS parent
       FROM pg_constraint c
       JOIN pg_class child ON child.oid = c.conrelid
       JOIN pg_class parent ON parent.oid = c.confrelid
       JOIN pg_namespace n ON n.oid = child.relnamespace
      WHERE c.contype = 'f' AND n.nspname = 'public'`,
  );
  const dropped: string[] = [];
  for (const { name, child, parent } of rows) {
    if (SHARED_SCHEMA_TABLE_OWNERS[child] === SHARED_SCHEMA_TABLE_OWNERS[parent]) continue;
    await client.query(`ALTER TABLE public.${quoteIdent(child)} DROP CONSTRAINT ${quoteCatalogName(name)}`);
    dropped.push(`${child}.${name}`);
  }
  return dropped;
}

/**
 * The shared outbox held the video service's media jobs and video events and the feedback
 * service's events. What was still undelivered moves, in order, to the outbox of the service
 * that recorded it; what was delivered is history and goes with the table.
 */
async function splitSharedOutbox(
  client: pg.Client,
  roles: Readonly<Record<DatabaseOwner, string>>,
): Promise<Partial<Record<DatabaseOwner, number>>> {
  const { rows } = await client.query<{ present: boolean }>(
    `SELECT to_regclass('public.outbox') IS NOT NULL AS present`,
  );
  if (!rows[0].present) return {};
  const moved: Partial<Record<DatabaseOwner, number>> = {};
  const routes: Array<[DatabaseOwner, string]> = [
    ['feedback', `"eventType" LIKE 'feedback.%'`],
    ['video', `"eventType" NOT LIKE 'feedback.%'`],
  ];
  for (const [owner, condition] of routes) {
    const schema = quoteIdent(owner);
    await client.query(`SET LOCAL search_path = ${schema}`);
    await createOutboxTable(client);
    await client.query(`ALTER TABLE ${schema}.outbox OWNER TO ${quoteIdent(roles[owner])}`);
    const result = await client.query(
      `INSERT INTO ${schema}.outbox ("eventType", payload, "createdAt", attempts)
       SELECT "eventType", payload, "createdAt", attempts FROM public.outbox
        WHERE "publishedAt" IS NULL AND ${condition} ORDER BY id`,
    );
    moved[owner] = result.rowCount ?? 0;
  }
  await client.query(`RESET search_path`);
  await client.query(`DROP TABLE public.outbox`);
  return moved;
}
