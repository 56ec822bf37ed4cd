import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createOutboxTable, createTableUnlessMoved } from '@app/database';

/** auth's tables: members (spec §3 users), their badges, the first-admin record, its outbox. */
export class AuthSchema1764000000000 implements MigrationInterface {
  name = 'AuthSchema1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await createTableUnlessMoved(q, 'users', [
      `CREATE TABLE "users" (
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
      )`,
    ]);
    await createTableUnlessMoved(q, 'user_badges', [
      `CREATE TABLE "user_badges" (
        "id" serial PRIMARY KEY,
        "userId" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
        "badgeType" varchar(50) NOT NULL,
        "earnedAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "UQ_user_badges_user_type" UNIQUE ("userId", "badgeType")
      )`,
    ]);
    // Once per address, so a demotion sticks across restarts (ADMIN_EMAIL, README "Accounts and admins").
    await createTableUnlessMoved(q, 'admin_bootstraps', [
      `CREATE TABLE "admin_bootstraps" (
        "email" varchar(255) PRIMARY KEY,
        "userId" uuid NOT NULL,
        "outcome" varchar(20) NOT NULL,
        "completedAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "CHK_admin_bootstraps_outcome" CHECK ("outcome" IN ('created', 'promoted'))
      )`,
    ]);
    await createOutboxTable(q);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['outbox', 'admin_bootstraps', 'user_badges', 'users'])
      await q.query(`DROP TABLE IF EXISTS "${table}"`);
  }
}
