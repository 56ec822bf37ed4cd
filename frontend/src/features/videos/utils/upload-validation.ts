import {
  ACCEPTED_VIDEO_EXTENSIONS,
  ACCEPTED_VIDEO_TYPES,
  MAX_VIDEO_SECONDS,
  VIDEO_UPLOAD_MESSAGES,
  videoFileProblem,
  videoUploadFieldsSchema,
  youtubeUrlSchema,
  type VideoFileFacts,
} from '@app/contracts';
import { z } from 'zod';

/**
 * The upload dialog's rules: the contract's field schema and file rule (spec section 5
 * "Upload"), which the gateway and the video service apply too, plus the source its mode asks for.
 */

export type UploadMode = 'file' | 'youtube';

/**
 * The dialog's statement of the 2-minute rule, from its one definition in contracts (the server
 * applies it with isWithinVideoLengthLimit; the dialog with video-length-check, when it can read
 * the file's length).
 */
export const VIDEO_LENGTH_HINT = `Maximum length: ${MAX_VIDEO_SECONDS / 60} minutes`;

/** For the file picker: the types, and the extensions for systems that do not know the types. */
export const VIDEO_FILE_ACCEPT = [...ACCEPTED_VIDEO_TYPES, ...ACCEPTED_VIDEO_EXTENSIONS].join(',');

/** The chosen file (a File in the browser), passed through once the file rule accepts it. */
const chosenFile = <F extends VideoFileFacts>() =>
  z.custom<F | null>().transform((file, context) => {
    const problem = videoFileProblem(file);
    if (file && !problem) return file;
    context.addIssue({ code: 'custom', message: problem ?? VIDEO_UPLOAD_MESSAGES.fileRequired });
    return z.NEVER;
  });

/** Either mode's values, as the form holds them; the schema ignores the other mode's source. */
export type UploadFormValues<F extends VideoFileFacts = File> = {
  title: string;
  description: string;
  /** The chosen option's value; '' until one is chosen. */
  categoryId: string;
  mode: UploadMode;
  file: F | null;
  youtubeUrl: string;
};

/** The form's schema: the upload's fields, and the file in file mode or the link in link mode. */
export const uploadFormSchema = <F extends VideoFileFacts = File>() =>
  z.discriminatedUnion('mode', [
    videoUploadFieldsSchema.omit({ youtubeUrl: true }).extend({ mode: z.literal('file'), file: chosenFile<F>() }),
    videoUploadFieldsSchema.extend({ mode: z.literal('youtube'), youtubeUrl: youtubeUrlSchema }),
  ]);

/** What the dialog sends: trimmed fields with the file, or with the link in its stored form. */
export type UploadRequest<F extends VideoFileFacts = File> = z.output<ReturnType<typeof uploadFormSchema<F>>>;
