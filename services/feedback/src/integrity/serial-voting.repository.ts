import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DOMAIN_EVENTS } from '@app/contracts';
import { recordWithStats } from '../stats/feedback-stats.repository.js';

/** One member's votes and ratings on one author's feedback in the window. */
export interface SerialVoting {
  voterId: string;
  authorId: string;
  reactions: number;
}

/**
 * Vote integrity beyond the per-member limits (Stack Exchange's daily serial-voting reversal): a
 * member who, within a day, gave one author's feedback far more helpful votes and ratings than
 * usual (at least `threshold`, and most of everything they gave that day) loses those votes and
 * ratings; the feedback's numbers and the author's points follow by the usual events.
 */
@Injectable()
export class SerialVotingRepository {
  constructor(private readonly dataSource: DataSource) {}

  async find(threshold: number): Promise<SerialVoting[]> {
    return this.dataSource.query<SerialVoting[]>(
      `WITH reactions AS (
         SELECT v."userId" AS "voterId", f."authorId" FROM feedback_votes v JOIN feedback f ON f.id = v."feedbackId"
          WHERE v."createdAt" > now() - interval '1 day'
         UNION ALL
         SELECT r."raterId", f."authorId" FROM feedback_ratings r JOIN feedback f ON f.id = r."feedbackId"
          WHERE r."createdAt" > now() - interval '1 day'
       ), pairs AS (
         SELECT "voterId", "authorId", count(*)::int AS reactions,
                sum(count(*)) OVER (PARTITION BY "voterId")::int AS total
           FROM reactions GROUP BY 1, 2
       )
       SELECT "voterId", "authorId", reactions FROM pairs
        WHERE reactions >= $1 AND reactions * 2 > total
        ORDER BY "voterId", "authorId"`,
      [threshold],
    );
  }

  /** Removes the member's votes and ratings of the day on the author's feedback; how many went. */
  reverse({ voterId, authorId }: SerialVoting): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const touched: { id: number; videoId: number }[] = await manager.query(
        `SELECT id, "videoId" FROM feedback WHERE "authorId" = $1 AND id IN (
           SELECT "feedbackId" FROM feedback_votes WHERE "userId" = $2 AND "createdAt" > now() - interval '1 day'
           UNION SELECT "feedbackId" FROM feedback_ratings WHERE "raterId" = $2 AND "createdAt" > now() - interval '1 day')
         ORDER BY id FOR NO KEY UPDATE`,
        [authorId, voterId],
      );
      if (!touched.length) return 0;
      const ids = touched.map((row) => row.id);
      const [, votes] = await manager.query<[unknown, number]>(
        `DELETE FROM feedback_votes WHERE "userId" = $1 AND "feedbackId" = ANY($2::int[]) AND "createdAt" > now() - interval '1 day'`,
        [voterId, ids],
      );
      const [, ratings] = await manager.query<[unknown, number]>(
        `DELETE FROM feedback_ratings WHERE "raterId" = $1 AND "feedbackId" = ANY($2::int[]) AND "createdAt" > now() - interval '1 day'`,
        [voterId, ids],
      );
      await manager.query(
        `UPDATE feedback f SET
           "helpfulVotes" = (SELECT count(*) FROM feedback_votes v WHERE v."feedbackId" = f.id),
           "totalRatings" = (SELECT count(*) FROM feedback_ratings r WHERE r."feedbackId" = f.id),
           "averageRating" = COALESCE((SELECT avg(r.rating) FROM feedback_ratings r WHERE r."feedbackId" = f.id), 0)
         WHERE f.id = ANY($1::int[])`,
        [ids],
      );
      const videoIds = [...new Set(touched.map((row) => row.videoId))];
      await recordWithStats(
        manager,
        { videoIds, authorIds: [authorId] },
        touched.map((row) => ({
          event: {
            type: DOMAIN_EVENTS.reactionsWithdrawn,
            feedbackId: row.id,
            videoId: row.videoId,
            userIds: [authorId],
          },
          carries: { videoIds: [row.videoId], authorIds: [authorId] },
        })),
      );
      return votes + ratings;
    });
  }
}
