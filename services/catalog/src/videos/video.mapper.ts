import {
  personFields,
  personSummary,
  videoStreamUrlFor,
  videoThumbnailUrlFor,
  type VideoDto,
  type VideoProcessingState as ProcessingStateDto,
  type VideoState,
} from '@app/contracts';
import type { VideoListingRow } from './videos.repository.js';

/** Screens tell only "still being prepared", "playable" and "broken" apart. */
const PROCESSING_STATES: Record<VideoState['processingState'], ProcessingStateDto> = {
  uploaded: 'processing',
  processing: 'processing',
  ready: 'ready',
  failed: 'failed',
};

/**
 * A video as a list or a single read shows it. Stored files are reached through the gateway's
 * routes (the object keys stay in the video service); a video without them keeps the URLs it was
 * given. The base64 thumbnail is only present when the row carries it (a single video): a list
 * never inlines it.
 */
export const toVideoDto = (row: VideoListingRow & { thumbnailData?: string | null }): VideoDto => ({
  ...(row.hidden ? { hidden: true } : {}),
  id: row.id,
  title: row.title,
  description: row.description,
  categoryId: row.categoryId,
  categoryName: row.categoryName,
  categoryIcon: row.categoryIcon,
  ...personFields(
    'uploader',
    personSummary({
      id: row.uploaderId,
      firstName: row.uploaderFirstName,
      lastName: row.uploaderLastName,
      image: row.uploaderImage,
    }),
  ),
  views: row.views,
  createdAt: row.createdAt.toISOString(),
  feedbackCount: row.feedbackCount,
  averageRating: row.averageRating,
  youtubeUrl: row.youtubeUrl,
  videoUrl: row.hasStoredVideo ? videoStreamUrlFor(row.id) : row.videoUrl,
  thumbnailData: row.thumbnailData ?? null,
  thumbnailUrl: row.hasStoredThumbnail ? videoThumbnailUrlFor(row.id) : row.thumbnailUrl,
  hasFileError: row.hasFileError,
  processingState: PROCESSING_STATES[row.processingState],
  duration: row.duration,
  // The playback file's, as the video service measured it; null for links.
  frameRate: row.frameRate,
  frameCount: row.frameCount,
});
