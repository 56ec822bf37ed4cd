import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The catalog's listing projection (issue 14, point 2): its own copy of every video and uploader a
 * list shows, fed by the video and auth services' events, so a list is one statement on the
 * catalog's own tables. Strings are `text`: the owners judge lengths, a copy keeps what they said.
 * Each list order keeps an index of its own, partial on what lists show (NOT removed), as the
 * video service's `videos` has (IDX_videos_recent / _views / _rating / _feedback /
 * _category_recent / _uploader_recent).
 */
export class ListingProjection1764000000001 implements MigrationInterface {
  name = 'ListingProjection1764000000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "video_listings" (
        "id" integer PRIMARY KEY,
        "revision" integer NOT NULL,
        "title" text NOT NULL,
        "description" text,
        "categoryId" integer,
        "uploaderId" uuid NOT NULL,
        "youtubeUrl" text,
        "videoUrl" text,
        "thumbnailUrl" text,
        "hasStoredVideo" boolean NOT NULL,
        "hasStoredThumbnail" boolean NOT NULL,
        "thumbnailData" text,
        "duration" integer,
        "processingState" text NOT NULL,
        "hasFileError" boolean NOT NULL,
        "views" integer NOT NULL,
        "feedbackCount" integer NOT NULL,
        "averageRating" real NOT NULL,
        "createdAt" timestamptz NOT NULL,
        "removed" boolean NOT NULL DEFAULT false
      )`);
    const listed = `WHERE NOT "removed"`;
    for (const [name, columns] of [
      ['recent', `"createdAt" DESC, "id" DESC`],
      ['views', `"views" DESC, "id" DESC`],
      ['rating', `"averageRating" DESC, "id" DESC`],
      ['feedback', `"feedbackCount" DESC, "id" DESC`],
      ['category_recent', `"categoryId", "createdAt" DESC, "id" DESC`],
      ['uploader_recent', `"uploaderId", "createdAt" DESC, "id" DESC`],
    ])
      await q.query(`CREATE INDEX "IDX_video_listings_${name}" ON "video_listings" (${columns}) ${listed}`);
    await q.query(`
      CREATE TABLE "people" (
        "id" uuid PRIMARY KEY,
        "revision" integer NOT NULL,
        "firstName" text,
        "lastName" text,
        "image" text,
        "removed" boolean NOT NULL DEFAULT false
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['people', 'video_listings']) await q.query(`DROP TABLE IF EXISTS "${table}"`);
  }
}
