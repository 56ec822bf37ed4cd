import { MAX_VIDEO_SECONDS, VIDEO_LIMITS, VIDEO_UPLOAD_MESSAGES, youtubeVideoId } from '@app/contracts';

/** The upload dialog's rules (spec section 5 "Upload"), with the messages the server also uses. */

export type UploadMode = 'file' | 'youtube';

/** What the checks need of a chosen file, so they run the same on a File and in unit tests. */
export type VideoFileInfo = Pick<File, 'name' | 'type' | 'size'>;

export type UploadFormValues<F extends VideoFileInfo = File> = {
  title: string;
  description: string;
  /** The chosen option's value; '' until one is chosen. */
  categoryId: string;
  mode: UploadMode;
  file: F | null;
  youtubeUrl: string;
};

export type UploadField = 'title' | 'description' | 'categoryId' | 'file' | 'youtubeUrl';
export type UploadErrors = Partial<Record<UploadField, string>>;

export type UploadSource<F extends VideoFileInfo = File> = { kind: 'file'; file: F } | { kind: 'youtube'; url: string };

export type UploadRequest<F extends VideoFileInfo = File> = {
  title: string;
  /** Null when left empty. */
  description: string | null;
  categoryId: number;
  source: UploadSource<F>;
};

/**
 * The dialog's statement of the 2-minute rule, from its one definition in contracts (the
 * server applies it with isWithinVideoLengthLimit; the dialog cannot measure a file yet).
 */
export const VIDEO_LENGTH_HINT = `Maximum length: ${MAX_VIDEO_SECONDS / 60} minutes`;

/** mp4, mov (QuickTime) and webm; 'video/mov' is not a registered type but some tools write it. */
export const ACCEPTED_VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/mov', 'video/webm'] as const;
export const ACCEPTED_VIDEO_EXTENSIONS = ['.mp4', '.mov', '.webm'] as const;
/** For the file picker: the types, and the extensions for systems that do not know the types. */
export const VIDEO_FILE_ACCEPT = [...ACCEPTED_VIDEO_TYPES, ...ACCEPTED_VIDEO_EXTENSIONS].join(',');

// Browsers leave the type empty (or generic) for extensions the system does not map.
const UNKNOWN_TYPES = new Set(['', 'application/octet-stream']);

function hasAcceptedType(file: VideoFileInfo): boolean {
  const type = file.type.toLowerCase();
  if ((ACCEPTED_VIDEO_TYPES as readonly string[]).includes(type)) return true;
  if (!UNKNOWN_TYPES.has(type)) return false;
  const name = file.name.toLowerCase();
  return ACCEPTED_VIDEO_EXTENSIONS.some((extension) => name.endsWith(extension));
}

/** The message for a chosen (or missing) file, or null when it may be uploaded. */
export function validateVideoFile(file: VideoFileInfo | null): string | null {
  if (!file) return VIDEO_UPLOAD_MESSAGES.fileRequired;
  if (!hasAcceptedType(file)) return VIDEO_UPLOAD_MESSAGES.invalidFile;
  if (file.size > VIDEO_LIMITS.uploadMaxBytes) return VIDEO_UPLOAD_MESSAGES.fileTooLarge;
  return null;
}

function validateYoutubeUrl(url: string): string | null {
  const trimmed = url.trim();
  if (trimmed === '') return VIDEO_UPLOAD_MESSAGES.youtubeRequired;
  return youtubeVideoId(trimmed) ? null : VIDEO_UPLOAD_MESSAGES.youtubeInvalid;
}

/** Every rule at once: one message per field, or the request to send. */
export function validateUpload<F extends VideoFileInfo>(
  values: UploadFormValues<F>,
): { success: true; data: UploadRequest<F> } | { success: false; errors: UploadErrors } {
  const errors: UploadErrors = {};
  const title = values.title.trim();
  if (title === '') errors.title = VIDEO_UPLOAD_MESSAGES.titleRequired;
  else if (title.length > VIDEO_LIMITS.titleMax) errors.title = VIDEO_UPLOAD_MESSAGES.titleTooLong;

  const description = values.description.trim();
  if (description.length > VIDEO_LIMITS.descriptionMax) errors.description = VIDEO_UPLOAD_MESSAGES.descriptionTooLong;

  const categoryId = Number(values.categoryId);
  if (values.categoryId === '' || !Number.isInteger(categoryId) || categoryId < 1) {
    errors.categoryId = VIDEO_UPLOAD_MESSAGES.categoryRequired;
  }

  if (values.mode === 'file') {
    const fileError = validateVideoFile(values.file);
    if (fileError) errors.file = fileError;
  } else {
    const urlError = validateYoutubeUrl(values.youtubeUrl);
    if (urlError) errors.youtubeUrl = urlError;
  }

  if (Object.keys(errors).length > 0) return { success: false, errors };

  const source: UploadSource<F> =
    values.mode === 'file' && values.file
      ? { kind: 'file', file: values.file }
      : { kind: 'youtube', url: values.youtubeUrl.trim() };
  return { success: true, data: { title, description: description || null, categoryId, source } };
}
