import type { MigrationInterface, QueryRunner } from 'typeorm';

// Written out rather than imported: this migration records what was published when it ran.
const STATS_RESTATED = 'feedback.stats-restated.v1';
const NOW_ISO = `to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The numbers of the feedback given before `video_stats` and `author_stats` existed, derived from
 * the rows at revision 1, and published once: one `feedback.stats-restated` event per video and
 * per author (a DomainEvent, as recordDomainEvent writes it), so read models built after the
 * facts start from them. Facts recorded from now on carry revisions 2 and up.
 */
export class FeedbackStatsBackfill1764000000002 implements MigrationInterface {
  name = 'FeedbackStatsBackfill1764000000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `INSERT INTO video_stats ("videoId", revision, "feedbackCount", "averageRating")
       SELECT f."videoId", 1, count(DISTINCT f.id), COALESCE(avg(r.rating), 0)
         FROM feedback f LEFT JOIN feedback_ratings r ON r."feedbackId" = f.id
        GROUP BY f."videoId"`,
    );
    await q.query(
      `INSERT INTO author_stats ("userId", revision, "feedbackGiven", "helpfulVotesReceived", "ratingStarsReceived")
       SELECT f."authorId", 1, count(*), COALESCE(sum(v.votes), 0), COALESCE(sum(r.stars), 0)
         FROM feedback f
        CROSS JOIN LATERAL (SELECT count(*) AS votes FROM feedback_votes WHERE "feedbackId" = f.id) v
        CROSS JOIN LATERAL (SELECT COALESCE(sum(rating), 0) AS stars FROM feedback_ratings WHERE "feedbackId" = f.id) r
        GROUP BY f."authorId"`,
    );
    await q.query(
      `INSERT INTO outbox ("eventType", payload)
       SELECT $1::text, jsonb_build_object(
                'type', $1::text,
                'occurredAt', ${NOW_ISO},
                'videoId', s."videoId",
                'userIds', '[]'::jsonb,
                'videoStats', jsonb_build_array(jsonb_build_object(
                  'videoId', s."videoId", 'revision', s.revision,
                  'feedbackCount', s."feedbackCount", 'averageRating', s."averageRating")),
                'authorStats', '[]'::jsonb)
         FROM video_stats s ORDER BY s."videoId"`,
      [STATS_RESTATED],
    );
    await q.query(
      `INSERT INTO outbox ("eventType", payload)
       SELECT $1::text, jsonb_build_object(
                'type', $1::text,
                'occurredAt', ${NOW_ISO},
                'userIds', jsonb_build_array(s."userId"),
                'videoStats', '[]'::jsonb,
                'authorStats', jsonb_build_array(jsonb_build_object(
                  'userId', s."userId", 'revision', s.revision, 'feedbackGiven', s."feedbackGiven",
                  'helpfulVotesReceived', s."helpfulVotesReceived", 'ratingStarsReceived', s."ratingStarsReceived")))
         FROM author_stats s ORDER BY s."userId"`,
      [STATS_RESTATED],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM outbox WHERE "eventType" = $1 AND "publishedAt" IS NULL`, [STATS_RESTATED]);
    await q.query(`DELETE FROM author_stats`);
    await q.query(`DELETE FROM video_stats`);
  }
}
