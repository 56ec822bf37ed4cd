import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { NOTIFICATION_TYPES, type NotificationType } from '@app/contracts';
import type { NotificationData, NotificationIntent, NotificationRemoval } from './notification-rules.js';
import type { NotificationRow } from './notification.mapper.js';

const ROW_COLUMNS = `id, "recipientId", type, "actorId", "videoId", "feedbackId", count, data, "readAt", "createdAt", "updatedAt"`;

/** Contributions merge into one notification for this long after it was first recorded. */
const MERGE_WINDOW = `interval '1 day'`;

/**
 * The only file with the notifications service's SQL. Writes for one member hold a lock on that
 * member until commit, and take ids only under it: a member's ids then commit in the order they
 * were taken, so a stream that has sent id N has already seen every id below N (nothing is
 * skipped by "after N").
 */
@Injectable()
export class NotificationsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Records what one batch of events tells and removes, in one transaction. Returns the members
   * whose notifications changed.
   */
  apply(intents: NotificationIntent[], removals: NotificationRemoval[]): Promise<Set<string>> {
    return this.dataSource.transaction(async (manager) => {
      const changed = new Set<string>();
      const recipients = [...new Set(intents.map((intent) => intent.recipientId))].sort();
      // Sorted, so two batches touching the same members never wait on each other in a circle.
      for (const recipientId of recipients) await lockMember(manager, recipientId);
      const disabled = await this.disabledTypes(manager, recipients);
      for (const intent of intents) {
        if (disabled.has(`${intent.recipientId}:${intent.type}`)) continue;
        if (await this.record(manager, intent)) changed.add(intent.recipientId);
      }
      for (const removal of removals) for (const userId of await this.remove(manager, removal)) changed.add(userId);
      return changed;
    });
  }

  /** Applies one removal; the members whose notifications it changed. */
  private async remove(manager: EntityManager, removal: NotificationRemoval): Promise<string[]> {
    if ('recipientId' in removal) {
      await manager.query(`DELETE FROM notification_preferences WHERE "userId" = $1`, [removal.recipientId]);
      await manager.query(`DELETE FROM notifications WHERE "recipientId" = $1`, [removal.recipientId]);
      return [];
    }
    const [where, value] =
      'videoId' in removal
        ? [`"videoId" = $1`, removal.videoId]
        : 'feedbackId' in removal
          ? [`"feedbackId" = $1`, removal.feedbackId]
          : [`(data->>'replyId')::int = $1`, removal.replyId];
    // The news of the moderation decision itself stays with its owner.
    const about = `${where} AND type NOT IN ('content_hidden', 'content_restored', 'content_removed')`;
    const statement =
      removal.change === 'delete'
        ? `DELETE FROM notifications WHERE ${about} RETURNING "recipientId"`
        : `UPDATE notifications SET "hiddenAt" = ${removal.change === 'hide' ? 'now()' : 'NULL'}
            WHERE ${about} AND ("hiddenAt" IS NULL) = ${removal.change === 'hide' ? 'true' : 'false'}
            RETURNING "recipientId"`;
    // An UPDATE or DELETE answers [rows, count] (TypeORM's driver); an INSERT its rows.
    const [rows] = await manager.query<[{ recipientId: string }[], number]>(statement, [value]);
    return rows.map((row) => row.recipientId);
  }

  /** One contribution: new, merged into the member's notification of the last day, or already counted. */
  private async record(manager: EntityManager, intent: NotificationIntent): Promise<boolean> {
    const [fresh] = await manager.query<unknown[]>(
      `INSERT INTO notification_sources (key) VALUES ($1) ON CONFLICT (key) DO NOTHING RETURNING key`,
      [intent.sourceKey],
    );
    if (!fresh) return false;
    if (intent.mergeKey !== null) {
      // A new id: the merged notification is news again, after everything the member has seen.
      const [merged] = await manager.query<[unknown[], number]>(
        `UPDATE notifications SET
           id = nextval('notifications_id_seq'),
           count = count + 1,
           "actorId" = $3,
           data = data || jsonb_build_object('actorName', $4::text,
                                            'stars', COALESCE((data->>'stars')::int, 0) + $5::int),
           "readAt" = NULL,
           "updatedAt" = now()
         WHERE id = (SELECT id FROM notifications
                      WHERE "recipientId" = $1 AND "mergeKey" = $2 AND "createdAt" > now() - ${MERGE_WINDOW}
                      ORDER BY id DESC LIMIT 1)
         RETURNING id`,
        [intent.recipientId, intent.mergeKey, intent.actorId, intent.data.actorName ?? null, intent.data.stars ?? 0],
      );
      if (merged.length) return true;
    }
    await manager.query(
      `INSERT INTO notifications ("recipientId", type, "actorId", "videoId", "feedbackId", "mergeKey", data)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)`,
      [
        intent.recipientId,
        intent.type,
        intent.actorId,
        intent.videoId,
        intent.feedbackId,
        intent.mergeKey,
        JSON.stringify(intent.data satisfies NotificationData),
      ],
    );
    return true;
  }

  private async disabledTypes(manager: EntityManager, userIds: string[]): Promise<Set<string>> {
    if (!userIds.length) return new Set();
    const rows: { userId: string; type: string }[] = await manager.query(
      `SELECT "userId", type FROM notification_preferences WHERE "userId" = ANY($1::uuid[]) AND NOT enabled`,
      [userIds],
    );
    return new Set(rows.map((row) => `${row.userId}:${row.type}`));
  }

  /**
   * A page of the member's notifications, newest first, starting below `beforeId`, with the unread
   * count, both from one snapshot: counted a moment later, the count could name a notification the
   * page (and every later page) never shows.
   */
  page(
    recipientId: string,
    beforeId: number | null,
    limit: number,
  ): Promise<{ rows: NotificationRow[]; unreadCount: number }> {
    return this.inOneSnapshot(async (manager) => ({
      rows: await manager.query<NotificationRow[]>(
        `SELECT ${ROW_COLUMNS} FROM notifications
          WHERE "recipientId" = $1 AND "hiddenAt" IS NULL AND ($2::bigint IS NULL OR id < $2)
          ORDER BY id DESC LIMIT $3`,
        [recipientId, beforeId, limit],
      ),
      unreadCount: await unreadCount(manager, recipientId),
    }));
  }

  /** What came after `afterId` (oldest first, none for null), the newest id and the unread count, from one snapshot. */
  since(
    recipientId: string,
    afterId: number | null,
    limit: number,
  ): Promise<{ rows: NotificationRow[]; latestId: number; unreadCount: number }> {
    return this.inOneSnapshot(async (manager) => {
      const [latest] = await manager.query<{ id: string | null }[]>(
        `SELECT max(id) AS id FROM notifications WHERE "recipientId" = $1`,
        [recipientId],
      );
      const latestId = Number(latest?.id ?? 0);
      const rows =
        afterId === null || afterId >= latestId
          ? []
          : await manager.query<NotificationRow[]>(
              `SELECT ${ROW_COLUMNS} FROM notifications
                WHERE "recipientId" = $1 AND id > $2 AND "hiddenAt" IS NULL ORDER BY id ASC LIMIT $3`,
              [recipientId, afterId, limit],
            );
      return { rows, latestId, unreadCount: await unreadCount(manager, recipientId) };
    });
  }

  private inOneSnapshot<T>(read: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction('REPEATABLE READ', read);
  }

  /** Marks some (or, with null, all) of the member's notifications read: how many changed, and how many stay unread. */
  async markRead(recipientId: string, ids: number[] | null): Promise<{ changed: number; unreadCount: number }> {
    // One statement: the outer SELECT sees the rows as they were before the UPDATE, so the ones it marked are left out.
    const [row] = await this.dataSource.query<{ changed: number; unreadCount: number }[]>(
      `WITH marked AS (
         UPDATE notifications SET "readAt" = now()
          WHERE "recipientId" = $1 AND "readAt" IS NULL AND ($2::bigint[] IS NULL OR id = ANY($2::bigint[]))
          RETURNING id)
       SELECT (SELECT count(*)::int FROM marked) AS changed,
              (SELECT count(*)::int FROM notifications
                WHERE "recipientId" = $1 AND "readAt" IS NULL AND "hiddenAt" IS NULL
                  AND id NOT IN (SELECT id FROM marked)) AS "unreadCount"`,
      [recipientId, ids],
    );
    return { changed: row?.changed ?? 0, unreadCount: row?.unreadCount ?? 0 };
  }

  async preferences(userId: string): Promise<Record<NotificationType, boolean>> {
    const rows: { type: string; enabled: boolean }[] = await this.dataSource.query(
      `SELECT type, enabled FROM notification_preferences WHERE "userId" = $1`,
      [userId],
    );
    const stored = new Map(rows.map((row) => [row.type, row.enabled]));
    return Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, stored.get(type) ?? true])) as Record<
      NotificationType,
      boolean
    >;
  }

  async savePreferences(userId: string, types: Partial<Record<NotificationType, boolean>>): Promise<void> {
    const entries = Object.entries(types);
    if (!entries.length) return;
    await this.dataSource.query(
      `INSERT INTO notification_preferences ("userId", type, enabled)
       SELECT $1, t.type, t.enabled FROM unnest($2::varchar[], $3::boolean[]) AS t(type, enabled)
       ON CONFLICT ("userId", type) DO UPDATE SET enabled = EXCLUDED.enabled`,
      [userId, entries.map(([type]) => type), entries.map(([, enabled]) => enabled)],
    );
  }

  /** Contribution keys are needed only while an event can still be redelivered. */
  async forgetSourcesBefore(days: number): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM notification_sources WHERE "createdAt" < now() - make_interval(days => $1)`,
      [days],
    );
  }
}

function lockMember(manager: EntityManager, recipientId: string): Promise<unknown> {
  return manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`notifications:${recipientId}`]);
}

async function unreadCount(manager: EntityManager, recipientId: string): Promise<number> {
  const [row] = await manager.query<{ count: number }[]>(
    `SELECT count(*)::int AS count FROM notifications
      WHERE "recipientId" = $1 AND "readAt" IS NULL AND "hiddenAt" IS NULL`,
    [recipientId],
  );
  return row?.count ?? 0;
}
