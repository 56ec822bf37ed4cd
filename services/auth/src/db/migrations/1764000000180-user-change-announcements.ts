import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The channel auth's listener hears (UserChangeAnnouncer), payload: the account's id. */
export const USER_CHANGED_CHANNEL = 'auth_user_changed';

/**
 * Every change to an account, as the gateways' cached signed-in users must learn it (issue 17 §3):
 * a trigger on each table a member's own view is made of (`users`, `user_badges`) notifies
 * USER_CHANGED_CHANNEL with the account's id, whoever wrote the row — the service, the
 * promote-admin CLI, a migration, an operator's psql. Postgres delivers it at commit, once per
 * distinct id per transaction.
 */
export class UserChangeAnnouncements1764000000180 implements MigrationInterface {
  name = 'UserChangeAnnouncements1764000000180';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION "announce_user_change"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          PERFORM pg_notify('${USER_CHANGED_CHANNEL}', (to_jsonb(OLD) ->> TG_ARGV[0]));
        ELSE
          PERFORM pg_notify('${USER_CHANGED_CHANNEL}', (to_jsonb(NEW) ->> TG_ARGV[0]));
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER "users_announce_change" AFTER UPDATE OR DELETE ON "users"
      FOR EACH ROW EXECUTE FUNCTION "announce_user_change"('id')`);
    await q.query(`
      CREATE TRIGGER "user_badges_announce_change" AFTER INSERT OR UPDATE OR DELETE ON "user_badges"
      FOR EACH ROW EXECUTE FUNCTION "announce_user_change"('userId')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER IF EXISTS "user_badges_announce_change" ON "user_badges"`);
    await q.query(`DROP TRIGGER IF EXISTS "users_announce_change" ON "users"`);
    await q.query(`DROP FUNCTION IF EXISTS "announce_user_change"()`);
  }
}
