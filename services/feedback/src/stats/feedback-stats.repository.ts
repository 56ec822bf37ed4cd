import type { EntityManager } from 'typeorm';
import type { AuthorFeedbackStats, VideoFeedbackStats } from '@app/contracts';

/** The videos and authors whose published numbers a fact can change. */
export interface TouchedStats {
  videoIds: readonly number[];
  authorIds: readonly string[];
}

/** Their numbers after the fact, each with its new revision, in key order. */
export interface RestatedStats {
  videoStats: VideoFeedbackStats[];
  authorStats: AuthorFeedbackStats[];
}

const distinctSorted = <T extends number | string>(keys: readonly T[]): T[] =>
  [...new Set(keys)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * The numbers other services keep of videos and authors, restated in the transaction of a fact
 * (callers have written the fact already). Every transaction takes its locks in one order:
 * feedback rows first (ascending ids, taken by the caller), then these video_stats rows, then these
 * author_stats rows, each ascending, so no two facts wait for each other in a circle. Each row's
 * revision is bumped under its lock; the numbers are then derived from the rows by a fresh
 * statement, which sees every fact committed before the lock was granted, so a later revision
 * always counts at least what an earlier one did. Three statements, whatever the number of keys.
 */
export async function restateStats(manager: EntityManager, touched: TouchedStats): Promise<RestatedStats> {
  const videoIds = distinctSorted(touched.videoIds);
  const authorIds = distinctSorted(touched.authorIds);
  if (videoIds.length)
    await manager.query(
      `INSERT INTO video_stats ("videoId") SELECT id FROM unnest($1::int[]) AS t(id) ORDER BY id
       ON CONFLICT ("videoId") DO UPDATE SET revision = video_stats.revision + 1`,
      [videoIds],
    );
  if (authorIds.length)
    await manager.query(
      `INSERT INTO author_stats ("userId") SELECT id FROM unnest($1::uuid[]) AS t(id) ORDER BY id
       ON CONFLICT ("userId") DO UPDATE SET revision = author_stats.revision + 1`,
      [authorIds],
    );
  if (!videoIds.length && !authorIds.length) return { videoStats: [], authorStats: [] };
  const [restated] = await manager.query<RestatedStats[]>(
    `WITH videos AS (
       UPDATE video_stats s SET
         "feedbackCount" = (SELECT count(*) FROM feedback f WHERE f."videoId" = s."videoId"),
         "averageRating" = COALESCE((
           SELECT avg(r.rating) FROM feedback_ratings r JOIN feedback f ON f.id = r."feedbackId"
            WHERE f."videoId" = s."videoId"), 0)
       WHERE s."videoId" = ANY($1::int[])
       RETURNING s."videoId", s.revision, s."feedbackCount", s."averageRating"
     ), authors AS (
       UPDATE author_stats s SET
         "feedbackGiven" = (SELECT count(*) FROM feedback f WHERE f."authorId" = s."userId"),
         "helpfulVotesReceived" = (
           SELECT count(*) FROM feedback_votes v JOIN feedback f ON f.id = v."feedbackId"
            WHERE f."authorId" = s."userId"),
         "ratingStarsReceived" = (
           SELECT COALESCE(sum(r.rating), 0) FROM feedback_ratings r JOIN feedback f ON f.id = r."feedbackId"
            WHERE f."authorId" = s."userId")
       WHERE s."userId" = ANY($2::uuid[])
       RETURNING s."userId", s.revision, s."feedbackGiven", s."helpfulVotesReceived", s."ratingStarsReceived"
     )
     SELECT COALESCE((SELECT json_agg(videos ORDER BY "videoId") FROM videos), '[]') AS "videoStats",
            COALESCE((SELECT json_agg(authors ORDER BY "userId") FROM authors), '[]') AS "authorStats"`,
    [videoIds, authorIds],
  );
  return restated;
}

/**
 * The stats rows of deleted videos go: nothing is published about a video that no longer exists.
 * Locked in id order like every other stats row (the caller holds its feedback rows already).
 */
export async function forgetVideoStats(manager: EntityManager, videoIds: readonly number[]): Promise<void> {
  if (!videoIds.length) return;
  await manager.query(
    `DELETE FROM video_stats WHERE "videoId" IN (
       SELECT "videoId" FROM video_stats WHERE "videoId" = ANY($1::int[]) ORDER BY "videoId" FOR UPDATE)`,
    [distinctSorted(videoIds)],
  );
}

/** The part of a transaction's restated numbers one of its events carries: those of the keys it names. */
export function statsOf(restated: RestatedStats, keys: Partial<TouchedStats>): RestatedStats {
  const videoIds = new Set(keys.videoIds ?? []);
  const authorIds = new Set(keys.authorIds ?? []);
  return {
    videoStats: restated.videoStats.filter((stats) => videoIds.has(stats.videoId)),
    authorStats: restated.authorStats.filter((stats) => authorIds.has(stats.userId)),
  };
}
