import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the video service publishes of its videos carries revisions (domain-events.ts): each
 * video's state, the feedback numbers it applied, and each uploader's numbers, kept in
 * `uploader_stats` whose row also serializes the changes of one uploader's videos.
 */
export class VideoStateRevisions1764000000001 implements MigrationInterface {
  name = 'VideoStateRevisions1764000000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "videos" ADD COLUMN IF NOT EXISTS "revision" integer NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE "videos" ADD COLUMN IF NOT EXISTS "feedbackStatsRevision" integer NOT NULL DEFAULT 0`);
    await q.query(
      `CREATE TABLE IF NOT EXISTS "uploader_stats" (
        "userId" uuid PRIMARY KEY,
        "revision" integer NOT NULL DEFAULT 0,
        "publishedVideos" integer NOT NULL DEFAULT 0,
        "totalViews" bigint NOT NULL DEFAULT 0
      )`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS "uploader_stats"`);
    await q.query(`ALTER TABLE "videos" DROP COLUMN IF EXISTS "feedbackStatsRevision"`);
    await q.query(`ALTER TABLE "videos" DROP COLUMN IF EXISTS "revision"`);
  }
}
