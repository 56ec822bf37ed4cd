import { Injectable } from '@nestjs/common';
import { DataSource, QueryFailedError } from 'typeorm';
import { BookmarkEntity } from '@app/database';

/** The only place the catalog service writes `bookmarks` (it owns them). */
@Injectable()
export class BookmarksRepository {
  constructor(private readonly dataSource: DataSource) {}

  exists(userId: string, videoId: number): Promise<boolean> {
    return this.dataSource.getRepository(BookmarkEntity).existsBy({ userId, videoId });
  }

  /**
   * Idempotent: a second save (even at the same moment) leaves one row. false when there is no
   * such video (the foreign key decides, so a video deleted meanwhile cannot be saved).
   */
  async add(userId: string, videoId: number): Promise<boolean> {
    try {
      await this.dataSource.query(
        `INSERT INTO bookmarks ("userId", "videoId") VALUES ($1, $2) ON CONFLICT ("userId", "videoId") DO NOTHING`,
        [userId, videoId],
      );
      return true;
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === '23503') return false;
      throw error;
    }
  }

  async remove(userId: string, videoId: number): Promise<void> {
    await this.dataSource.getRepository(BookmarkEntity).delete({ userId, videoId });
  }

  async removeAllOf(userId: string): Promise<number> {
    const result = await this.dataSource.getRepository(BookmarkEntity).delete({ userId });
    return result.affected ?? 0;
  }
}
