import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BookmarkEntity } from '../db/entities/bookmark.entity.js';

/** The only place the catalog service writes `bookmarks` (it owns them). */
@Injectable()
export class BookmarksRepository {
  constructor(private readonly dataSource: DataSource) {}

  exists(userId: string, videoId: number): Promise<boolean> {
    return this.dataSource.getRepository(BookmarkEntity).existsBy({ userId, videoId });
  }

  /**
   * Idempotent: a second save (even at the same moment) leaves one row. false when there is no
   * such video: none the listing projection holds, or one it holds as removed.
   */
  async add(userId: string, videoId: number): Promise<boolean> {
    const [{ videoExists }] = await this.dataSource.query<[{ videoExists: boolean }]>(
      `WITH target AS (SELECT id FROM video_listings WHERE id = $2 AND NOT removed),
            saved AS (INSERT INTO bookmarks ("userId", "videoId") SELECT $1, id FROM target
                       ON CONFLICT ("userId", "videoId") DO NOTHING)
       SELECT EXISTS (SELECT 1 FROM target) AS "videoExists"`,
      [userId, videoId],
    );
    return videoExists;
  }

  async remove(userId: string, videoId: number): Promise<void> {
    await this.dataSource.getRepository(BookmarkEntity).delete({ userId, videoId });
  }

  /** Idempotent: a replayed deletion finds nothing left. */
  async removeAllForVideos(videoIds: number[]): Promise<number> {
    if (!videoIds.length) return 0;
    const result = await this.dataSource
      .getRepository(BookmarkEntity)
      .createQueryBuilder()
      .delete()
      .where('"videoId" = ANY(:videoIds)', { videoIds })
      .execute();
    return result.affected ?? 0;
  }

  async removeAllOf(userId: string): Promise<number> {
    const result = await this.dataSource.getRepository(BookmarkEntity).delete({ userId });
    return result.affected ?? 0;
  }
}
