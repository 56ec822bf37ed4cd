import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * auth learns that an admin is deleting an account by the admin service's command
 * (USER_DELETION_REQUESTED_PATTERN), and keeps that fact on its own row instead of reading the
 * admin service's `user_deletions`.
 */
export class DeletionRequested1764000000001 implements MigrationInterface {
  name = 'DeletionRequested1764000000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "deletionRequestedAt" timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "users" DROP COLUMN "deletionRequestedAt"`);
  }
}
