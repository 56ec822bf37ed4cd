/**
 * A video as the screens see it (spec section 3). `isBookmarked` is set by the client.
 * Lists never inline the base64 thumbnail: `thumbnailData` is null there and the picture is
 * fetched from `thumbnailUrl`.
 */
export interface VideoDto {
  /** Present, and true, only for its uploader: hidden pending review by moderation. */
  hidden?: boolean;
  id: number;
  title: string;
  description: string | null;
  categoryId: number | null;
  categoryName: string | null;
  categoryIcon: string | null;
  uploaderId: string;
  /** First and last name, trimmed; null when the uploader has neither. */
  uploaderName: string | null;
  uploaderFirstName: string | null;
  uploaderLastName: string | null;
  /** The uploader's profileImageUrl. */
  uploaderImage: string | null;
  views: number;
  /** ISO 8601 */
  createdAt: string;
  feedbackCount: number;
  averageRating: number;
  youtubeUrl: string | null;
  /** The gateway's stream route for a stored file, else the row's own URL. */
  videoUrl: string | null;
  /** Base64 JPEG; always null in lists. */
  thumbnailData: string | null;
  /** The gateway's thumbnail route for a stored image, else the row's own URL. */
  thumbnailUrl: string | null;
  /** The stored file is missing or corrupt. */
  hasFileError: boolean;
  /** 'processing' while the media worker prepares a file video; links are always 'ready'. */
  processingState: VideoProcessingState;
  /** Whole seconds, once known. */
  duration: number | null;
  /**
   * Frames per second of the playback file, exact (30000/1001 is 29.97002997…), once the media
   * worker has made it; null for links and for files not (yet) measured. The player steps with it.
   */
  frameRate: number | null;
  /** Frames in the playback file, once known. */
  frameCount: number | null;
  /** Set on saved videos (GET /api/bookmarks); the client sets it elsewhere. */
  isBookmarked?: boolean;
}

export type VideoProcessingState = 'processing' | 'ready' | 'failed';

/** Where the gateway plays a stored video (with Range support) and serves its thumbnail. */
export const videoStreamUrlFor = (videoId: number): string => `/api/videos/${videoId}/stream`;
export const videoThumbnailUrlFor = (videoId: number): string => `/api/videos/${videoId}/thumbnail`;
