import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import type { ListVideosRequest, NewestFirstCursor, VideoListCursor, VideoListOrder, VideoState } from '@app/contracts';
import { BookmarkEntity } from '../db/entities/bookmark.entity.js';
import { CategoryEntity } from '../db/entities/category.entity.js';
import { PersonEntity } from '../db/entities/person.entity.js';
import { VideoListingEntity } from '../db/entities/video-listing.entity.js';
import {
  FUZZY_THRESHOLD,
  SEARCH_PARAMS,
  fieldMatchSql,
  relevanceSql,
  searchFieldSql,
  videoSearch,
  type VideoSearch,
} from './video-search.js';

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

/** A search with the people and categories whose names it matches. */
type MatchedSearch = VideoSearch & { uploaderIds: string[]; categoryIds: number[] };

/** A listing row with the sort key of the order it was read in, for the next page's cursor. */
export type VideoListingPageRow = VideoListingRow & { cursorKey: VideoListCursor['k'] };

const LISTED_FIELDS = searchFieldSql({ video: 'video', uploader: 'uploader', category: 'category' });

/**
 * The leading sort key of each list order, how a cursor carries it (`key`) and how a cursor's value
 * is read back (`after`); `id DESC` always follows, so ties have a stable order and each sort is
 * served by its index (IDX_video_listings_recent / _views / _rating / _feedback). A timestamp
 * travels as text with its microseconds: a JavaScript Date would cut them.
 */
const ORDER_KEYS: Record<Exclude<VideoListOrder, 'relevance'>, { sql: string; key: string; after: string }> = {
  recent: {
    sql: 'video."createdAt"',
    key: `to_char(video."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    after: 'CAST(:afterKey AS timestamptz)',
  },
  views: { sql: 'video."views"', key: 'video."views"', after: 'CAST(:afterKey AS integer)' },
  rating: { sql: 'video."averageRating"', key: 'video."averageRating"', after: 'CAST(:afterKey AS real)' },
  feedback: { sql: 'video."feedbackCount"', key: 'video."feedbackCount"', after: 'CAST(:afterKey AS integer)' },
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
   * One page: at most `limit` + 1 rows (the extra one tells that another page follows), ordered by
   * (sort key, id), both descending, strictly after the request's cursor. With the default order and
   * a category or uploader filter, IDX_video_listings_category_recent / _uploader_recent serve it.
   * A search first gathers its matches through the trigram indexes (see video-search.ts).
   */
  async findPageForListing(request: ListVideosRequest): Promise<VideoListingPageRow[]> {
    if (request.q === null)
      return this.pageQuery(this.dataSource.manager, request, null).getRawMany<VideoListingPageRow>();
    const search = videoSearch(request.q);
    const page = async (manager: EntityManager) =>
      this.pageQuery(manager, request, await this.findMatchingNames(manager, search)).getRawMany<VideoListingPageRow>();
    if (!search.fuzzy) return page(this.dataSource.manager);
    // The trigram operator's threshold is a setting: this transaction's own, so the indexes find
    // exactly what word_similarity ≥ FUZZY_THRESHOLD admits.
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT set_config('pg_trgm.word_similarity_threshold', $1, true)`, [
        String(FUZZY_THRESHOLD),
      ]);
      return page(manager);
    });
  }

  /**
   * The people and categories whose names a search matches (IDX_people_name_trgm; categories are
   * few), so the page statement finds their videos by IDX_video_listings_uploader_recent and
   * _category_recent, beside the title and description indexes, in one bitmap scan of the listing.
   */
  private async findMatchingNames(manager: EntityManager, search: VideoSearch): Promise<MatchedSearch> {
    const params = { [SEARCH_PARAMS.text]: search.text, [SEARCH_PARAMS.pattern]: search.pattern };
    const names = searchFieldSql({ video: 'unused', uploader: 'person', category: 'genre' });
    const people = await manager
      .createQueryBuilder()
      .select('person.id', 'id')
      .from(PersonEntity, 'person')
      .where('NOT person.removed')
      .andWhere(fieldMatchSql(names.uploaderName, search), params)
      .getRawMany<{ id: string }>();
    const categories = await manager
      .createQueryBuilder()
      .select('genre.id', 'id')
      .from(CategoryEntity, 'genre')
      .where(fieldMatchSql(names.categoryName, search), params)
      .getRawMany<{ id: number }>();
    return { ...search, uploaderIds: people.map((row) => row.id), categoryIds: categories.map((row) => row.id) };
  }

  /** The page statement. */
  private pageQuery(
    manager: EntityManager,
    request: ListVideosRequest,
    search: MatchedSearch | null,
  ): SelectQueryBuilder<VideoListingEntity> {
    const order =
      request.sort === 'relevance'
        ? search
          ? { sql: relevanceSql(LISTED_FIELDS, search), after: 'CAST(:afterKey AS real)' }
          : ORDER_KEYS.recent
        : ORDER_KEYS[request.sort];
    const query = this.select(LISTING_COLUMNS, manager)
      .addSelect('key' in order ? order.key : order.sql, 'cursorKey')
      .orderBy(order.sql, 'DESC')
      .addOrderBy('video.id', 'DESC')
      .limit(request.limit + 1);
    if (request.categoryId !== null)
      query.andWhere('video.categoryId = :categoryId AND category.id = :categoryId', {
        categoryId: request.categoryId,
      });
    if (request.uploaderId !== null)
      query.andWhere('video.uploaderId = :uploaderId', { uploaderId: request.uploaderId });
    if (search !== null)
      query.andWhere(
        `(${fieldMatchSql(LISTED_FIELDS.title, search)} OR ${fieldMatchSql(LISTED_FIELDS.description, search)}` +
          ` OR video.uploaderId = ANY(:matchedUploaders) OR video.categoryId = ANY(:matchedCategories))`,
        {
          [SEARCH_PARAMS.text]: search.text,
          [SEARCH_PARAMS.pattern]: search.pattern,
          matchedUploaders: search.uploaderIds,
          matchedCategories: search.categoryIds,
        },
      );
    if (request.cursor !== null)
      query.andWhere(`(${order.sql}, video.id) < (${order.after}, :afterId)`, {
        afterKey: request.cursor.k,
        afterId: request.cursor.id,
      });
    return query;
  }

  /**
   * A page of a member's saved videos, newest save first, strictly after the cursor's save; at most
   * `limit` + 1 rows (the extra one tells that another page follows). One statement
   * (IDX_bookmarks_user_recent serves it).
   */
  findBookmarkedBy(
    userId: string,
    page: { limit: number; cursor: NewestFirstCursor | null },
  ): Promise<Array<VideoListingRow & { cursorKey: string; bookmarkId: number }>> {
    const query = this.select(LISTING_COLUMNS)
      .innerJoin(BookmarkEntity, 'bookmark', 'bookmark.videoId = video.id AND bookmark.userId = :userId', { userId })
      .addSelect(`to_char(bookmark."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`, 'cursorKey')
      .addSelect('bookmark.id', 'bookmarkId')
      .orderBy('bookmark.createdAt', 'DESC')
      .addOrderBy('bookmark.id', 'DESC')
      .limit(page.limit + 1);
    if (page.cursor !== null)
      query.andWhere('(bookmark.createdAt, bookmark.id) < (CAST(:afterKey AS timestamptz), :afterId)', {
        afterKey: page.cursor.k,
        afterId: page.cursor.id,
      });
    return query.getRawMany();
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
  private select<Row>(
    columns: Columns<Row>,
    manager: EntityManager = this.dataSource.manager,
  ): SelectQueryBuilder<VideoListingEntity> {
    return manager
      .createQueryBuilder()
      .from(VideoListingEntity, 'video')
      .leftJoin(PersonEntity, 'uploader', 'uploader.id = video.uploaderId AND NOT uploader.removed')
      .leftJoin(CategoryEntity, 'category', 'category.id = video.categoryId')
      .select(columns.map(([expression, alias]) => `${expression} AS "${String(alias)}"`))
      .where('NOT video.removed');
  }
}
