import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The nine tables of the spec (section 3) with their exact column names, limits and defaults,
 * plus what the pipeline and the event flow need: processing state, storage keys, per-video
 * aggregates and the outbox. Foreign keys cascade from parents so no orphan row can remain.
 */
export class InitialSchema1763700000000 implements MigrationInterface {
  name = 'InitialSchema1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pgcrypto`);

    await q.query(`
      CREATE TABLE "users" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "email" varchar(255) NOT NULL,
        "password" varchar(255) NOT NULL,
        "firstName" varchar(100),
        "lastName" varchar(100),
        "description" text,
        "profileImageUrl" varchar(1024),
        "isAdmin" boolean NOT NULL DEFAULT false,
        "points" integer NOT NULL DEFAULT 0,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        "updatedAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "UQ_users_email" UNIQUE ("email"),
        CONSTRAINT "CHK_users_description_length" CHECK (char_length("description") <= 1000)
      )`);

    await q.query(`
      CREATE TABLE "categories" (
        "id" serial PRIMARY KEY,
        "name" varchar(50) NOT NULL,
        "icon" varchar(50) NOT NULL,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "UQ_categories_name" UNIQUE ("name")
      )`);

    await q.query(`
      CREATE TABLE "videos" (
        "id" serial PRIMARY KEY,
        "title" varchar(200) NOT NULL,
        "description" text,
        "videoUrl" varchar(1024),
        "youtubeUrl" varchar(1024),
        "thumbnailUrl" varchar(1024),
        "thumbnailData" text,
        "duration" integer,
        "fileHash" varchar(64),
        "categoryId" integer REFERENCES "categories"("id") ON DELETE SET NULL,
        "uploaderId" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
        "views" integer NOT NULL DEFAULT 0,
        "processingState" varchar(20) NOT NULL DEFAULT 'ready',
        "hasFileError" boolean NOT NULL DEFAULT false,
        "originalKey" varchar(512),
        "playbackKey" varchar(512),
        "thumbnailKey" varchar(512),
        "sizeBytes" bigint,
        "mimeType" varchar(100),
        "feedbackCount" integer NOT NULL DEFAULT 0,
        "averageRating" real NOT NULL DEFAULT 0,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        "updatedAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "UQ_videos_fileHash" UNIQUE ("fileHash"),
        CONSTRAINT "CHK_videos_processingState" CHECK ("processingState" IN ('uploaded', 'processing', 'ready', 'failed')),
        CONSTRAINT "CHK_videos_description_length" CHECK (char_length("description") <= 5000)
      )`);
    // One index per list sort (newest, most viewed, highest rated, most feedback), each also
    // usable with the category and uploader filters; id breaks ties so pages are stable.
    await q.query(`CREATE INDEX "IDX_videos_recent" ON "videos" ("createdAt" DESC, "id" DESC)`);
    await q.query(`CREATE INDEX "IDX_videos_views" ON "videos" ("views" DESC, "id" DESC)`);
    await q.query(`CREATE INDEX "IDX_videos_rating" ON "videos" ("averageRating" DESC, "id" DESC)`);
    await q.query(`CREATE INDEX "IDX_videos_feedback" ON "videos" ("feedbackCount" DESC, "id" DESC)`);
    await q.query(`CREATE INDEX "IDX_videos_category_recent" ON "videos" ("categoryId", "createdAt" DESC, "id" DESC)`);
    await q.query(`CREATE INDEX "IDX_videos_uploader_recent" ON "videos" ("uploaderId", "createdAt" DESC, "id" DESC)`);

    await q.query(`
      CREATE TABLE "feedback" (
        "id" serial PRIMARY KEY,
        "content" text NOT NULL,
        "videoId" integer NOT NULL REFERENCES "videos"("id") ON DELETE CASCADE,
        "authorId" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
        "helpfulVotes" integer NOT NULL DEFAULT 0,
        "averageRating" real NOT NULL DEFAULT 0,
        "totalRatings" integer NOT NULL DEFAULT 0,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "CHK_feedback_content_length" CHECK (char_length("content") BETWEEN 1 AND 500)
      )`);
    await q.query(`CREATE INDEX "IDX_feedback_video" ON "feedback" ("videoId", "helpfulVotes" DESC, "id" DESC)`);
    await q.query(`CREATE INDEX "IDX_feedback_author" ON "feedback" ("authorId", "createdAt" DESC)`);

    await q.query(`
      CREATE TABLE "bookmarks" (
        "id" serial PRIMARY KEY,
        "userId" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
        "videoId" integer NOT NULL REFERENCES "videos"("id") ON DELETE CASCADE,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "UQ_bookmarks_user_video" UNIQUE ("userId", "videoId")
      )`);
    await q.query(`CREATE INDEX "IDX_bookmarks_user_recent" ON "bookmarks" ("userId", "createdAt" DESC)`);

    await q.query(`
      CREATE TABLE "feedback_votes" (
        "id" serial PRIMARY KEY,
        "feedbackId" integer NOT NULL REFERENCES "feedback"("id") ON DELETE CASCADE,
        "userId" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "UQ_feedback_votes_feedback_user" UNIQUE ("feedbackId", "userId")
      )`);

    await q.query(`
      CREATE TABLE "user_badges" (
        "id" serial PRIMARY KEY,
        "userId" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
        "badgeType" varchar(50) NOT NULL,
        "earnedAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "UQ_user_badges_user_type" UNIQUE ("userId", "badgeType")
      )`);

    await q.query(`
      CREATE TABLE "feedback_ratings" (
        "id" serial PRIMARY KEY,
        "feedbackId" integer NOT NULL REFERENCES "feedback"("id") ON DELETE CASCADE,
        "raterId" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
        "rating" integer NOT NULL,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "UQ_feedback_ratings_feedback_rater" UNIQUE ("feedbackId", "raterId"),
        CONSTRAINT "CHK_feedback_ratings_rating" CHECK ("rating" BETWEEN 1 AND 5)
      )`);

    await q.query(`
      CREATE TABLE "sessions" (
        "sid" varchar(255) PRIMARY KEY,
        "sess" json NOT NULL,
        "expire" timestamp(6) NOT NULL
      )`);
    await q.query(`CREATE INDEX "IDX_session_expire" ON "sessions" ("expire")`);

    await q.query(`
      CREATE TABLE "outbox" (
        "id" bigserial PRIMARY KEY,
        "eventType" varchar(100) NOT NULL,
        "payload" jsonb NOT NULL,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        "publishedAt" timestamptz,
        "attempts" integer NOT NULL DEFAULT 0
      )`);
    // The relay only ever scans what is still undelivered.
    await q.query(`CREATE INDEX "IDX_outbox_unpublished" ON "outbox" ("id") WHERE "publishedAt" IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'outbox',
      'sessions',
      'feedback_ratings',
      'user_badges',
      'feedback_votes',
      'bookmarks',
      'feedback',
      'videos',
      'categories',
      'users',
    ]) {
      await q.query(`DROP TABLE IF EXISTS "${table}"`);
    }
  }
}
