import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { encodePageCursor, listVideosRequestSchema, type ListVideosQuery, type VideoListOrder } from '@app/contracts';
import { recordingServiceDataSource, withClient, type IsolatedDatabase, type SentStatement } from '@app/testing';
import { CATALOG_DATABASE } from '../db/catalog-database.js';
import { VideosRepository } from './videos.repository.js';
import { VideosService } from './videos.service.js';

// A list's pages deep in the list, on real PostgreSQL as the catalog's own role, over 10,000
// listings whose sort keys are all tied (as when most videos of a site have no feedback, no
// views and no rating yet). PostgreSQL judges a cursor's row comparison by its first column alone, so with every
// key equal it expects the cursor to leave no row at all; a page must still cost the rows it
// shows, not a join and sort of every row after the cursor.

const SEEDED = 10_000;
const LIMIT = 12;
/** Every listing's sort keys (feedback counts are `views` too). */
const TIED = { views: 10, feedback: 10, rating: 4.5, recent: '2026-01-01T00:00:00.000000Z' } as const;
let db: IsolatedDatabase;
let dataSource: DataSource;
let videos: VideosService;
const recorded: SentStatement[] = [];

const sql = <T>(text: string, values: unknown[] = []) =>
  withClient(db.url, async (client) => (await client.query(text, values)).rows as T[]);

beforeAll(async () => {
  ({ db, dataSource } = await recordingServiceDataSource(CATALOG_DATABASE, 'catalog-pages', recorded));
  videos = new VideosService(new VideosRepository(dataSource));
  const [category] = await sql<{ id: number }>(`SELECT id FROM catalog.categories ORDER BY id LIMIT 1`);
  // Every key tied but the id; one video in 50 hidden pending review, which no list shows.
  await sql(
    `INSERT INTO catalog.people (id, revision, "firstName", "lastName")
     SELECT ('00000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 1, 'Coach', 'Number ' || n
     FROM generate_series(1, 200) AS n`,
  );
  await sql(
    `INSERT INTO catalog.video_listings (id, revision, title, description, "categoryId", "uploaderId", "hasStoredVideo",
       "hasStoredThumbnail", "processingState", "hasFileError", views, "feedbackCount", "averageRating", "createdAt", hidden)
     SELECT n, 1, 'Clip ' || n, NULL, $2::int, ('00000000-0000-4000-8000-' || lpad((n % 200 + 1)::text, 12, '0'))::uuid,
       false, false, 'ready', false, $3::int, $3::int, $4::real, $5::timestamptz, n % 50 = 0
     FROM generate_series(1, $1::int) AS n`,
    [SEEDED, category!.id, TIED.views, TIED.rating, TIED.recent],
  );
  await sql(`ANALYZE catalog.video_listings`);
  await sql(`ANALYZE catalog.people`);
});

afterAll(async () => {
  await dataSource?.destroy();
  await db?.drop();
});

/** Plan nodes, depth first. */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  Plans?: PlanNode[];
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/** The page after the listing `afterId` (every key tied, so the cursor's key is the shared one), and how it was read. */
async function pageAfter(sort: Exclude<VideoListOrder, 'relevance'>, afterId: number, extra: ListVideosQuery = {}) {
  const cursor = encodePageCursor({ o: sort, k: TIED[sort], id: afterId });
  recorded.length = 0;
  const page = await videos.list(listVideosRequestSchema.parse({ sort, limit: LIMIT, cursor, ...extra }));
  expect(recorded).toHaveLength(1);
  const [{ 'QUERY PLAN': explained }] = (await dataSource.query(
    `EXPLAIN (ANALYZE, FORMAT JSON) ${recorded[0]!.query}`,
    recorded[0]!.parameters,
  )) as Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>;
  return { ids: page.items.map((video) => video.id), page, nodes: nodesOf(explained[0]!.Plan) };
}

/** The ids a page after `afterId` must show: the next ones down, hidden ones left out. */
const expectedAfter = (afterId: number, count = LIMIT) => {
  const ids: number[] = [];
  for (let id = afterId - 1; id >= 1 && ids.length < count; id--) if (id % 50 !== 0) ids.push(id);
  return ids;
};

describe('a page deep in a list whose sort keys are all tied', () => {
  it.each(['recent', 'views', 'rating', 'feedback'] as const)(
    'sort=%s: shows the next rows after the cursor, reading only them from the order’s index',
    async (sort) => {
      const { ids, page, nodes } = await pageAfter(sort, 5_000);
      expect(ids).toEqual(expectedAfter(5_000));
      expect(page.nextCursor).not.toBeNull();
      // Read along the order's own index, and no further than the page and its one extra row
      // (another page follows): not every row the cursor leaves, joined and then sorted.
      const listingReads = nodes.filter((node) => node['Relation Name'] === 'video_listings');
      expect(listingReads.map((node) => node['Index Name'])).toEqual([`IDX_video_listings_${sort}`]);
      expect(listingReads[0]!['Actual Rows']).toBeLessThanOrEqual(LIMIT + 1);
      for (const sorted of nodes.filter((node) => node['Node Type'] === 'Sort'))
        expect(sorted['Actual Rows']).toBeLessThanOrEqual(LIMIT + 1);
    },
  );

  it('names each video’s uploader and category, as on the first page', async () => {
    const { page } = await pageAfter('feedback', 5_000);
    const [first] = page.items;
    expect(first).toMatchObject({
      id: 4_999,
      uploaderFirstName: 'Coach',
      uploaderLastName: `Number ${(4_999 % 200) + 1}`,
    });
    expect(first!.categoryName).toEqual(expect.any(String));
  });

  it('keeps a category’s filter on a deep page, and an empty one for a category that no longer exists', async () => {
    const [category] = await sql<{ id: number }>(`SELECT id FROM catalog.categories ORDER BY id LIMIT 1`);
    expect((await pageAfter('feedback', 5_000, { categoryId: category!.id })).ids).toEqual(expectedAfter(5_000));
    // Videos whose category was deleted are uncategorised: no page of that id lists them.
    const [{ missing }] = await sql<{ missing: number }>(`SELECT max(id) + 1 AS missing FROM catalog.categories`);
    await sql(`UPDATE catalog.video_listings SET "categoryId" = $1 WHERE id BETWEEN 100 AND 199`, [missing]);
    expect((await pageAfter('feedback', 5_000, { categoryId: missing })).ids).toEqual([]);
  });

  it('reaches the end: the last page has no next cursor', async () => {
    const { ids, page } = await pageAfter('views', 13);
    expect(ids).toEqual(expectedAfter(13));
    expect(page.nextCursor).toBeNull();
  });
});
