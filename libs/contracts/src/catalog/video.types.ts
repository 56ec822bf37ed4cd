import { z } from 'zod';

export const VIDEO_PROCESSING_STATES = ['processing', 'ready', 'failed'] as const;
export const videoProcessingStateSchema = z.enum(VIDEO_PROCESSING_STATES);
export type VideoProcessingState = z.infer<typeof videoProcessingStateSchema>;

/**
 * A video as the screens see it (spec section 3). `isBookmarked` is set by the client.
 * Lists never inline the base64 thumbnail: `thumbnailData` is null there and the picture is
 * fetched from `thumbnailUrl`.
 */
export const videoDtoSchema = z.object({
  /** Present, and true, only for its uploader: hidden pending review by moderation. */
  hidden: z.boolean().optional(),
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  categoryIcon: z.string().nullable(),
  uploaderId: z.string(),
  /** First and last name, trimmed; null when the uploader has neither. */
  uploaderName: z.string().nullable(),
  uploaderFirstName: z.string().nullable(),
  uploaderLastName: z.string().nullable(),
  /** The uploader's profileImageUrl. */
  uploaderImage: z.string().nullable(),
  views: z.number().int(),
  /** ISO 8601 */
  createdAt: z.string(),
  feedbackCount: z.number().int(),
  averageRating: z.number(),
  youtubeUrl: z.string().nullable(),
  /** The gateway's stream route for a stored file, else the row's own URL. */
  videoUrl: z.string().nullable(),
  /** Base64 JPEG; always null in lists. */
  thumbnailData: z.string().nullable(),
  /** The gateway's thumbnail route for a stored image, else the row's own URL. */
  thumbnailUrl: z.string().nullable(),
  /** The stored file is missing or corrupt. */
  hasFileError: z.boolean(),
  /** 'processing' while the media worker prepares a file video; links are always 'ready'. */
  processingState: videoProcessingStateSchema,
  /** Whole seconds, once known. */
  duration: z.number().nullable(),
  /**
   * Frames per second of the playback file, exact (30000/1001 is 29.97002997…), once the media
   * worker has made it; null for links and for files not (yet) measured. The player steps with it.
   */
  frameRate: z.number().nullable(),
  /** Frames in the playback file, once known. */
  frameCount: z.number().int().nullable(),
  /** Set on saved videos (GET /api/bookmarks); the client sets it elsewhere. */
  isBookmarked: z.boolean().optional(),
});
export type VideoDto = z.infer<typeof videoDtoSchema>;

/** Where the gateway plays a stored video (with Range support) and serves its thumbnail. */
export const videoStreamUrlFor = (videoId: number): string => `/api/videos/${videoId}/stream`;
export const videoThumbnailUrlFor = (videoId: number): string => `/api/videos/${videoId}/thumbnail`;
