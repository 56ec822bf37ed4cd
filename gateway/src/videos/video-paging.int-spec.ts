import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  encodePageCursor,
  PAGE_CURSOR_MESSAGES,
  parseNextPageLink,
  VIDEO_LIST_SORTS,
  type UserDto,
  type VideoDto,
} from '@app/contracts';
import { HttpSession, newUserFields, startStack, withClient, type TestStack } from '@app/testing';

// These tests write the catalog's listings directly (no events, so no announcement to the
// gateways): anonymous lists must not come from a gateway's cache.
const NO_LIST_CACHE = { LIST_CACHE_SECONDS: '0' };

// Keyset paging and server-side search of GET /api/videos through the real gateway and catalog
// service over 10,000 videos. The videos are written in bulk into the catalog's listing projection
// as its event handlers keep it (the event path has its own specs): 10,000 videos through the
// video service's events would take minutes and test nothing more here.
let stack: TestStack;
let uploader: UserDto;
let categoryIds: number[];

const SEEDED = 10_000;
/** Ids of videos inserted while a walk is under way, far above the seeded ones. */
let insertedId = 1_000_000;

const sql = <T>(text: string, values: unknown[] = []) =>
  withClient(stack.database.url, async (client) => (await client.query(text, values)).rows as T[]);
const visitor = () => new HttpSession(stack.baseUrl);

const LISTING_COLUMNS = `id, revision, title, description, "categoryId", "uploaderId", "hasStoredVideo", "hasStoredThumbnail",
  "processingState", "hasFileError", views, "feedbackCount", "averageRating", "createdAt"`;

/**
 * Seeded video n: a third titled "Seeded clip n", a third misspelt "Seded clip n", a third "Other
 * clip n" described as seeded; categories in turn; keys that repeat (two videos per timestamp,
 * with microseconds) so ties are broken by id.
 */
const seededCategory = (n: number) => categoryIds[n % 3]!;

beforeAll(async () => {
  stack = await startStack('video-paging', ['gateway', 'auth', 'catalog'], NO_LIST_CACHE);
  const res = await visitor().post<UserDto>(
    '/api/auth/register',
    newUserFields({ firstName: 'Theodora', lastName: 'Quennell' }),
  );
  expect(res.status).toBe(201);
  uploader = res.body;
  categoryIds = (await sql<{ id: number }>('SELECT id FROM catalog.categories ORDER BY id LIMIT 3')).map(
    (row) => row.id,
  );
  expect(categoryIds).toHaveLength(3);
  await sql(
    `INSERT INTO catalog.video_listings (${LISTING_COLUMNS})
     SELECT n, 1,
       CASE n % 3 WHEN 0 THEN 'Seeded clip ' || n WHEN 1 THEN 'Seded clip ' || n ELSE 'Other clip ' || n END,
       CASE n % 3 WHEN 2 THEN 'A seeded practice' ELSE 'Practice notes ' || n END,
       ($2::int[])[n % 3 + 1], $3, false, false, 'ready', false,
       n % 97, n % 13, ((n * 7) % 41) / 8.0,
       timestamptz '2026-01-01T00:00:00Z' + (n / 2) * interval '1.000001 second'
     FROM generate_series(1, $1::int) AS n`,
    [SEEDED, categoryIds, uploader.id],
  );
  await sql('ANALYZE catalog.video_listings');
});

afterAll(async () => {
  await stack?.stop();
});

/** A video inserted meanwhile: at the top of every order, at the bottom, or in the middle. */
async function insertMeanwhile(place: 'top' | 'bottom' | 'middle'): Promise<void> {
  const keys = {
    top: { views: 100_000, feedbackCount: 1000, averageRating: 5, createdAt: '2027-01-01T00:00:00.000001Z' },
    bottom: { views: 0, feedbackCount: 0, averageRating: 0, createdAt: '2025-01-01T00:00:00.000001Z' },
    middle: { views: 48, feedbackCount: 6, averageRating: 2.5, createdAt: '2026-01-01T01:23:20.5Z' },
  }[place];
  const id = ++insertedId;
  await sql(
    `INSERT INTO catalog.video_listings (${LISTING_COLUMNS})
     VALUES ($1, 1, $2, 'A seeded practice', $3, $4, false, false, 'ready', false, $5, $6, $7, $8)`,
    [
      id,
      `Seeded insert ${id}`,
      categoryIds[0],
      uploader.id,
      keys.views,
      keys.feedbackCount,
      keys.averageRating,
      keys.createdAt,
    ],
  );
}

/**
 * Follows `Link: rel="next"` from `path` until a page names none (the last), inserting videos every
 * few pages.
 */
async function walk(path: string): Promise<{ visits: Map<number, number>; pages: number }> {
  const visits = new Map<number, number>();
  let url: string | null = path;
  let pages = 0;
  while (url !== null) {
    const res: { status: number; headers: Headers; body: VideoDto[] } = await visitor().get<VideoDto[]>(url);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    for (const video of res.body) visits.set(video.id, (visits.get(video.id) ?? 0) + 1);
    url = parseNextPageLink(res.headers.get('link'));
    pages += 1;
    if (pages % 7 === 0) for (const place of ['top', 'bottom', 'middle'] as const) await insertMeanwhile(place);
    if (pages > 500) throw new Error(`${path}: still paging after 500 pages`);
  }
  return { visits, pages };
}

const seededIds = (keep: (n: number) => boolean) =>
  Array.from({ length: SEEDED }, (_, i) => i + 1).filter((n) => keep(n));

function expectEachOnce(walked: { visits: Map<number, number> }, expected: number[]) {
  const missedOrRepeated = expected.filter((id) => walked.visits.get(id) !== 1);
  expect(missedOrRepeated).toEqual([]);
  const repeated = [...walked.visits].filter(([, count]) => count !== 1);
  expect(repeated).toEqual([]);
  const unexpected = [...walked.visits.keys()].filter((id) => id <= SEEDED && !expected.includes(id));
  expect(unexpected).toEqual([]);
}

describe('GET /api/videos keyset paging', () => {
  it('keeps the first page as it was, and names the next in a Link header', async () => {
    const res = await visitor().get<VideoDto[]>('/api/videos');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(12);
    const newest = (
      await sql<{ id: number }>(
        'SELECT id FROM catalog.video_listings WHERE NOT removed ORDER BY "createdAt" DESC, id DESC LIMIT 12',
      )
    ).map((row) => row.id);
    expect(res.body.map((video) => video.id)).toEqual(newest);
    expect(res.headers.get('link')).toMatch(/^<\/api\/videos\?cursor=[A-Za-z0-9_-]+>; rel="next"$/);

    const views = await visitor().get<VideoDto[]>('/api/videos?limit=100&sort=views');
    expect(views.body).toHaveLength(100);
    expect(parseNextPageLink(views.headers.get('link'))).toMatch(/^\/api\/videos\?limit=100&sort=views&cursor=/);
  });

  it.each(VIDEO_LIST_SORTS)(
    'visits every video exactly once following next in %s order, with videos inserted meanwhile',
    async (sort) => {
      const walked = await walk(`/api/videos?limit=100&sort=${sort}`);
      expect(walked.pages).toBeGreaterThanOrEqual(100);
      expectEachOnce(
        walked,
        seededIds(() => true),
      );
    },
  );

  it('pages one category the same way', async () => {
    const walked = await walk(`/api/videos?limit=100&categoryId=${categoryIds[0]}`);
    expectEachOnce(
      walked,
      seededIds((n) => seededCategory(n) === categoryIds[0]),
    );
  });

  it('pages a search, best match first, the same way', async () => {
    const walked = await walk('/api/videos?limit=100&q=seeded');
    // Every seeded video matches: its title literally or misspelt, or its description.
    expectEachOnce(
      walked,
      seededIds(() => true),
    );
  });

  it.each([
    ['garbage', 'not!base64', PAGE_CURSOR_MESSAGES.invalid],
    [
      'truncated',
      encodePageCursor({ o: 'recent', k: '2026-01-01T00:00:00.000000Z', id: 5 }).slice(0, -2),
      PAGE_CURSOR_MESSAGES.invalid,
    ],
    ['edited', encodePageCursor({ o: 'recent', k: "2026-01-01'; --", id: 5 }), PAGE_CURSOR_MESSAGES.invalid],
    ['of another order', encodePageCursor({ o: 'views', k: 5, id: 5 }), PAGE_CURSOR_MESSAGES.otherOrder],
  ])('answers a %s cursor with 400', async (_, cursor, message) => {
    const res = await visitor().get<{ message: string }>(`/api/videos?cursor=${encodeURIComponent(cursor)}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
  });
});

describe('GET /api/videos?q', () => {
  it('finds a misspelt title that is far from the newest 12 ("backhnad" finds "backhand")', async () => {
    const id = ++insertedId;
    await sql(
      `INSERT INTO catalog.video_listings (${LISTING_COLUMNS})
       VALUES ($1, 1, 'Backhand slice', NULL, NULL, $2, false, false, 'ready', false, 0, 0, 0, '2020-01-01T00:00:00Z')`,
      [id, uploader.id],
    );
    const newest = await visitor().get<VideoDto[]>('/api/videos');
    expect(newest.body.map((video) => video.id)).not.toContain(id);
    const res = await visitor().get<VideoDto[]>('/api/videos?q=backhnad');
    expect(res.status).toBe(200);
    expect(res.body.map((video) => video.title)).toEqual(['Backhand slice']);
  });

  it("finds videos by their uploader's name, as the profile's events told the catalog, also misspelt", async () => {
    for (const q of ['Quennell', 'quenell']) {
      const res = await visitor().get<VideoDto[]>(`/api/videos?q=${q}&limit=5`);
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(5);
      expect(res.body.every((video) => video.uploaderName === 'Theodora Quennell')).toBe(true);
    }
  });
});
