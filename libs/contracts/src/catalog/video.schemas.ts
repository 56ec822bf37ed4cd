import { z } from 'zod';
import { UUID_PATTERN } from '../ids.js';
import { hasForbiddenCharacter } from '../text/plain-text.js';
import { characterCount, integerParam, isBlank, optionalRowIdParam, rowIdParam } from './params.js';

export const VIDEO_LIST_LIMIT = { default: 12, min: 1, max: 100 } as const;

/** recent = newest first; the others highest first; ties broken by the higher id. */
export const VIDEO_LIST_SORTS = ['recent', 'views', 'rating', 'feedback'] as const;
export type VideoListSort = (typeof VIDEO_LIST_SORTS)[number];
export const VIDEO_LIST_DEFAULT_SORT: VideoListSort = 'recent';

/** Longest title search, in characters, after trimming (a title is at most 200). */
export const VIDEO_SEARCH_MAX = 200;

export const VIDEO_LIST_MESSAGES = {
  limitInvalid: 'limit must be an integer',
  categoryIdInvalid: 'categoryId must be a positive integer',
  uploaderIdInvalid: 'uploaderId must be a UUID',
  sortInvalid: `sort must be one of ${VIDEO_LIST_SORTS.join(', ')}`,
  qInvalid: 'q must be a single search text',
  qTooLong: `q must be ${VIDEO_SEARCH_MAX} characters or less`,
  qControlCharacter: 'q must not contain control characters',
} as const;

export const VIDEO_MESSAGES = {
  idInvalid: 'Video id must be a positive integer',
  notFound: 'Video not found',
} as const;

const uuidParam = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .nullish()
    .refine((value) => isBlank(value) || UUID_PATTERN.test(value), message)
    .transform((value) => (isBlank(value) ? null : value));

const isSort = (value: string): value is VideoListSort => (VIDEO_LIST_SORTS as readonly string[]).includes(value);

const sortParam = z
  .string({ error: VIDEO_LIST_MESSAGES.sortInvalid })
  .trim()
  .nullish()
  .transform((value, ctx): VideoListSort => {
    if (isBlank(value)) return VIDEO_LIST_DEFAULT_SORT;
    if (isSort(value)) return value;
    ctx.issues.push({ code: 'custom', message: VIDEO_LIST_MESSAGES.sortInvalid, input: value });
    return z.NEVER;
  });

/** Title search: trimmed; blank means no search. */
const searchParam = z
  .string({ error: VIDEO_LIST_MESSAGES.qInvalid })
  .trim()
  .nullish()
  .transform((value, ctx) => {
    if (isBlank(value)) return null;
    const problem =
      characterCount(value) > VIDEO_SEARCH_MAX
        ? VIDEO_LIST_MESSAGES.qTooLong
        : hasForbiddenCharacter(value, 'single-line')
          ? VIDEO_LIST_MESSAGES.qControlCharacter
          : null;
    if (problem === null) return value;
    ctx.issues.push({ code: 'custom', message: problem, input: value });
    return z.NEVER;
  });

/**
 * GET /api/videos (API-DECISIONS "Videos"), checked by the gateway and again by the catalog
 * service. The output is the normalised request the service answers; unknown parameters are
 * dropped.
 */
export const listVideosRequestSchema = z.object({
  limit: integerParam(VIDEO_LIST_MESSAGES.limitInvalid).transform((limit) =>
    limit === null ? VIDEO_LIST_LIMIT.default : Math.min(VIDEO_LIST_LIMIT.max, Math.max(VIDEO_LIST_LIMIT.min, limit)),
  ),
  categoryId: optionalRowIdParam(VIDEO_LIST_MESSAGES.categoryIdInvalid),
  uploaderId: uuidParam(VIDEO_LIST_MESSAGES.uploaderIdInvalid),
  sort: sortParam,
  q: searchParam,
});

/** What a client may send: query-string values, or numbers. */
export type ListVideosQuery = z.input<typeof listVideosRequestSchema>;
/**
 * At most `limit` videos in `sort` order, optionally one category's or one uploader's, optionally
 * only those whose title contains `q` (case-insensitive).
 */
export type ListVideosRequest = z.output<typeof listVideosRequestSchema>;

/** One video by id (`CATALOG_RPC.getVideo`). */
export const getVideoRequestSchema = z.object({
  id: rowIdParam(VIDEO_MESSAGES.idInvalid),
});
export type GetVideoRequest = z.output<typeof getVideoRequestSchema>;
