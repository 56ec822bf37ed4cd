import { Injectable } from '@nestjs/common';
import {
  CATALOG_PATTERNS,
  type Actor,
  type BookmarkCheckDto,
  type BookmarkMessage,
  type BookmarkOwnerMessage,
  type CategoryDto,
  type CreateCategoryMessage,
  type CreateCategoryRequest,
  type DeleteCategoryMessage,
  type GetVideoRequest,
  type ListVideosRequest,
  type VideoDto,
} from '@app/contracts';
import { RpcClient } from './rpc.client.js';

@Injectable()
export class CatalogClient {
  constructor(private readonly rpc: RpcClient) {}

  listCategories(): Promise<CategoryDto[]> {
    return this.rpc.send<CategoryDto[]>('catalog', CATALOG_PATTERNS.listCategories, {});
  }

  /** 403 unless the actor is an admin, 409 when the name is taken ignoring case. */
  createCategory(actor: Actor, category: CreateCategoryRequest): Promise<CategoryDto> {
    return this.rpc.send<CategoryDto, CreateCategoryMessage>('catalog', CATALOG_PATTERNS.createCategory, {
      actor: { id: actor.id, isAdmin: actor.isAdmin },
      category,
    });
  }

  /** 403 unless the actor is an admin, 404 for an unknown id. Answers the deleted category. */
  deleteCategory(actor: Actor, categoryId: number): Promise<CategoryDto> {
    return this.rpc.send<CategoryDto, DeleteCategoryMessage>('catalog', CATALOG_PATTERNS.deleteCategory, {
      actor: { id: actor.id, isAdmin: actor.isAdmin },
      categoryId,
    });
  }

  listVideos(request: ListVideosRequest): Promise<VideoDto[]> {
    return this.rpc.send<VideoDto[], ListVideosRequest>('catalog', CATALOG_PATTERNS.listVideos, request);
  }

  /** One video in the list shape, with its thumbnailData; 404 "Video not found". */
  getVideo(id: number): Promise<VideoDto> {
    return this.rpc.send<VideoDto, GetVideoRequest>('catalog', CATALOG_PATTERNS.getVideo, { id });
  }

  listBookmarks(userId: string): Promise<VideoDto[]> {
    return this.rpc.send<VideoDto[], BookmarkOwnerMessage>('catalog', CATALOG_PATTERNS.listBookmarks, { userId });
  }

  checkBookmark(userId: string, videoId: number): Promise<BookmarkCheckDto> {
    return this.rpc.send<BookmarkCheckDto, BookmarkMessage>('catalog', CATALOG_PATTERNS.checkBookmark, {
      userId,
      videoId,
    });
  }

  addBookmark(userId: string, videoId: number): Promise<BookmarkCheckDto> {
    return this.rpc.send<BookmarkCheckDto, BookmarkMessage>('catalog', CATALOG_PATTERNS.addBookmark, {
      userId,
      videoId,
    });
  }

  removeBookmark(userId: string, videoId: number): Promise<BookmarkCheckDto> {
    return this.rpc.send<BookmarkCheckDto, BookmarkMessage>('catalog', CATALOG_PATTERNS.removeBookmark, {
      userId,
      videoId,
    });
  }
}
