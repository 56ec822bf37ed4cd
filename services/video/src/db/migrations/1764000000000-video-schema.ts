import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createOutboxTable, createTableUnlessMoved } from '@app/database';

/**
 * video's tables: videos (spec §3 plus processing state, storage keys and the per-video
 * aggregates its event consumer derives), upload intents, and its outbox (media jobs and video
 * events). `categoryId` and `uploaderId` are ids of other services' rows: no foreign key.
 */
export class VideoSchema1764000000000 implements MigrationInterface {
  name = 'VideoSchema1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await createTableUnlessMoved(q, 'videos', [
      `CREATE TABLE "videos" (
        "id" serial PRIMARY KEY,
        "title" varchar(200) NOT NULL,
        "description" text,
        "videoUrl" varchar(1024),
        "youtubeUrl" varchar(1024),
        "thumbnailUrl" varchar(1024),
        "thumbnailData" text,
        "duration" integer,
        "fileHash" varchar(64),
        "categoryId" integer,
        "uploaderId" uuid NOT NULL,
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
      )`,
      // One index per list sort (newest, most viewed, highest rated, most feedback), each also
      // usable with the category and uploader filters; id breaks ties so pages are stable.
      `CREATE INDEX "IDX_videos_recent" ON "videos" ("createdAt" DESC, "id" DESC)`,
      `CREATE INDEX "IDX_videos_views" ON "videos" ("views" DESC, "id" DESC)`,
      `CREATE INDEX "IDX_videos_rating" ON "videos" ("averageRating" DESC, "id" DESC)`,
      `CREATE INDEX "IDX_videos_feedback" ON "videos" ("feedbackCount" DESC, "id" DESC)`,
      `CREATE INDEX "IDX_videos_category_recent" ON "videos" ("categoryId", "createdAt" DESC, "id" DESC)`,
      `CREATE INDEX "IDX_videos_uploader_recent" ON "videos" ("uploaderId", "createdAt" DESC, "id" DESC)`,
    ]);
    await createTableUnlessMoved(q, 'upload_intents', [
      `CREATE TABLE "upload_intents" (
        "objectKey" varchar(512) PRIMARY KEY,
        "ownerId" uuid NOT NULL,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        "expiresAt" timestamptz NOT NULL
      )`,
      `CREATE INDEX "IDX_upload_intents_expires" ON "upload_intents" ("expiresAt")`,
    ]);
    await createOutboxTable(q);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['outbox', 'upload_intents', 'videos']) await q.query(`DROP TABLE IF EXISTS "${table}"`);
  }
}
