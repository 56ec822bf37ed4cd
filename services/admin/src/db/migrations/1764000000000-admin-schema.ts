import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createTableUnlessMoved } from '@app/database';

/** admin's table: the state of each member deletion the saga carries out, step by step. */
export class AdminSchema1764000000000 implements MigrationInterface {
  name = 'AdminSchema1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await createTableUnlessMoved(q, 'user_deletions', [
      `CREATE TABLE "user_deletions" (
        "userId" uuid PRIMARY KEY,
        "requestedBy" uuid NOT NULL,
        "requestedAt" timestamptz NOT NULL DEFAULT now(),
        "step" varchar(20) NOT NULL DEFAULT 'videos',
        "leaseUntil" timestamptz NOT NULL DEFAULT '-infinity',
        "attempts" integer NOT NULL DEFAULT 0,
        "lastError" text,
        "completedAt" timestamptz,
        CONSTRAINT "CHK_user_deletions_step" CHECK ("step" IN ('videos', 'feedback', 'bookmarks', 'account', 'done'))
      )`,
      `CREATE INDEX "IDX_user_deletions_pending" ON "user_deletions" ("leaseUntil") WHERE "completedAt" IS NULL`,
    ]);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS "user_deletions"`);
  }
}
