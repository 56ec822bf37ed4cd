import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { listVideosRequestSchema, type ListVideosQuery, type Page, type VideoDto } from '@app/contracts';
import { recordingServiceDataSource, withClient, type IsolatedDatabase, type SentStatement } from '@app/testing';
import { CATALOG_DATABASE } from '../db/catalog-database.js';
import { fieldMatchSql, relevanceSql, SEARCH_PARAMS, searchFieldSql, videoSearch } from './video-search.js';
import { VideosRepository } from './videos.repository.js';
import { VideosService } from './videos.service.js';

// The catalog's search on real PostgreSQL, connected as the catalog's own role, over 10,000
// listings: what a search finds, in which order, and that its statement is answered by indexes.
// The listings are written in bulk as the projection keeps them (the event path is covered by
// listing-projection.int-spec.ts).

const SEEDED = 10_000;
let db: IsolatedDatabase;
let dataSource: DataSource;
let videos: VideosService;
const recorded: SentStatement[] = [];

const sql = <T>(text: string, values: unknown[] = []) =>
  withClient(db.url, async (client) => (await client.query(text, values)).rows as T[]);

let nextId = 1;
async function listing(fields: { title: string; description?: string; uploaderId?: string; categoryId?: number }) {
  const id = SEEDED + nextId++;
  await sql(
    `INSERT INTO catalog.video_listings (id, revision, title, description, "categoryId", "uploaderId", "hasStoredVideo",
       "hasStoredThumbnail", "processingState", "hasFileError", views, "feedbackCount", "averageRating", "createdAt")
     VALUES ($1, 1, $2, $3, $4, $5, false, false, 'ready', false, 0, 0, 0, now())`,
    [id, fields.title, fields.description ?? null, fields.categoryId ?? null, fields.uploaderId ?? randomUUID()],
  );
  return id;
}

const search = async (q: string, extra: ListVideosQuery = {}) =>
  (await videos.list(listVideosRequestSchema.parse({ q, limit: 100, ...extra }))).items.map((video) => video.id);

beforeAll(async () => {
  ({ db, dataSource } = await recordingServiceDataSource(CATALOG_DATABASE, 'catalog-search', recorded));
  videos = new VideosService(new VideosRepository(dataSource));
  await sql(
    `INSERT INTO catalog.video_listings (id, revision, title, description, "categoryId", "uploaderId", "hasStoredVideo",
       "hasStoredThumbnail", "processingState", "hasFileError", views, "feedbackCount", "averageRating", "createdAt")
     SELECT n, 1, 'Seeded clip ' || n, 'Practice notes ' || n, NULL, gen_random_uuid(), false, false, 'ready', false,
       n % 97, n % 13, 0, timestamptz '2026-01-01' + n * interval '1 second'
     FROM generate_series(1, $1::int) AS n`,
    [SEEDED],
  );
});

afterAll(async () => {
  await dataSource?.destroy();
  await db?.drop();
});

describe('search', () => {
  let backhand: number;
  let topspinTitle: number;
  let topspinTypo: number;
  let topspinDescription: number;
  let byOkonkwo: number;
  let inQuidditch: number;

  beforeAll(async () => {
    backhand = await listing({ title: 'Backhand slice drill' });
    topspinTitle = await listing({ title: 'Topspin forehand' });
    topspinDescription = await listing({ title: 'Rally', description: 'Working on my topspin' });
    topspinTypo = await listing({ title: 'Topspn forehand' });
    const okonkwo = randomUUID();
    await sql(
      `INSERT INTO catalog.people (id, revision, "firstName", "lastName") VALUES ($1, 1, 'Zebedee', 'Okonkwo')`,
      [okonkwo],
    );
    byOkonkwo = await listing({ title: 'Serve', uploaderId: okonkwo });
    const [quidditch] = await sql<{ id: number }>(
      `INSERT INTO catalog.categories (name, icon) VALUES ('Quidditch', '🧹') RETURNING id`,
    );
    inQuidditch = await listing({ title: 'Seeker dive', categoryId: quidditch!.id });
    // Enough people that reading them whole would cost more than their index (at 5,000 a scan is cheaper).
    await sql(
      `INSERT INTO catalog.people (id, revision, "firstName", "lastName")
       SELECT gen_random_uuid(), 1, 'Member', 'Number ' || n FROM generate_series(1, 20000) AS n`,
    );
    await sql('ANALYZE catalog.video_listings');
    await sql('ANALYZE catalog.people');
  });

  it('tolerates a typo in a longer word ("backhnad" finds "backhand")', async () => {
    expect(await search('backhnad')).toEqual([backhand]);
    expect(await search('Backhand')).toEqual([backhand]);
  });

  it("finds a video by its uploader's name and its category's name, also misspelt", async () => {
    expect(await search('okonkwo')).toEqual([byOkonkwo]);
    expect(await search('Zebedee Okonkow')).toEqual([byOkonkwo]);
    expect(await search('quidditch')).toEqual([inQuidditch]);
    expect(await search('quiditch')).toEqual([inQuidditch]);
  });

  it('ranks a literal title first, then a misspelt title, then a description', async () => {
    expect(await search('topspin')).toEqual([topspinTitle, topspinTypo, topspinDescription]);
    // An explicit sort orders the same matches by it.
    expect(await search('topspin', { sort: 'recent' })).toEqual([topspinTypo, topspinDescription, topspinTitle]);
  });

  it('takes short or punctuated text literally, as before', async () => {
    expect(await search('pspn')).toEqual([topspinTypo]);
    // Six letters may be misspelt: the literal match first, then the closest.
    expect(await search('Topspn')).toEqual([topspinTypo, topspinTitle, topspinDescription]);
    expect((await search('clip 99')).length).toBe(100);
    expect(await search('Seeded clip 9999.')).toEqual([]);
  });

  it('is one statement, answered by the trigram indexes and the name indexes, never a scan of the listing', async () => {
    recorded.length = 0;
    expect(await search('backhnad')).toEqual([backhand]);
    expect(recorded).toHaveLength(1);
    const page = recorded[0]!;
    const rows = (await dataSource.query(`EXPLAIN ${page.query}`, page.parameters)) as Array<{ 'QUERY PLAN': string }>;
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).toContain('IDX_video_listings_title_trgm');
    expect(plan).toContain('IDX_video_listings_description_trgm');
    expect(plan).toContain('IDX_people_name_trgm');
    expect(plan).not.toMatch(/Seq Scan on video_listings/);
    // A matched name reads its own newest videos from the top of its index.
    recorded.length = 0;
    expect(await search('quidditch')).toEqual([inQuidditch]);
    const byName = (await dataSource.query(`EXPLAIN ${recorded[0]!.query}`, recorded[0]!.parameters)) as Array<{
      'QUERY PLAN': string;
    }>;
    expect(byName.map((row) => row['QUERY PLAN']).join('\n')).not.toMatch(/Seq Scan on video_listings/);
  });

  it('pages in exactly the order of the relevance expression over every match, however it is found', async () => {
    // Matches of every kind, with ties: by title (literal, misspelt), by description, by an
    // uploader's name (some of theirs in the matched category too), by a category's name.
    const coach = randomUUID();
    const other = randomUUID();
    await sql(`INSERT INTO catalog.people (id, revision, "firstName", "lastName") VALUES ($1, 1, 'Volley', 'Coach')`, [
      coach,
    ]);
    await sql(`INSERT INTO catalog.people (id, revision, "firstName", "lastName") VALUES ($1, 1, 'Rae', 'Net')`, [
      other,
    ]);
    const [category] = await sql<{ id: number }>(
      `INSERT INTO catalog.categories (name, icon) VALUES ('Volleys', '🎾') RETURNING id`,
    );
    for (let i = 0; i < 25; i += 1)
      await listing({
        title: ['Volley at the net', 'Voley drill', 'Rally', 'Drop shot'][i % 4]!,
        description: i % 3 === 0 ? 'a volley every time' : undefined,
        uploaderId: i % 5 === 0 ? coach : other,
        categoryId: i % 2 === 0 ? category!.id : undefined,
      });
    await sql('ANALYZE catalog.video_listings');

    const q = 'volley';
    const matched = videoSearch(q);
    const fields = searchFieldSql({ video: 'video', uploader: 'uploader', category: 'category' });
    const names = searchFieldSql({ video: 'unused', uploader: 'person', category: 'genre' });
    // The definition: every listed video matching anywhere, ranked by the relevance expression.
    const [reference, parameters] = dataSource.driver.escapeQueryWithParameters(
      `SELECT video.id FROM catalog.video_listings video
       LEFT JOIN catalog.people uploader ON uploader.id = video."uploaderId" AND NOT uploader.removed
       LEFT JOIN catalog.categories category ON category.id = video."categoryId"
       WHERE NOT video.removed AND video.hidden IS NOT TRUE AND (
         ${fieldMatchSql(fields.title, matched)} OR ${fieldMatchSql(fields.description, matched)}
         OR video."uploaderId" IN (SELECT person.id FROM catalog.people person WHERE NOT person.removed AND ${fieldMatchSql(names.uploaderName, matched)})
         OR video."categoryId" IN (SELECT genre.id FROM catalog.categories genre WHERE ${fieldMatchSql(names.categoryName, matched)}))
       ORDER BY ${relevanceSql(fields, matched)} DESC, video.id DESC`,
      { [SEARCH_PARAMS.text]: matched.text, [SEARCH_PARAMS.pattern]: matched.pattern },
    );
    const expected = ((await dataSource.query(reference, parameters)) as Array<{ id: number }>).map((row) => row.id);
    // All but the four plain rallies and drop shots of the other uploader outside the category.
    expect(expected).toHaveLength(21);

    const walked: number[] = [];
    let cursor: string | null = null;
    do {
      const page: Page<VideoDto> = await videos.list(
        listVideosRequestSchema.parse({ q, limit: 4, ...(cursor ? { cursor } : {}) }),
      );
      walked.push(...page.items.map((video) => video.id));
      cursor = page.nextCursor;
    } while (cursor !== null);
    expect(walked).toEqual(expected);
  });
});
