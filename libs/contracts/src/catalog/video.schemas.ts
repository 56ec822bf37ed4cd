import { z } from 'zod';
import { UUID_PATTERN } from '../ids.js';
import { hasForbiddenCharacter } from '../text/plain-text.js';
import { cursorRowId, cursorTimestamp, PAGE_CURSOR_MESSAGES, pageCursorParam } from '../paging/page-cursor.js';
import { characterCount, integerParam, isBlank, optionalRowIdParam, rowIdParam } from './params.js';

export const VIDEO_LIST_LIMIT = { default: 12, min: 1, max: 100 } as const;

/** recent = newest first; the others highest first; ties broken by the higher id. */
export const VIDEO_LIST_SORTS = ['recent', 'views', 'rating', 'feedback'] as const;
export type VideoListSort = (typeof VIDEO_LIST_SORTS)[number];
export const VIDEO_LIST_DEFAULT_SORT: VideoListSort = 'recent';
/**
 * The order a list is served in: a sort, or `relevance`, the order of a search (`q`) given no
 * explicit sort (best match first, ties newest first).
 */
export type VideoListOrder = VideoListSort | 'relevance';

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

/**
 * Where a page of videos ends: the last video's sort key and id, in the order it was served in. The
 * next page holds the videos strictly after it in that order.
 */
const videoListCursorSchema = z.discriminatedUnion('o', [
  z.object({ o: z.literal('recent'), k: cursorTimestamp, id: cursorRowId }),
  z.object({ o: z.enum(['views', 'feedback']), k: z.number().int().min(0).max(2_147_483_647), id: cursorRowId }),
  z.object({ o: z.enum(['rating', 'relevance']), k: z.number().finite(), id: cursorRowId }),
]);
export type VideoListCursor = z.output<typeof videoListCursorSchema>;

const isSort = (value: string): value is VideoListSort => (VIDEO_LIST_SORTS as readonly string[]).includes(value);

const sortParam = z
  .string({ error: VIDEO_LIST_MESSAGES.sortInvalid })
  .trim()
  .nullish()
  .transform((value, ctx): VideoListOrder | null => {
    if (isBlank(value)) return null;
    if (value === 'relevance') return value;
    if (isSort(value)) return value;
    ctx.issues.push({ code: 'custom', message: VIDEO_LIST_MESSAGES.sortInvalid, input: value });
    return z.NEVER;
  });

/** Search text: trimmed; blank means no search. */
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
export const listVideosRequestSchema = z
  .object({
    limit: integerParam(VIDEO_LIST_MESSAGES.limitInvalid).transform((limit) =>
      limit === null ? VIDEO_LIST_LIMIT.default : Math.min(VIDEO_LIST_LIMIT.max, Math.max(VIDEO_LIST_LIMIT.min, limit)),
    ),
    categoryId: optionalRowIdParam(VIDEO_LIST_MESSAGES.categoryIdInvalid),
    uploaderId: uuidParam(VIDEO_LIST_MESSAGES.uploaderIdInvalid),
    sort: sortParam,
    q: searchParam,
    cursor: pageCursorParam(videoListCursorSchema),
  })
  .transform((request, ctx) => {
    // `relevance` is only ever implied (a search without a sort), or echoed back normalised.
    const sort: VideoListOrder =
      request.sort === 'relevance' && request.q === null
        ? VIDEO_LIST_DEFAULT_SORT
        : (request.sort ?? (request.q === null ? VIDEO_LIST_DEFAULT_SORT : 'relevance'));
    if (request.cursor !== null && request.cursor.o !== sort) {
      ctx.issues.push({ code: 'custom', message: PAGE_CURSOR_MESSAGES.otherOrder, input: request.cursor });
      return z.NEVER;
    }
    return { ...request, sort };
  });

/** What a client may send: query-string values, or numbers. */
export type ListVideosQuery = z.input<typeof listVideosRequestSchema>;
/**
 * At most `limit` videos in `sort` order after `cursor` (from the first when null), optionally one
 * category's or one uploader's, optionally only those matching the search `q` (title, description,
 * uploader's name or category's name; see the catalog's search rules).
 */
export type ListVideosRequest = z.output<typeof listVideosRequestSchema>;

/** One video by id (`CATALOG_RPC.getVideo`). */
export const getVideoRequestSchema = z.object({
  id: rowIdParam(VIDEO_MESSAGES.idInvalid),
});
export type GetVideoRequest = z.output<typeof getVideoRequestSchema>;
