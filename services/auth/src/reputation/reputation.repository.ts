import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BADGE_THRESHOLDS, REPUTATION_POINTS } from '@app/contracts';

/**
 * Derives users.points and records newly earned user_badges from the fact rows (feedback,
 * votes, ratings, videos; read-only). Idempotent: points are recomputed, never incremented, and
 * a badge already recorded is left as it is (earned once, kept).
 */
@Injectable()
export class ReputationRepository {
  constructor(private readonly dataSource: DataSource) {}

  async deriveFor(userIds: string[]): Promise<void> {
    if (!userIds.length) return;
    await this.dataSource.transaction(async (manager) => {
      // Lock in id order, then derive in fresh statements: they see every row committed before the lock.
      await manager.query(`SELECT id FROM users WHERE id = ANY($1::uuid[]) ORDER BY id FOR NO KEY UPDATE`, [userIds]);
      await manager.query(
        `UPDATE users u SET points =
             $2 * (SELECT count(*) FROM feedback f WHERE f."authorId" = u.id)
           + $3 * (SELECT count(*) FROM feedback_votes v JOIN feedback f ON f.id = v."feedbackId" WHERE f."authorId" = u.id)
           + $4 * (SELECT COALESCE(sum(r.rating), 0) FROM feedback_ratings r JOIN feedback f ON f.id = r."feedbackId" WHERE f."authorId" = u.id)
         WHERE u.id = ANY($1::uuid[])`,
        [
          userIds,
          REPUTATION_POINTS.feedbackGiven,
          REPUTATION_POINTS.helpfulVoteReceived,
          REPUTATION_POINTS.perRatingStar,
        ],
      );
      // Published videos only: a refused upload never earns anything.
      await manager.query(
        `INSERT INTO user_badges ("userId", "badgeType")
         SELECT t.id, b.type FROM (
           SELECT u.id,
                  (SELECT count(*) FROM videos v WHERE v."uploaderId" = u.id AND v."processingState" = 'ready') AS videos,
                  (SELECT COALESCE(sum(v.views), 0) FROM videos v WHERE v."uploaderId" = u.id) AS views,
                  (SELECT count(*) FROM feedback f WHERE f."authorId" = u.id) AS feedback
             FROM users u WHERE u.id = ANY($1::uuid[])
         ) t
         CROSS JOIN LATERAL (VALUES
           ('first_video', t.videos >= $2),
           ('content_creator', t.videos >= $3),
           ('popular', t.views >= $4),
           ('pro', t.feedback >= $5),
           ('expert', t.feedback >= $6)
         ) AS b(type, earned)
         WHERE b.earned
         ON CONFLICT ("userId", "badgeType") DO NOTHING`,
        [
          userIds,
          BADGE_THRESHOLDS.first_video.videos,
          BADGE_THRESHOLDS.content_creator.videos,
          BADGE_THRESHOLDS.popular.views,
          BADGE_THRESHOLDS.pro.feedbackGiven,
          BADGE_THRESHOLDS.expert.feedbackGiven,
        ],
      );
    });
  }
}
