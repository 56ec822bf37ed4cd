import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DOMAIN_EVENTS } from '@app/contracts';
import { recordDomainEvent } from '@app/database';

/** Removes what the feedback service holds about videos the video service deleted. */
@Injectable()
export class VideoDeletionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The videos' feedback goes, and its votes and ratings with it (they cascade within this
   * schema), with one `feedback.deleted` event per video naming the authors, so their points
   * are derived again without it. Idempotent: a replayed event finds nothing left to delete.
   */
  deleteFeedbackOf(videoIds: number[]): Promise<number> {
    if (!videoIds.length) return Promise.resolve(0);
    return this.dataSource.transaction(async (manager) => {
      // A DELETE answers [rows, affected count] through TypeORM's PostgreSQL driver.
      const [deleted] = await manager.query<[{ videoId: number; authorId: string }[], number]>(
        `DELETE FROM feedback WHERE "videoId" = ANY($1::int[]) RETURNING "videoId", "authorId"`,
        [videoIds],
      );
      const authorsByVideo = new Map<number, Set<string>>();
      for (const { videoId, authorId } of deleted)
        authorsByVideo.set(videoId, (authorsByVideo.get(videoId) ?? new Set()).add(authorId));
      for (const [videoId, authors] of authorsByVideo)
        await recordDomainEvent(manager, {
          type: DOMAIN_EVENTS.feedbackDeleted,
          videoId,
          userIds: [...authors].sort(),
        });
      return deleted.length;
    });
  }
}
