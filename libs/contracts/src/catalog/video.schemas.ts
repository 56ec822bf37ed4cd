import { z } from 'zod';
import { MAX_INT_ID, UUID_PATTERN } from '../ids.js';

export const VIDEO_LIST_LIMIT = { default: 12, min: 1, max: 100 } as const;

export const VIDEO_LIST_MESSAGES = {
  limitInvalid: 'limit must be an integer',
  categoryIdInvalid: 'categoryId must be a positive integer',
  uploaderIdInvalid: 'uploaderId must be a UUID',
} as const;

const isBlank = (value: unknown): value is null | undefined | '' =>
  value === undefined || value === null || value === '';

/**
 * An integer from a query string (or already a number, once normalised). Absent or empty means
 * "not given"; anything else that is not an integer, a repeated parameter included, is refused.
 */
const integerParam = (message: string, accept: (value: number) => boolean = () => true) =>
  z
    .union([z.string().trim(), z.number()], { error: message })
    .nullish()
    .transform((value, ctx) => {
      if (isBlank(value)) return null;
      const number = typeof value === 'number' ? value : /^[+-]?\d+$/.test(value) ? Number(value) : NaN;
      if (Number.isInteger(number) && accept(number)) return number;
      ctx.issues.push({ code: 'custom', message, input: value });
      return z.NEVER;
    });

const uuidParam = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .nullish()
    .refine((value) => isBlank(value) || UUID_PATTERN.test(value), message)
    .transform((value) => (isBlank(value) ? null : value));

/**
 * GET /api/videos (API-DECISIONS "Videos"), checked by the gateway and again by the catalog
 * service. The output is the normalised request the service answers; unknown parameters are
 * dropped.
 */
export const listVideosRequestSchema = z.object({
  limit: integerParam(VIDEO_LIST_MESSAGES.limitInvalid).transform((limit) =>
    limit === null ? VIDEO_LIST_LIMIT.default : Math.min(VIDEO_LIST_LIMIT.max, Math.max(VIDEO_LIST_LIMIT.min, limit)),
  ),
  categoryId: integerParam(VIDEO_LIST_MESSAGES.categoryIdInvalid, (id) => id >= 1 && id <= MAX_INT_ID),
  uploaderId: uuidParam(VIDEO_LIST_MESSAGES.uploaderIdInvalid),
});

/** What a client may send: query-string values, or numbers. */
export type ListVideosQuery = z.input<typeof listVideosRequestSchema>;
/** Newest first, at most `limit`, optionally one category's or one uploader's. */
export type ListVideosRequest = z.output<typeof listVideosRequestSchema>;
