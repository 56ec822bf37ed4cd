import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DOMAIN_EVENTS, type VideoFeedbackStats } from '@app/contracts';
import type { VideoEntity } from '../db/entities/video.entity.js';
import { recordVideoEvents } from '../videos/video-events.repository.js';

/**
 * Keeps each video's feedbackCount and averageRating as the feedback service last stated them
 * (`videoStats` of its events), on the video row so the "Most Feedback" and "Highest Rated" lists
 * are index-backed. A state is applied only when its revision is newer than the one applied, so
 * a replayed or late event changes nothing; a video deleted or never known is left alone.
 */
@Injectable()
export class VideoFeedbackStatsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** `stats`: one per video, in video id order (latestStates). */
  async apply(stats: VideoFeedbackStats[]): Promise<void> {
    if (!stats.length) return;
    await this.dataSource.transaction(async (manager) => {
      // Every video row first, in id order, then (recordVideoEvents) their uploaders' rows.
      await manager.query(`SELECT id FROM videos WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE`, [
        stats.map((s) => s.videoId),
      ]);
      const [changed] = await manager.query<[VideoEntity[], number]>(
        `UPDATE videos v SET
           "feedbackCount" = s."feedbackCount",
           "averageRating" = s."averageRating",
           "feedbackStatsRevision" = s.revision,
           "revision" = v."revision" + 1
         FROM unnest($1::int[], $2::int[], $3::int[], $4::float8[]) AS s(id, revision, "feedbackCount", "averageRating")
         WHERE v.id = s.id AND v."feedbackStatsRevision" < s.revision
         RETURNING v.*`,
        [
          stats.map((s) => s.videoId),
          stats.map((s) => s.revision),
          stats.map((s) => s.feedbackCount),
          stats.map((s) => s.averageRating),
        ],
      );
      await recordVideoEvents(
        manager,
        [...changed].sort((a, b) => a.id - b.id).map((video) => ({ type: DOMAIN_EVENTS.videoChanged, video })),
      );
    });
  }
}
