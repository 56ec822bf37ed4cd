import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A search's videos found by their uploader's or category's name (issue 17 §2): each matched name
 * reads its own newest videos first, a few rows from the top of one of these indexes, instead of
 * ranking every video in the category (tens of thousands at a million videos).
 */
export class ListingNameMatches1764000000180 implements MigrationInterface {
  name = 'ListingNameMatches1764000000180';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX IF NOT EXISTS "IDX_video_listings_category_newest" ON "video_listings" ("categoryId", "id" DESC) WHERE NOT "removed"`,
    );
    await q.query(
      `CREATE INDEX IF NOT EXISTS "IDX_video_listings_uploader_newest" ON "video_listings" ("uploaderId", "id" DESC) WHERE NOT "removed"`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS "IDX_video_listings_uploader_newest"`);
    await q.query(`DROP INDEX IF EXISTS "IDX_video_listings_category_newest"`);
  }
}
