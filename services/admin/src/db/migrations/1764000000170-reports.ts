import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reports and moderation (issue 16 §3): each member's report on a piece of content (one open per
 * member and subject), weighted when made, and what became of it (`outcome`, which is the
 * reporter's accuracy), with the decisions taken on each subject (the audit trail).
 */
export class Reports1764000000170 implements MigrationInterface {
  name = 'Reports1764000000170';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "reports" (
        "id" SERIAL PRIMARY KEY,
        "subjectType" varchar(10) NOT NULL,
        "subjectId" varchar(40) NOT NULL,
        "ownerId" uuid NOT NULL,
        "reporterId" uuid NOT NULL,
        "reason" varchar(20) NOT NULL,
        "note" text,
        "weight" real NOT NULL,
        "outcome" varchar(10) NOT NULL DEFAULT 'open',
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        "decidedAt" timestamptz,
        CONSTRAINT "CHK_reports_subject" CHECK ("subjectType" IN ('video', 'feedback', 'reply', 'user')),
        CONSTRAINT "CHK_reports_reason" CHECK ("reason" IN ('spam', 'abuse', 'inappropriate', 'other')),
        CONSTRAINT "CHK_reports_outcome" CHECK ("outcome" IN ('open', 'kept', 'hidden', 'deleted'))
      )`,
    );
    await q.query(
      `CREATE UNIQUE INDEX "UQ_reports_open_per_reporter" ON "reports" ("reporterId", "subjectType", "subjectId")
        WHERE "outcome" = 'open'`,
    );
    await q.query(`CREATE INDEX "IDX_reports_subject" ON "reports" ("subjectType", "subjectId")`);
    await q.query(`CREATE INDEX "IDX_reports_reporter" ON "reports" ("reporterId")`);
    await q.query(
      `CREATE TABLE "moderation_decisions" (
        "id" SERIAL PRIMARY KEY,
        "subjectType" varchar(10) NOT NULL,
        "subjectId" varchar(40) NOT NULL,
        "action" varchar(10) NOT NULL,
        "adminId" uuid,
        "auto" boolean NOT NULL DEFAULT false,
        "reportIds" integer[] NOT NULL DEFAULT '{}',
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "CHK_moderation_decisions_action" CHECK ("action" IN ('keep', 'hide', 'delete'))
      )`,
    );
    await q.query(
      `CREATE INDEX "IDX_moderation_decisions_subject" ON "moderation_decisions" ("subjectType", "subjectId")`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS "moderation_decisions"`);
    await q.query(`DROP TABLE IF EXISTS "reports"`);
  }
}
