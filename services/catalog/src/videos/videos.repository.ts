import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ListVideosRequest } from '@app/contracts';
import { CategoryEntity, UserEntity, VideoEntity } from '@app/database';

/** A video with its uploader's and category's names, as one listing query returns it. */
export interface VideoListingRow {
  id: number;
  title: string;
  description: string | null;
  categoryId: number | null;
  categoryName: string | null;
  categoryIcon: string | null;
  uploaderId: string;
  uploaderFirstName: string | null;
  uploaderLastName: string | null;
  uploaderImage: string | null;
  views: number;
  createdAt: Date;
  feedbackCount: number;
  averageRating: number;
  youtubeUrl: string | null;
  videoUrl: string | null;
  thumbnailUrl: string | null;
  originalKey: string | null;
  playbackKey: string | null;
  thumbnailKey: string | null;
  hasFileError: boolean;
}

// Every column a list shows, and nothing more: never thumbnailData, which can be large.
const LISTING_COLUMNS: ReadonlyArray<[expression: string, alias: keyof VideoListingRow]> = [
  ['video.id', 'id'],
  ['video.title', 'title'],
  ['video.description', 'description'],
  ['video.categoryId', 'categoryId'],
  ['category.name', 'categoryName'],
  ['category.icon', 'categoryIcon'],
  ['video.uploaderId', 'uploaderId'],
  ['uploader.firstName', 'uploaderFirstName'],
  ['uploader.lastName', 'uploaderLastName'],
  ['uploader.profileImageUrl', 'uploaderImage'],
  ['video.views', 'views'],
  ['video.createdAt', 'createdAt'],
  ['video.feedbackCount', 'feedbackCount'],
  ['video.averageRating', 'averageRating'],
  ['video.youtubeUrl', 'youtubeUrl'],
  ['video.videoUrl', 'videoUrl'],
  ['video.thumbnailUrl', 'thumbnailUrl'],
  ['video.originalKey', 'originalKey'],
  ['video.playbackKey', 'playbackKey'],
  ['video.thumbnailKey', 'thumbnailKey'],
  ['video.hasFileError', 'hasFileError'],
];

/**
 * The only place the catalog service queries videos. It reads `videos` (owned by the video
 * service) and joins `users` and `categories` for names; it writes none of them.
 */
@Injectable()
export class VideosRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Newest first, one statement. Ordered by (createdAt, id) so the recent indexes serve it:
   * IDX_videos_recent, or IDX_videos_category_recent / IDX_videos_uploader_recent when filtered.
   */
  findPageForListing(request: ListVideosRequest): Promise<VideoListingRow[]> {
    const query = this.dataSource
      .createQueryBuilder()
      .from(VideoEntity, 'video')
      .leftJoin(UserEntity, 'uploader', 'uploader.id = video.uploaderId')
      .leftJoin(CategoryEntity, 'category', 'category.id = video.categoryId')
      .select(LISTING_COLUMNS.map(([expression, alias]) => `${expression} AS "${alias}"`))
      .orderBy('video.createdAt', 'DESC')
      .addOrderBy('video.id', 'DESC')
      .limit(request.limit);
    if (request.categoryId !== null)
      query.andWhere('video.categoryId = :categoryId', { categoryId: request.categoryId });
    if (request.uploaderId !== null)
      query.andWhere('video.uploaderId = :uploaderId', { uploaderId: request.uploaderId });
    return query.getRawMany<VideoListingRow>();
  }
}
