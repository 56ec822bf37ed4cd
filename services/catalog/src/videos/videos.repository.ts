import { Injectable } from '@nestjs/common';
import { DataSource, type SelectQueryBuilder } from 'typeorm';
import type { ListVideosRequest, VideoListSort, VideoState } from '@app/contracts';
import { BookmarkEntity } from '../db/entities/bookmark.entity.js';
import { CategoryEntity } from '../db/entities/category.entity.js';
import { PersonEntity } from '../db/entities/person.entity.js';
import { VideoListingEntity } from '../db/entities/video-listing.entity.js';
import { containsPattern } from './like-pattern.js';

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
  hasStoredVideo: boolean;
  hasStoredThumbnail: boolean;
  hasFileError: boolean;
  processingState: VideoState['processingState'];
  duration: number | null;
  frameRate: number | null;
  frameCount: number | null;
}

/** One video on its own: the listing columns plus the (possibly large) base64 thumbnail. */
export interface VideoDetailRow extends VideoListingRow {
  thumbnailData: string | null;
}

type Columns<Row> = ReadonlyArray<[expression: string, alias: keyof Row]>;

// Every column a list shows, and nothing more: never thumbnailData, which can be large.
const LISTING_COLUMNS: Columns<VideoListingRow> = [
  ['video.id', 'id'],
  ['video.title', 'title'],
  ['video.description', 'description'],
  // A deleted category's videos are uncategorised at once: only a category that exists is named.
  ['category.id', 'categoryId'],
  ['category.name', 'categoryName'],
  ['category.icon', 'categoryIcon'],
  ['video.uploaderId', 'uploaderId'],
  ['uploader.firstName', 'uploaderFirstName'],
  ['uploader.lastName', 'uploaderLastName'],
  ['uploader.image', 'uploaderImage'],
  ['video.views', 'views'],
  ['video.createdAt', 'createdAt'],
  ['video.feedbackCount', 'feedbackCount'],
  ['video.averageRating', 'averageRating'],
  ['video.youtubeUrl', 'youtubeUrl'],
  ['video.videoUrl', 'videoUrl'],
  ['video.thumbnailUrl', 'thumbnailUrl'],
  ['video.hasStoredVideo', 'hasStoredVideo'],
  ['video.hasStoredThumbnail', 'hasStoredThumbnail'],
  ['video.hasFileError', 'hasFileError'],
  ['video.processingState', 'processingState'],
  ['video.duration', 'duration'],
  ['video.frameRate', 'frameRate'],
  ['video.frameCount', 'frameCount'],
];

const DETAIL_COLUMNS: Columns<VideoDetailRow> = [...LISTING_COLUMNS, ['video.thumbnailData', 'thumbnailData']];

/**
 * The leading sort key of each list order; `id DESC` always follows, so ties have a stable order
 * and each order is served by its index (IDX_video_listings_recent / _views / _rating / _feedback).
 */
const SORT_KEYS: Record<VideoListSort, string> = {
  recent: 'video.createdAt',
  views: 'video.views',
  rating: 'video.averageRating',
  feedback: 'video.feedbackCount',
};

/** A listing's revision, for a caller waiting to read its own write. */
export interface ListingRevision {
  revision: number;
  removed: boolean;
}

/**
 * The only place the catalog service reads its listing projection: `video_listings` (what is not
 * removed) with `people` and `categories` for names, all its own tables.
 */
@Injectable()
export class VideosRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * One statement. Ordered by (sort key, id), both descending. With the default order and a
   * category or uploader filter, IDX_video_listings_category_recent / _uploader_recent serve it.
   * The title search is a case-insensitive substring match with the wildcards taken literally.
   */
  findPageForListing(request: ListVideosRequest): Promise<VideoListingRow[]> {
    const query = this.select(LISTING_COLUMNS)
      .orderBy(SORT_KEYS[request.sort], 'DESC')
      .addOrderBy('video.id', 'DESC')
      .limit(request.limit);
    if (request.categoryId !== null)
      query.andWhere('video.categoryId = :categoryId AND category.id = :categoryId', {
        categoryId: request.categoryId,
      });
    if (request.uploaderId !== null)
      query.andWhere('video.uploaderId = :uploaderId', { uploaderId: request.uploaderId });
    if (request.q !== null)
      query.andWhere(`video.title ILIKE :titlePattern ESCAPE '\\'`, { titlePattern: containsPattern(request.q) });
    return query.getRawMany<VideoListingRow>();
  }

  /** A member's saved videos, newest save first; one statement (IDX_bookmarks_user_recent serves it). */
  findBookmarkedBy(userId: string): Promise<VideoListingRow[]> {
    return this.select(LISTING_COLUMNS)
      .innerJoin(BookmarkEntity, 'bookmark', 'bookmark.videoId = video.id AND bookmark.userId = :userId', { userId })
      .orderBy('bookmark.createdAt', 'DESC')
      .addOrderBy('bookmark.id', 'DESC')
      .getRawMany<VideoListingRow>();
  }

  /** The same shape as a list item, plus thumbnailData; one statement. */
  async findDetailById(id: number): Promise<VideoDetailRow | null> {
    const row = await this.select(DETAIL_COLUMNS).andWhere('video.id = :id', { id }).getRawOne<VideoDetailRow>();
    return row ?? null;
  }

  /** The revision the projection holds of a video, removed or not; null before it has heard of it. */
  async findRevision(id: number): Promise<ListingRevision | null> {
    const row = await this.dataSource
      .getRepository(VideoListingEntity)
      .findOne({ select: { revision: true, removed: true }, where: { id } });
    return row ? { revision: row.revision, removed: row.removed } : null;
  }

  /**
   * Listed videos only (NOT removed: the predicate of every list index). An uploader whose account
   * went is named by no one, as a category that was deleted.
   */
  private select<Row>(columns: Columns<Row>): SelectQueryBuilder<VideoListingEntity> {
    return this.dataSource
      .createQueryBuilder()
      .from(VideoListingEntity, 'video')
      .leftJoin(PersonEntity, 'uploader', 'uploader.id = video.uploaderId AND NOT uploader.removed')
      .leftJoin(CategoryEntity, 'category', 'category.id = video.categoryId')
      .select(columns.map(([expression, alias]) => `${expression} AS "${String(alias)}"`))
      .where('NOT video.removed');
  }
}
