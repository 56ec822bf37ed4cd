import { Injectable } from '@nestjs/common';
import {
  CATALOG_RPC,
  type Actor,
  type BookmarkCheckDto,
  type CategoryDto,
  type CreateCategoryRequest,
  type ListVideosRequest,
  type VideoDto,
} from '@app/contracts';
import { RpcClient } from '@app/common';

@Injectable()
export class CatalogClient {
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

  listVideos(request: ListVideosRequest): Promise<VideoDto[]> {
    return this.rpc.call(CATALOG_RPC.listVideos, request);
  }

  /** One video in the list shape, with its thumbnailData; 404 "Video not found". */
  getVideo(id: number): Promise<VideoDto> {
    return this.rpc.call(CATALOG_RPC.getVideo, { id });
  }

  listBookmarks(userId: string): Promise<VideoDto[]> {
    return this.rpc.call(CATALOG_RPC.listBookmarks, { userId });
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
