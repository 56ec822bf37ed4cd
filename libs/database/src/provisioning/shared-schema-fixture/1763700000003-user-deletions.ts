import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The user-deletion saga's state (owner: admin-service). A row exists from the admin's request
 * until the account row is gone; `step` is the next step to run, so a crash resumes where it
 * stopped. No foreign key: the row outlives the user it names. While a row without
 * `completedAt` exists, the account can no longer sign in and is hidden from lists.
 */
export class UserDeletions1763700000003 implements MigrationInterface {
  name = 'UserDeletions1763700000003';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "user_deletions" (
        "userId" uuid PRIMARY KEY,
        "requestedBy" uuid NOT NULL,
        "requestedAt" timestamptz NOT NULL DEFAULT now(),
        "step" varchar(20) NOT NULL DEFAULT 'videos',
        "leaseUntil" timestamptz NOT NULL DEFAULT '-infinity',
        "attempts" integer NOT NULL DEFAULT 0,
        "lastError" text,
        "completedAt" timestamptz,
        CONSTRAINT "CHK_user_deletions_step" CHECK ("step" IN ('videos', 'feedback', 'bookmarks', 'account', 'done'))
      )`);
    await q.query(
      `CREATE INDEX "IDX_user_deletions_pending" ON "user_deletions" ("leaseUntil") WHERE "completedAt" IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "user_deletions"`);
  }
}
