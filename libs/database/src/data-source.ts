import { DataSource } from 'typeorm';
import { connectionOptions, type ServiceDatabase } from './service-database.js';

export interface DataSourceOptions {
  /** The service's own role (never a superuser): it can write only its own schema. */
  url: string;
  applicationName: string;
  database: ServiceDatabase;
}

export function createDataSource({ url, applicationName, database }: DataSourceOptions): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    // Entities and the `migrations` table live in the service's schema; raw SQL finds its
    // tables through the search_path, which names that schema only.
    schema: database.schema,
    entities: database.entities,
    migrations: database.migrations,
    migrationsTableName: 'migrations',
    // Every migration in its own transaction: a failed one leaves the schema at the last good step.
    migrationsTransactionMode: 'each',
    synchronize: false,
    applicationName,
    // A database that does not answer fails the call (503 "database unavailable") within 2 s:
    // before the gateway's own deadline for the service (SERVICE_TIMEOUT_MS, 3 s by default), so
    // the client hears the real cause rather than "the service is not answering".
    extra: {
      max: 10,
      connectionTimeoutMillis: 2000,
      // Its own schema only: it finds its own `outbox` and `migrations`, and nobody else's tables.
      options: connectionOptions(database),
    },
  });
}

/** Arbitrary constant: only one replica of a service migrates its schema at a time. */
const MIGRATION_LOCK_KEY = 727_001;

/**
 * Runs the service's pending migrations under a session-level advisory lock (keyed by its
 * schema), so any number of replicas can start at once and exactly one applies them while the
 * others wait and then find nothing to do.
 */
export async function migrateDatabase(dataSource: DataSource): Promise<string[]> {
  const schema = String((dataSource.options as { schema?: string }).schema ?? 'public');
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1, hashtext($2))', [MIGRATION_LOCK_KEY, schema]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((m) => m.name);
  } finally {
    await runner
      .query('SELECT pg_advisory_unlock($1, hashtext($2))', [MIGRATION_LOCK_KEY, schema])
      .catch(() => undefined);
    await runner.release();
  }
}

/** For a process that only needs its schema migrated at start (the gateway's sessions). */
export async function migrateServiceSchema(options: DataSourceOptions): Promise<string[]> {
  const dataSource = createDataSource(options);
  await dataSource.initialize();
  try {
    return await migrateDatabase(dataSource);
  } finally {
    await dataSource.destroy();
  }
}
