import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The revision of the feedback numbers a listing shows (issue 17 §4): the catalog now takes them
 * from the feedback service's events as well as from the video's state, one hop sooner, and keeps
 * whichever is newer.
 */
export class ListingFeedbackStatsRevision1764000000190 implements MigrationInterface {
  name = 'ListingFeedbackStatsRevision1764000000190';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE "video_listings" ADD COLUMN IF NOT EXISTS "feedbackStatsRevision" integer NOT NULL DEFAULT 0`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "video_listings" DROP COLUMN IF EXISTS "feedbackStatsRevision"`);
  }
}
