/**
 * Every service that records events or jobs keeps its own `outbox` in its own schema, in this
 * one shape, drained by its own relay (OutboxEventEntity maps it). Takes a migration's
 * QueryRunner or a plain pg client (the shared-schema move).
 */
export async function createOutboxTable(q: { query(sql: string): Promise<unknown> }): Promise<void> {
  await q.query(`
    CREATE TABLE IF NOT EXISTS "outbox" (
      "id" bigserial PRIMARY KEY,
      "eventType" varchar(100) NOT NULL,
      "payload" jsonb NOT NULL,
      "createdAt" timestamptz NOT NULL DEFAULT now(),
      "publishedAt" timestamptz,
      "attempts" integer NOT NULL DEFAULT 0
    )`);
  // The relay only ever scans what is still undelivered.
  await q.query(`CREATE INDEX IF NOT EXISTS "IDX_outbox_unpublished" ON "outbox" ("id") WHERE "publishedAt" IS NULL`);
}
