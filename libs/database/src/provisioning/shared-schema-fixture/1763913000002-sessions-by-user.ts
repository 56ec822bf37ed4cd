import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Finds a member's sessions (owner: gateway) by the user id passport keeps in each, so a
 * password change can end every other session of that member without scanning the table.
 */
export class SessionsByUser1763913000002 implements MigrationInterface {
  name = 'SessionsByUser1763913000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX "IDX_sessions_user" ON "sessions" ((sess -> 'passport' ->> 'user'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "IDX_sessions_user"`);
  }
}
