import { DataSource, type Logger } from 'typeorm';
import { createDataSource, migrateDatabase, type ServiceDatabase } from '@app/database';
import { createIsolatedDatabase, type IsolatedDatabase } from './isolated-database.js';
import { provisionServiceRoles } from './service-database.js';

/** A statement as TypeORM sent it, with its parameters. */
export interface SentStatement {
  query: string;
  parameters?: unknown[];
}

/**
 * A fresh database provisioned as a deployment's, and one service's TypeORM connection on it as
 * its own role, migrated, pushing every statement it sends onto `recorded` (a spec empties it
 * before the statements it reads). The caller destroys the connection, then drops the database.
 */
export async function recordingServiceDataSource(
  definition: ServiceDatabase,
  name: string,
  recorded: SentStatement[],
): Promise<{ db: IsolatedDatabase; dataSource: DataSource }> {
  const db = await createIsolatedDatabase(name);
  const serviceUrls = await provisionServiceRoles(db.url);
  const { options } = createDataSource({
    url: serviceUrls[definition.schema],
    applicationName: `${name}-spec`,
    database: definition,
  });
  const logger: Logger = {
    logQuery: (query, parameters) => void recorded.push({ query, parameters: parameters as unknown[] | undefined }),
    logQueryError: () => undefined,
    logQuerySlow: () => undefined,
    logSchemaBuild: () => undefined,
    logMigration: () => undefined,
    log: () => undefined,
  };
  const dataSource = new DataSource({ ...options, logging: ['query'], logger });
  await dataSource.initialize();
  await migrateDatabase(dataSource);
  return { db, dataSource };
}
