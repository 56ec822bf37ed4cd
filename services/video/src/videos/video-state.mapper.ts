import type { UploaderVideoStats, VideoState } from '@app/contracts';
import type { UploaderStatsEntity } from '../db/entities/uploader-stats.entity.js';
import type { VideoEntity } from '../db/entities/video.entity.js';

/** The columns a video's published state is made of (a row as TypeORM or a RETURNING * answers it). */
export type VideoStateColumns = Pick<
  VideoEntity,
  | 'id'
  | 'revision'
  | 'title'
  | 'description'
  | 'categoryId'
  | 'uploaderId'
  | 'youtubeUrl'
  | 'videoUrl'
  | 'thumbnailUrl'
  | 'thumbnailData'
  | 'duration'
  | 'frameRateNum'
  | 'frameRateDen'
  | 'frameCount'
  | 'startTime'
  | 'processingState'
  | 'hasFileError'
  | 'hiddenAt'
  | 'views'
  | 'feedbackCount'
  | 'averageRating'
  | 'feedbackStatsRevision'
  | 'createdAt'
  | 'originalKey'
  | 'playbackKey'
  | 'thumbnailKey'
>;

/**
 * What other services keep of a video. Object keys stay here: they only learn whether a file is
 * stored, and the gateway's routes serve it. The backfill migration builds the same shape in SQL.
 */
export function toVideoState(video: VideoStateColumns): VideoState {
  return {
    id: video.id,
    revision: video.revision,
    title: video.title,
    description: video.description,
    categoryId: video.categoryId,
    uploaderId: video.uploaderId,
    youtubeUrl: video.youtubeUrl,
    videoUrl: video.videoUrl,
    thumbnailUrl: video.thumbnailUrl,
    hasStoredVideo: Boolean(video.originalKey || video.playbackKey),
    hasStoredThumbnail: Boolean(video.thumbnailKey),
    thumbnailData: video.thumbnailData,
    duration: video.duration,
    // The playback file's exact rate as a number: 30000/1001 is 29.97002997…, which the player steps by.
    frameRate: video.frameRateNum && video.frameRateDen ? video.frameRateNum / video.frameRateDen : null,
    frameCount: video.frameCount,
    startTime: video.startTime,
    processingState: video.processingState,
    hasFileError: video.hasFileError,
    hidden: video.hiddenAt !== null && video.hiddenAt !== undefined,
    views: video.views,
    feedbackCount: video.feedbackCount,
    averageRating: video.averageRating,
    feedbackStatsRevision: video.feedbackStatsRevision,
    createdAt: video.createdAt.toISOString(),
  };
}

/** `totalViews` is a bigint column, which the driver answers as a string. */
export function toUploaderVideoStats(stats: UploaderStatsEntity): UploaderVideoStats {
  return {
    userId: stats.userId,
    revision: stats.revision,
    publishedVideos: stats.publishedVideos,
    totalViews: Number(stats.totalViews),
  };
}
