import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A video hidden pending review (issue 16 §3), as the video service's states say: no list, search
 * or count shows it; only its uploader still opens it. Null in states from before it existed.
 */
export class ListingHidden1764000000170 implements MigrationInterface {
  name = 'ListingHidden1764000000170';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "video_listings" ADD COLUMN "hidden" boolean`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "video_listings" DROP COLUMN IF EXISTS "hidden"`);
  }
}
