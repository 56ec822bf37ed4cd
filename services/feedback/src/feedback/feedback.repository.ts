import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  DOMAIN_EVENTS,
  type AuthorFeedbackPageQuery,
  type FeedbackDrawing,
  type FeedbackTimecode,
  type VideoFeedbackPageQuery,
} from '@app/contracts';
import { FeedbackRatingEntity } from '../db/entities/feedback-rating.entity.js';
import { FeedbackVoteEntity } from '../db/entities/feedback-vote.entity.js';
import { FeedbackEntity } from '../db/entities/feedback.entity.js';
import { CategorySummaryEntity, PersonEntity, VideoSummaryEntity } from '../db/entities/read-model.entity.js';
import { recordWithStats } from '../stats/feedback-stats.repository.js';
import { activityOf } from './feedback-activity.js';

/**
 * A piece of feedback with the title and category of the video it was given on, as the read
 * model knows them: `videoTitle` is null while it has not heard of the video yet.
 */
export interface AuthorFeedbackRow {
  id: number;
  videoId: number;
  videoTitle: string | null;
  categoryName: string | null;
  categoryIcon: string | null;
  content: string;
  averageRating: number;
  totalRatings: number;
  helpfulVotes: number;
  createdAt: Date;
}

export interface AuthorFeedbackTotalsRow {
  averageRating: number;
  totalFeedback: number;
  totalRatings: number;
  helpfulVotes: number;
}

const AUTHOR_FEEDBACK_COLUMNS: ReadonlyArray<[expression: string, alias: keyof AuthorFeedbackRow]> = [
  ['feedback.id', 'id'],
  ['feedback.videoId', 'videoId'],
  ['video.title', 'videoTitle'],
  ['category.name', 'categoryName'],
  ['category.icon', 'categoryIcon'],
  ['feedback.content', 'content'],
  ['feedback.averageRating', 'averageRating'],
  ['feedback.totalRatings', 'totalRatings'],
  ['feedback.helpfulVotes', 'helpfulVotes'],
  ['feedback.createdAt', 'createdAt'],
];

/** What a member writes: the text, and the moment or range and the drawing it may carry. */
export interface FeedbackContent {
  content: string;
  timecode: FeedbackTimecode | null;
  drawing: FeedbackDrawing | null;
}

/** A piece of feedback on a video with its author's names, as the read model knows them. */
export interface VideoFeedbackRow {
  id: number;
  videoId: number;
  content: string;
  timecodeStart: number | null;
  timecodeEnd: number | null;
  drawing: FeedbackDrawing | null;
  authorId: string;
  authorFirstName: string | null;
  authorLastName: string | null;
  authorImage: string | null;
  /** The read model has a row for the author (false: no event about them has arrived yet). */
  authorKnown: boolean;
  averageRating: number;
  totalRatings: number;
  helpfulVotes: number;
  createdAt: Date;
  viewerVoted: boolean;
  viewerRating: number | null;
  appliedAt: Date | null;
  replyCount: number;
  /** Hidden pending review (listed to its author only). */
  hidden: boolean;
}

export interface FeedbackTarget {
  id: number;
  videoId: number;
  authorId: string;
  /** Hidden pending review: nobody can vote on, rate, reply to or mark it meanwhile. */
  hidden?: boolean;
}

/** A piece of feedback's own numbers, as its vote and rating rows say. */
export interface FeedbackNumbersRow {
  id: number;
  helpfulVotes: number;
  averageRating: number;
  totalRatings: number;
}

export interface CastVoteRow {
  feedbackId: number;
  userId: string;
  createdAt: Date;
}

export interface CastRatingRow {
  feedbackId: number;
  raterId: string;
  rating: number;
  createdAt: Date;
}

/**
 * What became of a vote or rating: stored (with the feedback's numbers that include it), refused
 * because the member had already cast one, or the feedback went in the meantime.
 */
export type CastOutcome<Row> =
  | { outcome: 'cast'; row: Row; numbers: FeedbackNumbersRow }
  | { outcome: 'already-cast' }
  | { outcome: 'feedback-gone' };

/**
 * The only place the feedback service queries feedback. Titles, categories and names come from
 * its own read model (video_summaries, category_summaries, people); every fact restates the
 * numbers it publishes (video_stats, author_stats) in its own transaction.
 */
@Injectable()
export class FeedbackRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Newest first, one statement, served by IDX_feedback_author. Feedback on a deleted video is
   * left out (its deletion removes it anyway); a deleted category shows as none.
   */
  findByAuthorNewestFirst(
    authorId: string,
    page: AuthorFeedbackPageQuery,
    viewerId: string | null = null,
  ): Promise<Array<AuthorFeedbackRow & { cursorKey: string }>> {
    const query = this.dataSource
      .createQueryBuilder()
      .from(FeedbackEntity, 'feedback')
      .leftJoin(VideoSummaryEntity, 'video', 'video.id = feedback.videoId')
      .leftJoin(CategorySummaryEntity, 'category', 'category.id = video.categoryId AND NOT category.removed')
      .select(AUTHOR_FEEDBACK_COLUMNS.map(([expression, alias]) => `${expression} AS "${alias}"`))
      // The exact time (a Date keeps only milliseconds), for the next page's cursor.
      .addSelect(`to_char(feedback."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`, 'cursorKey')
      .where('feedback.authorId = :authorId', { authorId })
      .andWhere('video.removed IS NOT TRUE')
      // Hidden pending review (the feedback or its video): shown to the author only.
      .andWhere('((feedback.hiddenAt IS NULL AND video.hidden IS NOT TRUE) OR feedback.authorId = :viewerId)', {
        viewerId,
      })
      .orderBy('feedback.createdAt', 'DESC')
      .addOrderBy('feedback.id', 'DESC')
      .limit(page.limit + 1);
    if (page.cursor !== null)
      query.andWhere('(feedback.createdAt, feedback.id) < (CAST(:afterKey AS timestamptz), :afterId)', {
        afterKey: page.cursor.k,
        afterId: page.cursor.id,
      });
    return query.getRawMany();
  }

  /**
   * One statement; an aggregate without GROUP BY always yields a row, so an author with no
   * feedback gets zeros. Cast to int/float8: PostgreSQL answers count and sum as bigint, which
   * the driver would hand over as strings.
   */
  async totalsForAuthor(authorId: string): Promise<AuthorFeedbackTotalsRow> {
    const totals = await this.dataSource
      .createQueryBuilder()
      .from(FeedbackEntity, 'feedback')
      .select('COUNT(*)::int', 'totalFeedback')
      .addSelect('COALESCE(SUM(feedback.totalRatings), 0)::int', 'totalRatings')
      .addSelect('COALESCE(SUM(feedback.helpfulVotes), 0)::int', 'helpfulVotes')
      .addSelect(
        'COALESCE(AVG(feedback.averageRating) FILTER (WHERE feedback.totalRatings > 0), 0)::float8',
        'averageRating',
      )
      .where('feedback.authorId = :authorId', { authorId })
      .andWhere('feedback.hiddenAt IS NULL')
      .getRawOne<AuthorFeedbackTotalsRow>();
    return totals ?? { averageRating: 0, totalFeedback: 0, totalRatings: 0, helpfulVotes: 0 };
  }

  /**
   * Most helpful first, strictly after the cursor, at most `limit` + 1 rows (the extra one tells
   * that another page follows); one statement, served by IDX_feedback_video.
   */
  findForVideo(videoId: number, viewerId: string | null, page: VideoFeedbackPageQuery): Promise<VideoFeedbackRow[]> {
    const query = this.feedbackWithAuthor(viewerId)
      .where('feedback.videoId = :videoId', { videoId })
      // Hidden pending review: listed to its author only.
      .andWhere('(feedback.hiddenAt IS NULL OR feedback.authorId = :viewerId)')
      .orderBy('feedback.helpfulVotes', 'DESC')
      .addOrderBy('feedback.id', 'DESC')
      .limit(page.limit + 1);
    if (page.status === 'applied') query.andWhere('feedback.appliedAt IS NOT NULL');
    if (page.status === 'open') query.andWhere('feedback.appliedAt IS NULL');
    if (page.cursor !== null)
      query.andWhere('(feedback.helpfulVotes, feedback.id) < (:afterKey, :afterId)', {
        afterKey: page.cursor.k,
        afterId: page.cursor.id,
      });
    return query.getRawMany<VideoFeedbackRow>();
  }

  findOneForVideoListing(id: number, viewerId: string): Promise<VideoFeedbackRow | undefined> {
    return this.feedbackWithAuthor(viewerId).where('feedback.id = :id', { id }).getRawOne<VideoFeedbackRow>();
  }

  /**
   * Marks the feedback applied (keeping the first time) or open again, with its event and the
   * author's restated numbers (the applied count is part of their points). Nothing changes, and
   * nothing is recorded, when it already is as asked. Undefined when the feedback went.
   */
  setAppliedWithEvent(target: FeedbackTarget, applied: boolean): Promise<{ appliedAt: Date | null } | undefined> {
    return this.dataSource.transaction(async (manager) => {
      const [current] = await manager.query<{ appliedAt: Date | null }[]>(
        `SELECT "appliedAt" FROM feedback WHERE id = $1 FOR NO KEY UPDATE`,
        [target.id],
      );
      if (!current) return undefined;
      if ((current.appliedAt !== null) === applied) return current;
      const [[changed]] = await manager.query<[{ appliedAt: Date | null }[], number]>(
        `UPDATE feedback SET "appliedAt" = CASE WHEN $2 THEN now() END WHERE id = $1 RETURNING "appliedAt"`,
        [target.id, applied],
      );
      const touched = { videoIds: [], authorIds: [target.authorId] };
      await recordWithStats(manager, touched, [
        {
          event: {
            type: applied ? DOMAIN_EVENTS.feedbackApplied : DOMAIN_EVENTS.feedbackUnapplied,
            feedbackId: target.id,
            videoId: target.videoId,
            userIds: [target.authorId],
            ...(await activityOf(manager, {
              // The uploader marks; the read model knows whose video it is.
              actorId: (await this.uploaderOf(manager, target.videoId)) ?? target.authorId,
              feedbackAuthorId: target.authorId,
              videoId: target.videoId,
            })),
          },
          carries: touched,
        },
      ]);
      return changed;
    });
  }

  private async uploaderOf(manager: EntityManager, videoId: number): Promise<string | null> {
    const [row] = await manager.query<{ uploaderId: string }[]>(
      `SELECT "uploaderId" FROM video_summaries WHERE id = $1`,
      [videoId],
    );
    return row?.uploaderId ?? null;
  }

  /** One fixed statement: every vote, rating, reply and mark starts here (TypeORM's findOne built it anew each time). */
  async findTarget(id: number): Promise<FeedbackTarget | null> {
    const [row] = await this.dataSource.query<Required<FeedbackTarget>[]>(
      `SELECT id, "videoId", "authorId", "hiddenAt" IS NOT NULL AS hidden FROM feedback WHERE id = $1`,
      [id],
    );
    return row ?? null;
  }

  /**
   * The feedback and its event, in one transaction: the event cannot be lost or precede the row.
   * null when the author gave the same feedback (text, time code and drawing alike) on the same
   * video within the last day; the same short comment on another moment or drawing is new. The
   * check holds a lock per author and video, so two identical posts sent at once still make one
   * row. The event carries the video's and the author's numbers with it.
   */
  insertWithEvent(authorId: string, videoId: number, given: FeedbackContent): Promise<number | null> {
    const { content, timecode, drawing } = given;
    const timecodeStart = timecode?.start ?? null;
    const timecodeEnd = timecode?.end ?? null;
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`feedback:${authorId}:${videoId}`]);
      // jsonb equality ignores key order and spacing: the same drawing compares equal however sent.
      const [repeated] = await manager.query<unknown[]>(
        `SELECT 1 FROM feedback
          WHERE "authorId" = $1 AND "videoId" = $2 AND content = $3
            AND "timecodeStart" IS NOT DISTINCT FROM $4 AND "timecodeEnd" IS NOT DISTINCT FROM $5
            AND drawing IS NOT DISTINCT FROM $6::jsonb
            AND "createdAt" > now() - interval '1 day'
          LIMIT 1`,
        [authorId, videoId, content, timecodeStart, timecodeEnd, drawing === null ? null : JSON.stringify(drawing)],
      );
      if (repeated) return null;
      const { identifiers } = await manager
        .getRepository(FeedbackEntity)
        .insert({ authorId, videoId, content, timecodeStart, timecodeEnd, drawing });
      const feedbackId = Number(identifiers[0].id);
      const touched = { videoIds: [videoId], authorIds: [authorId] };
      await recordWithStats(manager, touched, [
        {
          event: {
            type: DOMAIN_EVENTS.feedbackCreated,
            feedbackId,
            videoId,
            userIds: [authorId],
            ...(await activityOf(manager, { actorId: authorId, feedbackAuthorId: authorId, videoId })),
          },
          carries: touched,
        },
      ]);
      return feedbackId;
    });
  }

  /**
   * One helpful vote per member. The unique constraint decides, so two votes sent at once still
   * make one row. The vote, its event and the feedback's new numbers are one transaction; a vote
   * changes no video's numbers, only those of the feedback's author, which the event carries.
   */
  insertVoteWithEvent(target: FeedbackTarget, userId: string): Promise<CastOutcome<CastVoteRow>> {
    return this.dataSource.transaction(async (manager) => {
      if (!(await this.lockFeedback(manager, [target.id])).length) return { outcome: 'feedback-gone' };
      const rows: CastVoteRow[] = await manager.query(
        `INSERT INTO feedback_votes ("feedbackId", "userId") VALUES ($1, $2)
         ON CONFLICT ("feedbackId", "userId") DO NOTHING
         RETURNING "feedbackId", "userId", "createdAt"`,
        [target.id, userId],
      );
      if (!rows.length) return { outcome: 'already-cast' };
      const [numbers] = await this.deriveNumbers(manager, [target.id]);
      const touched = { videoIds: [], authorIds: [target.authorId] };
      await recordWithStats(manager, touched, [
        {
          event: {
            type: DOMAIN_EVENTS.feedbackVoted,
            feedbackId: target.id,
            videoId: target.videoId,
            userIds: [target.authorId],
            ...(await activityOf(manager, {
              actorId: userId,
              feedbackAuthorId: target.authorId,
              videoId: target.videoId,
            })),
          },
          carries: touched,
        },
      ]);
      return { outcome: 'cast', row: rows[0], numbers };
    });
  }

  /**
   * One rating per member, as for votes; it changes the video's mean and the author's stars. The
   * rating row and what its event says come first, without the feedback's lock (the unique key
   * keeps one per member; the foreign key's KEY SHARE lock keeps the feedback from going
   * meanwhile); the lock is then held only to derive the numbers and record the event. Many
   * members rating one feedback at once queue for those few statements, not for whole
   * transactions (50 at once on a busy machine passed the gateway's deadline). The last to take
   * the lock sees every rating committed before it and its own, so the stored numbers are exact.
   */
  async insertRatingWithEvent(
    target: FeedbackTarget,
    raterId: string,
    rating: number,
  ): Promise<CastOutcome<CastRatingRow>> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const rows: CastRatingRow[] = await manager.query(
          `INSERT INTO feedback_ratings ("feedbackId", "raterId", rating) VALUES ($1, $2, $3)
           ON CONFLICT ("feedbackId", "raterId") DO NOTHING
           RETURNING "feedbackId", "raterId", rating, "createdAt"`,
          [target.id, raterId, rating],
        );
        if (!rows.length) return { outcome: 'already-cast' };
        const activity = await activityOf(manager, {
          actorId: raterId,
          feedbackAuthorId: target.authorId,
          videoId: target.videoId,
          stars: rating,
        });
        await this.lockFeedback(manager, [target.id]);
        const [numbers] = await this.deriveNumbers(manager, [target.id]);
        const touched = { videoIds: [target.videoId], authorIds: [target.authorId] };
        await recordWithStats(manager, touched, [
          {
            event: {
              type: DOMAIN_EVENTS.feedbackRated,
              feedbackId: target.id,
              videoId: target.videoId,
              userIds: [target.authorId],
              ...activity,
            },
            carries: touched,
          },
        ]);
        return { outcome: 'cast', row: rows[0], numbers };
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) return { outcome: 'feedback-gone' };
      throw error;
    }
  }

  /**
   * Locks the feedback rows in id order and answers the ids still there. Taken before a vote or
   * rating is inserted, so of two members reacting to one feedback at once the second waits for the
   * first to commit; under READ COMMITTED its next statements then see the first one's row, and the
   * numbers it derives include both. NO KEY UPDATE leaves the feedback readable meanwhile.
   */
  private async lockFeedback(manager: EntityManager, feedbackIds: number[]): Promise<number[]> {
    const rows: { id: number }[] = await manager.query(
      `SELECT id FROM feedback WHERE id = ANY($1) ORDER BY id FOR NO KEY UPDATE`,
      [feedbackIds],
    );
    return rows.map((row) => row.id);
  }

  /**
   * helpfulVotes, totalRatings and averageRating again from the vote and rating rows (callers hold
   * the row locks). Depends only on the rows, so deriving twice changes nothing.
   */
  private deriveNumbers(manager: EntityManager, feedbackIds: number[]): Promise<FeedbackNumbersRow[]> {
    if (!feedbackIds.length) return Promise.resolve([]);
    return manager
      .query<[FeedbackNumbersRow[], number]>(
        `UPDATE feedback f SET
           "helpfulVotes" = (SELECT count(*) FROM feedback_votes v WHERE v."feedbackId" = f.id),
           "totalRatings" = r.total,
           "averageRating" = r.average
         FROM (
           SELECT f2.id, count(fr.id)::int AS total, COALESCE(avg(fr.rating), 0)::real AS average
             FROM feedback f2 LEFT JOIN feedback_ratings fr ON fr."feedbackId" = f2.id
            WHERE f2.id = ANY($1)
            GROUP BY f2.id
         ) r
         WHERE f.id = r.id
         RETURNING f.id, f."helpfulVotes", f."averageRating", f."totalRatings"`,
        [feedbackIds],
      )
      .then(([rows]) => rows);
  }

  /** The viewer's own vote and rating come from the unique (feedbackId, user) indexes: one row each at most. */
  private feedbackWithAuthor(viewerId: string | null) {
    return (
      this.dataSource
        .createQueryBuilder()
        .from(FeedbackEntity, 'feedback')
        // LEFT: an author the read model has not heard of yet still has their feedback listed.
        .leftJoin(PersonEntity, 'author', 'author.id = feedback.authorId')
        .leftJoin(FeedbackVoteEntity, 'myVote', 'myVote.feedbackId = feedback.id AND myVote.userId = :viewerId', {
          viewerId,
        })
        .leftJoin(
          FeedbackRatingEntity,
          'myRating',
          'myRating.feedbackId = feedback.id AND myRating.raterId = :viewerId',
        )
        .select([
          'feedback.id AS "id"',
          'feedback.videoId AS "videoId"',
          'feedback.content AS "content"',
          'feedback.timecodeStart AS "timecodeStart"',
          'feedback.timecodeEnd AS "timecodeEnd"',
          'feedback.drawing AS "drawing"',
          'feedback.authorId AS "authorId"',
          'author.firstName AS "authorFirstName"',
          'author.lastName AS "authorLastName"',
          'author.image AS "authorImage"',
          '(author.id IS NOT NULL) AS "authorKnown"',
          'feedback.averageRating AS "averageRating"',
          'feedback.totalRatings AS "totalRatings"',
          'feedback.helpfulVotes AS "helpfulVotes"',
          'feedback.createdAt AS "createdAt"',
          '(myVote.id IS NOT NULL) AS "viewerVoted"',
          'myRating.rating AS "viewerRating"',
          'feedback.appliedAt AS "appliedAt"',
          `(SELECT count(*)::int FROM feedback_replies r
             WHERE r."feedbackId" = feedback.id AND r."hiddenAt" IS NULL) AS "replyCount"`,
          '(feedback.hiddenAt IS NOT NULL) AS "hidden"',
        ])
    );
  }

  /**
   * A member's feedback, votes and ratings go, and the feedback they had voted on or rated is
   * derived again in the same transaction; events name whose numbers other services keep (the
   * authors of that feedback, and the videos they gave feedback on) and carry those numbers.
   * Every feedback row involved is locked first, in id order, then the stats rows (the order of
   * every fact). One transaction; a re-run finds nothing left and records nothing.
   */
  deleteAllOfMember(userId: string): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const involved: { id: number; videoId: number; authorId: string; rated: boolean }[] = await manager.query(
        `SELECT f.id, f."videoId", f."authorId",
                EXISTS (SELECT 1 FROM feedback_ratings r WHERE r."feedbackId" = f.id AND r."raterId" = $1) AS rated
           FROM feedback f
          WHERE f."authorId" = $1 OR f.id IN (
            SELECT "feedbackId" FROM feedback_votes WHERE "userId" = $1
            UNION SELECT "feedbackId" FROM feedback_ratings WHERE "raterId" = $1)
          ORDER BY f.id FOR UPDATE`,
        [userId],
      );
      const given = involved.filter((row) => row.authorId === userId);
      const reacted = involved.filter((row) => row.authorId !== userId);
      const [, votes] = await manager.query<[unknown, number]>(`DELETE FROM feedback_votes WHERE "userId" = $1`, [
        userId,
      ]);
      const [, ratings] = await manager.query<[unknown, number]>(`DELETE FROM feedback_ratings WHERE "raterId" = $1`, [
        userId,
      ]);
      // Their replies in others' conversations go with them (those under their feedback by cascade).
      await manager.query(`DELETE FROM feedback_replies WHERE "authorId" = $1`, [userId]);
      const [, feedback] = await manager.query<[unknown, number]>(`DELETE FROM feedback WHERE "authorId" = $1`, [
        userId,
      ]);
      await this.deriveNumbers(
        manager,
        reacted.map((row) => row.id),
      );
      // A withdrawn vote changes only the author's numbers; a withdrawn rating the video's mean too.
      // Each event carries the numbers of the video and the author it names.
      await recordWithStats(
        manager,
        {
          videoIds: [...given, ...reacted.filter((row) => row.rated)].map((row) => row.videoId),
          authorIds: [...(given.length ? [userId] : []), ...reacted.map((row) => row.authorId)],
        },
        [
          ...reacted.map((row) => ({
            event: {
              type: DOMAIN_EVENTS.reactionsWithdrawn,
              feedbackId: row.id,
              videoId: row.videoId,
              userIds: [row.authorId],
            },
            carries: { videoIds: [row.videoId], authorIds: [row.authorId] },
          })),
          ...[...new Set(given.map((row) => row.videoId))]
            .sort((a, b) => a - b)
            .map((videoId) => ({
              event: { type: DOMAIN_EVENTS.feedbackDeleted, videoId, userIds: [] },
              carries: { videoIds: [videoId], authorIds: [userId] },
            })),
        ],
      );
      return votes + ratings + feedback;
    });
  }
}

/** PostgreSQL's foreign_key_violation: the row referred to is gone. */
function isForeignKeyViolation(error: unknown): boolean {
  const failure = error as { code?: string; driverError?: { code?: string } } | null;
  return failure?.code === '23503' || failure?.driverError?.code === '23503';
}
