import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/**
 * Derives feedback.helpfulVotes, totalRatings and averageRating from the vote and rating rows.
 * Idempotent by construction: the result depends only on the rows, never on the event.
 */
@Injectable()
export class FeedbackAggregatesRepository {
  constructor(private readonly dataSource: DataSource) {}

  async deriveFor(feedbackIds: number[]): Promise<void> {
    if (!feedbackIds.length) return;
    await this.dataSource.transaction(async (manager) => {
      // Lock first, in id order, then derive in a second statement: under READ COMMITTED that
      // statement sees every row committed before the lock was granted, so of two consumers
      // racing on one feedback the later always writes the more complete answer. NO KEY UPDATE
      // does not block members inserting votes and ratings (they take KEY SHARE on feedback).
      await manager.query(`SELECT id FROM feedback WHERE id = ANY($1) ORDER BY id FOR NO KEY UPDATE`, [feedbackIds]);
      await manager.query(
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
         WHERE f.id = r.id`,
        [feedbackIds],
      );
    });
  }
}
