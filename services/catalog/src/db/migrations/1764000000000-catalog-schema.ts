import type { MigrationInterface, QueryRunner } from 'typeorm';
import { DEFAULT_CATEGORIES } from '@app/contracts';
import { createOutboxTable, createTableUnlessMoved } from '@app/database';

/**
 * catalog's tables: categories (seeded once here, so one an admin deletes stays deleted) and
 * bookmarks. A bookmark names a video and a member by id only: they belong to other services.
 */
export class CatalogSchema1764000000000 implements MigrationInterface {
  name = 'CatalogSchema1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await createTableUnlessMoved(q, 'categories', [
      `CREATE TABLE "categories" (
        "id" serial PRIMARY KEY,
        "name" varchar(50) NOT NULL,
        "icon" varchar(50) NOT NULL,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "UQ_categories_name" UNIQUE ("name")
      )`,
      `CREATE UNIQUE INDEX "UQ_categories_name_lower" ON "categories" (lower("name"))`,
      ...DEFAULT_CATEGORIES.map(
        ({ name, icon }) =>
          `INSERT INTO "categories" ("name", "icon") VALUES (${literal(name)}, ${literal(icon)}) ON CONFLICT DO NOTHING`,
      ),
    ]);
    await createTableUnlessMoved(q, 'bookmarks', [
      `CREATE TABLE "bookmarks" (
        "id" serial PRIMARY KEY,
        "userId" uuid NOT NULL,
        "videoId" integer NOT NULL,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "UQ_bookmarks_user_video" UNIQUE ("userId", "videoId")
      )`,
      `CREATE INDEX "IDX_bookmarks_user_recent" ON "bookmarks" ("userId", "createdAt" DESC)`,
    ]);
    await createOutboxTable(q);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['outbox', 'bookmarks', 'categories']) await q.query(`DROP TABLE IF EXISTS "${table}"`);
  }
}

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
