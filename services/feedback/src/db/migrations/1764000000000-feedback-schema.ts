import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createOutboxTable, createTableUnlessMoved } from '@app/database';

/**
 * feedback's tables: feedback with its own aggregates, helpful votes, ratings, and its outbox.
 * Votes and ratings cascade from their feedback (same owner); `videoId`, `authorId`, `userId`
 * and `raterId` are ids of other services' rows: no foreign key, deletions arrive by events
 * and the user-deletion saga.
 */
export class FeedbackSchema1764000000000 implements MigrationInterface {
  name = 'FeedbackSchema1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await createTableUnlessMoved(q, 'feedback', [
      `CREATE TABLE "feedback" (
        "id" serial PRIMARY KEY,
        "content" text NOT NULL,
        "videoId" integer NOT NULL,
        "authorId" uuid NOT NULL,
        "helpfulVotes" integer NOT NULL DEFAULT 0,
        "averageRating" real NOT NULL DEFAULT 0,
        "totalRatings" integer NOT NULL DEFAULT 0,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "CHK_feedback_content_length" CHECK (char_length("content") BETWEEN 1 AND 500)
      )`,
      `CREATE INDEX "IDX_feedback_video" ON "feedback" ("videoId", "helpfulVotes" DESC, "id" DESC)`,
      `CREATE INDEX "IDX_feedback_author" ON "feedback" ("authorId", "createdAt" DESC)`,
    ]);
    await createTableUnlessMoved(q, 'feedback_votes', [
      `CREATE TABLE "feedback_votes" (
        "id" serial PRIMARY KEY,
        "feedbackId" integer NOT NULL REFERENCES "feedback"("id") ON DELETE CASCADE,
        "userId" uuid NOT NULL,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "UQ_feedback_votes_feedback_user" UNIQUE ("feedbackId", "userId")
      )`,
    ]);
    await createTableUnlessMoved(q, 'feedback_ratings', [
      `CREATE TABLE "feedback_ratings" (
        "id" serial PRIMARY KEY,
        "feedbackId" integer NOT NULL REFERENCES "feedback"("id") ON DELETE CASCADE,
        "raterId" uuid NOT NULL,
        "rating" integer NOT NULL,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "UQ_feedback_ratings_feedback_rater" UNIQUE ("feedbackId", "raterId"),
        CONSTRAINT "CHK_feedback_ratings_rating" CHECK ("rating" BETWEEN 1 AND 5)
      )`,
    ]);
    await createOutboxTable(q);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['outbox', 'feedback_ratings', 'feedback_votes', 'feedback'])
      await q.query(`DROP TABLE IF EXISTS "${table}"`);
  }
}
