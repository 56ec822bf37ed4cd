import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { DOMAIN_EVENTS } from '@app/contracts';
import { recordDomainEvent } from '@app/database';
import { activityOf } from '../feedback/feedback-activity.js';
import type { FeedbackTarget } from '../feedback/feedback.repository.js';

/** A reply with its author's names and its mentions' names, as the read model knows them. */
export interface ReplyRow {
  id: number;
  feedbackId: number;
  content: string;
  authorId: string;
  authorFirstName: string | null;
  authorLastName: string | null;
  authorImage: string | null;
  /** In the order first written; a member the read model no longer knows has null names. */
  mentions: { id: string; firstName: string | null; lastName: string | null }[];
  createdAt: Date;
  editedAt: Date | null;
  /** Hidden pending review (listed to its author only). */
  hidden: boolean;
}

const REPLY_SELECT = `
  SELECT r.id, r."feedbackId", r.content, r."authorId",
         a."firstName" AS "authorFirstName", a."lastName" AS "authorLastName", a.image AS "authorImage",
         COALESCE((SELECT json_agg(json_build_object('id', m.id, 'firstName', p."firstName", 'lastName', p."lastName")
                                   ORDER BY m.position)
                     FROM unnest(r.mentions) WITH ORDINALITY AS m(id, position)
                     LEFT JOIN people p ON p.id = m.id AND NOT p.removed), '[]') AS mentions,
         r."createdAt", r."editedAt", r."hiddenAt" IS NOT NULL AS hidden
    FROM feedback_replies r LEFT JOIN people a ON a.id = r."authorId" AND NOT a.removed`;

/** The only place the feedback service queries replies. */
@Injectable()
export class RepliesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The reply and its event, in one transaction, under a share lock on the feedback (it cannot be
   * deleted half-way); the event names who replied earlier in the conversation. Null when the
   * feedback went meanwhile.
   */
  insertWithEvent(
    target: FeedbackTarget,
    authorId: string,
    content: string,
    mentions: string[],
  ): Promise<number | null> {
    return this.dataSource.transaction(async (manager) => {
      const [present] = await manager.query<unknown[]>(`SELECT 1 FROM feedback WHERE id = $1 FOR KEY SHARE`, [
        target.id,
      ]);
      if (!present) return null;
      const earlier: { authorId: string }[] = await manager.query(
        `SELECT DISTINCT "authorId" FROM feedback_replies WHERE "feedbackId" = $1`,
        [target.id],
      );
      const [{ id }] = await manager.query<{ id: number }[]>(
        `INSERT INTO feedback_replies ("feedbackId", "authorId", content, mentions)
         VALUES ($1, $2, $3, $4::uuid[]) RETURNING id`,
        [target.id, authorId, content, mentions],
      );
      await this.recordReplied(manager, target, authorId, {
        id,
        newMentionIds: mentions,
        threadMemberIds: earlier.map((row) => row.authorId),
        edited: false,
      });
      return id;
    });
  }

  /** New text and mentions; the event names only the members mentioned for the first time. */
  updateWithEvent(target: FeedbackTarget, reply: ReplyRow, content: string, mentions: string[]): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const [updated] = await manager.query<[unknown[], number]>(
        `UPDATE feedback_replies SET content = $2, mentions = $3::uuid[], "editedAt" = now() WHERE id = $1 RETURNING id`,
        [reply.id, content, mentions],
      );
      if (!updated.length) return false;
      const before = new Set(reply.mentions.map((mention) => mention.id));
      const added = mentions.filter((id) => !before.has(id));
      if (added.length)
        await this.recordReplied(manager, target, reply.authorId, {
          id: reply.id,
          newMentionIds: added,
          threadMemberIds: [],
          edited: true,
        });
      return true;
    });
  }

  async findOne(id: number): Promise<ReplyRow | undefined> {
    const [row] = await this.dataSource.query<ReplyRow[]>(`${REPLY_SELECT} WHERE r.id = $1`, [id]);
    return row;
  }

  /** The conversations under these pieces of feedback, each oldest first; a hidden reply to its author only. */
  findForFeedback(feedbackIds: readonly number[], viewerId: string | null): Promise<ReplyRow[]> {
    if (!feedbackIds.length) return Promise.resolve([]);
    return this.dataSource.query<ReplyRow[]>(
      `${REPLY_SELECT} WHERE r."feedbackId" = ANY($1::int[]) AND (r."hiddenAt" IS NULL OR r."authorId" = $2)
        ORDER BY r.id`,
      [feedbackIds, viewerId],
    );
  }

  private async recordReplied(
    manager: EntityManager,
    target: FeedbackTarget,
    actorId: string,
    reply: { id: number; newMentionIds: string[]; threadMemberIds: string[]; edited: boolean },
  ): Promise<void> {
    await recordDomainEvent(manager, {
      type: DOMAIN_EVENTS.feedbackReplied,
      feedbackId: target.id,
      videoId: target.videoId,
      userIds: [],
      reply,
      ...(await activityOf(manager, { actorId, feedbackAuthorId: target.authorId, videoId: target.videoId })),
    });
  }
}
