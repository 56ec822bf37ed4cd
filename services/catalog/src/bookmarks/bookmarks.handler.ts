import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  USER_CLEANUP_PATTERNS,
  userCleanupMessageSchema,
  type UserCleanupResult,
  bookmarkMessageSchema,
  bookmarkOwnerMessageSchema,
  CATALOG_PATTERNS,
  type BookmarkCheckDto,
  type VideoDto,
} from '@app/contracts';
import { parsePayload } from '@app/common';
import { BookmarksService } from './bookmarks.service.js';

@Controller()
export class BookmarksHandler {
  constructor(private readonly bookmarks: BookmarksService) {}

  @MessagePattern(CATALOG_PATTERNS.listBookmarks)
  list(@Payload() payload: unknown): Promise<VideoDto[]> {
    return this.bookmarks.list(parsePayload(bookmarkOwnerMessageSchema, payload).userId);
  }

  @MessagePattern(CATALOG_PATTERNS.checkBookmark)
  check(@Payload() payload: unknown): Promise<BookmarkCheckDto> {
    const { userId, videoId } = parsePayload(bookmarkMessageSchema, payload);
    return this.bookmarks.check(userId, videoId);
  }

  @MessagePattern(CATALOG_PATTERNS.addBookmark)
  add(@Payload() payload: unknown): Promise<BookmarkCheckDto> {
    const { userId, videoId } = parsePayload(bookmarkMessageSchema, payload);
    return this.bookmarks.add(userId, videoId);
  }

  @MessagePattern(CATALOG_PATTERNS.removeBookmark)
  remove(@Payload() payload: unknown): Promise<BookmarkCheckDto> {
    const { userId, videoId } = parsePayload(bookmarkMessageSchema, payload);
    return this.bookmarks.remove(userId, videoId);
  }

  @MessagePattern(USER_CLEANUP_PATTERNS.bookmarks)
  removeAllOf(@Payload() payload: unknown): Promise<UserCleanupResult> {
    return this.bookmarks.removeAllOf(parsePayload(userCleanupMessageSchema, payload).userId);
  }
}
