import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/**
 * Derives videos.feedbackCount and averageRating (the mean of every rating given to the video's
 * feedback) from the feedback and rating rows, read-only. Idempotent: only the rows decide.
 * Stored on the video so the "Most Feedback" and "Highest Rated" lists are index-backed.
 */
@Injectable()
export class VideoFeedbackStatsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async deriveFor(videoIds: number[]): Promise<void> {
    if (!videoIds.length) return;
    await this.dataSource.transaction(async (manager) => {
      // Lock in id order, then derive in a fresh statement (see FeedbackAggregatesRepository).
      await manager.query(`SELECT id FROM videos WHERE id = ANY($1) ORDER BY id FOR NO KEY UPDATE`, [videoIds]);
      await manager.query(
        `UPDATE videos v SET
           "feedbackCount" = (SELECT count(*) FROM feedback f WHERE f."videoId" = v.id),
           "averageRating" = COALESCE((
             SELECT avg(r.rating) FROM feedback_ratings r JOIN feedback f ON f.id = r."feedbackId"
              WHERE f."videoId" = v.id), 0)
         WHERE v.id = ANY($1)`,
        [videoIds],
      );
    });
  }
}
