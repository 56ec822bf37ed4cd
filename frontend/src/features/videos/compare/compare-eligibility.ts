import type { Video } from '@/features/videos/api/get-videos';

/** Said wherever a YouTube video is offered for comparing: its frames are not ours to step or sync. */
export const YOUTUBE_NOT_SYNCABLE =
  'YouTube videos cannot be frame-synced: the player only steps and syncs videos uploaded as files.';

export type CompareEligibility = { ok: true } | { ok: false; reason: string };

/** Whether a video can be one side of a comparison, and if not, why (shown beside it). */
export function compareEligibility(
  video: Pick<Video, 'youtubeUrl' | 'processingState' | 'hasFileError' | 'videoUrl'>,
): CompareEligibility {
  if (video.youtubeUrl) return { ok: false, reason: YOUTUBE_NOT_SYNCABLE };
  if (video.processingState === 'processing')
    return { ok: false, reason: 'Still processing: it can be compared once it plays.' };
  if (video.hasFileError || video.processingState === 'failed' || !video.videoUrl) {
    return { ok: false, reason: 'Its file is unavailable, so it cannot be compared.' };
  }
  return { ok: true };
}
