import { z } from 'zod';
import { PROFILE_IMAGE_PREFIX } from '../auth/user.types.js';
import { videoIdOfDerivedKey } from './media.jobs.js';

/**
 * Before the cleanup worker deletes a stored object it asks the service that owns the rows
 * naming such objects whether one still does (VIDEO_RPC.referencedKeys,
 * AUTH_RPC.referencedProfileImages): a cleanup job is only a request, and a forged or stale one
 * must not take a live video's or member's file.
 */

/** Most keys one question may carry; a bigger cleanup asks in several rounds. */
export const MAX_REFERENCE_QUERY_KEYS = 100;

export const referencedKeysRequestSchema = z.object({
  keys: z.array(z.string().min(1).max(1024)).max(MAX_REFERENCE_QUERY_KEYS),
});
export type ReferencedKeysRequest = z.input<typeof referencedKeysRequestSchema>;

export interface ReferencedKeysResponse {
  /** The subset of the asked keys that a live row still references. */
  referenced: string[];
}

const ORIGINAL_KEY = /^videos\/originals\/[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
const PROFILE_IMAGE_KEY = new RegExp(
  `^${PROFILE_IMAGE_PREFIX}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[A-Za-z0-9-]{1,100}\\.(?:jpg|png|webp|gif)$`,
  'i',
);

/**
 * Which service's rows may name a stored object, by the shape of its key; null for a key the
 * product never writes (the cleanup worker refuses to delete those).
 */
export function storedKeyOwner(key: string): 'video' | 'auth' | null {
  if (ORIGINAL_KEY.test(key) || videoIdOfDerivedKey(key) !== null) return 'video';
  if (PROFILE_IMAGE_KEY.test(key)) return 'auth';
  return null;
}
