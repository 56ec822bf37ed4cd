import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the feedback service publishes and what it shows of others. `video_stats` and
 * `author_stats` hold the numbers other services keep a copy of, each with the revision its
 * events carry (bumped under the row's lock in the transaction of every fact that touches it).
 * `people`, `video_summaries` and `category_summaries` are its read model of other services'
 * rows, fed by their owners' events: a row is kept only for a higher revision than it holds, and
 * a removal stays as a tombstone (`removed`) so a late older state never brings it back.
 */
export class FeedbackStatsAndReadModel1764000000001 implements MigrationInterface {
  name = 'FeedbackStatsAndReadModel1764000000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "video_stats" (
        "videoId" integer PRIMARY KEY,
        "revision" integer NOT NULL DEFAULT 1,
        "feedbackCount" integer NOT NULL DEFAULT 0,
        "averageRating" real NOT NULL DEFAULT 0
      )`,
    );
    await q.query(
      `CREATE TABLE "author_stats" (
        "userId" uuid PRIMARY KEY,
        "revision" integer NOT NULL DEFAULT 1,
        "feedbackGiven" integer NOT NULL DEFAULT 0,
        "helpfulVotesReceived" integer NOT NULL DEFAULT 0,
        "ratingStarsReceived" integer NOT NULL DEFAULT 0
      )`,
    );
    await q.query(
      `CREATE TABLE "people" (
        "id" uuid PRIMARY KEY,
        "revision" integer NOT NULL,
        "firstName" text,
        "lastName" text,
        "image" text,
        "removed" boolean NOT NULL DEFAULT false
      )`,
    );
    await q.query(
      `CREATE TABLE "video_summaries" (
        "id" integer PRIMARY KEY,
        "revision" integer NOT NULL,
        "title" text NOT NULL,
        "categoryId" integer,
        "uploaderId" uuid NOT NULL,
        "removed" boolean NOT NULL DEFAULT false
      )`,
    );
    await q.query(
      `CREATE TABLE "category_summaries" (
        "id" integer PRIMARY KEY,
        "revision" integer NOT NULL,
        "name" text NOT NULL,
        "icon" text NOT NULL,
        "removed" boolean NOT NULL DEFAULT false
      )`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['category_summaries', 'video_summaries', 'people', 'author_stats', 'video_stats'])
      await q.query(`DROP TABLE IF EXISTS "${table}"`);
  }
}
