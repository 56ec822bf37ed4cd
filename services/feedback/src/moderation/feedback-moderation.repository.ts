import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { DOMAIN_EVENTS, type ContentSubject, type ModerationFacts, type ModerationSubjectDto } from '@app/contracts';
import { recordDomainEvent } from '@app/database';
import { recordWithStats } from '../stats/feedback-stats.repository.js';

interface SubjectRow {
  ownerId: string;
  hidden: boolean;
  text: string;
  videoId: number;
  feedbackId: number;
  title: string | null;
}

/**
 * Moderation of the feedback service's own content: feedback and replies hidden pending review,
 * restored or deleted, each with its `feedback.moderated` event; hiding or restoring feedback
 * restates the numbers it counts in (its video's and its author's), which leave it out while hidden.
 */
@Injectable()
export class FeedbackModerationRepository {
  constructor(private readonly dataSource: DataSource) {}

  async findSubject(subject: ContentSubject): Promise<ModerationSubjectDto | null> {
    const row = await this.subjectRow(this.dataSource.manager, subject);
    return row
      ? {
          ownerId: row.ownerId,
          hidden: row.hidden,
          title: row.title,
          text: row.text,
          videoId: row.videoId,
          feedbackId: row.feedbackId,
        }
      : null;
  }

  /** Null when there is no such content; unchanged (and nothing recorded) when it already is so. */
  setHidden(subject: ContentSubject, hidden: boolean): Promise<{ changed: boolean } | null> {
    return this.dataSource.transaction(async (manager) => {
      const row = await this.subjectRow(manager, subject, true);
      if (!row) return null;
      if (row.hidden === hidden) return { changed: false };
      const table = subject.subjectType === 'feedback' ? 'feedback' : 'feedback_replies';
      await manager.query(`UPDATE ${table} SET "hiddenAt" = CASE WHEN $2 THEN now() END WHERE id = $1`, [
        subject.id,
        hidden,
      ]);
      await this.recordModerated(manager, subject, row, hidden ? 'hidden' : 'restored');
      return { changed: true };
    });
  }

  /** Deleted with everything under it (votes, ratings, replies); how many pieces went (0 or 1). */
  delete(subject: ContentSubject): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const row = await this.subjectRow(manager, subject, true);
      if (!row) return 0;
      if (subject.subjectType === 'reply') {
        await manager.query(`DELETE FROM feedback_replies WHERE id = $1`, [subject.id]);
      } else {
        await manager.query(`DELETE FROM feedback_votes WHERE "feedbackId" = $1`, [subject.id]);
        await manager.query(`DELETE FROM feedback_ratings WHERE "feedbackId" = $1`, [subject.id]);
        await manager.query(`DELETE FROM feedback WHERE id = $1`, [subject.id]);
      }
      await this.recordModerated(manager, subject, row, 'deleted');
      return 1;
    });
  }

  private async recordModerated(
    manager: EntityManager,
    subject: ContentSubject,
    row: SubjectRow,
    outcome: ModerationFacts['outcome'],
  ): Promise<void> {
    const moderation: ModerationFacts = {
      subjectType: subject.subjectType === 'reply' ? 'reply' : 'feedback',
      subjectId: subject.id,
      ownerId: row.ownerId,
      outcome,
      title: row.title ?? '',
    };
    const event = {
      type: DOMAIN_EVENTS.feedbackModerated,
      feedbackId: row.feedbackId,
      videoId: row.videoId,
      userIds: [row.ownerId],
      moderation,
    };
    if (subject.subjectType === 'reply') {
      await recordDomainEvent(manager, event);
      return;
    }
    // The video's and the author's numbers leave hidden or deleted feedback out: restated with the event.
    const touched = { videoIds: [row.videoId], authorIds: [row.ownerId] };
    await recordWithStats(manager, touched, [{ event, carries: touched }]);
  }

  private async subjectRow(
    manager: EntityManager,
    subject: ContentSubject,
    lock = false,
  ): Promise<SubjectRow | undefined> {
    const [row] = await manager.query<SubjectRow[]>(
      subject.subjectType === 'reply'
        ? `SELECT r."authorId" AS "ownerId", r."hiddenAt" IS NOT NULL AS hidden, r.content AS text,
                  f."videoId", f.id AS "feedbackId", v.title
             FROM feedback_replies r JOIN feedback f ON f.id = r."feedbackId"
             LEFT JOIN video_summaries v ON v.id = f."videoId"
            WHERE r.id = $1${lock ? ' FOR NO KEY UPDATE OF r' : ''}`
        : `SELECT f."authorId" AS "ownerId", f."hiddenAt" IS NOT NULL AS hidden, f.content AS text,
                  f."videoId", f.id AS "feedbackId", v.title
             FROM feedback f LEFT JOIN video_summaries v ON v.id = f."videoId"
            WHERE f.id = $1${lock ? ' FOR UPDATE OF f' : ''}`,
      [subject.id],
    );
    return row;
  }
}
