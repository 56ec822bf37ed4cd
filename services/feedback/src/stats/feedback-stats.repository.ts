import type { EntityManager } from 'typeorm';
import type { AuthorFeedbackStats, DomainEvent, VideoFeedbackStats } from '@app/contracts';
import { withRequestId } from '@app/common';
import { markOutboxWritten } from '@app/database';

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

/** An event of the fact, and which of the touched keys' numbers it carries (`videoStats`, `authorStats`). */
export interface EventWithStats {
  event: Omit<DomainEvent, 'occurredAt' | 'videoStats' | 'authorStats'>;
  carries: Partial<TouchedStats>;
}

const distinctSorted = <T extends number | string>(keys: readonly T[]): T[] =>
  [...new Set(keys)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * Records a fact's events with the numbers other services keep of the videos and authors it
 * touched, in the fact's transaction (the caller has written the fact already). `forgetVideoIds`:
 * deleted videos whose numbers go instead (nothing is published about a video that is gone).
 *
 * Hidden feedback (pending review) counts in no number: it is back in them once restored.
 *
 * Every transaction takes its locks in one order: feedback rows first (ascending ids, taken by the
 * caller), then these author_stats rows, then these video_stats rows, each ascending, so no two
 * facts wait for each other in a circle. A video's row is the most contended (every rating of any
 * of its feedback takes it), so it comes last and is held for the fewest round trips. Each row's
 * revision is bumped under its lock; the numbers are then derived from the rows by a later
 * statement, which sees every fact committed before the locks were granted, so a later revision
 * always counts at least what an earlier one did.
 *
 * Three statements whatever the number of keys and events; the last one derives the numbers and
 * writes the outbox rows together (as recordDomainEvent writes them, with the numbers merged in),
 * so the video's lock is held for that statement and the commit only.
 */
export async function recordWithStats(
  manager: EntityManager,
  touched: TouchedStats & { forgetVideoIds?: readonly number[] },
  events: readonly EventWithStats[],
): Promise<RestatedStats> {
  const videoIds = distinctSorted(touched.videoIds);
  const authorIds = distinctSorted(touched.authorIds);
  const forgetVideoIds = distinctSorted(touched.forgetVideoIds ?? []);
  if (!videoIds.length && !authorIds.length && !events.length && !forgetVideoIds.length)
    return { videoStats: [], authorStats: [] };
  if (authorIds.length)
    await manager.query(
      `INSERT INTO author_stats ("userId") SELECT id FROM unnest($1::uuid[]) AS t(id) ORDER BY id
       ON CONFLICT ("userId") DO UPDATE SET revision = author_stats.revision + 1`,
      [authorIds],
    );
  if (forgetVideoIds.length)
    await manager.query(
      `DELETE FROM video_stats WHERE "videoId" IN (
         SELECT "videoId" FROM video_stats WHERE "videoId" = ANY($1::int[]) ORDER BY "videoId" FOR UPDATE)`,
      [forgetVideoIds],
    );
  if (videoIds.length)
    await manager.query(
      `INSERT INTO video_stats ("videoId") SELECT id FROM unnest($1::int[]) AS t(id) ORDER BY id
       ON CONFLICT ("videoId") DO UPDATE SET revision = video_stats.revision + 1`,
      [videoIds],
    );
  if (!events.length && !videoIds.length && !authorIds.length) return { videoStats: [], authorStats: [] };
  if (events.length) markOutboxWritten(manager);
  const occurredAt = new Date().toISOString();
  const outboxRows = events.map(({ event, carries }, order) => ({
    order,
    eventType: event.type,
    payload: withRequestId({ ...event, occurredAt }),
    videoIds: carries.videoIds ?? [],
    authorIds: carries.authorIds ?? [],
  }));
  const [restated] = await manager.query<RestatedStats[]>(
    `WITH videos AS (
       UPDATE video_stats s SET
         "feedbackCount" = (SELECT count(*) FROM feedback f WHERE f."videoId" = s."videoId" AND f."hiddenAt" IS NULL),
         "averageRating" = COALESCE((
           SELECT avg(r.rating) FROM feedback_ratings r JOIN feedback f ON f.id = r."feedbackId"
            WHERE f."videoId" = s."videoId" AND f."hiddenAt" IS NULL), 0)
       WHERE s."videoId" = ANY($1::int[])
       RETURNING s."videoId", s.revision, s."feedbackCount", s."averageRating"
     ), authors AS (
       UPDATE author_stats s SET
         "feedbackGiven" = (SELECT count(*) FROM feedback f WHERE f."authorId" = s."userId" AND f."hiddenAt" IS NULL),
         "helpfulVotesReceived" = (
           SELECT count(*) FROM feedback_votes v JOIN feedback f ON f.id = v."feedbackId"
            WHERE f."authorId" = s."userId" AND f."hiddenAt" IS NULL),
         "ratingStarsReceived" = (
           SELECT COALESCE(sum(r.rating), 0) FROM feedback_ratings r JOIN feedback f ON f.id = r."feedbackId"
            WHERE f."authorId" = s."userId" AND f."hiddenAt" IS NULL),
         "appliedReceived" = (
           SELECT count(*) FROM feedback f
            WHERE f."authorId" = s."userId" AND f."appliedAt" IS NOT NULL AND f."hiddenAt" IS NULL)
       WHERE s."userId" = ANY($2::uuid[])
       RETURNING s."userId", s.revision, s."feedbackGiven", s."helpfulVotesReceived", s."ratingStarsReceived",
                 s."appliedReceived"
     ), recorded AS (
       INSERT INTO outbox ("eventType", payload)
       SELECT e."eventType", e.payload || jsonb_build_object(
                'videoStats', COALESCE((SELECT jsonb_agg(to_jsonb(v) ORDER BY v."videoId") FROM videos v
                                         WHERE v."videoId" = ANY(e."videoIds")), '[]'::jsonb),
                'authorStats', COALESCE((SELECT jsonb_agg(to_jsonb(a) ORDER BY a."userId") FROM authors a
                                          WHERE a."userId" = ANY(e."authorIds")), '[]'::jsonb))
         FROM jsonb_to_recordset($3::jsonb)
           AS e("order" int, "eventType" text, payload jsonb, "videoIds" int[], "authorIds" uuid[])
        ORDER BY e."order"
       RETURNING id
     )
     SELECT COALESCE((SELECT json_agg(videos ORDER BY "videoId") FROM videos), '[]') AS "videoStats",
            COALESCE((SELECT json_agg(authors ORDER BY "userId") FROM authors), '[]') AS "authorStats",
            (SELECT count(*) FROM recorded) AS recorded`,
    [videoIds, authorIds, JSON.stringify(outboxRows)],
  );
  return { videoStats: restated.videoStats, authorStats: restated.authorStats };
}
