import { Injectable } from '@nestjs/common';
import {
  CATALOG_RPC,
  type Actor,
  type BookmarkCheckDto,
  type CategoryDto,
  type CreateCategoryRequest,
  type ListBookmarksQuery,
  type ListVideosRequest,
  type Page,
  type VideoDto,
} from '@app/contracts';
import { CallBatcher, NotFoundError, RpcClient } from '@app/common';
import { config } from '../config.js';
import { toHttpException } from './rpc-error.mapper.js';

/**
 * How long the catalog may wait for its listing projection to catch up with a write
 * (CATALOG_RPC.getVideo with minRevision, awaitVideo: at most about 2 s) before it answers; the
 * call's deadline allows that on top of the usual one.
 */
const CATCH_UP_WAIT_MS = 2000;
const catchingUp = () => ({ timeoutMs: config.SERVICE_TIMEOUT_MS + CATCH_UP_WAIT_MS });

@Injectable()
export class CatalogClient {
  /** The video pages asked for in one turn of the event loop are read in one call. */
  private readonly videos = new CallBatcher<{ id: number; viewerId: string | null }, VideoDto | null>(
    async (videos) => (await this.rpc.call(CATALOG_RPC.getVideos, { videos })).videos,
  );

  constructor(private readonly rpc: RpcClient) {}

  listCategories(): Promise<CategoryDto[]> {
    return this.rpc.call(CATALOG_RPC.listCategories, {});
  }

  /** 403 unless the actor is an admin, 409 when the name is taken ignoring case. */
  createCategory(actor: Actor, category: CreateCategoryRequest): Promise<CategoryDto> {
    return this.rpc.call(CATALOG_RPC.createCategory, { actor: { id: actor.id, isAdmin: actor.isAdmin }, category });
  }

  /** 403 unless the actor is an admin, 404 for an unknown id. Answers the deleted category. */
  deleteCategory(actor: Actor, categoryId: number): Promise<CategoryDto> {
    return this.rpc.call(CATALOG_RPC.deleteCategory, { actor: { id: actor.id, isAdmin: actor.isAdmin }, categoryId });
  }

  listVideos(request: ListVideosRequest, viewerId: string | null = null): Promise<Page<VideoDto>> {
    return this.rpc.call(CATALOG_RPC.listVideos, { ...request, viewerId });
  }

  /**
   * One video in the list shape, with its thumbnailData; 404 "Video not found". With `minRevision`
   * (what a write of the video service answered), the catalog first waits a short while until its
   * listing holds that revision, so the writer reads their own write.
   */
  async getVideo(id: number, minRevision?: number, viewerId: string | null = null): Promise<VideoDto> {
    if (minRevision === undefined) {
      const video = await this.videos.call({ id, viewerId });
      if (!video) throw toHttpException(new NotFoundError('video'));
      return video;
    }
    return this.rpc.call(CATALOG_RPC.getVideo, { id, minRevision, viewerId }, catchingUp());
  }

  /** Waits a short while until the catalog's listing holds the video at `revision` or later, a deletion included. */
  awaitVideo(videoId: number, revision: number): Promise<{ caughtUp: boolean }> {
    return this.rpc.call(CATALOG_RPC.awaitVideo, { videoId, revision }, catchingUp());
  }

  listBookmarks(userId: string, page: ListBookmarksQuery): Promise<Page<VideoDto>> {
    return this.rpc.call(CATALOG_RPC.listBookmarks, { userId, ...page });
  }

  checkBookmark(userId: string, videoId: number): Promise<BookmarkCheckDto> {
    return this.rpc.call(CATALOG_RPC.checkBookmark, { userId, videoId });
  }

  addBookmark(userId: string, videoId: number): Promise<BookmarkCheckDto> {
    return this.rpc.call(CATALOG_RPC.addBookmark, { userId, videoId });
  }

  removeBookmark(userId: string, videoId: number): Promise<BookmarkCheckDto> {
    return this.rpc.call(CATALOG_RPC.removeBookmark, { userId, videoId });
  }
}
