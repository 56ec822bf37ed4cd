import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A video hidden pending review by moderation (issue 16 §3): null while visible. */
export class VideoModeration1764000000170 implements MigrationInterface {
  name = 'VideoModeration1764000000170';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "videos" ADD COLUMN "hiddenAt" timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "videos" DROP COLUMN IF EXISTS "hiddenAt"`);
  }
}
