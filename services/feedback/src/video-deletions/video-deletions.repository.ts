import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DOMAIN_EVENTS } from '@app/contracts';
import { recordWithStats } from '../stats/feedback-stats.repository.js';

/** Removes what the feedback service holds about videos the video service deleted. */
@Injectable()
export class VideoDeletionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The videos' feedback goes, and its votes and ratings with it (they cascade within this
   * schema), with one `feedback.deleted` event per video naming the authors and carrying their
   * numbers without it; the videos' own numbers go too (nobody keeps those of a deleted video).
   * Feedback rows are locked in id order before any stats row, as every fact does (recordWithStats).
   * Idempotent: a replayed event finds nothing left to delete and records nothing.
   */
  deleteFeedbackOf(videoIds: number[]): Promise<number> {
    if (!videoIds.length) return Promise.resolve(0);
    return this.dataSource.transaction(async (manager) => {
      // A DELETE answers [rows, affected count] through TypeORM's PostgreSQL driver.
      const [deleted] = await manager.query<[{ videoId: number; authorId: string }[], number]>(
        `DELETE FROM feedback WHERE id IN (
           SELECT id FROM feedback WHERE "videoId" = ANY($1::int[]) ORDER BY id FOR UPDATE)
         RETURNING "videoId", "authorId"`,
        [videoIds],
      );
      const authorsByVideo = new Map<number, Set<string>>();
      for (const { videoId, authorId } of deleted)
        authorsByVideo.set(videoId, (authorsByVideo.get(videoId) ?? new Set()).add(authorId));
      await recordWithStats(
        manager,
        { videoIds: [], authorIds: deleted.map((row) => row.authorId), forgetVideoIds: videoIds },
        [...authorsByVideo]
          .sort(([a], [b]) => a - b)
          .map(([videoId, authors]) => {
            const userIds = [...authors].sort();
            return {
              event: { type: DOMAIN_EVENTS.feedbackDeleted, videoId, userIds },
              carries: { authorIds: userIds },
            };
          }),
      );
      return deleted.length;
    });
  }
}
