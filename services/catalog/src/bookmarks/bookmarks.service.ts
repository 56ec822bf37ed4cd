import { Injectable } from '@nestjs/common';
import type { BookmarkCheckDto, VideoDto } from '@app/contracts';
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

  async list(userId: string): Promise<VideoDto[]> {
    const rows = await this.videos.findBookmarkedBy(userId);
    return rows.map((row) => ({ ...toVideoDto(row), isBookmarked: true }));
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
