import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createTableUnlessMoved } from '@app/database';

/** The gateway's table: sessions, as the spec describes it (sid, sess, expire indexed). */
export class GatewaySchema1764000000000 implements MigrationInterface {
  name = 'GatewaySchema1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await createTableUnlessMoved(q, 'sessions', [
      `CREATE TABLE "sessions" (
        "sid" varchar(255) PRIMARY KEY,
        "sess" json NOT NULL,
        "expire" timestamp(6) NOT NULL
      )`,
      `CREATE INDEX "IDX_session_expire" ON "sessions" ("expire")`,
      // Ending every session of a member (password change, deletion) finds them by user id.
      `CREATE INDEX "IDX_sessions_user" ON "sessions" ((sess -> 'passport' ->> 'user'))`,
    ]);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS "sessions"`);
  }
}
