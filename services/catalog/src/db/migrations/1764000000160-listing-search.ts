import type { MigrationInterface, QueryRunner } from 'typeorm';
import { requireTrigramExtension } from '@app/database';

/**
 * Server-side search (issue 16 §4): GIN trigram indexes for what a search looks at — a listing's
 * title and description, a person's name — so a search never scans the listing (see
 * videos/video-search.ts). Categories are few and read whole.
 *
 * pg_trgm lives in `public`, created by the provisioning step as the superuser (a service's role
 * may not create extensions): see requireTrigramExtension.
 */
export class ListingSearch1764000000160 implements MigrationInterface {
  name = 'ListingSearch1764000000160';

  async up(q: QueryRunner): Promise<void> {
    await requireTrigramExtension(q);
    const listed = `WHERE NOT "removed"`;
    // Entries go straight into the index, not a pending list merged later by vacuum: the planner
    // prices a long pending list as a scan, and a search would read the whole listing until the
    // next vacuum. Videos and names change seldom enough to pay for the merge on each write.
    const merged = 'WITH (fastupdate = off)';
    await q.query(
      `CREATE INDEX IF NOT EXISTS "IDX_video_listings_title_trgm" ON "video_listings" USING gin ("title" public.gin_trgm_ops) ${merged} ${listed}`,
    );
    await q.query(
      `CREATE INDEX IF NOT EXISTS "IDX_video_listings_description_trgm" ON "video_listings" USING gin ("description" public.gin_trgm_ops) ${merged} ${listed}`,
    );
    await q.query(
      `CREATE INDEX IF NOT EXISTS "IDX_people_name_trgm" ON "people" USING gin ((coalesce("firstName", '') || ' ' || coalesce("lastName", '')) public.gin_trgm_ops) ${merged} ${listed}`,
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
