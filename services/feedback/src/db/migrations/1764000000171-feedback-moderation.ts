import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Moderation (issue 16 §3): feedback and replies hidden pending review (null while visible), and
 * whether the video they are on is hidden, as the video service's states say.
 */
export class FeedbackModeration1764000000171 implements MigrationInterface {
  name = 'FeedbackModeration1764000000171';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "feedback" ADD COLUMN "hiddenAt" timestamptz`);
    await q.query(`ALTER TABLE "feedback_replies" ADD COLUMN "hiddenAt" timestamptz`);
    await q.query(`ALTER TABLE "video_summaries" ADD COLUMN "hidden" boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "video_summaries" DROP COLUMN IF EXISTS "hidden"`);
    await q.query(`ALTER TABLE "feedback_replies" DROP COLUMN IF EXISTS "hiddenAt"`);
    await q.query(`ALTER TABLE "feedback" DROP COLUMN IF EXISTS "hiddenAt"`);
  }
}
