import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The notifications service's tables. A notification's id comes from one sequence and is taken
 * again when a merged notification changes, so "everything after id N" is exactly what a member's
 * stream has not seen (the stream's Last-Event-ID). Sources record each contribution once. A
 * notification about content moderation hid is hidden with it (`hiddenAt`), and back when restored.
 */
export class NotificationsSchema1764000000170 implements MigrationInterface {
  name = 'NotificationsSchema1764000000170';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SEQUENCE "notifications_id_seq"`);
    await q.query(
      `CREATE TABLE "notifications" (
        "id" bigint PRIMARY KEY DEFAULT nextval('notifications_id_seq'),
        "recipientId" uuid NOT NULL,
        "type" varchar(40) NOT NULL,
        "actorId" uuid,
        "videoId" integer,
        "feedbackId" integer,
        "mergeKey" varchar(100),
        "count" integer NOT NULL DEFAULT 1,
        "data" jsonb NOT NULL DEFAULT '{}',
        "readAt" timestamptz,
        "hiddenAt" timestamptz,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        "updatedAt" timestamptz NOT NULL DEFAULT now()
      )`,
    );
    await q.query(`ALTER SEQUENCE "notifications_id_seq" OWNED BY "notifications"."id"`);
    await q.query(`CREATE INDEX "IDX_notifications_recipient_id" ON "notifications" ("recipientId", "id")`);
    await q.query(
      `CREATE INDEX "IDX_notifications_unread" ON "notifications" ("recipientId") WHERE "readAt" IS NULL AND "hiddenAt" IS NULL`,
    );
    await q.query(
      `CREATE INDEX "IDX_notifications_merge" ON "notifications" ("recipientId", "mergeKey", "createdAt")
        WHERE "mergeKey" IS NOT NULL`,
    );
    await q.query(`CREATE INDEX "IDX_notifications_video" ON "notifications" ("videoId") WHERE "videoId" IS NOT NULL`);
    await q.query(
      `CREATE INDEX "IDX_notifications_feedback" ON "notifications" ("feedbackId") WHERE "feedbackId" IS NOT NULL`,
    );
    await q.query(
      `CREATE TABLE "notification_sources" (
        "key" varchar(120) PRIMARY KEY,
        "createdAt" timestamptz NOT NULL DEFAULT now()
      )`,
    );
    await q.query(`CREATE INDEX "IDX_notification_sources_created" ON "notification_sources" ("createdAt")`);
    await q.query(
      `CREATE TABLE "notification_preferences" (
        "userId" uuid NOT NULL,
        "type" varchar(40) NOT NULL,
        "enabled" boolean NOT NULL,
        PRIMARY KEY ("userId", "type")
      )`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS "notification_preferences"`);
    await q.query(`DROP TABLE IF EXISTS "notification_sources"`);
    await q.query(`DROP TABLE IF EXISTS "notifications"`);
  }
}
