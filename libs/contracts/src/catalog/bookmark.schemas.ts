import { z } from 'zod';
import { UUID_PATTERN } from '../ids.js';
import { newestFirstCursorSchema, pageCursorParam, pageLimitParam } from '../paging/page-cursor.js';
import { rowIdParam } from './params.js';
import { VIDEO_MESSAGES } from './video.schemas.js';

/** What GET /api/bookmarks/check/{videoId}, POST and DELETE answer. */
export const bookmarkCheckDtoSchema = z.object({ videoId: z.number().int(), isBookmarked: z.boolean() });
export type BookmarkCheckDto = z.infer<typeof bookmarkCheckDtoSchema>;

/** POST /api/bookmarks `{ videoId }`: a number or a numeric string. */
export const addBookmarkBodySchema = z.object({ videoId: rowIdParam(VIDEO_MESSAGES.idInvalid) });
export type AddBookmarkBody = z.output<typeof addBookmarkBodySchema>;

const userId = z.string().regex(UUID_PATTERN);

/**
 * GET /api/bookmarks `?limit&cursor`: newest save first, 100 to a page by default (and at most), so
 * the first page is every member's whole list as before unless they saved more.
 */
export const BOOKMARK_LIST_LIMIT = { default: 100, min: 1, max: 100 } as const;
export const BOOKMARK_LIST_MESSAGES = { limitInvalid: 'limit must be an integer' } as const;
export const listBookmarksQuerySchema = z.object({
  limit: pageLimitParam(BOOKMARK_LIST_LIMIT, BOOKMARK_LIST_MESSAGES.limitInvalid),
  cursor: pageCursorParam(newestFirstCursorSchema),
});
export type ListBookmarksQuery = z.output<typeof listBookmarksQuerySchema>;

/** NATS payloads, validated again by the catalog service. */
export const bookmarkOwnerMessageSchema = z.object({ userId });
export type BookmarkOwnerMessage = z.input<typeof bookmarkOwnerMessageSchema>;

/** A page of a member's saved videos. */
export const listBookmarksMessageSchema = listBookmarksQuerySchema.extend({ userId });

export const bookmarkMessageSchema = z.object({ userId, videoId: rowIdParam(VIDEO_MESSAGES.idInvalid) });
export type BookmarkMessage = z.input<typeof bookmarkMessageSchema>;
