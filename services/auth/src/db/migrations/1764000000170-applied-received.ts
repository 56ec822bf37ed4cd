import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The author's feedback the uploader marked applied, as the feedback service states it: part of their points. */
export class AppliedReceived1764000000170 implements MigrationInterface {
  name = 'AppliedReceived1764000000170';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "member_activity" ADD COLUMN "appliedReceived" integer NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "member_activity" DROP COLUMN IF EXISTS "appliedReceived"`);
  }
}
