import { z } from 'zod';
import { UUID_PATTERN } from '../ids.js';

/**
 * Upload intents: before the gateway stores a byte of a file, the video service records which
 * object key it will use, for whom, until when. Registering the video claims the intent in the
 * same transaction as the row; an intent still unclaimed when it expires has its object deleted,
 * so a failed registration or a crashed gateway leaves nothing behind. The calls are
 * VIDEO_RPC.beginUpload and VIDEO_RPC.abandonUpload.
 */
export const UPLOAD_INTENT_MESSAGES = {
  /** The key was not handed out to this member, or its intent expired or was abandoned. */
  notClaimable: 'The upload took too long or was interrupted. Please upload the video again.',
} as const;

export const beginUploadRequestSchema = z.object({ ownerId: z.string().regex(UUID_PATTERN) });
export type BeginUploadRequest = z.infer<typeof beginUploadRequestSchema>;

export interface BeginUploadResponse {
  objectKey: string;
  expiresAt: string;
}

export const abandonUploadRequestSchema = z.object({
  ownerId: z.string().regex(UUID_PATTERN),
  objectKey: z.string().min(1).max(512),
});
export type AbandonUploadRequest = z.infer<typeof abandonUploadRequestSchema>;

export interface AbandonUploadResponse {
  /** true: no video holds the object, the caller may delete it now. false: a video owns it. */
  abandoned: boolean;
}
