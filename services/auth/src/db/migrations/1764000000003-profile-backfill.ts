import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Publishes the members who registered before profiles were published: revision 1 for each and
 * one `user.profile-changed.v1` per member in the outbox, so the other services' read models
 * start from them. The payload is the DomainEvent the service records (toPersonState).
 */
export class ProfileBackfill1764000000003 implements MigrationInterface {
  name = 'ProfileBackfill1764000000003';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE "users" SET "profileRevision" = 1 WHERE "profileRevision" = 0`);
    await q.query(
      `INSERT INTO "outbox" ("eventType", "payload")
       SELECT 'user.profile-changed.v1', jsonb_build_object(
         'type', 'user.profile-changed.v1',
         'occurredAt', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
         'userIds', jsonb_build_array(u."id"),
         'person', jsonb_build_object(
           'id', u."id",
           'revision', u."profileRevision",
           'firstName', u."firstName",
           'lastName', u."lastName",
           'image', u."profileImageUrl",
           'removed', false
         )
       )
       FROM "users" u
       ORDER BY u."createdAt", u."id"`,
    );
  }

  /** Published is published: the outbox rows are history, and the revisions only ever grow. */
  async down(): Promise<void> {}
}
