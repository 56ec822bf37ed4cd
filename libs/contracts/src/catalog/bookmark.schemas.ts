import { z } from 'zod';
import { UUID_PATTERN } from '../ids.js';
import { rowIdParam } from './params.js';
import { VIDEO_MESSAGES } from './video.schemas.js';

/** What GET /api/bookmarks/check/{videoId}, POST and DELETE answer. */
export interface BookmarkCheckDto {
  videoId: number;
  isBookmarked: boolean;
}

/** POST /api/bookmarks `{ videoId }`: a number or a numeric string. */
export const addBookmarkBodySchema = z.object({ videoId: rowIdParam(VIDEO_MESSAGES.idInvalid) });
export type AddBookmarkBody = z.output<typeof addBookmarkBodySchema>;

const userId = z.string().regex(UUID_PATTERN);

/** NATS payloads, validated again by the catalog service. */
export const bookmarkOwnerMessageSchema = z.object({ userId });
export type BookmarkOwnerMessage = z.input<typeof bookmarkOwnerMessageSchema>;

export const bookmarkMessageSchema = z.object({ userId, videoId: rowIdParam(VIDEO_MESSAGES.idInvalid) });
export type BookmarkMessage = z.input<typeof bookmarkMessageSchema>;
