import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { DOMAIN_EVENTS, type AuthorFeedbackStats, type BadgeType, type UploaderVideoStats } from '@app/contracts';
import { recordDomainEvent } from '@app/database';
import { MemberActivityEntity } from '../db/entities/member-activity.entity.js';
import { badgesReached, pointsOf } from './reputation-rules.js';

export interface ReputationStates {
  authorStats: AuthorFeedbackStats[];
  uploaderStats: UploaderVideoStats[];
}

/**
 * Keeps each member's numbers as the feedback and video services last stated them
 * (member_activity), then derives users.points and records newly earned user_badges from them.
 * A state is kept only when its revision is newer than the one held for its source, so a
 * replayed or late event changes nothing; points are recomputed, never incremented, and a badge
 * already recorded is left as it is (earned once, kept). Reads no other service's table.
 */
@Injectable()
export class ReputationRepository {
  constructor(private readonly dataSource: DataSource) {}

  async apply({ authorStats, uploaderStats }: ReputationStates): Promise<void> {
    const userIds = [...new Set([...authorStats, ...uploaderStats].map((stats) => stats.userId))].sort();
    if (!userIds.length) return;
    await this.dataSource.transaction(async (manager) => {
      // Lock the members in id order: one consumer at a time per member. A member whose account
      // is gone has no row: their numbers are of no use any more.
      const locked: { id: string }[] = await manager.query(
        `SELECT id FROM users WHERE id = ANY($1::uuid[]) ORDER BY id FOR NO KEY UPDATE`,
        [userIds],
      );
      const known = new Set(locked.map((row) => row.id));
      if (!known.size) return;
      const authors = authorStats.filter((stats) => known.has(stats.userId));
      const uploaders = uploaderStats.filter((stats) => known.has(stats.userId));
      if (authors.length) {
        await manager.query(
          `INSERT INTO member_activity
             ("userId", "feedbackGiven", "helpfulVotesReceived", "ratingStarsReceived", "feedbackStatsRevision",
              "appliedReceived")
           SELECT * FROM unnest($1::uuid[], $2::int[], $3::int[], $4::int[], $5::int[], $6::int[])
           ON CONFLICT ("userId") DO UPDATE SET
             "feedbackGiven" = EXCLUDED."feedbackGiven",
             "helpfulVotesReceived" = EXCLUDED."helpfulVotesReceived",
             "ratingStarsReceived" = EXCLUDED."ratingStarsReceived",
             "appliedReceived" = EXCLUDED."appliedReceived",
             "feedbackStatsRevision" = EXCLUDED."feedbackStatsRevision"
           WHERE member_activity."feedbackStatsRevision" < EXCLUDED."feedbackStatsRevision"`,
          [
            authors.map((s) => s.userId),
            authors.map((s) => s.feedbackGiven),
            authors.map((s) => s.helpfulVotesReceived),
            authors.map((s) => s.ratingStarsReceived),
            authors.map((s) => s.revision),
            authors.map((s) => s.appliedReceived ?? 0),
          ],
        );
      }
      if (uploaders.length) {
        await manager.query(
          `INSERT INTO member_activity ("userId", "publishedVideos", "totalViews", "videoStatsRevision")
           SELECT * FROM unnest($1::uuid[], $2::int[], $3::bigint[], $4::int[])
           ON CONFLICT ("userId") DO UPDATE SET
             "publishedVideos" = EXCLUDED."publishedVideos",
             "totalViews" = EXCLUDED."totalViews",
             "videoStatsRevision" = EXCLUDED."videoStatsRevision"
           WHERE member_activity."videoStatsRevision" < EXCLUDED."videoStatsRevision"`,
          [
            uploaders.map((s) => s.userId),
            uploaders.map((s) => s.publishedVideos),
            uploaders.map((s) => s.totalViews),
            uploaders.map((s) => s.revision),
          ],
        );
      }

      const activity = await manager.getRepository(MemberActivityEntity).findBy({ userId: In([...known]) });
      const points: { userId: string; points: number }[] = [];
      const badges: { userId: string; badgeType: string }[] = [];
      for (const member of activity) {
        const numbers = { ...member, totalViews: Number(member.totalViews) };
        const earned = pointsOf(numbers);
        if (earned !== null) points.push({ userId: member.userId, points: earned });
        for (const badgeType of badgesReached(numbers)) badges.push({ userId: member.userId, badgeType });
      }
      if (points.length) {
        await manager.query(
          `UPDATE users u SET points = p.points
             FROM unnest($1::uuid[], $2::int[]) AS p(id, points)
            WHERE u.id = p.id AND u.points <> p.points`,
          [points.map((p) => p.userId), points.map((p) => p.points)],
        );
      }
      if (badges.length) {
        // Only the badges recorded now are news: each is told once, in the transaction that earns it.
        const earned: { userId: string; badgeType: BadgeType }[] = await manager.query(
          `INSERT INTO user_badges ("userId", "badgeType")
           SELECT * FROM unnest($1::uuid[], $2::varchar[])
           ON CONFLICT ("userId", "badgeType") DO NOTHING
           RETURNING "userId", "badgeType"`,
          [badges.map((b) => b.userId), badges.map((b) => b.badgeType)],
        );
        for (const badge of earned) {
          await recordDomainEvent(manager, {
            type: DOMAIN_EVENTS.badgeEarned,
            userIds: [badge.userId],
            badge: { userId: badge.userId, badgeType: badge.badgeType },
          });
        }
      }
    });
  }
}
