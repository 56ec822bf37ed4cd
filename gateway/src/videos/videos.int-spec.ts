import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { firstValueFrom, timeout } from 'rxjs';
import { NamespacedNatsClient } from '@app/common';
import {
  CATALOG_RPC,
  VIDEO_LIST_MESSAGES,
  VIDEO_MESSAGES,
  type UserDto,
  type VideoDto,
  type VideoListSort,
} from '@app/contracts';
import {
  HttpSession,
  newUserFields,
  ownerStatePublisher,
  startStack,
  testInfra,
  withClient,
  type TestStack,
} from '@app/testing';

// Browsing videos through the real gateway, catalog service and Postgres. Videos are rows written
// straight into the video service's table (views, ratings and dates no API sets on demand), then
// published as the video service publishes its changes, for the catalog's listing to pick up.
let stack: TestStack;
let owners: ReturnType<typeof ownerStatePublisher>;

beforeAll(async () => {
  stack = await startStack('videos', ['gateway', 'auth', 'catalog', 'video']);
  owners = ownerStatePublisher(stack.database.url, ['catalog']);
});

afterAll(async () => {
  await stack?.stop();
});

const sql = <T>(text: string, values: unknown[] = []) =>
  withClient(stack.database.url, async (client) => (await client.query(text, values)).rows as T[]);

const visitor = () => new HttpSession(stack.baseUrl);
const listVideos = async (query = '') => {
  await owners.settled();
  return visitor().get<VideoDto[] & { message?: string }>(`/api/videos${query}`);
};

async function member(overrides: Parameters<typeof newUserFields>[0] = {}): Promise<UserDto> {
  const res = await visitor().post<UserDto>('/api/auth/register', newUserFields(overrides));
  expect(res.status).toBe(201);
  return res.body;
}

async function category(name: string): Promise<{ id: number; name: string; icon: string }> {
  const [row] = await sql<{ id: number; name: string; icon: string }>(
    'SELECT id, name, icon FROM catalog.categories WHERE name = $1',
    [name],
  );
  return row!;
}

interface VideoFields {
  uploaderId: string;
  title?: string;
  description?: string | null;
  categoryId?: number | null;
  views?: number;
  feedbackCount?: number;
  averageRating?: number;
  youtubeUrl?: string | null;
  videoUrl?: string | null;
  thumbnailUrl?: string | null;
  thumbnailData?: string | null;
  originalKey?: string | null;
  playbackKey?: string | null;
  thumbnailKey?: string | null;
  hasFileError?: boolean;
  processingState?: 'uploaded' | 'processing' | 'ready' | 'failed';
  duration?: number | null;
  frameRateNum?: number | null;
  frameRateDen?: number | null;
  frameCount?: number | null;
  startTime?: number | null;
  createdAt?: string;
}

// Each new video is a minute newer than the one before, unless the test says when it was made.
let clock = Date.parse('2026-01-01T00:00:00.000Z');
const nextCreatedAt = () => new Date((clock += 60_000)).toISOString();

async function createVideo(fields: VideoFields): Promise<number> {
  const row = { title: 'Forehand practice', createdAt: nextCreatedAt(), ...fields };
  const columns = Object.keys(row);
  const [inserted] = await sql<{ id: number }>(
    `INSERT INTO video.videos (${columns.map((c) => `"${c}"`).join(', ')})
     VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
    Object.values(row),
  );
  await owners.videosChanged(inserted!.id);
  return inserted!.id;
}

/** `count` plain videos by one uploader, a second apart, newer than anything made so far. */
async function createVideos(count: number, uploaderId: string): Promise<void> {
  const start = nextCreatedAt();
  clock += count * 1000;
  const rows = await sql<{ id: number }>(
    `INSERT INTO video.videos (title, "uploaderId", "createdAt")
     SELECT 'Bulk video ' || n, $1, $2::timestamptz + n * interval '1 second' FROM generate_series(1, $3::int) AS n
     RETURNING id`,
    [uploaderId, start, count],
  );
  await owners.videosChanged(...rows.map((row) => row.id));
}

const isNewestFirst = (videos: VideoDto[]) =>
  videos.every((video, i) => {
    const next = videos[i + 1];
    if (!next) return true;
    return video.createdAt > next.createdAt || (video.createdAt === next.createdAt && video.id > next.id);
  });

describe('GET /api/videos', () => {
  it('lists a video in the spec’s shape, with uploader and category names', async () => {
    const uploader = await member({ firstName: 'Robin', lastName: 'Park' });
    await sql('UPDATE auth.users SET "profileImageUrl" = $2 WHERE id = $1', [
      uploader.id,
      '/api/users/x/profile-image/a.png',
    ]);
    await owners.profilesChanged(uploader.id);
    const golf = await category('Golf');
    const id = await createVideo({
      uploaderId: uploader.id,
      title: 'Driver swing, down the line',
      description: 'Losing it to the right. What am I doing wrong?',
      categoryId: golf.id,
      views: 42,
      feedbackCount: 3,
      averageRating: 4.5,
      originalKey: `videos/${uploader.id}/original.mp4`,
      playbackKey: `videos/${uploader.id}/playback.mp4`,
      thumbnailKey: `videos/${uploader.id}/thumbnail.jpg`,
      thumbnailData: 'A'.repeat(50_000),
      duration: 95,
      frameRateNum: 30000,
      frameRateDen: 1001,
      frameCount: 2847,
      startTime: 0,
      createdAt: '2026-03-04T05:06:07.089Z',
    });

    const res = await listVideos(`?uploaderId=${uploader.id}`);

    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        id,
        title: 'Driver swing, down the line',
        description: 'Losing it to the right. What am I doing wrong?',
        categoryId: golf.id,
        categoryName: 'Golf',
        categoryIcon: '⛳',
        uploaderId: uploader.id,
        uploaderName: 'Robin Park',
        uploaderFirstName: 'Robin',
        uploaderLastName: 'Park',
        uploaderImage: '/api/users/x/profile-image/a.png',
        views: 42,
        createdAt: '2026-03-04T05:06:07.089Z',
        feedbackCount: 3,
        averageRating: 4.5,
        youtubeUrl: null,
        videoUrl: `/api/videos/${id}/stream`,
        thumbnailData: null,
        thumbnailUrl: `/api/videos/${id}/thumbnail`,
        hasFileError: false,
        processingState: 'ready',
        duration: 95,
        frameRate: 30000 / 1001,
        frameCount: 2847,
      },
    ]);
  });

  it('plays stored files through the gateway, keeps given links, and never inlines thumbnail data', async () => {
    const uploader = await member();
    const stored = await createVideo({ uploaderId: uploader.id, originalKey: 'videos/a/original.mov' });
    const transcoded = await createVideo({ uploaderId: uploader.id, playbackKey: 'videos/b/playback.mp4' });
    const linked = await createVideo({
      uploaderId: uploader.id,
      videoUrl: 'https://cdn.example.com/clip.mp4',
      thumbnailUrl: 'https://cdn.example.com/clip.jpg',
    });
    const youtube = await createVideo({
      uploaderId: uploader.id,
      youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      thumbnailData: '/9j/4AAQSkZJRgABAQ',
    });
    const both = await createVideo({
      uploaderId: uploader.id,
      originalKey: 'videos/c/original.mp4',
      videoUrl: 'https://cdn.example.com/old.mp4',
      thumbnailKey: 'videos/c/thumbnail.jpg',
      thumbnailUrl: 'https://cdn.example.com/old.jpg',
      hasFileError: true,
    });

    const res = await listVideos(`?uploaderId=${uploader.id}`);

    expect(res.status).toBe(200);
    const byId = new Map(res.body.map((video) => [video.id, video]));
    const urls = (id: number) => {
      const { videoUrl, thumbnailUrl, thumbnailData, youtubeUrl, hasFileError } = byId.get(id)!;
      return { videoUrl, thumbnailUrl, thumbnailData, youtubeUrl, hasFileError };
    };
    const none = { videoUrl: null, thumbnailUrl: null, thumbnailData: null, youtubeUrl: null, hasFileError: false };
    expect(urls(stored)).toEqual({ ...none, videoUrl: `/api/videos/${stored}/stream` });
    expect(urls(transcoded)).toEqual({ ...none, videoUrl: `/api/videos/${transcoded}/stream` });
    expect(urls(linked)).toEqual({
      ...none,
      videoUrl: 'https://cdn.example.com/clip.mp4',
      thumbnailUrl: 'https://cdn.example.com/clip.jpg',
    });
    expect(urls(youtube)).toEqual({ ...none, youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    expect(urls(both)).toEqual({
      ...none,
      videoUrl: `/api/videos/${both}/stream`,
      thumbnailUrl: `/api/videos/${both}/thumbnail`,
      hasFileError: true,
    });
    expect(JSON.stringify(res.body)).not.toContain('/9j/4AAQ');
  });

  it('names the uploader from first and last name, whichever exist, or null', async () => {
    const cases = [
      { firstName: '  Ada ', lastName: ' Lovelace  ', name: 'Ada Lovelace' },
      { firstName: null, lastName: 'Lovelace', name: 'Lovelace' },
      { firstName: 'Ada', lastName: '', name: 'Ada' },
      { firstName: null, lastName: null, name: null },
    ];
    for (const { firstName, lastName, name } of cases) {
      const uploader = await member();
      await sql('UPDATE auth.users SET "firstName" = $2, "lastName" = $3 WHERE id = $1', [
        uploader.id,
        firstName,
        lastName,
      ]);
      await owners.profilesChanged(uploader.id);
      await createVideo({ uploaderId: uploader.id });
      const [video] = (await listVideos(`?uploaderId=${uploader.id}`)).body;
      expect(video).toMatchObject({ uploaderName: name, uploaderFirstName: firstName, uploaderLastName: lastName });
    }
  });

  it('lists newest first, the higher id first when two were made at the same moment', async () => {
    const uploader = await member();
    const oldest = await createVideo({ uploaderId: uploader.id, createdAt: '2025-06-01T00:00:00.000Z' });
    const newest = await createVideo({ uploaderId: uploader.id, createdAt: '2025-06-03T00:00:00.000Z' });
    const tiedFirst = await createVideo({ uploaderId: uploader.id, createdAt: '2025-06-02T00:00:00.000Z' });
    const tiedSecond = await createVideo({ uploaderId: uploader.id, createdAt: '2025-06-02T00:00:00.000Z' });

    const res = await listVideos(`?uploaderId=${uploader.id}`);

    expect(res.body.map((video) => video.id)).toEqual([newest, tiedSecond, tiedFirst, oldest]);
    const everyone = await listVideos('?limit=100');
    expect(isNewestFirst(everyone.body)).toBe(true);
  });

  it('filters by category, by uploader, and by both', async () => {
    const [alice, bob] = [await member(), await member()];
    const [golf, tennis] = [await category('Golf'), await category('Tennis')];
    const aliceGolf = await createVideo({ uploaderId: alice.id, categoryId: golf.id });
    const aliceTennis = await createVideo({ uploaderId: alice.id, categoryId: tennis.id });
    const bobGolf = await createVideo({ uploaderId: bob.id, categoryId: golf.id });
    const bobUncategorised = await createVideo({ uploaderId: bob.id, categoryId: null });

    const ids = async (query: string) => {
      const res = await listVideos(query);
      expect(res.status).toBe(200);
      return res.body.map((video) => video.id);
    };

    expect(await ids(`?uploaderId=${alice.id}`)).toEqual([aliceTennis, aliceGolf]);
    expect(await ids(`?uploaderId=${bob.id}`)).toEqual([bobUncategorised, bobGolf]);
    expect(await ids(`?uploaderId=${bob.id}&categoryId=${golf.id}`)).toEqual([bobGolf]);
    expect(await ids(`?uploaderId=${alice.id}&categoryId=${tennis.id}`)).toEqual([aliceTennis]);

    const golfOnly = await listVideos(`?categoryId=${golf.id}&limit=100`);
    expect(golfOnly.body.map((video) => video.id)).toEqual(expect.arrayContaining([bobGolf, aliceGolf]));
    expect(golfOnly.body.every((video) => video.categoryId === golf.id && video.categoryName === 'Golf')).toBe(true);
    expect(isNewestFirst(golfOnly.body)).toBe(true);

    const [uncategorised] = (await listVideos(`?uploaderId=${bob.id}&limit=1`)).body;
    expect(uncategorised).toMatchObject({ id: bobUncategorised, categoryId: null, categoryName: null });
  });

  it('answers an unknown category or uploader with an empty list', async () => {
    for (const query of ['?categoryId=987654', '?uploaderId=00000000-0000-4000-8000-000000000000']) {
      const res = await listVideos(query);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    }
  });

  it('returns 12 by default and clamps limit to 1..100', async () => {
    const uploader = await member();
    await createVideos(105, uploader.id);
    const count = async (query: string) => {
      const res = await listVideos(query);
      expect(res.status).toBe(200);
      return res.body.length;
    };

    expect(await count('')).toBe(12);
    expect(await count('?limit=0')).toBe(1);
    expect(await count('?limit=-5')).toBe(1);
    expect(await count('?limit=7')).toBe(7);
    expect(await count('?limit=100')).toBe(100);
    expect(await count('?limit=500')).toBe(100);
    expect(await count('?limit=99999999999999999999')).toBe(100);
    expect(await count(`?uploaderId=${uploader.id}&limit=500`)).toBe(100);

    // The newest three of that uploader's, in order.
    const newest = await listVideos(`?uploaderId=${uploader.id}&limit=3`);
    expect(newest.body.map((video) => video.title)).toEqual(['Bulk video 105', 'Bulk video 104', 'Bulk video 103']);
  });

  it('treats an empty parameter as not given', async () => {
    const res = await listVideos('?limit=&categoryId=&uploaderId=');
    expect(res.status).toBe(200);
    expect(res.body.map((video) => video.id)).toEqual((await listVideos()).body.map((video) => video.id));
  });

  it.each([
    ['?categoryId=abc', VIDEO_LIST_MESSAGES.categoryIdInvalid],
    ['?categoryId=0', VIDEO_LIST_MESSAGES.categoryIdInvalid],
    ['?categoryId=-3', VIDEO_LIST_MESSAGES.categoryIdInvalid],
    ['?categoryId=1.5', VIDEO_LIST_MESSAGES.categoryIdInvalid],
    ['?categoryId=1e3', VIDEO_LIST_MESSAGES.categoryIdInvalid],
    ['?categoryId=99999999999', VIDEO_LIST_MESSAGES.categoryIdInvalid],
    ['?categoryId=1&categoryId=2', VIDEO_LIST_MESSAGES.categoryIdInvalid],
    ['?uploaderId=not-a-uuid', VIDEO_LIST_MESSAGES.uploaderIdInvalid],
    ['?uploaderId=42', VIDEO_LIST_MESSAGES.uploaderIdInvalid],
    [`?uploaderId=${encodeURIComponent("' OR 1=1 --")}`, VIDEO_LIST_MESSAGES.uploaderIdInvalid],
    ['?limit=ten', VIDEO_LIST_MESSAGES.limitInvalid],
    ['?limit=2.5', VIDEO_LIST_MESSAGES.limitInvalid],
  ])('refuses %s with 400 and a message naming the parameter', async (query, message) => {
    const res = await listVideos(query);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
  });
});

describe('GET /api/videos?sort', () => {
  // Ties on every sort key, and the oldest video made last (so it has the highest id).
  async function sortFixture() {
    const uploader = await member();
    const make = (at: string, views: number, averageRating: number, feedbackCount: number) =>
      createVideo({ uploaderId: uploader.id, createdAt: at, views, averageRating, feedbackCount });
    const a = await make('2025-02-01T00:00:00.000Z', 10, 3.5, 2);
    const b = await make('2025-02-02T00:00:00.000Z', 50, 4, 0);
    const c = await make('2025-02-03T00:00:00.000Z', 10, 4, 7);
    const d = await make('2025-02-04T00:00:00.000Z', 0, 0, 2);
    const e = await make('2025-01-01T00:00:00.000Z', 99, 5, 1);
    return { uploader, a, b, c, d, e };
  }

  const ids = async (query: string) => {
    const res = await listVideos(query);
    expect(res.status).toBe(200);
    return res.body.map((video) => video.id);
  };

  it('orders by each key, highest first, the higher id first on a tie', async () => {
    const { uploader, a, b, c, d, e } = await sortFixture();
    const mine = `?uploaderId=${uploader.id}`;

    expect(await ids(mine)).toEqual([d, c, b, a, e]);
    expect(await ids(`${mine}&sort=recent`)).toEqual([d, c, b, a, e]);
    expect(await ids(`${mine}&sort=views`)).toEqual([e, b, c, a, d]);
    expect(await ids(`${mine}&sort=rating`)).toEqual([e, c, b, a, d]);
    expect(await ids(`${mine}&sort=feedback`)).toEqual([c, d, a, e, b]);
    expect(await ids(`${mine}&sort=views&limit=2`)).toEqual([e, b]);
    expect(await ids(`${mine}&sort=`)).toEqual([d, c, b, a, e]);
  });

  it('sorts within a category filter too', async () => {
    const uploader = await member();
    const tennis = await category('Tennis');
    const low = await createVideo({ uploaderId: uploader.id, categoryId: tennis.id, views: 1 });
    const high = await createVideo({ uploaderId: uploader.id, categoryId: tennis.id, views: 1_000_000 });
    await createVideo({ uploaderId: uploader.id, categoryId: null, views: 2_000_000 });

    const res = await listVideos(`?categoryId=${tennis.id}&uploaderId=${uploader.id}&sort=views`);
    expect(res.body.map((video) => video.id)).toEqual([high, low]);
  });

  it.each([
    ['views', (v: VideoDto) => v.views],
    ['rating', (v: VideoDto) => v.averageRating],
    ['feedback', (v: VideoDto) => v.feedbackCount],
  ] as Array<[VideoListSort, (v: VideoDto) => number]>)('keeps the whole list in %s order', async (sort, key) => {
    await sortFixture();
    const res = await listVideos(`?sort=${sort}&limit=100`);
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(5);
    const inOrder = res.body.every((video, i) => {
      const next = res.body[i + 1];
      return !next || key(video) > key(next) || (key(video) === key(next) && video.id > next.id);
    });
    expect(inOrder).toBe(true);
  });

  it.each(['newest', 'VIEWS', 'id', 'views;drop', 'createdAt'])('refuses sort=%s with 400', async (sort) => {
    const res = await listVideos(`?sort=${encodeURIComponent(sort)}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'sort must be one of recent, views, rating, feedback' });
  });

  it('refuses a repeated sort', async () => {
    const res = await listVideos('?sort=views&sort=rating');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: VIDEO_LIST_MESSAGES.sortInvalid });
  });
});

describe('GET /api/videos?q', () => {
  let uploader: UserDto;
  const titles: Record<string, number> = {};

  beforeAll(async () => {
    uploader = await member();
    for (const title of [
      'Forehand: 100% effort',
      'Forehand 1000 reps',
      'snake_case drill',
      'snakeXcase drill',
      'Back\\slash grip',
      'backslash grip',
      'BACKHAND basics',
      'backhand slice',
      'Ünïcødé ⛳ swing',
    ]) {
      titles[title] = await createVideo({ uploaderId: uploader.id, title });
    }
  });

  const search = async (q: string, extra = '') => {
    const res = await listVideos(`?uploaderId=${uploader.id}&q=${encodeURIComponent(q)}${extra}`);
    expect(res.status).toBe(200);
    return res.body.map((video) => video.title);
  };

  it('finds titles containing the text, ignoring case, newest first', async () => {
    expect(await search('BackHand')).toEqual(['backhand slice', 'BACKHAND basics']);
    expect(await search('forehand')).toEqual(['Forehand 1000 reps', 'Forehand: 100% effort']);
    expect(await search('DRILL')).toEqual(['snakeXcase drill', 'snake_case drill']);
    expect(await search('Ünïcødé ⛳')).toEqual(['Ünïcødé ⛳ swing']);
    expect(await search('no such title')).toEqual([]);
  });

  it('trims the search, and treats a blank one as no search', async () => {
    expect(await search('   backhand  ')).toEqual(['backhand slice', 'BACKHAND basics']);
    expect((await search('   ')).length).toBe(Object.keys(titles).length);
    expect((await search('')).length).toBe(Object.keys(titles).length);
  });

  it('takes %, _ and \\ literally', async () => {
    expect(await search('100%')).toEqual(['Forehand: 100% effort']);
    expect(await search('%')).toEqual(['Forehand: 100% effort']);
    expect(await search('snake_case')).toEqual(['snake_case drill']);
    expect(await search('_')).toEqual(['snake_case drill']);
    expect(await search('back\\slash')).toEqual(['Back\\slash grip']);
    expect(await search('\\')).toEqual(['Back\\slash grip']);
    expect(await search("'")).toEqual([]);
  });

  it('combines with the sort and the filters', async () => {
    await sql('UPDATE video.videos SET views = 5 WHERE id = $1', [titles['BACKHAND basics']]);
    await owners.videosChanged(titles['BACKHAND basics']!);
    expect(await search('backhand', '&sort=views')).toEqual(['BACKHAND basics', 'backhand slice']);
    expect(await search('backhand', '&sort=views&limit=1')).toEqual(['BACKHAND basics']);
    const everyone = await listVideos(`?q=${encodeURIComponent('snake_case')}&limit=100`);
    expect(everyone.body.map((video) => video.id)).toEqual([titles['snake_case drill']]);
  });

  it('allows 200 characters and refuses more, or a control character, or a repeated q', async () => {
    expect(await search('x'.repeat(200))).toEqual([]);
    expect(await search(` ${'x'.repeat(200)} `)).toEqual([]);
    for (const [query, message] of [
      [`?q=${'x'.repeat(201)}`, VIDEO_LIST_MESSAGES.qTooLong],
      ['?q=a%00b', VIDEO_LIST_MESSAGES.qControlCharacter],
      ['?q=a&q=b', VIDEO_LIST_MESSAGES.qInvalid],
    ]) {
      const res = await listVideos(query);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message });
    }
    expect(VIDEO_LIST_MESSAGES.qTooLong).toBe('q must be 200 characters or less');
  });
});

describe('processing state and duration', () => {
  it('shows uploaded and processing as processing, ready and failed as they are, and the duration', async () => {
    const uploader = await member();
    const make = (processingState: VideoFields['processingState'], duration: number | null) =>
      createVideo({ uploaderId: uploader.id, processingState, duration });
    const uploaded = await make('uploaded', null);
    const processing = await make('processing', null);
    const ready = await make('ready', 118);
    const failed = await make('failed', 7);
    const youtube = await createVideo({
      uploaderId: uploader.id,
      youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ',
    });

    const res = await listVideos(`?uploaderId=${uploader.id}`);

    const shown = new Map(res.body.map((v) => [v.id, { processingState: v.processingState, duration: v.duration }]));
    expect(shown.get(uploaded)).toEqual({ processingState: 'processing', duration: null });
    expect(shown.get(processing)).toEqual({ processingState: 'processing', duration: null });
    expect(shown.get(ready)).toEqual({ processingState: 'ready', duration: 118 });
    expect(shown.get(failed)).toEqual({ processingState: 'failed', duration: 7 });
    expect(shown.get(youtube)).toEqual({ processingState: 'ready', duration: null });
  });
});

// Asked over NATS, as the gateway asks them.
describe('the catalog’s video reads over NATS', () => {
  let nats: NamespacedNatsClient;

  beforeAll(async () => {
    nats = new NamespacedNatsClient(stack.env.NATS_SUBJECT_PREFIX as string, { servers: [testInfra().natsUrl] });
    await nats.connect();
  });

  afterAll(async () => {
    await nats?.close();
  });

  /** The catalog's answer to `payload` on `pattern`, once it holds every video the test published. */
  const askCatalog = async <T>(pattern: string, payload: unknown): Promise<T> => {
    await owners.settled();
    return firstValueFrom(nats.send<T, unknown>(pattern, payload).pipe(timeout(10_000)));
  };

  describe(`${CATALOG_RPC.getVideo.pattern}`, () => {
    const getVideo = (payload: unknown) => askCatalog<VideoDto>(CATALOG_RPC.getVideo.pattern, payload);
    const failureOf = (payload: unknown) =>
      getVideo(payload).then(
        () => null,
        (error: unknown) => error,
      );

    it('answers one video in the list’s shape, with its thumbnailData', async () => {
      const uploader = await member({ firstName: 'Kim', lastName: 'Lee' });
      const golf = await category('Golf');
      const thumbnailData = 'B'.repeat(50_000);
      const id = await createVideo({
        uploaderId: uploader.id,
        title: 'Putting drill',
        categoryId: golf.id,
        thumbnailKey: 'videos/x/thumbnail.jpg',
        originalKey: 'videos/originals/x',
        thumbnailData,
        processingState: 'processing',
        duration: 61,
      });
      const [listed] = (await listVideos(`?uploaderId=${uploader.id}`)).body;

      const video = await getVideo({ id });

      expect(video).toEqual({ ...listed, thumbnailData });
      expect(video).toMatchObject({
        id,
        title: 'Putting drill',
        categoryName: 'Golf',
        uploaderName: 'Kim Lee',
        processingState: 'processing',
        duration: 61,
        videoUrl: `/api/videos/${id}/stream`,
        thumbnailUrl: `/api/videos/${id}/thumbnail`,
      });
      expect(await getVideo({ id: String(id) })).toEqual(video);
    });

    it('answers thumbnailData null when the video has none', async () => {
      const uploader = await member();
      const id = await createVideo({ uploaderId: uploader.id });
      expect(await getVideo({ id })).toMatchObject({ id, thumbnailData: null });
    });

    it('answers NOT_FOUND for an unknown id and VALIDATION for one that is not an id', async () => {
      expect(await failureOf({ id: 2_147_483_647 })).toEqual({ code: 'NOT_FOUND', message: VIDEO_MESSAGES.notFound });
      for (const id of ['abc', 0, -1, 1.5, 2_147_483_648, null]) {
        expect(await failureOf({ id })).toEqual({ code: 'VALIDATION', message: VIDEO_MESSAGES.idInvalid });
      }
      expect(await failureOf({})).toEqual({ code: 'VALIDATION', message: VIDEO_MESSAGES.idInvalid });
    });
  });

  // The gateway gathers the video pages asked for in one turn of its event loop into this one call.
  describe(`${CATALOG_RPC.getVideos.pattern}`, () => {
    const getVideos = (payload: unknown) =>
      askCatalog<{ videos: (VideoDto | null)[] }>(CATALOG_RPC.getVideos.pattern, payload);

    it('answers each reader’s video in their order, as getVideo would: null where it would answer NOT_FOUND', async () => {
      const uploader = await member();
      const reader = await member();
      const shown = await createVideo({ uploaderId: uploader.id, title: 'Shown drill' });
      const hidden = await createVideo({ uploaderId: uploader.id, title: 'Hidden drill' });
      await owners.videoChangedWith(hidden, { hidden: true });

      const { videos } = await getVideos({
        videos: [
          { id: hidden, viewerId: reader.id },
          { id: shown, viewerId: null },
          { id: 2_147_483_647, viewerId: reader.id },
          { id: hidden, viewerId: uploader.id },
          { id: shown, viewerId: reader.id },
        ],
      });

      const single = await askCatalog<VideoDto>(CATALOG_RPC.getVideo.pattern, { id: shown });
      expect(videos.map((video) => video?.title ?? null)).toEqual([
        null,
        'Shown drill',
        null,
        'Hidden drill',
        'Shown drill',
      ]);
      expect(videos[1]).toEqual(single);
      expect(videos[4]).toEqual(single);
    });

    it('refuses an empty or oversized batch and one naming no video id', async () => {
      const failureOf = (payload: unknown) =>
        getVideos(payload).then(
          () => null,
          (error: unknown) => (error as { code?: string }).code,
        );
      expect(await failureOf({ videos: [] })).toBe('VALIDATION');
      expect(await failureOf({ videos: Array.from({ length: 201 }, () => ({ id: 1 })) })).toBe('VALIDATION');
      expect(await failureOf({ videos: [{ id: 'abc' }] })).toBe('VALIDATION');
    });
  });
});
