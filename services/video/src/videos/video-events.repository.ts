import type { EntityManager } from 'typeorm';
import { DOMAIN_EVENTS, type UploaderVideoStats } from '@app/contracts';
import { recordDomainEvent } from '@app/database';
import type { UploaderStatsEntity } from '../db/entities/uploader-stats.entity.js';
import { toUploaderVideoStats, toVideoState, type VideoStateColumns } from './video-state.mapper.js';

export interface VideoEvent {
  type:
    | typeof DOMAIN_EVENTS.videoChanged
    | typeof DOMAIN_EVENTS.videoViewed
    | typeof DOMAIN_EVENTS.videoPublished
    | typeof DOMAIN_EVENTS.videoDeleted;
  /** The row after the change, its revision already bumped (for a deletion: the last state, at revision + 1). */
  video: VideoStateColumns;
}

/**
 * Records video events in the caller's transaction, with the video's state and its uploader's
 * numbers after the change. The caller has already changed, and so locked, every video row the
 * events name; the uploaders' rows are locked after them, in id order, which is the one lock
 * order of the service (video rows, then uploader rows), so two transactions never wait on each
 * other in a circle.
 */
export async function recordVideoEvents(manager: EntityManager, events: VideoEvent[]): Promise<void> {
  if (!events.length) return;
  const stats = await bumpUploaderStats(
    manager,
    events.map((event) => event.video.uploaderId),
  );
  for (const { type, video } of events) {
    await recordDomainEvent(manager, {
      type,
      videoId: video.id,
      userIds: [video.uploaderId],
      video: toVideoState(video),
      uploaderStats: stats.get(video.uploaderId),
    });
  }
}

/**
 * Each uploader's numbers, counted again under their row's lock with a new revision. Holding the
 * lock to commit puts two transactions of one uploader in order, so revisions follow commit
 * order, and the count, a statement after the lock was granted, sees every change committed
 * before it.
 */
async function bumpUploaderStats(
  manager: EntityManager,
  uploaderIds: string[],
): Promise<Map<string, UploaderVideoStats>> {
  const stats = new Map<string, UploaderVideoStats>();
  for (const userId of [...new Set(uploaderIds)].sort()) {
    await manager.query(
      `INSERT INTO uploader_stats ("userId", revision) VALUES ($1, 1)
       ON CONFLICT ("userId") DO UPDATE SET revision = uploader_stats.revision + 1`,
      [userId],
    );
    const [[counted]] = await manager.query<[UploaderStatsEntity[], number]>(
      `UPDATE uploader_stats s SET "publishedVideos" = t.published, "totalViews" = t.views
         FROM (SELECT count(*) FILTER (WHERE "processingState" = 'ready') AS published,
                      COALESCE(sum(views), 0) AS views
                 FROM videos WHERE "uploaderId" = $1) t
        WHERE s."userId" = $1
        RETURNING s.*`,
      [userId],
    );
    stats.set(userId, toUploaderVideoStats(counted));
  }
  return stats;
}
