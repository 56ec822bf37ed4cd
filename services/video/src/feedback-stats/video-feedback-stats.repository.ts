import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { VideoFeedbackStats } from '@app/contracts';

/**
 * Keeps each video's feedbackCount and averageRating as the feedback service last stated them
 * (`videoStats` of its events), with the revision they were stated at, so the video's state
 * (VIDEO_RPC.getState, and every event this service publishes about the video afterwards) carries
 * them. A state is applied only when its revision is newer than the one applied, so a replayed or
 * late event changes nothing; a video deleted or never known is left alone.
 *
 * Applying them publishes nothing: the numbers are the feedback service's, which its own events
 * already carry to everyone who keeps them (the catalog's listing takes them from there). A
 * video event for each applied batch was a second round of every consumer's queue per rating
 * (bench:events), and told no consumer anything it did not already have. The video's own
 * revision is not bumped either: its own fields did not change.
 */
@Injectable()
export class VideoFeedbackStatsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** `stats`: one per video, in video id order (latestStates). */
  async apply(stats: VideoFeedbackStats[]): Promise<void> {
    if (!stats.length) return;
    await this.dataSource.transaction(async (manager) => {
      // The video rows in id order, the service's one lock order (two batches never wait in a circle).
      await manager.query(`SELECT id FROM videos WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE`, [
        stats.map((s) => s.videoId),
      ]);
      await manager.query(
        `UPDATE videos v SET
           "feedbackCount" = s."feedbackCount",
           "averageRating" = s."averageRating",
           "feedbackStatsRevision" = s.revision
         FROM unnest($1::int[], $2::int[], $3::int[], $4::float8[]) AS s(id, revision, "feedbackCount", "averageRating")
         WHERE v.id = s.id AND v."feedbackStatsRevision" < s.revision`,
        [
          stats.map((s) => s.videoId),
          stats.map((s) => s.revision),
          stats.map((s) => s.feedbackCount),
          stats.map((s) => s.averageRating),
        ],
      );
    });
  }
}
