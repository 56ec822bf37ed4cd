import { Injectable } from '@nestjs/common';
import {
  encodePageCursor,
  type BookmarkCheckDto,
  type ListBookmarksQuery,
  type NewestFirstCursor,
  type Page,
  type VideoDto,
} from '@app/contracts';
import { NotFoundError } from '@app/common';
import { VideosRepository } from '../videos/videos.repository.js';
import { toVideoDto } from '../videos/video.mapper.js';
import { BookmarksRepository } from './bookmarks.repository.js';

/** A member's saved videos. Saving twice or removing what is not saved is not an error. */
@Injectable()
export class BookmarksService {
  constructor(
    private readonly bookmarks: BookmarksRepository,
    private readonly videos: VideosRepository,
  ) {}

  /** A page of the member's saved videos, newest save first, and the cursor of the next when more follow. */
  async list(userId: string, page: ListBookmarksQuery = { limit: 100, cursor: null }): Promise<Page<VideoDto>> {
    const rows = await this.videos.findBookmarkedBy(userId, page);
    const items = rows.slice(0, page.limit);
    const last = items.at(-1);
    const next: NewestFirstCursor | null =
      rows.length > page.limit && last ? { k: last.cursorKey, id: last.bookmarkId } : null;
    return {
      items: items.map((row) => ({ ...toVideoDto(row), isBookmarked: true })),
      nextCursor: next && encodePageCursor(next),
    };
  }

  async check(userId: string, videoId: number): Promise<BookmarkCheckDto> {
    return { videoId, isBookmarked: await this.bookmarks.exists(userId, videoId) };
  }

  async add(userId: string, videoId: number): Promise<BookmarkCheckDto> {
    if (!(await this.bookmarks.add(userId, videoId))) throw new NotFoundError('video');
    return { videoId, isBookmarked: true };
  }

  async remove(userId: string, videoId: number): Promise<BookmarkCheckDto> {
    await this.bookmarks.remove(userId, videoId);
    return { videoId, isBookmarked: false };
  }

  /** Step of the user-deletion saga. */
  async removeAllOf(userId: string): Promise<{ removed: number }> {
    return { removed: await this.bookmarks.removeAllOf(userId) };
  }
}
