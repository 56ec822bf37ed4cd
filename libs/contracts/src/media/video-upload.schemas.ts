import { z } from 'zod';
import { hasForbiddenCharacter, isInvisibleText } from '../text/plain-text.js';
import { youtubeVideoId, youtubeWatchUrl } from './youtube-links.js';

// The link helpers are in youtube-links, without zod, for screens that only show a link.
export * from './youtube-links.js';

/** Upload rules (spec section 5 "Upload", API-DECISIONS "Videos"), shared by gateway, video service and the dialog. */
export const VIDEO_UPLOAD_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: 'Title must be 200 characters or less',
  categoryRequired: 'Category is required',
  categoryUnknown: 'Please choose one of the listed categories',
  fileRequired: 'Please select a video file',
  invalidFile: 'Please select a valid video file (MP4, MOV, WebM)',
  fileTooLarge: 'File size must be less than 100MB',
  youtubeRequired: 'YouTube URL is required',
  youtubeInvalid: 'Please enter a valid YouTube URL',
  fileAndLink: 'Send either a video file or a YouTube URL, not both',
  duplicate: 'This video has already been uploaded',
  tooLong: 'Video must be 2 minutes or shorter',
  descriptionTooLong: 'Description must be 5000 characters or less',
  titleControlCharacter: 'Title must not contain control characters',
  descriptionControlCharacter: 'Description must not contain control characters',
  notUploader: 'Only the uploader can edit this video',
  notAllowedToDelete: 'Only the uploader or an admin can delete this video',
} as const;

export const VIDEO_LIMITS = {
  titleMax: 200,
  descriptionMax: 5000,
  /** 100 MB, as the dialog measures it (File.size in bytes against 100 × 1024 × 1024). */
  uploadMaxBytes: 100 * 1024 * 1024,
} as const;

/** How long the gateway lets the video service wait for the worker's first verdict on an upload. */
export const UPLOAD_VERDICT_WAIT_MS = 8000;

/** Spec "Accepted upload types": mp4, mov (QuickTime) and webm. 'video/mov' is not registered but some tools write it. */
export const ACCEPTED_VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/mov', 'video/webm'] as const;
export const ACCEPTED_VIDEO_EXTENSIONS = ['.mp4', '.mov', '.webm'] as const;

/**
 * What the file rule needs to know of a file: its type and size in bytes, and its name when it
 * has one. The dialog passes the chosen File; the gateway, the container it sniffed and the
 * bytes it stored.
 */
export interface VideoFileFacts {
  name?: string;
  type: string;
  size: number;
}

// Browsers leave the type empty (or generic) for extensions the system does not map.
const UNKNOWN_TYPES = new Set(['', 'application/octet-stream']);

function hasAcceptedType(file: VideoFileFacts): boolean {
  const type = file.type.toLowerCase();
  if ((ACCEPTED_VIDEO_TYPES as readonly string[]).includes(type)) return true;
  if (!UNKNOWN_TYPES.has(type) || !file.name) return false;
  const name = file.name.toLowerCase();
  return ACCEPTED_VIDEO_EXTENSIONS.some((extension) => name.endsWith(extension));
}

/** The file rule (spec section 5 "Upload"): the message for a missing, wrong or too large file, or null. */
export function videoFileProblem(file: VideoFileFacts | null | undefined): string | null {
  if (!file) return VIDEO_UPLOAD_MESSAGES.fileRequired;
  if (!hasAcceptedType(file)) return VIDEO_UPLOAD_MESSAGES.invalidFile;
  if (file.size > VIDEO_LIMITS.uploadMaxBytes) return VIDEO_UPLOAD_MESSAGES.fileTooLarge;
  return null;
}

/**
 * The source rule the gateway and the video service share: exactly one of a stored file and a
 * link, the file passing the file rule. The link itself is checked by videoUploadFieldsSchema.
 */
export function videoSourceProblem(file: VideoFileFacts | undefined, youtubeUrl: string | undefined): string | null {
  if (file && youtubeUrl) return VIDEO_UPLOAD_MESSAGES.fileAndLink;
  if (youtubeUrl) return null;
  return videoFileProblem(file);
}

const description = z
  .string()
  .max(VIDEO_LIMITS.descriptionMax, VIDEO_UPLOAD_MESSAGES.descriptionTooLong)
  .refine((value) => !hasForbiddenCharacter(value, 'multi-line'), VIDEO_UPLOAD_MESSAGES.descriptionControlCharacter)
  .nullish()
  .transform((value) => (value && !isInvisibleText(value) ? value.trim() : null));

/** A link in either accepted form, returned in the one stored form. Required: the link mode's field. */
export const youtubeUrlSchema = z
  .string({ error: VIDEO_UPLOAD_MESSAGES.youtubeRequired })
  .trim()
  .min(1, VIDEO_UPLOAD_MESSAGES.youtubeRequired)
  .refine((value) => youtubeVideoId(value) !== null, VIDEO_UPLOAD_MESSAGES.youtubeInvalid)
  .transform((value) => youtubeWatchUrl(youtubeVideoId(value)!));

/** The text fields of an upload (multipart fields arrive as strings). */
export const videoUploadFieldsSchema = z.object({
  title: z
    .string({ error: VIDEO_UPLOAD_MESSAGES.titleRequired })
    .trim()
    .refine((value) => !isInvisibleText(value), VIDEO_UPLOAD_MESSAGES.titleRequired)
    .max(VIDEO_LIMITS.titleMax, VIDEO_UPLOAD_MESSAGES.titleTooLong)
    .refine((value) => !hasForbiddenCharacter(value, 'single-line'), VIDEO_UPLOAD_MESSAGES.titleControlCharacter),
  description,
  categoryId: z.coerce
    .number({ error: VIDEO_UPLOAD_MESSAGES.categoryRequired })
    .int(VIDEO_UPLOAD_MESSAGES.categoryRequired)
    .positive(VIDEO_UPLOAD_MESSAGES.categoryRequired)
    .max(2_147_483_647, VIDEO_UPLOAD_MESSAGES.categoryUnknown),
  youtubeUrl: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(youtubeUrlSchema.optional()),
});
export type VideoUploadFields = z.infer<typeof videoUploadFieldsSchema>;

/**
 * The file rule on a file the gateway has streamed into storage (its sniffed container and byte
 * count), for the video service's request schema: `storedUpload.superRefine(refineStoredFile)`.
 */
export function refineStoredFile(upload: { mimeType: string; sizeBytes: number }, context: z.RefinementCtx): void {
  const problem = videoFileProblem({ type: upload.mimeType, size: upload.sizeBytes });
  if (problem) context.addIssue({ code: 'custom', message: problem, path: ['mimeType'] });
}

/** PATCH /api/videos/{id} */
export const updateVideoRequestSchema = z.object({ description });
export type UpdateVideoRequest = z.infer<typeof updateVideoRequestSchema>;
