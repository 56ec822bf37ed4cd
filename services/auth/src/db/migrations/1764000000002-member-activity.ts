import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * auth stops reading the feedback and video services' tables: points and badges come from the
 * numbers their events carry, kept in `member_activity` with each source's revision. Its own
 * events carry each member's public face with `users.profileRevision`.
 */
export class MemberActivity1764000000002 implements MigrationInterface {
  name = 'MemberActivity1764000000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "profileRevision" integer NOT NULL DEFAULT 0`);
    await q.query(
      `CREATE TABLE IF NOT EXISTS "member_activity" (
        "userId" uuid PRIMARY KEY REFERENCES "users"("id") ON DELETE CASCADE,
        "feedbackGiven" integer NOT NULL DEFAULT 0,
        "helpfulVotesReceived" integer NOT NULL DEFAULT 0,
        "ratingStarsReceived" integer NOT NULL DEFAULT 0,
        "feedbackStatsRevision" integer NOT NULL DEFAULT 0,
        "publishedVideos" integer NOT NULL DEFAULT 0,
        "totalViews" bigint NOT NULL DEFAULT 0,
        "videoStatsRevision" integer NOT NULL DEFAULT 0
      )`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS "member_activity"`);
    await q.query(`ALTER TABLE "users" DROP COLUMN IF EXISTS "profileRevision"`);
  }
}
