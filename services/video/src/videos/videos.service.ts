import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import {
  VIDEO_KEYS,
  VIDEO_UPLOAD_MESSAGES,
  videoSourceProblem,
  youtubeThumbnailUrl,
  youtubeVideoId,
  type Actor,
  type ModerationSubjectDto,
  type CreateVideoRequest,
  type MediaResultJobData,
  type PlaybackSources,
  type RecordedView,
  type UpdateVideoRequest,
  type VideoState,
  type VideoWriteResult,
  CATALOG_RPC,
} from '@app/contracts';
import {
  AdminOfRecord,
  ForbiddenError,
  JobQueues,
  NotFoundError,
  RpcClient,
  ValidationError,
  securityEvent,
} from '@app/common';
import type { VideoEntity } from '../db/entities/video.entity.js';
import { config } from '../config.js';
import { validPlaybackFrames } from '../media/playback-frames.js';
import type { ProbeJudgement } from '../media/probe-judgement.js';
import { ProbeVerdicts } from '../media/probe-verdicts.js';
import { probeRefusal } from './probe-refusal.js';
import { toVideoState } from './video-state.mapper.js';
import { VideosRepository } from './videos.repository.js';
import { ViewPublisher } from './view-publisher.js';

const VIEW_WINDOW_SECONDS = 24 * 3600;

/**
 * Videos: registration of uploads and links, the media state machine, edits, deletion, views.
 * What a change owes the media pipeline or other services is recorded in its transaction; the
 * outbox relay delivers it once that commits.
 */
@Injectable()
export class VideosService implements OnApplicationBootstrap {
  private readonly logger = new Logger(VideosService.name);

  constructor(
    private readonly videos: VideosRepository,
    private readonly verdicts: ProbeVerdicts,
    private readonly queues: JobQueues,
    private readonly admins: AdminOfRecord,
    private readonly catalog: RpcClient,
    private readonly viewPublisher: ViewPublisher,
  ) {}

  /** Answers the revision of the state the write produced, so the caller can read its own write. */
  async create(request: CreateVideoRequest): Promise<VideoWriteResult> {
    const { fields, upload } = request;
    // The gateway's rule, applied again: the service is the guard.
    const sourceProblem = videoSourceProblem(
      upload && { type: upload.mimeType, size: upload.sizeBytes },
      fields.youtubeUrl,
    );
    if (sourceProblem) {
      if (upload) await this.discardUpload(upload.objectKey, 'source');
      throw new ValidationError(sourceProblem);
    }
    // The catalog owns categories: it is asked, not read.
    if (!(await this.catalog.call(CATALOG_RPC.categoryExists, { id: fields.categoryId })).exists) {
      if (upload) await this.discardUpload(upload.objectKey, 'category');
      throw new ValidationError(VIDEO_UPLOAD_MESSAGES.categoryUnknown);
    }
    const base = {
      title: fields.title,
      description: fields.description,
      categoryId: fields.categoryId,
      uploaderId: request.uploaderId,
    };

    if (!upload) {
      const youtubeId = fields.youtubeUrl ? youtubeVideoId(fields.youtubeUrl) : null;
      // videoUploadFieldsSchema only lets a link through in the one stored form.
      if (!fields.youtubeUrl || !youtubeId) throw new ValidationError(VIDEO_UPLOAD_MESSAGES.youtubeInvalid);
      const video = await this.videos.insertLink({
        ...base,
        youtubeUrl: fields.youtubeUrl,
        thumbnailUrl: youtubeThumbnailUrl(youtubeId),
        processingState: 'ready',
      });
      return { id: video.id, revision: video.revision };
    }

    if (await this.videos.hashExists(upload.sha256)) {
      await this.discardUpload(upload.objectKey, 'duplicate');
      throw new ValidationError(VIDEO_UPLOAD_MESSAGES.duplicate);
    }
    const video = await this.videos.insertFileWithProbe({
      ...base,
      youtubeUrl: null,
      thumbnailUrl: null,
      processingState: 'processing',
      originalKey: upload.objectKey,
      fileHash: upload.sha256,
      sizeBytes: String(upload.sizeBytes),
      mimeType: upload.mimeType,
    });
    if (!video) {
      await this.discardUpload(upload.objectKey, 'duplicate');
      throw new ValidationError(VIDEO_UPLOAD_MESSAGES.duplicate);
    }

    // A short, bounded wait so the dialog can show an over-long or broken file at once; a
    // backed-up queue answers "processing" and the verdict reaches the video later. The file
    // is judged once, by the results consumer: a refused one has already failed and had its
    // original queued for removal, so here only its row goes, as if it had never been.
    const waitMs = Math.max(0, Math.min(request.waitMs, config.PROBE_WAIT_MAX_MS));
    const judged = waitMs > 0 ? await this.verdicts.waitFor(video.id, waitMs) : null;
    if (judged?.refusal) {
      await this.videos.discardRefused(video.id);
      throw new ValidationError(judged.refusal);
    }
    // Still processing, or judged meanwhile: the state as it is now (the verdict may have changed it).
    const now = await this.videos.findById(video.id);
    return { id: video.id, revision: now?.revision ?? video.revision };
  }

  async update(videoId: number, actor: Actor, request: UpdateVideoRequest): Promise<VideoWriteResult> {
    const video = await this.require(videoId);
    if (video.uploaderId !== actor.id) throw new ForbiddenError(VIDEO_UPLOAD_MESSAGES.notUploader);
    const revision = await this.videos.updateDescription(videoId, request.description);
    if (revision === null) throw new NotFoundError('video');
    return { id: videoId, revision };
  }

  /**
   * The uploader, or an admin of record (asked of the auth service: the message's isAdmin is only
   * a claim). Answers the revision of the deletion.
   */
  async delete(videoId: number, actor: Actor): Promise<VideoWriteResult> {
    const video = await this.require(videoId);
    const byUploader = video.uploaderId === actor.id;
    if (!byUploader) await this.admins.require(actor, VIDEO_UPLOAD_MESSAGES.notAllowedToDelete, 'delete-video');
    const revision = await this.videos.deleteWithFiles(videoId);
    // Deleted by someone else meanwhile: it is gone all the same, but this request did not do it.
    if (revision === null) throw new NotFoundError('video');
    securityEvent(this.logger, {
      event: 'video.deleted',
      outcome: 'success',
      actorId: actor.id,
      target: { videoId, uploaderId: video.uploaderId, asAdmin: !byUploader },
    });
    return { id: videoId, revision };
  }

  /** What a report on the video is about. */
  async moderationSubject(videoId: number): Promise<ModerationSubjectDto | null> {
    const video = await this.videos.findById(videoId);
    if (!video) return null;
    return {
      ownerId: video.uploaderId,
      hidden: video.hiddenAt !== null,
      title: video.title,
      text: video.description,
      videoId,
      feedbackId: null,
    };
  }

  /** Asked by the admin service only (its NATS user alone may send these). */
  async setHidden(videoId: number, hidden: boolean): Promise<{ hidden: boolean; changed: boolean }> {
    const result = await this.videos.setHidden(videoId, hidden);
    if (result === null) throw new NotFoundError('video');
    return { hidden, changed: result.changed };
  }

  async moderationDelete(videoId: number): Promise<{ removed: number }> {
    return { removed: (await this.videos.deleteWithFiles(videoId, { byModeration: true })) === null ? 0 : 1 };
  }

  /** What the video's events carry, now; null when there is no such video. */
  async getState(videoId: number): Promise<VideoState | null> {
    const video = await this.videos.findById(videoId);
    return video ? toVideoState(video) : null;
  }

  /**
   * Step of the user-deletion saga: every video of a member goes, with its files, feedback and
   * bookmarks, each with its `video.deleted` event, and their profile pictures are queued for
   * removal. Idempotent: a re-run finds fewer videos or none, and the cleanup job id is fixed.
   */
  async deleteAllOfUploader(uploaderId: string): Promise<{ removed: number }> {
    const videos = await this.videos.findByUploader(uploaderId);
    let removed = 0;
    for (const video of videos) if ((await this.videos.deleteWithFiles(video.id)) !== null) removed += 1;
    await this.videos.cleanUpProfileImages(uploaderId);
    return { removed };
  }

  /**
   * Counts a view at most once per viewer per video per 24 h. Best effort: with Redis away the
   * page still loads and the view is simply not counted.
   */
  async recordView(videoId: number, viewerKey: string): Promise<RecordedView> {
    const [recorded] = await this.recordViews([{ videoId, viewerKey }]);
    return recorded ?? { counted: false, views: null };
  }

  /**
   * recordView for several viewers at once (the video pages one gateway was asked for in one turn
   * of its event loop), answered in their order: their places in the window asked of Redis
   * together, then the counts in two statements (one when none counted), however many there are.
   */
  async recordViews(views: { videoId: number; viewerKey: string }[]): Promise<RecordedView[]> {
    const firsts = await this.firstViewsToday(views);
    const counted = views.filter((_, i) => firsts[i]).map((view) => view.videoId);
    const held = await this.videos.countViews(
      views.map((view) => view.videoId),
      counted,
    );
    // The counted views reach the video rows, the catalog and the uploader's points within a second.
    if (counted.some((id) => held.get(id)?.counted)) this.viewPublisher.soon();
    return views.map((view, i) => {
      const video = held.get(view.videoId);
      return { counted: Boolean(firsts[i] && video?.counted), views: video?.views ?? null };
    });
  }

  /**
   * Whether each view is its viewer's first of the video in the window (SET NX, sent together);
   * not, for any whose command fails, or for all when Redis takes over half a second to answer.
   */
  private async firstViewsToday(views: { videoId: number; viewerKey: string }[]): Promise<boolean[]> {
    const answers = Promise.allSettled(
      views.map(({ videoId, viewerKey }) =>
        this.queues.redis.set(
          `${config.QUEUE_PREFIX}:views:${videoId}:${viewerKey}`,
          '1',
          'EX',
          VIEW_WINDOW_SECONDS,
          'NX',
        ),
      ),
    );
    const settled = await Promise.race([answers, new Promise<null>((resolve) => setTimeout(() => resolve(null), 500))]);
    return views.map((_, i) => {
      const answer = settled?.[i];
      return answer?.status === 'fulfilled' && answer.value === 'OK';
    });
  }

  /**
   * Only a copy the worker made is published: the original carries what the phone wrote into
   * it (GPS position, device, owner), so until the copy exists only its uploader may play it.
   */
  async playback(videoId: number, viewerId: string | null = null): Promise<PlaybackSources> {
    const video = await this.require(videoId);
    // Hidden pending review: only its uploader may still play it.
    if (video.hiddenAt !== null && viewerId !== video.uploaderId) throw new NotFoundError('video');
    const thumbnailKey = video.thumbnailKey;
    if (video.playbackKey && video.playbackKey === VIDEO_KEYS.playback(video.id)) {
      return { video: { objectKey: video.playbackKey, contentType: 'video/mp4' }, thumbnailKey };
    }
    if (video.originalKey && viewerId !== null && viewerId === video.uploaderId) {
      return {
        video: {
          objectKey: video.originalKey,
          contentType: video.mimeType ?? 'application/octet-stream',
          original: true,
        },
        thumbnailKey,
      };
    }
    return { video: null, thumbnailKey };
  }

  /** At start: ready videos still played from their original get their copy made (see the repository). */
  async onApplicationBootstrap(): Promise<void> {
    try {
      const queued = await this.videos.queueCopiesOfPublishedOriginals();
      if (queued.length) {
        this.logger.warn({ msg: 'ready videos played from their original: copies queued', videoIds: queued });
      }
    } catch (error) {
      // Those videos stay unplayable to others (never the original) until the next start.
      this.logger.error({ msg: 'could not queue copies of published originals', error: String(error) });
    }
  }

  /**
   * Which of these stored keys a video row still names (its original, playback file or
   * thumbnail, or anything in its derived folder): the cleanup worker deletes only the others.
   */
  referencedKeys(keys: string[]): Promise<string[]> {
    return this.videos.findReferencedKeys(keys);
  }

  /**
   * Applies a verdict from the media worker; each is idempotent, and a deleted video ignores
   * them. A probe verdict is judged here, and only here: the judgement is answered for the
   * upload that may be waiting for it.
   */
  async applyMediaResult(result: MediaResultJobData): Promise<ProbeJudgement | void> {
    if (!Number.isSafeInteger(result.videoId) || result.videoId < 1) {
      this.logger.warn({ msg: 'media result ignored: not a video id', videoId: result.videoId });
      return;
    }
    switch (result.stage) {
      case 'probed': {
        const refusal = probeRefusal(result.result);
        if (refusal) {
          // Nobody will ever play it: the original goes, and with it what the phone wrote into it.
          this.logger.log({ msg: 'upload refused by probe', videoId: result.videoId, refusal });
          await this.videos.refuse(result.videoId);
        } else {
          await this.videos.queueTranscode(result.videoId, result.result);
        }
        return { videoId: result.videoId, refusal };
      }
      case 'ready': {
        // A results job is only trusted with this video's own files: a forged one naming another
        // object (the original, another video's file) must not get it published.
        const ownThumbnail =
          result.thumbnailKey === null || result.thumbnailKey === VIDEO_KEYS.thumbnail(result.videoId);
        if (result.playbackKey !== VIDEO_KEYS.playback(result.videoId) || !ownThumbnail) {
          this.logger.warn({
            msg: 'media result ignored: names files that are not this video’s',
            videoId: result.videoId,
            playbackKey: result.playbackKey,
            thumbnailKey: result.thumbnailKey,
          });
          return;
        }
        // Deleted while the worker ran: the files it just wrote have no owner, so they go too.
        const frames = validPlaybackFrames(result.frames);
        if (!frames && result.frames !== undefined) {
          this.logger.warn({ msg: 'media result frames ignored', videoId: result.videoId, frames: result.frames });
        }
        if (!(await this.videos.markReady(result.videoId, { ...result, frames }))) {
          await this.videos.cleanUp(
            [result.playbackKey, result.thumbnailKey].filter((key): key is string => Boolean(key)),
            `orphan-${result.videoId}`,
          );
        }
        return;
      }
      case 'failed':
        this.logger.warn({
          msg: 'media failed',
          videoId: result.videoId,
          reason: result.reason,
          detail: result.detail,
        });
        await this.videos.markFailed(result.videoId);
        return;
      default:
        // A stage this version does not know (an older worker's 'faststart', a forged job).
        this.logger.warn({ msg: 'media result ignored: unknown stage', result: result as unknown });
    }
  }

  private async require(videoId: number): Promise<VideoEntity> {
    const video = await this.videos.findById(videoId);
    if (!video) throw new NotFoundError('video');
    return video;
  }

  private async discardUpload(objectKey: string, why: string): Promise<void> {
    await this.videos.cleanUp([objectKey], `${why}-${objectKey.split('/').pop() ?? objectKey}`);
  }
}
