import type { MigrationInterface, QueryRunner } from 'typeorm';

/** What Date.prototype.toISOString writes, so a backfilled state reads like one recorded by the service. */
const ISO_UTC = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const iso = (timestamptz: string) => `to_char(${timestamptz} AT TIME ZONE 'UTC', ${ISO_UTC})`;

/**
 * Publishes the videos that existed before their states were published: revision 1 for each,
 * each uploader's numbers, and one `video.changed.v1` per video in the outbox, so the other
 * services' read models start from them. The payload is the DomainEvent the service records
 * (VideoState as toVideoState builds it: object keys never travel).
 */
export class VideoStateBackfill1764000000002 implements MigrationInterface {
  name = 'VideoStateBackfill1764000000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE "videos" SET "revision" = 1 WHERE "revision" = 0`);
    await q.query(
      `INSERT INTO "uploader_stats" ("userId", "revision", "publishedVideos", "totalViews")
       SELECT "uploaderId", 1, count(*) FILTER (WHERE "processingState" = 'ready'), COALESCE(sum("views"), 0)
         FROM "videos" GROUP BY "uploaderId"
       ON CONFLICT ("userId") DO NOTHING`,
    );
    await q.query(
      `INSERT INTO "outbox" ("eventType", "payload")
       SELECT 'video.changed.v1', jsonb_build_object(
         'type', 'video.changed.v1',
         'occurredAt', ${iso('now()')},
         'videoId', v."id",
         'userIds', jsonb_build_array(v."uploaderId"),
         'video', jsonb_build_object(
           'id', v."id",
           'revision', v."revision",
           'title', v."title",
           'description', v."description",
           'categoryId', v."categoryId",
           'uploaderId', v."uploaderId",
           'youtubeUrl', v."youtubeUrl",
           'videoUrl', v."videoUrl",
           'thumbnailUrl', v."thumbnailUrl",
           'hasStoredVideo', v."originalKey" IS NOT NULL OR v."playbackKey" IS NOT NULL,
           'hasStoredThumbnail', v."thumbnailKey" IS NOT NULL,
           'thumbnailData', v."thumbnailData",
           'duration', v."duration",
           'processingState', v."processingState",
           'hasFileError', v."hasFileError",
           'views', v."views",
           'feedbackCount', v."feedbackCount",
           'averageRating', v."averageRating",
           'createdAt', ${iso('v."createdAt"')}
         ),
         'uploaderStats', jsonb_build_object(
           'userId', s."userId",
           'revision', s."revision",
           'publishedVideos', s."publishedVideos",
           'totalViews', s."totalViews"
         )
       )
       FROM "videos" v JOIN "uploader_stats" s ON s."userId" = v."uploaderId"
       ORDER BY v."id"`,
    );
  }

  /** Published is published: the outbox rows are history, and the revisions only ever grow. */
  async down(): Promise<void> {}
}
