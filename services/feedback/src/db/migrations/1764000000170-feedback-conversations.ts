import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Conversations on feedback (issue 16 §2): replies one level deep, with the members they mention
 * (by id), and the uploader's "applied" mark, which the author's published numbers count.
 */
export class FeedbackConversations1764000000170 implements MigrationInterface {
  name = 'FeedbackConversations1764000000170';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "feedback" ADD COLUMN "appliedAt" timestamptz`);
    await q.query(`ALTER TABLE "author_stats" ADD COLUMN "appliedReceived" integer NOT NULL DEFAULT 0`);
    await q.query(
      `CREATE TABLE "feedback_replies" (
        "id" SERIAL PRIMARY KEY,
        "feedbackId" integer NOT NULL REFERENCES "feedback" ("id") ON DELETE CASCADE,
        "authorId" uuid NOT NULL,
        "content" text NOT NULL,
        "mentions" uuid[] NOT NULL DEFAULT '{}',
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        "editedAt" timestamptz
      )`,
    );
    await q.query(`CREATE INDEX "IDX_feedback_replies_thread" ON "feedback_replies" ("feedbackId", "id")`);
    await q.query(`CREATE INDEX "IDX_feedback_replies_author" ON "feedback_replies" ("authorId")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS "feedback_replies"`);
    await q.query(`ALTER TABLE "author_stats" DROP COLUMN IF EXISTS "appliedReceived"`);
    await q.query(`ALTER TABLE "feedback" DROP COLUMN IF EXISTS "appliedAt"`);
  }
}
