import { Injectable } from '@nestjs/common';
import { DataSource, QueryFailedError, type EntityManager } from 'typeorm';
import { recordDomainEvent, recordMediaJob } from '@app/database';
import { VideoEntity } from '../db/entities/video.entity.js';
import {
  DOMAIN_EVENTS,
  mediaJobId,
  MEDIA_QUEUES,
  PROFILE_IMAGE_PREFIX,
  UPLOAD_INTENT_MESSAGES,
  VIDEO_KEYS,
  videoIdOfDerivedKey,
  type ModerationFacts,
  type PlaybackFrames,
  type ProbeResult,
} from '@app/contracts';
import { ValidationError } from '@app/common';
import { claimUploadIntent } from '../uploads/upload-intents.repository.js';
import { recordVideoEvents } from './video-events.repository.js';

export type NewVideo = Pick<
  VideoEntity,
  'title' | 'description' | 'categoryId' | 'uploaderId' | 'youtubeUrl' | 'thumbnailUrl' | 'processingState'
> &
  Partial<Pick<VideoEntity, 'originalKey' | 'fileHash' | 'sizeBytes' | 'mimeType'>>;

/**
 * The video service's SQL for its `videos` (the feedback numbers aside: video-feedback-stats).
 * Every change of what other services keep of a video (VideoState) bumps its `revision` in the
 * statement that makes it, under the row lock, and records the video's event in the same
 * transaction (video-events.repository.ts).
 */
@Injectable()
export class VideosRepository {
  constructor(private readonly dataSource: DataSource) {}

  findById(id: number): Promise<VideoEntity | null> {
    return this.dataSource.getRepository(VideoEntity).findOneBy({ id });
  }

  findByUploader(uploaderId: string): Promise<VideoEntity[]> {
    return this.dataSource.getRepository(VideoEntity).findBy({ uploaderId });
  }

  /** A deleted member's profile pictures go through the same cleanup queue as video files. */
  async cleanUpProfileImages(userId: string): Promise<void> {
    await this.dataSource.transaction((manager) =>
      recordMediaJob(manager, {
        queue: MEDIA_QUEUES.cleanup,
        name: 'cleanup',
        jobId: `cleanup-member-${userId}`,
        data: { keys: [], prefixes: [`${PROFILE_IMAGE_PREFIX}/${userId}/`] },
      }),
    );
  }

  hashExists(fileHash: string): Promise<boolean> {
    return this.dataSource.getRepository(VideoEntity).existsBy({ fileHash });
  }

  /** A link video: ready at once, no jobs; registered and published at once. */
  insertLink(video: NewVideo): Promise<VideoEntity> {
    return this.dataSource.transaction(async (manager) => {
      const saved = await insertVideo(manager, video);
      await recordVideoEvents(manager, [
        { type: DOMAIN_EVENTS.videoChanged, video: saved },
        { type: DOMAIN_EVENTS.videoPublished, video: saved },
      ]);
      return saved;
    });
  }

  /**
   * A file video and its probe job, in one transaction (the job cannot be lost). null when the
   * same file was registered first by a concurrent upload (the unique fileHash decides).
   */
  async insertFileWithProbe(video: NewVideo): Promise<VideoEntity | null> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        // The row claims its upload's intent: a key never handed out to this member, or one whose
        // intent expired (its object is being removed), registers nothing.
        if (!(await claimUploadIntent(manager, video.originalKey ?? '', video.uploaderId))) {
          throw new ValidationError(UPLOAD_INTENT_MESSAGES.notClaimable);
        }
        const saved = await insertVideo(manager, video);
        await recordVideoEvents(manager, [{ type: DOMAIN_EVENTS.videoChanged, video: saved }]);
        await recordMediaJob(manager, {
          queue: MEDIA_QUEUES.probe,
          name: 'probe',
          jobId: mediaJobId('probe', saved.id),
          data: { objectKey: saved.originalKey, videoId: saved.id },
        });
        return saved;
      });
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  /** Queues removal of stored objects (a refused upload, a duplicate). */
  async cleanUp(keys: string[], reason: string): Promise<void> {
    await this.dataSource.transaction((manager) => recordCleanup(manager, keys, reason));
  }

  /**
   * Removes the row of an upload refused while its uploader waited (the refusal already failed
   * it and queued its original's removal): the upload answers 400 and leaves nothing behind.
   */
  async discardRefused(id: number): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const [[video]] = await manager.query<[VideoEntity[], number]>(
        `DELETE FROM videos WHERE id = $1 AND "processingState" = 'failed' RETURNING *`,
        [id],
      );
      if (video) await recordDeleted(manager, video);
    });
  }

  /**
   * Deletes the row, queues removal of its files and records the event, atomically; answers the
   * revision of the deletion, or null when the video was already gone. The other services follow
   * the event: feedback deletes the video's feedback (and restates its authors' numbers in its
   * own `feedback.deleted`), catalog its bookmarks.
   */
  deleteWithFiles(id: number, options: { byModeration?: boolean } = {}): Promise<number | null> {
    return this.dataSource.transaction(async (manager) => {
      const [[video]] = await manager.query<[VideoEntity[], number]>(`DELETE FROM videos WHERE id = $1 RETURNING *`, [
        id,
      ]);
      if (!video) return null;
      await recordCleanup(manager, storedKeys(video), `delete-${video.id}`);
      if (options.byModeration) await recordModerated(manager, video, 'deleted');
      return recordDeleted(manager, video);
    });
  }

  /** The new revision, or null when there is no such video. */
  updateDescription(id: number, description: string | null): Promise<number | null> {
    return this.dataSource.transaction(async (manager) => {
      const [video] = await changeVideos(
        manager,
        `UPDATE videos SET description = $2, revision = revision + 1, "updatedAt" = now() WHERE id = $1 RETURNING *`,
        [id, description],
      );
      return video?.revision ?? null;
    });
  }

  /**
   * Hidden pending review, or visible again: a new revision (lists drop or show it) and the
   * moderation event for its uploader. Null when there is no such video; unchanged when it is
   * already so.
   */
  setHidden(id: number, hidden: boolean): Promise<{ changed: boolean } | null> {
    return this.dataSource.transaction(async (manager) => {
      const [current] = await manager.query<{ hidden: boolean }[]>(
        `SELECT "hiddenAt" IS NOT NULL AS hidden FROM videos WHERE id = $1 FOR NO KEY UPDATE`,
        [id],
      );
      if (!current) return null;
      if (current.hidden === hidden) return { changed: false };
      const [video] = await changeVideos(
        manager,
        `UPDATE videos SET "hiddenAt" = CASE WHEN $2 THEN now() END, revision = revision + 1, "updatedAt" = now()
          WHERE id = $1 RETURNING *`,
        [id, hidden],
      );
      await recordModerated(manager, video, hidden ? 'hidden' : 'restored');
      return { changed: true };
    });
  }

  /**
   * Counts one view more of each video in `counted` (a video as many times as it appears there)
   * and answers each video of `ids` that exists with the views a reader should see now (published
   * and pending) and whether a view of it was counted. No transaction, no event; the video rows are
   * not touched (the view publisher moves the counts into them within about a second). Two
   * statements however many views: one that also read the views would read them as of its start,
   * before a publishing it had waited for, and answer a count short by what was published.
   */
  async countViews(ids: number[], counted: number[]): Promise<Map<number, { views: number; counted: boolean }>> {
    const added = new Map<number, number>();
    for (const id of counted) added.set(id, (added.get(id) ?? 0) + 1);
    const countedIds = new Set<number>();
    if (added.size) {
      // Pending rows are taken in id order, here and by the publisher's DELETE: two statements
      // taking several of them in different orders could deadlock, and the loser's views be lost.
      const rows = await this.dataSource.query<{ videoId: number }[]>(
        `INSERT INTO pending_views ("videoId", "count")
         SELECT v.id, a.n FROM unnest($1::int[], $2::int[]) AS a(id, n) JOIN videos v ON v.id = a.id
          ORDER BY v.id
         ON CONFLICT ("videoId") DO UPDATE SET "count" = pending_views."count" + EXCLUDED."count"
         RETURNING "videoId"`,
        [[...added.keys()], [...added.values()]],
      );
      for (const row of rows) countedIds.add(Number(row.videoId));
    }
    const rows = await this.dataSource.query<{ id: number; views: string }[]>(
      `SELECT v.id, v.views + COALESCE(p."count", 0) AS views
         FROM videos v LEFT JOIN pending_views p ON p."videoId" = v.id WHERE v.id = ANY($1::int[])`,
      [[...new Set(ids)]],
    );
    const held = new Map<number, { views: number; counted: boolean }>();
    for (const row of rows)
      held.set(Number(row.id), { views: Number(row.views), counted: countedIds.has(Number(row.id)) });
    return held;
  }

  /**
   * Publishes up to `limit` videos' pending views in one transaction: each video's count moves
   * into `views` with a new revision and a `video.viewed` event (its uploader's numbers counted
   * again, as for any video event). The videos are locked first, in id order, as every change of
   * a video locks them before anything else (a deletion's cascade then takes their pending rows):
   * taking the pending rows first could deadlock with a deletion. Videos another transaction holds
   * (another replica publishing, an edit) wait for the next round. Answers how many videos.
   */
  publishPendingViews(limit: number): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const locked = await manager.query<{ id: number }[]>(
        `SELECT v.id FROM videos v
          WHERE v.id IN (SELECT "videoId" FROM pending_views ORDER BY "videoId" LIMIT $1)
          ORDER BY v.id FOR NO KEY UPDATE OF v SKIP LOCKED`,
        [limit],
      );
      if (!locked.length) return 0;
      // A DELETE or UPDATE through query() answers [rows, affected count].
      // The pending rows locked in id order before they go, as countViews takes them.
      const [taken] = await manager.query<[{ videoId: number; count: number }[], number]>(
        `DELETE FROM pending_views WHERE "videoId" IN (
           SELECT "videoId" FROM pending_views WHERE "videoId" = ANY($1::int[]) ORDER BY "videoId" FOR UPDATE)
         RETURNING "videoId", "count"`,
        [locked.map((row) => row.id)],
      );
      const [viewed] = await manager.query<[VideoEntity[], number]>(
        `UPDATE videos v SET views = v.views + t."count", revision = v.revision + 1
           FROM unnest($1::int[], $2::int[]) AS t(id, "count")
          WHERE v.id = t.id
          RETURNING v.*`,
        [taken.map((row) => row.videoId), taken.map((row) => row.count)],
      );
      await recordVideoEvents(
        manager,
        [...viewed].sort((a, b) => a.id - b.id).map((video) => ({ type: DOMAIN_EVENTS.videoViewed, video })),
      );
      return locked.length;
    });
  }

  /** Probe passed: queue the transcode, once (only while the video is still processing). */
  async queueTranscode(id: number, probe: ProbeResult): Promise<void> {
    const { durationSeconds } = probe;
    await this.dataSource.transaction(async (manager) => {
      const [video] = await changeVideos(
        manager,
        `UPDATE videos SET duration = $2, revision = revision + 1, "updatedAt" = now()
          WHERE id = $1 AND "processingState" = 'processing' AND "originalKey" IS NOT NULL
          RETURNING *`,
        [id, durationSeconds === null ? null : Math.round(durationSeconds)],
      );
      if (!video) return;
      await recordMediaJob(manager, {
        queue: MEDIA_QUEUES.transcode,
        name: 'transcode',
        jobId: mediaJobId('transcode', id),
        data: { videoId: id, objectKey: video.originalKey, ...(probe.media ? { media: probe.media } : {}) },
      });
    });
  }

  /** false when the video no longer exists (deleted while the worker ran). */
  async markReady(
    id: number,
    files: {
      playbackKey: string;
      thumbnailKey: string | null;
      durationSeconds: number | null;
      /** Measured on this playback file: they replace any of an earlier copy. */
      frames: PlaybackFrames | null;
    },
  ): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      // An UPDATE through query() answers [rows, affected count].
      const [[video]] = await manager.query<[(VideoEntity & { wasReady: boolean })[], number]>(
        `UPDATE videos v SET
           "processingState" = 'ready',
           "hasFileError" = false,
           "playbackKey" = $2,
           "thumbnailKey" = $3,
           "duration" = COALESCE($4, v."duration"),
           "frameRateNum" = $5,
           "frameRateDen" = $6,
           "frameCount" = $7,
           "startTime" = $8,
           "revision" = v."revision" + 1
         FROM (SELECT id, "processingState" = 'ready' AS "wasReady" FROM videos WHERE id = $1 FOR UPDATE) before
         WHERE v.id = before.id
         RETURNING v.*, before."wasReady"`,
        [
          id,
          files.playbackKey,
          files.thumbnailKey,
          files.durationSeconds === null ? null : Math.round(files.durationSeconds),
          files.frames?.frameRate.num ?? null,
          files.frames?.frameRate.den ?? null,
          files.frames?.frameCount ?? null,
          files.frames?.startTime ?? null,
        ],
      );
      if (!video) return false;
      // Playable from now on: published, once (a later copy of a ready video only changes it).
      await recordVideoEvents(manager, [
        { type: DOMAIN_EVENTS.videoChanged, video },
        ...(video.wasReady ? [] : [{ type: DOMAIN_EVENTS.videoPublished, video }]),
      ]);
      return true;
    });
  }

  /**
   * A probe refused the file after the upload stopped waiting: the video fails and its original
   * is queued for removal, atomically; the row no longer names it. Only while still processing.
   */
  async refuse(id: number): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const [video] = await changeVideos<{ refusedKey: string }>(
        manager,
        `UPDATE videos v SET
           "processingState" = 'failed',
           "hasFileError" = true,
           "originalKey" = NULL,
           "revision" = v."revision" + 1,
           "updatedAt" = now()
         FROM (SELECT id, "originalKey" AS "refusedKey" FROM videos
                WHERE id = $1 AND "processingState" = 'processing' AND "originalKey" IS NOT NULL FOR UPDATE) before
         WHERE v.id = before.id
         RETURNING v.*, before."refusedKey"`,
        [id],
      );
      if (video) await recordCleanup(manager, [video.refusedKey], `refused-${id}`);
    });
  }

  /** The subset of `keys` a video row names, directly or as a file in its derived folder. */
  async findReferencedKeys(keys: string[]): Promise<string[]> {
    if (!keys.length) return [];
    const derivedIds = [...new Set(keys.map(videoIdOfDerivedKey).filter((id): id is number => id !== null))];
    const named: { key: string }[] = await this.dataSource.query(
      `SELECT k.key FROM unnest($1::text[]) AS k(key)
       WHERE EXISTS (
         SELECT 1 FROM videos v WHERE v."originalKey" = k.key OR v."playbackKey" = k.key OR v."thumbnailKey" = k.key
       )`,
      [keys],
    );
    const live: { id: number }[] = derivedIds.length
      ? await this.dataSource.query(`SELECT id FROM videos WHERE id = ANY($1::int[])`, [derivedIds])
      : [];
    const liveIds = new Set(live.map((row) => Number(row.id)));
    const referenced = new Set(named.map((row) => row.key));
    for (const key of keys) {
      const id = videoIdOfDerivedKey(key);
      if (id !== null && liveIds.has(id)) referenced.add(key);
    }
    return [...referenced];
  }

  /**
   * Ready videos still played from their original (made before every video got its own copy):
   * a transcode each, so the copy replaces the original as what is streamed. Job ids are fixed,
   * so replicas starting together queue each once; a row whose copy exists no longer matches.
   */
  async queueCopiesOfPublishedOriginals(): Promise<number[]> {
    return this.dataSource.transaction(async (manager) => {
      const rows: { id: number; originalKey: string }[] = await manager.query(
        `SELECT id, "originalKey" FROM videos
         WHERE "processingState" = 'ready' AND "originalKey" IS NOT NULL
           AND "playbackKey" IS DISTINCT FROM 'videos/' || id || '/playback.mp4'`,
      );
      for (const { id, originalKey } of rows) {
        await recordMediaJob(manager, {
          queue: MEDIA_QUEUES.transcode,
          name: 'transcode',
          jobId: mediaJobId('transcode', id, 'copy'),
          data: { videoId: id, objectKey: originalKey },
        });
      }
      return rows.map((row) => Number(row.id));
    });
  }

  /** Only a video still being processed can fail: a late verdict never undoes a ready one. */
  async markFailed(id: number): Promise<void> {
    await this.dataSource.transaction((manager) =>
      changeVideos(
        manager,
        `UPDATE videos SET "processingState" = 'failed', "hasFileError" = true, revision = revision + 1, "updatedAt" = now()
          WHERE id = $1 AND "processingState" = 'processing'
          RETURNING *`,
        [id],
      ),
    );
  }
}

// The derived files' keys are fixed, so they are listed even before the worker has written them.
const storedKeys = (video: VideoEntity) =>
  video.originalKey
    ? [video.originalKey, VIDEO_KEYS.playback(video.id), VIDEO_KEYS.thumbnail(video.id)]
    : [video.playbackKey, video.thumbnailKey].filter((key): key is string => Boolean(key));

/** A new row at revision 1, read back whole (defaults and createdAt as stored) for its event. */
async function insertVideo(manager: EntityManager, video: NewVideo): Promise<VideoEntity> {
  const videos = manager.getRepository(VideoEntity);
  const { id } = await videos.save(videos.create({ ...video, revision: 1 }));
  return videos.findOneByOrFail({ id });
}

/**
 * Runs an UPDATE … RETURNING * (plus any extra columns) that bumps the revision of the rows it
 * changes, and records a `video.changed` for each, in the caller's transaction.
 */
async function changeVideos<Extra extends object = object>(
  manager: EntityManager,
  update: string,
  parameters: unknown[],
): Promise<(VideoEntity & Extra)[]> {
  // An UPDATE through query() answers [rows, affected count].
  const [changed] = await manager.query<[(VideoEntity & Extra)[], number]>(update, parameters);
  await recordVideoEvents(
    manager,
    changed.map((video) => ({ type: DOMAIN_EVENTS.videoChanged, video })),
  );
  return changed;
}

/** What moderation did to the video, for its uploader (the notifications service tells them). */
function recordModerated(
  manager: EntityManager,
  video: VideoEntity,
  outcome: ModerationFacts['outcome'],
): Promise<void> {
  return recordDomainEvent(manager, {
    type: DOMAIN_EVENTS.videoModerated,
    videoId: video.id,
    userIds: [video.uploaderId],
    moderation: { subjectType: 'video', subjectId: video.id, ownerId: video.uploaderId, outcome, title: video.title },
  });
}

/** A deleted row's last state, one revision on, so no older state brings it back; answers that revision. */
async function recordDeleted(manager: EntityManager, video: VideoEntity): Promise<number> {
  const tombstone = { ...video, revision: video.revision + 1 };
  await recordVideoEvents(manager, [{ type: DOMAIN_EVENTS.videoDeleted, video: tombstone }]);
  return tombstone.revision;
}

async function recordCleanup(manager: EntityManager, keys: string[], id: string): Promise<void> {
  if (!keys.length) return;
  await recordMediaJob(manager, {
    queue: MEDIA_QUEUES.cleanup,
    name: 'cleanup',
    jobId: `cleanup-${id}`,
    data: { keys },
  });
}

const isUniqueViolation = (error: unknown) =>
  error instanceof QueryFailedError && (error.driverError as { code?: string }).code === '23505';
