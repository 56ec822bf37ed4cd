import type { QueryRunner } from 'typeorm';

/**
 * For a migration that builds trigram indexes: pg_trgm must be installed in `public`, where the
 * provisioning step creates it as the superuser (a service's role may not create extensions). Only
 * creates it when this role happens to be allowed; otherwise says what to run.
 */
export async function requireTrigramExtension(q: QueryRunner): Promise<void> {
  const [installed] = (await q.query(
    `SELECT extnamespace::regnamespace::text AS schema FROM pg_extension WHERE extname = 'pg_trgm'`,
  )) as Array<{ schema: string }>;
  if (installed) {
    if (installed.schema !== 'public')
      throw new Error(`pg_trgm is installed in schema ${installed.schema}; the services expect it in public`);
    return;
  }
  await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`).catch((error: Error) => {
    throw new Error(
      `the pg_trgm extension is missing and this role may not create it (${error.message}): ` +
        'run the provisioning step (npm run db:provision) with the superuser first',
    );
  });
}
