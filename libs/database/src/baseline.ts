import type { QueryRunner } from 'typeorm';

/**
 * A service's first migration creates each of its tables unless the table is already there:
 * a database from before per-service schemas has had its tables moved into this schema, in
 * their final shape, by the provisioning step (provisioning/shared-schema-move.ts).
 */
export async function createTableUnlessMoved(
  q: QueryRunner,
  table: string,
  statements: readonly string[],
): Promise<void> {
  const rows = (await q.query(
    `SELECT to_regclass(format('%I.%I', current_schema(), $1::text)) IS NOT NULL AS present`,
    [table],
  )) as { present: boolean }[];
  if (rows[0]?.present) return;
  for (const statement of statements) await q.query(statement);
}
