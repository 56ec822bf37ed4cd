import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The first-admin bootstrap, done once per address (owner: auth-service). ADMIN_EMAIL and
 * ADMIN_PASSWORD create or promote that account at start only while no row names it, so an
 * admin who later demotes or deletes the account is not overruled at the next restart.
 * No foreign key: the record outlives the account.
 */
export class AdminBootstraps1763913000001 implements MigrationInterface {
  name = 'AdminBootstraps1763913000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "admin_bootstraps" (
        "email" varchar(255) PRIMARY KEY,
        "userId" uuid NOT NULL,
        "outcome" varchar(20) NOT NULL,
        "completedAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "CHK_admin_bootstraps_outcome" CHECK ("outcome" IN ('created', 'promoted'))
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "admin_bootstraps"`);
  }
}
