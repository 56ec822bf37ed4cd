import type { MigrationInterface, QueryRunner } from 'typeorm';
import { requireTrigramExtension } from '@app/database';

/**
 * The admin panel's search of accounts by name or email (issue 16 §4): GIN trigram indexes, so a
 * substring search (ILIKE '%…%') is answered by an index rather than a scan of every account.
 * pg_trgm lives in `public`, created by the provisioning step (see requireTrigramExtension).
 */
export class UserSearch1764000000160 implements MigrationInterface {
  name = 'UserSearch1764000000160';

  async up(q: QueryRunner): Promise<void> {
    await requireTrigramExtension(q);
    // No pending list (see ListingSearch1764000000160 in the catalog): searches stay index scans between vacuums.
    await q.query(
      `CREATE INDEX IF NOT EXISTS "IDX_users_email_trgm" ON "users" USING gin ("email" public.gin_trgm_ops) WITH (fastupdate = off)`,
    );
    await q.query(
      `CREATE INDEX IF NOT EXISTS "IDX_users_name_trgm" ON "users" USING gin ((coalesce("firstName", '') || ' ' || coalesce("lastName", '')) public.gin_trgm_ops) WITH (fastupdate = off)`,
    );
    // Newest first, for the list's keyset pages.
    await q.query(`CREATE INDEX IF NOT EXISTS "IDX_users_recent" ON "users" ("createdAt" DESC, "id" DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const index of ['IDX_users_recent', 'IDX_users_name_trgm', 'IDX_users_email_trgm'])
      await q.query(`DROP INDEX IF EXISTS "${index}"`);
  }
}
