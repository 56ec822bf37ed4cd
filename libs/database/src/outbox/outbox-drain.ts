import type { DataSource } from 'typeorm';
import { outboxLagSeconds } from '@app/common';

export interface ClaimedOutboxRow {
  id: string;
  eventType: string;
  payload: unknown;
}

export interface OutboxDrainOptions {
  /** The `relay` label of vf_outbox_lag_seconds. */
  relay: string;
  eventTypes: readonly string[];
  /** Rows per round. */
  batch: number;
}

/**
 * What the outbox relay does: in one transaction, claim the oldest undelivered rows of its
 * event types (SKIP LOCKED, so replicas share the work), record how far delivery lags behind,
 * hand the rows to `deliver`, and mark them published only once it resolved — at least once,
 * never lost. Repeats while rounds come back full. Resolves with how many rows it delivered.
 */
export async function drainOutbox(
  dataSource: DataSource,
  options: OutboxDrainOptions,
  deliver: (rows: ClaimedOutboxRow[]) => Promise<void>,
): Promise<number> {
  let delivered = 0;
  for (;;) {
    const claimed = await dataSource.transaction(async (manager) => {
      const rows: (ClaimedOutboxRow & { ageSeconds: string })[] = await manager.query(
        `SELECT id, "eventType", payload, EXTRACT(EPOCH FROM clock_timestamp() - "createdAt") AS "ageSeconds" FROM outbox
          WHERE "publishedAt" IS NULL AND "eventType" = ANY($1)
          ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED`,
        [options.eventTypes, options.batch],
      );
      // The first row is the oldest still undelivered: its age is how far delivery lags behind.
      outboxLagSeconds.set({ relay: options.relay }, rows.length ? Number(rows[0].ageSeconds) : 0);
      if (!rows.length) return 0;
      await deliver(rows.map(({ id, eventType, payload }) => ({ id: String(id), eventType, payload })));
      await manager.query(`UPDATE outbox SET "publishedAt" = now() WHERE id = ANY($1::bigint[])`, [
        rows.map((row) => row.id),
      ]);
      return rows.length;
    });
    delivered += claimed;
    if (claimed < options.batch) return delivered;
  }
}
