import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import {
  MAX_VIDEO_SECONDS,
  VIDEO_UPLOAD_MESSAGES,
  youtubeThumbnailUrl,
  youtubeVideoId,
  type Actor,
  type CreateVideoRequest,
  type MediaResultJobData,
  type PlaybackSources,
  type ProbeResult,
  type UpdateVideoRequest,
} from '@app/contracts';
import { AdminOfRecord, ForbiddenError, NotFoundError, ValidationError, securityEvent } from '@app/common';
import { DomainEvents, type VideoEntity } from '@app/database';
import { config } from '../config.js';
import { MEDIA_QUEUE_PREFIX, MEDIA_REDIS, MediaJobsService } from '../media/media-jobs.service.js';
import { OutboxRelayService } from '../outbox/outbox-relay.service.js';
import { VideosRepository } from './videos.repository.js';

export interface CreatedVideo {
  id: number;
  processingState: VideoEntity['processingState'];
}

const VIEW_WINDOW_SECONDS = 24 * 3600;

/** Videos: registration of uploads and links, the media state machine, edits, deletion, views. */
@Injectable()
export class VideosService {
  private readonly logger = new Logger(VideosService.name);

  constructor(
    private readonly videos: VideosRepository,
    private readonly media: MediaJobsService,
    private readonly relay: OutboxRelayService,
    private readonly events: DomainEvents,
    @Inject(MEDIA_REDIS) private readonly redis: Redis,
    @Inject(MEDIA_QUEUE_PREFIX) private readonly prefix: string,
    private readonly admins: AdminOfRecord,
  ) {}

  async create(request: CreateVideoRequest): Promise<CreatedVideo> {
    const { fields, upload } = request;
    if (upload && fields.youtubeUrl) {
      await this.discardUpload(upload.objectKey, 'both');
      throw new ValidationError(VIDEO_UPLOAD_MESSAGES.fileAndLink);
    }
    if (!(await this.videos.categoryExists(fields.categoryId))) {
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
      if (!fields.youtubeUrl) throw new ValidationError(VIDEO_UPLOAD_MESSAGES.fileRequired);
      if (!youtubeId) throw new ValidationError(VIDEO_UPLOAD_MESSAGES.youtubeInvalid);
      const video = await this.videos.insertLink({
        ...base,
        youtubeUrl: fields.youtubeUrl,
        thumbnailUrl: youtubeThumbnailUrl(youtubeId),
        processingState: 'ready',
      });
      this.events.kick();
      return { id: video.id, processingState: video.processingState };
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
    void this.relay.kick();

    // A short, bounded wait so the dialog can show an over-long or broken file at once; a
    // backed-up queue answers "processing" and the verdict reaches the video later.
    const waitMs = Math.max(0, Math.min(request.waitMs, config.PROBE_WAIT_MAX_MS));
    const verdict = waitMs > 0 ? await this.media.waitForProbe(video.id, waitMs) : null;
    const refusal = verdict ? refusalOf(verdict) : null;
    if (refusal) {
      await this.videos.discard(video);
      void this.relay.kick();
      throw new ValidationError(refusal);
    }
    return { id: video.id, processingState: video.processingState };
  }

  async update(videoId: number, actor: Actor, request: UpdateVideoRequest): Promise<void> {
    const video = await this.require(videoId);
    if (video.uploaderId !== actor.id) throw new ForbiddenError(VIDEO_UPLOAD_MESSAGES.notUploader);
    await this.videos.updateDescription(videoId, request.description);
  }

  /** The uploader, or an admin of record (asked of the auth service: the message's isAdmin is only a claim). */
  async delete(videoId: number, actor: Actor): Promise<void> {
    const video = await this.require(videoId);
    const byUploader = video.uploaderId === actor.id;
    if (!byUploader) await this.admins.require(actor, VIDEO_UPLOAD_MESSAGES.notAllowedToDelete, 'delete-video');
    await this.videos.deleteWithFiles(video);
    securityEvent(this.logger, {
      event: 'video.deleted',
      outcome: 'success',
      actorId: actor.id,
      target: { videoId, uploaderId: video.uploaderId, asAdmin: !byUploader },
    });
    void this.relay.kick();
    this.events.kick();
  }

  /**
   * Step of the user-deletion saga: every video of a member goes, with its files, feedback and
   * bookmarks, each with its `video.deleted` event, and their profile pictures are queued for
   * removal. Idempotent: a re-run finds fewer videos or none, and the cleanup job id is fixed.
   */
  async deleteAllOfUploader(uploaderId: string): Promise<{ removed: number }> {
    const videos = await this.videos.findByUploader(uploaderId);
    for (const video of videos) await this.videos.deleteWithFiles(video);
    await this.videos.cleanUpProfileImages(uploaderId);
    void this.relay.kick();
    if (videos.length) this.events.kick();
    return { removed: videos.length };
  }

  /**
   * Counts a view at most once per viewer per video per 24 h. Best effort: with Redis away the
   * page still loads and the view is simply not counted.
   */
  async recordView(videoId: number, viewerKey: string): Promise<boolean> {
    const key = `${this.prefix}:views:${videoId}:${viewerKey}`;
    try {
      const first = await Promise.race([
        this.redis.set(key, '1', 'EX', VIEW_WINDOW_SECONDS, 'NX'),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 500)),
      ]);
      if (first !== 'OK') return false;
    } catch {
      return false;
    }
    return this.videos.incrementViews(videoId);
  }

  async playback(videoId: number): Promise<PlaybackSources> {
    const video = await this.require(videoId);
    const objectKey = video.playbackKey ?? video.originalKey;
    return {
      video: objectKey
        ? { objectKey, contentType: video.playbackKey ? 'video/mp4' : (video.mimeType ?? 'application/octet-stream') }
        : null,
      thumbnailKey: video.thumbnailKey,
    };
  }

  /** Applies a verdict from the media worker; each is idempotent, and a deleted video ignores them. */
  async applyMediaResult(result: MediaResultJobData): Promise<void> {
    switch (result.stage) {
      case 'probed': {
        const refusal = refusalOf(result.result);
        if (refusal) {
          this.logger.log({ msg: 'upload refused by probe', videoId: result.videoId, refusal });
          await this.videos.markFailed(result.videoId);
        } else {
          await this.videos.queueTranscode(result.videoId, result.result);
          void this.relay.kick();
        }
        return;
      }
      case 'ready':
        // Deleted while the worker ran: the files it just wrote have no owner, so they go too.
        if (!(await this.videos.markReady(result.videoId, result))) {
          await this.videos.cleanUp(
            [result.playbackKey, result.thumbnailKey].filter((key): key is string => Boolean(key)),
            `orphan-${result.videoId}`,
          );
          void this.relay.kick();
        } else {
          this.events.kick();
        }
        return;
      case 'faststart':
        if (!(await this.videos.useFaststartCopy(result.videoId, result.playbackKey))) {
          await this.videos.cleanUp([result.playbackKey], `orphan-faststart-${result.videoId}`);
          void this.relay.kick();
        }
        return;
      case 'failed':
        this.logger.warn({
          msg: 'media failed',
          videoId: result.videoId,
          reason: result.reason,
          detail: result.detail,
        });
        await this.videos.markFailed(result.videoId);
        return;
    }
  }

  private async require(videoId: number): Promise<VideoEntity> {
    const video = await this.videos.findById(videoId);
    if (!video) throw new NotFoundError('video');
    return video;
  }

  private async discardUpload(objectKey: string, why: string): Promise<void> {
    await this.videos.cleanUp([objectKey], `${why}-${objectKey.split('/').pop() ?? objectKey}`);
    void this.relay.kick();
  }
}

/** The user-facing reason a probed file is refused, or null when it may be played. */
function refusalOf(result: ProbeResult): string | null {
  if (!result.readable || !result.hasVideo) return VIDEO_UPLOAD_MESSAGES.invalidFile;
  if (!result.withinLengthLimit || (result.durationSeconds ?? 0) > MAX_VIDEO_SECONDS)
    return VIDEO_UPLOAD_MESSAGES.tooLong;
  return null;
}
