import type { MigrationInterface, QueryRunner } from 'typeorm';
import { DOMAIN_EVENTS } from '@app/contracts';

/**
 * Publishes every category that exists (the defaults seeded by the first migration and those
 * admins created) once, as `category.changed` at revision 1, the revision a new category's event
 * carries: read models built after the categories start from them. The relay delivers the rows.
 */
export class CategoryEventsBackfill1764000000002 implements MigrationInterface {
  name = 'CategoryEventsBackfill1764000000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `INSERT INTO "outbox" ("eventType", "payload")
       SELECT $1::text, jsonb_build_object(
                'type', $1::text,
                'occurredAt', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                'userIds', '[]'::jsonb,
                'category', jsonb_build_object('id', "id", 'name', "name", 'icon', "icon", 'removed', false, 'revision', 1))
         FROM "categories" ORDER BY "id"`,
      [DOMAIN_EVENTS.categoryChanged],
    );
  }

  async down(): Promise<void> {
    // What was published cannot be taken back; consumers keep what they stored.
  }
}
