import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Views counted but not yet published (issue 17): a view adds one here in one statement, and the
 * view publisher moves the counts into `videos.views` with one event per video about once a
 * second, so a view no longer costs a transaction, an event and every consumer's work. The
 * videos row is not touched by a view, so views of one video do not queue on its row lock.
 */
export class PendingViews1764000000180 implements MigrationInterface {
  name = 'PendingViews1764000000180';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "pending_views" (
         "videoId" integer PRIMARY KEY REFERENCES "videos"(id) ON DELETE CASCADE,
         "count" integer NOT NULL CHECK ("count" > 0)
       )`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS "pending_views"`);
  }
}
