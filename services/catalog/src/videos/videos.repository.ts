import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import type { ListVideosRequest, NewestFirstCursor, VideoListCursor, VideoListOrder, VideoState } from '@app/contracts';
import { BookmarkEntity } from '../db/entities/bookmark.entity.js';
import { CategoryEntity } from '../db/entities/category.entity.js';
import { PersonEntity } from '../db/entities/person.entity.js';
import { VideoListingEntity } from '../db/entities/video-listing.entity.js';
import {
  SEARCH_PARAMS,
  fieldMatchSql,
  relevanceSql,
  searchFieldSql,
  videoSearch,
  weightedScoreSql,
  type VideoSearch,
} from './video-search.js';

/** A video with its uploader's and category's names, as one listing query returns it. */
export interface VideoListingRow {
  /** Hidden pending review: listed only to its uploader, in their own list. */
  hidden: boolean;
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
  ['COALESCE(video.hidden, false)', 'hidden'],
  ['video.duration', 'duration'],
  ['video.frameRate', 'frameRate'],
  ['video.frameCount', 'frameCount'],
];

/** LISTING_COLUMNS for a statement written out in SQL (TypeORM quotes `alias.property` only in a query builder). */
const RAW_LISTING_COLUMNS = LISTING_COLUMNS.map(
  ([expression, alias]) => `${expression.replace(/\b(video|category|uploader)\.(\w+)/g, '$1."$2"')} AS "${alias}"`,
).join(', ');

const DETAIL_COLUMNS: Columns<VideoDetailRow> = [...LISTING_COLUMNS, ['video.thumbnailData', 'thumbnailData']];

/** A listing row with the sort key of the order it was read in, for the next page's cursor. */
export type VideoListingPageRow = VideoListingRow & { cursorKey: VideoListCursor['k'] };

const LISTED_FIELDS = searchFieldSql({ video: 'video', uploader: 'uploader', category: 'category' });
/** The names a search is compared with, in `people` (as `person`) and `categories` (as `genre`). */
const NAME_FIELDS = searchFieldSql({ video: 'unused', uploader: 'person', category: 'genre' });

/**
 * Listed: not removed, and not hidden pending review — except in a member's own list, which shows
 * their hidden videos too (marked): nobody else's does.
 */
const listedSql = (request: ListVideosRequest & { viewerId?: string | null }) =>
  request.uploaderId !== null && request.uploaderId === request.viewerId
    ? 'NOT video."removed"'
    : 'NOT video."removed" AND video."hidden" IS NOT TRUE';

/** A category's filter: only a category that exists is named, so only one that exists lists videos. */
const IN_CATEGORY =
  'video."categoryId" = :categoryId AND EXISTS (SELECT 1 FROM "categories" chosen WHERE chosen."id" = :categoryId)';

/** A video whose own title or description matches (the trigram indexes on both find them). */
const TEXT_MATCH = (search: VideoSearch) =>
  `(${fieldMatchSql(LISTED_FIELDS.title, search)} OR ${fieldMatchSql(LISTED_FIELDS.description, search)})`;

/** The people (IDX_people_name_trgm) and categories (a dozen) whose names match, with their weighted scores. */
const MATCHED_NAMES_SQL = (search: VideoSearch) => `
  matched_people AS MATERIALIZED (
    SELECT person."id", ${weightedScoreSql('uploaderName', NAME_FIELDS.uploaderName, search)} AS "score"
    FROM "people" person
    WHERE NOT person."removed" AND ${fieldMatchSql(NAME_FIELDS.uploaderName, search)}
  ),
  matched_categories AS MATERIALIZED (
    SELECT genre."id", ${weightedScoreSql('categoryName', NAME_FIELDS.categoryName, search)} AS "score"
    FROM "categories" genre
    WHERE ${fieldMatchSql(NAME_FIELDS.categoryName, search)}
  )`;

/** A video found by its uploader's or its category's name (for orders other than relevance). */
const NAME_MATCH = (search: VideoSearch) => {
  const people = `SELECT person."id" FROM "people" person WHERE NOT person."removed" AND ${fieldMatchSql(NAME_FIELDS.uploaderName, search)}`;
  const categories = `SELECT genre."id" FROM "categories" genre WHERE ${fieldMatchSql(NAME_FIELDS.categoryName, search)}`;
  return `(video."uploaderId" IN (${people}) OR video."categoryId" IN (${categories}))`;
};

/**
 * A search's page by relevance, as one statement. Relevance is the best of the four weighted field
 * scores (video-search.ts), and a search that names a category or a popular uploader matches
 * thousands of videos whose relevance is just that name's score. Ranking them all (every one's
 * four similarities, then a sort) would cost time in proportion to the catalog's size, so:
 *  - videos whose title or description matches (few; the trigram indexes find them) are ranked
 *    with the full relevance;
 *  - every other match has exactly its best name's score, so each matched person and category
 *    contributes its own newest videos (IDX_video_listings_uploader_newest / _category_newest),
 *    at most a page of them, each video under the one name that scores it highest (the uploader
 *    on a tie), and the same cursor rule (score, id) applies;
 *  - the three are merged and the page is the best `limit` + 1, the order of the relevance
 *    expression exactly (the equivalence is tested against it).
 */
function relevancePageSql(request: ListVideosRequest & { viewerId?: string | null }, search: VideoSearch): string {
  const relevance = relevanceSql(LISTED_FIELDS, search);
  const LISTED = listedSql(request);
  const filters = [
    // Only a category that exists is named, as in every other list.
    request.categoryId !== null ? IN_CATEGORY : null,
    request.uploaderId !== null ? 'video."uploaderId" = :uploaderId' : null,
  ].filter((filter) => filter !== null);
  const filtered = filters.map((filter) => ` AND ${filter}`).join('');
  const after = (score: string) =>
    request.cursor !== null ? ` AND (${score}, video."id") < (CAST(:afterKey AS real), :afterId)` : '';
  const notText = `${TEXT_MATCH(search)} IS NOT TRUE`;
  return `
  WITH ${MATCHED_NAMES_SQL(search)},
  text_hits AS (
    SELECT video."id", ${relevance} AS "score"
    FROM "video_listings" video
    LEFT JOIN "people" uploader ON uploader."id" = video."uploaderId" AND NOT uploader."removed"
    LEFT JOIN "categories" category ON category."id" = video."categoryId"
    WHERE ${LISTED}${filtered} AND ${TEXT_MATCH(search)}${after(relevance)}
    ORDER BY 2 DESC, 1 DESC
    LIMIT :take
  ),
  people_hits AS (
    SELECT hit."id", CAST(name."score" AS real) AS "score"
    FROM matched_people name
    CROSS JOIN LATERAL (
      SELECT video."id" FROM "video_listings" video
      WHERE video."uploaderId" = name."id" AND ${LISTED}${filtered} AND ${notText}
        AND NOT EXISTS (SELECT 1 FROM matched_categories other WHERE other."id" = video."categoryId" AND other."score" > name."score")${after('CAST(name."score" AS real)')}
      ORDER BY video."id" DESC
      LIMIT :take
    ) hit
  ),
  category_hits AS (
    SELECT hit."id", CAST(name."score" AS real) AS "score"
    FROM matched_categories name
    CROSS JOIN LATERAL (
      SELECT video."id" FROM "video_listings" video
      WHERE video."categoryId" = name."id" AND ${LISTED}${filtered} AND ${notText}
        AND NOT EXISTS (SELECT 1 FROM matched_people other WHERE other."id" = video."uploaderId" AND other."score" >= name."score")${after('CAST(name."score" AS real)')}
      ORDER BY video."id" DESC
      LIMIT :take
    ) hit
  ),
  hits AS (
    SELECT * FROM text_hits UNION ALL SELECT * FROM people_hits UNION ALL SELECT * FROM category_hits
  )
  SELECT ${RAW_LISTING_COLUMNS}, hits."score" AS "cursorKey"
  FROM hits
  JOIN "video_listings" video ON video."id" = hits."id"
  LEFT JOIN "people" uploader ON uploader."id" = video."uploaderId" AND NOT uploader."removed"
  LEFT JOIN "categories" category ON category."id" = video."categoryId"
  ORDER BY hits."score" DESC, hits."id" DESC
  LIMIT :take`;
}

/** The listing's own columns a page shows or joins by: never thumbnailData, which can be large. */
const PAGE_VIDEO_COLUMNS = [
  ...new Set([
    ...LISTING_COLUMNS.flatMap(([expression]) => [...expression.matchAll(/\bvideo\.(\w+)/g)].map((m) => m[1])),
    'categoryId',
  ]),
]
  .map((column) => `video."${column}"`)
  .join(', ');

/**
 * The page statement of every order but a search's relevance. The page's rows are chosen from
 * `video_listings` alone, along the order's index, and only then joined to their names. PostgreSQL
 * judges a cursor's row comparison by its first column: where many videos share a key (no
 * feedback, no views yet) it expects the cursor to leave almost no row, and with the joins in the
 * same step it hashed, joined and sorted every row after the cursor for a page of 12.
 */
function orderedPageSql(request: ListVideosRequest & { viewerId?: string | null }, search: VideoSearch | null): string {
  const order = ORDER_KEYS[request.sort === 'relevance' ? 'recent' : request.sort];
  const filters = [
    // A member's own list shows their videos hidden pending review too (marked): nobody else's does.
    listedSql(request),
    request.categoryId !== null ? IN_CATEGORY : null,
    request.uploaderId !== null ? 'video."uploaderId" = :uploaderId' : null,
    search !== null ? `(${TEXT_MATCH(search)} OR ${NAME_MATCH(search)})` : null,
    request.cursor !== null ? `(${order.sql}, video."id") < (${order.after}, :afterId)` : null,
  ].filter((filter) => filter !== null);
  return `
  SELECT ${RAW_LISTING_COLUMNS}, ${order.key} AS "cursorKey"
  FROM (
    SELECT ${PAGE_VIDEO_COLUMNS} FROM "video_listings" video
    WHERE ${filters.join(' AND ')}
    ORDER BY ${order.sql} DESC, video."id" DESC
    LIMIT :take
  ) video
  LEFT JOIN "people" uploader ON uploader."id" = video."uploaderId" AND NOT uploader."removed"
  LEFT JOIN "categories" category ON category."id" = video."categoryId"
  ORDER BY ${order.sql} DESC, video."id" DESC`;
}

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
  /** findDetailsByIds's statement, built once: only the ids change from one request to the next. */
  private detailStatement?: { sql: string; parameters: unknown[]; idsAt: number };

  constructor(private readonly dataSource: DataSource) {}

  /**
   * One page: at most `limit` + 1 rows (the extra one tells that another page follows), ordered by
   * (sort key, id), both descending, strictly after the request's cursor; one statement. With the
   * default order and a category or uploader filter, IDX_video_listings_category_recent /
   * _uploader_recent serve it. A search finds its matches through the trigram indexes (see
   * video-search.ts); ranked by relevance, see `relevancePageSql`.
   */
  async findPageForListing(request: ListVideosRequest & { viewerId?: string | null }): Promise<VideoListingPageRow[]> {
    const search = request.q === null ? null : videoSearch(request.q);
    const statement =
      search !== null && request.sort === 'relevance'
        ? relevancePageSql(request, search)
        : orderedPageSql(request, search);
    const [sql, parameters] = this.dataSource.driver.escapeQueryWithParameters(statement, {
      ...(search && { [SEARCH_PARAMS.text]: search.text, [SEARCH_PARAMS.pattern]: search.pattern }),
      take: request.limit + 1,
      categoryId: request.categoryId,
      uploaderId: request.uploaderId,
      afterKey: request.cursor?.k ?? null,
      afterId: request.cursor?.id ?? null,
    });
    return this.dataSource.manager.query<VideoListingPageRow[]>(sql, parameters);
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

  /** The videos of `ids` that exist, in the same shape as a list item plus thumbnailData; one statement. */
  async findDetailsByIds(ids: number[]): Promise<VideoDetailRow[]> {
    // Profiled: TypeORM building this same statement was ~14% of the catalog's CPU per video page.
    const statement = (this.detailStatement ??= this.buildDetailStatement());
    const parameters = [...statement.parameters];
    parameters[statement.idsAt] = ids;
    return this.dataSource.query<VideoDetailRow[]>(statement.sql, parameters);
  }

  private buildDetailStatement(): { sql: string; parameters: unknown[]; idsAt: number } {
    // A hidden video too: the service decides who may still open it (its uploader).
    const marker = Symbol('ids');
    const [sql, parameters] = this.select(DETAIL_COLUMNS, this.dataSource.manager, { hiddenToo: true })
      .andWhere('video.id = ANY(:ids)', { ids: marker })
      .getQueryAndParameters();
    const idsAt = parameters.indexOf(marker);
    if (idsAt < 0 || parameters.indexOf(marker, idsAt + 1) >= 0)
      throw new Error('the detail statement takes its ids once');
    return { sql, parameters, idsAt };
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
    { hiddenToo = false } = {},
  ): SelectQueryBuilder<VideoListingEntity> {
    const query = manager
      .createQueryBuilder()
      .from(VideoListingEntity, 'video')
      .leftJoin(PersonEntity, 'uploader', 'uploader.id = video.uploaderId AND NOT uploader.removed')
      .leftJoin(CategoryEntity, 'category', 'category.id = video.categoryId')
      .select(columns.map(([expression, alias]) => `${expression} AS "${String(alias)}"`))
      .where('NOT video.removed');
    // Hidden pending review: in no list, search or count.
    return hiddenToo ? query : query.andWhere('video.hidden IS NOT TRUE');
  }
}
