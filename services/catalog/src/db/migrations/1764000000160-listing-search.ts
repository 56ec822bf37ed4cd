import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Server-side search (issue 16 §4): GIN trigram indexes for what a search looks at — a listing's
 * title and description, a person's name — so a search never scans the listing (see
 * videos/video-search.ts). Categories are few and read whole.
 *
 * pg_trgm lives in `public`, created by the provisioning step as the superuser (a service's role
 * may not create extensions); this migration only creates it when its role happens to be allowed,
 * and otherwise says what to run.
 */
export class ListingSearch1764000000160 implements MigrationInterface {
  name = 'ListingSearch1764000000160';

  async up(q: QueryRunner): Promise<void> {
    const [installed] = (await q.query(
      `SELECT extnamespace::regnamespace::text AS schema FROM pg_extension WHERE extname = 'pg_trgm'`,
    )) as Array<{ schema: string }>;
    if (!installed) {
      await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`).catch((error: Error) => {
        throw new Error(
          `the pg_trgm extension is missing and this role may not create it (${error.message}): ` +
            'run the provisioning step (npm run db:provision) with the superuser first',
        );
      });
    } else if (installed.schema !== 'public') {
      throw new Error(`pg_trgm is installed in schema ${installed.schema}; the catalog expects it in public`);
    }
    const listed = `WHERE NOT "removed"`;
    await q.query(
      `CREATE INDEX IF NOT EXISTS "IDX_video_listings_title_trgm" ON "video_listings" USING gin ("title" public.gin_trgm_ops) ${listed}`,
    );
    await q.query(
      `CREATE INDEX IF NOT EXISTS "IDX_video_listings_description_trgm" ON "video_listings" USING gin ("description" public.gin_trgm_ops) ${listed}`,
    );
    await q.query(
      `CREATE INDEX IF NOT EXISTS "IDX_people_name_trgm" ON "people" USING gin ((coalesce("firstName", '') || ' ' || coalesce("lastName", '')) public.gin_trgm_ops) ${listed}`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const index of [
      'IDX_people_name_trgm',
      'IDX_video_listings_description_trgm',
      'IDX_video_listings_title_trgm',
    ])
      await q.query(`DROP INDEX IF EXISTS "${index}"`);
  }
}
