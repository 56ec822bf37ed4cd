import type { DatabaseOwner, ServiceDatabase } from '@app/database';
import { localServiceDatabaseUrls, provisionServiceDatabases } from '@app/database/provisioning';
import { createIsolatedDatabase } from './isolated-database.js';

/**
 * Provisions a database (given by a superuser's URL) as `npm run db:provision` does before a
 * deployment starts, a role and a schema per service, and answers each service's own URL on it.
 */
export async function provisionServiceRoles(adminUrl: string): Promise<Record<DatabaseOwner, string>> {
  const serviceUrls = localServiceDatabaseUrls(adminUrl);
  await provisionServiceDatabases({ adminUrl, serviceUrls });
  return serviceUrls;
}

/** One service's share of a fresh, provisioned database: what its DatabaseModule connects with. */
export interface ServiceTestDatabase {
  /** The service's own role (never a superuser), whose search_path starts with its schema. */
  url: string;
  /** The service's schema, entities and migrations, as its AppModule declares them. */
  definition: ServiceDatabase;
  drop(): Promise<void>;
}

/**
 * A database of its own for one service-tier spec file, provisioned like a deployment's, so the
 * service migrates its schema at boot and its SQL runs with exactly its production privileges.
 */
export async function serviceDatabase(definition: ServiceDatabase): Promise<ServiceTestDatabase> {
  const database = await createIsolatedDatabase(`svc_${definition.schema}`);
  try {
    const serviceUrls = await provisionServiceRoles(database.url);
    return { url: serviceUrls[definition.schema], definition, drop: () => database.drop() };
  } catch (error) {
    await database.drop();
    throw error;
  }
}
