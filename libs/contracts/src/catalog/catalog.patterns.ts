import { z } from 'zod';
import { userCleanupMessageSchema, type UserCleanupResult } from '../admin/admin.contracts.js';
import { MAX_INT_ID, UUID_PATTERN } from '../ids.js';
import type { Page } from '../paging/page-cursor.js';
import { defineRpc, emptyRequestSchema } from '../rpc/define-rpc.js';
import { bookmarkMessageSchema, listBookmarksMessageSchema, type BookmarkCheckDto } from './bookmark.schemas.js';
import { createCategoryMessageSchema, deleteCategoryMessageSchema } from './category.schemas.js';
import type { CategoryDto } from './category.types.js';
import { getVideoRequestSchema, listVideosRequestSchema } from './video.schemas.js';
import type { VideoDto } from './video.types.js';

/** Calls answered by the catalog service. */
export const CATALOG_RPC = {
  /** Every category, by name. */
  listCategories: defineRpc('catalog.categories.list.v1', {
    request: emptyRequestSchema,
    response: z.custom<CategoryDto[]>(),
  }),
  /** Whether a category exists: asked by the video service before it files a video under it. */
  categoryExists: defineRpc('catalog.categories.exists.v1', {
    request: z.object({ id: z.number().int().min(1).max(MAX_INT_ID) }),
    response: z.custom<{ exists: boolean }>(),
  }),
  /** FORBIDDEN "Admin access required" unless the actor is an admin; CONFLICT when the name is taken, ignoring case. */
  createCategory: defineRpc('catalog.categories.create.v1', {
    request: createCategoryMessageSchema,
    response: z.custom<CategoryDto>(),
  }),
  /**
   * The deleted category; its videos become uncategorised. FORBIDDEN unless the actor is an
   * admin; NOT_FOUND "Category not found".
   */
  deleteCategory: defineRpc('catalog.categories.delete.v1', {
    request: deleteCategoryMessageSchema,
    response: z.custom<CategoryDto>(),
  }),
  /** A page of videos and the cursor of the next (v2: v1 answered the bare array of the first page). */
  listVideos: defineRpc('catalog.videos.list.v2', {
    // Who asks: their own list (uploaderId) shows their videos hidden pending review too.
    request: listVideosRequestSchema.and(z.object({ viewerId: z.string().regex(UUID_PATTERN).nullish() })),
    response: z.custom<Page<VideoDto>>(),
  }),
  /**
   * One video in the list shape, with its thumbnailData; NOT_FOUND "Video not found". With
   * `minRevision` (the revision a write of the video service answered), waits a short while for the
   * listing to hold at least that revision, so the writer reads their own write.
   */
  getVideo: defineRpc('catalog.videos.get.v1', {
    request: getVideoRequestSchema.extend({
      minRevision: z.number().int().min(0).optional(),
      /** Who asks: a video hidden pending review is found for its uploader only. */
      viewerId: z.string().nullish(),
    }),
    response: z.custom<VideoDto>(),
  }),
  /**
   * getVideo for several readers at once (the gateway gathers the video pages asked for in one
   * turn of its event loop), in one statement: each answer in the request's order, null where
   * getVideo would answer NOT_FOUND.
   */
  getVideos: defineRpc('catalog.videos.get-many.v1', {
    request: z.object({
      videos: z
        .array(getVideoRequestSchema.extend({ viewerId: z.string().nullish() }))
        .min(1)
        .max(200),
    }),
    response: z.custom<{ videos: (VideoDto | null)[] }>(),
  }),
  /**
   * Waits a short while (at most about 2 s) until the listing projection holds the video at
   * `revision` or later, a deletion included; `caughtUp: false` when it did not in time.
   */
  awaitVideo: defineRpc('catalog.videos.await.v1', {
    request: z.object({ videoId: z.number().int().min(1).max(MAX_INT_ID), revision: z.number().int().min(0) }),
    response: z.custom<{ caughtUp: boolean }>(),
  }),
  /** A page of the member's saved videos (isBookmarked: true), newest save first (v2: pages). */
  listBookmarks: defineRpc('catalog.bookmarks.list.v2', {
    request: listBookmarksMessageSchema,
    response: z.custom<Page<VideoDto>>(),
  }),
  checkBookmark: defineRpc('catalog.bookmarks.check.v1', {
    request: bookmarkMessageSchema,
    response: z.custom<BookmarkCheckDto>(),
  }),
  /** Idempotent; NOT_FOUND "Video not found". */
  addBookmark: defineRpc('catalog.bookmarks.add.v1', {
    request: bookmarkMessageSchema,
    response: z.custom<BookmarkCheckDto>(),
  }),
  /** Idempotent. */
  removeBookmark: defineRpc('catalog.bookmarks.remove.v1', {
    request: bookmarkMessageSchema,
    response: z.custom<BookmarkCheckDto>(),
  }),
  /** A step of the admin service's user deletion: every bookmark the member made. */
  deleteBookmarksOfUser: defineRpc('catalog.bookmarks.delete-by-user.v1', {
    request: userCleanupMessageSchema,
    response: z.custom<UserCleanupResult>(),
  }),
} as const;

/**
 * A live signal over core NATS (no request, no queue group): the catalog's public lists changed
 * (a listing or an uploader's name was stored, a category went). Every gateway replica drops the
 * list answers it cached; the signal carries no content.
 */
export const CATALOG_LIVE_SUBJECT = 'catalog.live.v1';
