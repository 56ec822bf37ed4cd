import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes, randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { JobQueues, DomainError, LiveSignals, type RpcClient } from '@app/common';
import {
  AUTH_RPC,
  DOMAIN_EVENT_QUEUES,
  DOMAIN_EVENTS,
  ERROR_CODES,
  listVideosRequestSchema,
  type CategoryState,
  type DeliveredDomainEvent,
  type ListVideosQuery,
  type UserDto,
  type VideoDto,
} from '@app/contracts';
import {
  eventually,
  profileChanged,
  testInfra,
  videoChanged,
  videoDeleted,
  videoEvent,
  videoState,
  recordingServiceDataSource,
  type IsolatedDatabase,
  type SentStatement,
} from '@app/testing';
import { BookmarksRepository } from '../bookmarks/bookmarks.repository.js';
import { BookmarksService } from '../bookmarks/bookmarks.service.js';
import { CategoriesRepository } from '../categories/categories.repository.js';
import { CATALOG_DATABASE } from '../db/catalog-database.js';
import { VideosRepository } from '../videos/videos.repository.js';
import { VideosService } from '../videos/videos.service.js';
import { ListingProjectionProcessor } from './listing-projection.processor.js';
import { ListingProjectionRepository } from './listing-projection.repository.js';
import { ListingProjectionService } from './listing-projection.service.js';
import { PeopleOfRecord } from './people-of-record.js';

// The listing projection on real PostgreSQL, connected as the catalog's own role (which can read
// no other schema): events in, lists, video pages and bookmarks out, as the handlers answer them.
// Auth is a stand-in answering AUTH_RPC.getUser from `accounts`.

let db: IsolatedDatabase;
let dataSource: DataSource;
let projection: ListingProjectionService;
let signals: LiveSignals;
let videos: VideosService;
let videosRepository: VideosRepository;
let bookmarks: BookmarksService;
let categories: CategoriesRepository;
/** The SQL statements run since the last `recorded.length = 0`, with their parameters. */
const recorded: SentStatement[] = [];

/** What the stand-in auth answers: an account, or `'down'` for no answer. */
const accounts = new Map<string, UserDto | 'down'>();
const asked: string[] = [];
const auth = {
  call: (contract: { pattern: string }, { userId }: { userId: string }) => {
    expect(contract.pattern).toBe(AUTH_RPC.getUser.pattern);
    asked.push(userId);
    const account = accounts.get(userId);
    if (account === 'down')
      return Promise.reject(new DomainError(ERROR_CODES.unavailable, 'The auth service is temporarily unavailable'));
    if (!account) return Promise.reject(new DomainError(ERROR_CODES.notFound, 'User not found'));
    return Promise.resolve(account);
  },
} as unknown as RpcClient;

const account = (id: string, firstName: string, lastName: string, image: string | null = null): UserDto => ({
  id,
  firstName,
  lastName,
  profileImageUrl: image,
  isAdmin: false,
  description: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  points: 0,
  badges: [],
});

beforeAll(async () => {
  ({ db, dataSource } = await recordingServiceDataSource(CATALOG_DATABASE, 'catalog-listings', recorded));
  videosRepository = new VideosRepository(dataSource);
  const infra = testInfra();
  signals = await LiveSignals.open(
    { NATS_URL: infra.natsUrl, NATS_SUBJECT_PREFIX: `${infra.natsSubjectPrefix}catalog-listings.` },
    'catalog',
  );
  projection = new ListingProjectionService(
    new ListingProjectionRepository(dataSource),
    new PeopleOfRecord(auth),
    signals,
  );
  videos = new VideosService(videosRepository);
  bookmarks = new BookmarksService(new BookmarksRepository(dataSource), videosRepository);
  categories = new CategoriesRepository(dataSource);
});

afterAll(async () => {
  await signals?.close();
  await dataSource?.destroy();
  await db?.drop();
});

const list = async (query: ListVideosQuery = {}) => (await videos.list(listVideosRequestSchema.parse(query))).items;
const titles = (items: VideoDto[]) => items.map((video) => video.title);
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => 'answered',
    (error: unknown) => (error instanceof DomainError ? error.code : String(error)),
  );

/** A member of their own, so each test's lists hold only its videos (filtered by uploader). */
const member = (firstName = 'Ana', lastName = 'Lima') => {
  const id = randomUUID();
  accounts.set(id, account(id, firstName, lastName));
  return id;
};

let nextVideoId = 1000;
const newVideoId = () => ++nextVideoId;

describe('the listing projection', () => {
  it('answers every list order from its own tables, with the uploader’s and category’s names', async () => {
    const uploader = member('Ana', 'Lima');
    const [golf, tennis] = await categories
      .findAllByName()
      .then((all) => [all.find((c) => c.name === 'Golf')!, all.find((c) => c.name === 'Tennis')!]);
    const video = (title: string, fields: Parameters<typeof videoState>[0]) =>
      videoChanged({ id: newVideoId(), title, uploaderId: uploader, categoryId: golf.id, ...fields });
    const events = [
      video('Oldest', { createdAt: '2026-01-01T10:00:00.000Z', views: 50, averageRating: 2, feedbackCount: 1 }),
      video('Most viewed', { createdAt: '2026-01-02T10:00:00.000Z', views: 90, averageRating: 3, feedbackCount: 0 }),
      video('Best rated', {
        createdAt: '2026-01-03T10:00:00.000Z',
        views: 10,
        averageRating: 4.5,
        feedbackCount: 2,
        categoryId: tennis.id,
      }),
      video('Most discussed', { createdAt: '2026-01-04T10:00:00.000Z', views: 10, averageRating: 1, feedbackCount: 7 }),
      // Same instant as the previous one: the higher id goes first.
      video('Newest 100% effort', {
        createdAt: '2026-01-04T10:00:00.000Z',
        views: 0,
        averageRating: 0,
        feedbackCount: 0,
        categoryId: null,
      }),
    ];
    await projection.apply(events);

    const mine = { uploaderId: uploader, limit: 100 };
    expect(titles(await list(mine))).toEqual([
      'Newest 100% effort',
      'Most discussed',
      'Best rated',
      'Most viewed',
      'Oldest',
    ]);
    expect(titles(await list({ ...mine, sort: 'views' }))).toEqual([
      'Most viewed',
      'Oldest',
      'Most discussed',
      'Best rated',
      'Newest 100% effort',
    ]);
    expect(titles(await list({ ...mine, sort: 'rating' }))).toEqual([
      'Best rated',
      'Most viewed',
      'Oldest',
      'Most discussed',
      'Newest 100% effort',
    ]);
    expect(titles(await list({ ...mine, sort: 'feedback' }))).toEqual([
      'Most discussed',
      'Best rated',
      'Oldest',
      'Newest 100% effort',
      'Most viewed',
    ]);
    expect(titles(await list({ ...mine, limit: 2 }))).toEqual(['Newest 100% effort', 'Most discussed']);
    expect(titles(await list({ ...mine, q: '100%' }))).toEqual(['Newest 100% effort']);
    expect(titles(await list({ ...mine, q: 'MOST' }))).toEqual(['Most discussed', 'Most viewed']);
    expect(titles(await list({ categoryId: tennis.id, limit: 100 }))).toEqual(['Best rated']);

    const [bestRated] = await list({ ...mine, sort: 'rating', limit: 1 });
    expect(bestRated).toEqual({
      id: events[2]!.videoId,
      title: 'Best rated',
      description: null,
      categoryId: tennis.id,
      categoryName: 'Tennis',
      categoryIcon: '🎾',
      uploaderId: uploader,
      uploaderName: 'Ana Lima',
      uploaderFirstName: 'Ana',
      uploaderLastName: 'Lima',
      uploaderImage: null,
      views: 10,
      createdAt: '2026-01-03T10:00:00.000Z',
      feedbackCount: 2,
      averageRating: 4.5,
      youtubeUrl: null,
      videoUrl: null,
      thumbnailData: null,
      thumbnailUrl: null,
      hasFileError: false,
      processingState: 'ready',
      duration: null,
      frameRate: null,
      frameCount: null,
    });
  });

  it('keeps the playback file’s frames a state carries, and none from a state published before they existed', async () => {
    const uploader = member();
    const [measured, older] = [newVideoId(), newVideoId()];
    const {
      frameRate: _rate,
      frameCount: _count,
      startTime: _start,
      ...withoutFrames
    } = videoState({
      id: older,
      uploaderId: uploader,
      hasStoredVideo: true,
    });
    await projection.apply([
      videoChanged({
        id: measured,
        uploaderId: uploader,
        hasStoredVideo: true,
        duration: 4,
        frameRate: 30000 / 1001,
        frameCount: 120,
        startTime: 0,
      }),
      videoEvent(DOMAIN_EVENTS.videoChanged, withoutFrames),
    ]);
    expect(await videos.get(measured)).toMatchObject({ duration: 4, frameRate: 30000 / 1001, frameCount: 120 });
    expect(
      (await list({ uploaderId: uploader })).map(({ id, frameRate, frameCount }) => ({ id, frameRate, frameCount })),
    ).toEqual([
      { id: older, frameRate: null, frameCount: null },
      { id: measured, frameRate: 30000 / 1001, frameCount: 120 },
    ]);
  });

  it('serves each list order from its index, with no sort step', async () => {
    const uploader = member();
    const plans: Record<string, string> = {};
    const cases: Array<[string, ListVideosQuery]> = [
      ['IDX_video_listings_recent', {}],
      ['IDX_video_listings_views', { sort: 'views' }],
      ['IDX_video_listings_rating', { sort: 'rating' }],
      ['IDX_video_listings_feedback', { sort: 'feedback' }],
      ['IDX_video_listings_category_recent', { categoryId: 1 }],
      ['IDX_video_listings_uploader_recent', { uploaderId: uploader }],
    ];
    for (const [index, query] of cases) {
      recorded.length = 0;
      await list(query);
      const [statement] = recorded;
      plans[index] = await dataSource.transaction(async (manager) => {
        // Whatever the tables' sizes: can an index give the order without sorting?
        await manager.query('SET LOCAL enable_seqscan = off');
        await manager.query('SET LOCAL enable_sort = off');
        const rows: Array<{ 'QUERY PLAN': string }> = await manager.query(
          `EXPLAIN ${statement!.query}`,
          statement!.parameters,
        );
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      });
    }
    for (const [index, plan] of Object.entries(plans)) {
      expect({ index, usesIt: plan.includes(index), sorts: /\bSort\b/.test(plan) }).toEqual({
        index,
        usesIt: true,
        sorts: false,
      });
    }
  });

  it('keeps only a newer state: a replayed, duplicated or late one changes nothing', async () => {
    const uploader = member();
    const id = newVideoId();
    const state = (revision: number, title: string) => videoChanged({ id, uploaderId: uploader, revision, title });
    await projection.apply([state(2, 'Second')]);
    await projection.apply([state(1, 'First, late')]);
    await projection.apply([state(2, 'Second, replayed with other words')]);
    expect((await videos.get(id)).title).toBe('Second');
    // Within one batch, the newest wins whatever the order.
    await projection.apply([state(4, 'Fourth'), state(3, 'Third')]);
    expect((await videos.get(id)).title).toBe('Fourth');
    // Concurrent batches of one video (the queue runs several at once) end at the newest.
    await Promise.all([5, 6, 7, 8].map((revision) => projection.apply([state(revision, `Rev ${revision}`)])));
    expect((await videos.get(id)).title).toBe('Rev 8');
  });

  it('takes a video’s feedback numbers from the feedback service’s events and from the video’s state, whichever is newer', async () => {
    const uploader = member();
    const id = newVideoId();
    const numbers = (revision: number, feedbackCount: number, averageRating: number) => ({
      ...videoChanged(),
      type: DOMAIN_EVENTS.feedbackRated,
      video: undefined,
      videoId: id,
      videoStats: [{ videoId: id, revision, feedbackCount, averageRating }],
    });
    const state = (revision: number, feedbackStatsRevision: number | undefined, averageRating: number) =>
      videoChanged({ id, uploaderId: uploader, revision, feedbackCount: 1, averageRating, feedbackStatsRevision });
    const shown = async () => {
      const video = await videos.get(id);
      return [video.feedbackCount, video.averageRating];
    };

    // Numbers for a video not listed yet wait for its state.
    await projection.apply([numbers(1, 1, 5)]);
    await projection.apply([state(1, 1, 5)]);
    expect(await shown()).toEqual([1, 5]);
    // The feedback service's event arrives first: the listing shows it at once...
    await projection.apply([numbers(3, 2, 4)]);
    expect(await shown()).toEqual([2, 4]);
    // ...and the video's state that follows, carrying older numbers (a view, an edit), keeps them.
    await projection.apply([state(2, 2, 3)]);
    expect(await shown()).toEqual([2, 4]);
    // A state carrying newer numbers than held replaces them; older events change nothing.
    await projection.apply([state(3, 4, 4.5)]);
    await projection.apply([numbers(3, 2, 4), numbers(2, 9, 1)]);
    expect(await shown()).toEqual([1, 4.5]);
    // A state published before states carried the revision does not undo newer numbers.
    await projection.apply([state(4, undefined, 1)]);
    expect(await shown()).toEqual([1, 4.5]);
  });

  it('keeps a deleted video as a tombstone: gone from lists, its page and bookmarks, and never back', async () => {
    const uploader = member();
    const saver = member();
    const id = newVideoId();
    await projection.apply([videoChanged({ id, uploaderId: uploader, revision: 3, title: 'Doomed' })]);
    expect(await bookmarks.add(saver, id)).toEqual({ videoId: id, isBookmarked: true });
    expect(titles((await bookmarks.list(saver)).items)).toEqual(['Doomed']);

    await projection.apply([videoDeleted({ id, uploaderId: uploader, revision: 4, title: 'Doomed' })]);
    expect(await list({ uploaderId: uploader })).toEqual([]);
    expect(await failure(videos.get(id))).toBe(ERROR_CODES.notFound);
    expect((await bookmarks.list(saver)).items).toEqual([]);
    expect(await failure(bookmarks.add(saver, id))).toBe(ERROR_CODES.notFound);

    // Late states of before the deletion, even one of the same revision, leave it deleted.
    await projection.apply([videoChanged({ id, uploaderId: uploader, revision: 3, title: 'Back?' })]);
    await projection.apply([videoChanged({ id, uploaderId: uploader, revision: 4, title: 'Back?' })]);
    expect(await failure(videos.get(id))).toBe(ERROR_CODES.notFound);
    expect(await list({ uploaderId: uploader })).toEqual([]);

    // A deletion of the same revision as the change before it still deletes.
    const other = newVideoId();
    await projection.apply([videoChanged({ id: other, uploaderId: uploader, revision: 2 })]);
    await projection.apply([videoDeleted({ id: other, uploaderId: uploader, revision: 2 })]);
    expect(await failure(videos.get(other))).toBe(ERROR_CODES.notFound);
    // A deletion heard of before anything else is kept too.
    const unseen = newVideoId();
    await projection.apply([videoDeleted({ id: unseen, uploaderId: uploader, revision: 9 })]);
    await projection.apply([videoEvent(DOMAIN_EVENTS.videoPublished, videoState({ id: unseen, revision: 8 }))]);
    expect(await failure(videos.get(unseen))).toBe(ERROR_CODES.notFound);
  });

  it('names a video on its bookmark list as it names it everywhere', async () => {
    const uploader = member('Bo', 'Diaz');
    const saver = member();
    const [first, second] = [newVideoId(), newVideoId()];
    await projection.apply([
      videoChanged({ id: first, uploaderId: uploader, title: 'Saved first' }),
      videoChanged({ id: second, uploaderId: uploader, title: 'Saved second' }),
    ]);
    await bookmarks.add(saver, first);
    await bookmarks.add(saver, second);
    const saved = (await bookmarks.list(saver)).items;
    expect(saved.map((video) => [video.title, video.uploaderName, video.isBookmarked])).toEqual([
      ['Saved second', 'Bo Diaz', true],
      ['Saved first', 'Bo Diaz', true],
    ]);
    expect(await failure(bookmarks.add(saver, newVideoId()))).toBe(ERROR_CODES.notFound);
  });
});

describe('the people it names', () => {
  it('asks auth once about an uploader it has not heard of, and lets any event replace that answer', async () => {
    const uploader = member('Cleo', 'Park');
    const id = newVideoId();
    asked.length = 0;
    await projection.apply([videoChanged({ id, uploaderId: uploader })]);
    expect(asked).toEqual([uploader]);
    expect(await videos.get(id)).toMatchObject({ uploaderName: 'Cleo Park', uploaderFirstName: 'Cleo' });

    // Known now: not asked again.
    await projection.apply([videoChanged({ id, uploaderId: uploader, revision: 2 })]);
    expect(asked).toEqual([uploader]);

    // Auth's first event (revision 1) replaces the answer (revision 0), and later ones follow.
    await projection.apply([profileChanged({ id: uploader, revision: 1, firstName: 'Cleo', lastName: 'Parker' })]);
    expect((await videos.get(id)).uploaderName).toBe('Cleo Parker');
    await projection.apply([
      profileChanged({ id: uploader, revision: 3, firstName: 'Cleo', lastName: 'Marsh', image: '/img/c.png' }),
      profileChanged({ id: uploader, revision: 2, firstName: 'Stale', lastName: 'Name' }),
    ]);
    await projection.apply([profileChanged({ id: uploader, revision: 2, firstName: 'Late', lastName: 'Name' })]);
    expect(await videos.get(id)).toMatchObject({ uploaderName: 'Cleo Marsh', uploaderImage: '/img/c.png' });
  });

  it('never lets auth’s answer replace what an event said', async () => {
    const uploader = member('Answer', 'Of auth');
    await projection.apply([profileChanged({ id: uploader, revision: 5, firstName: 'Dee', lastName: 'Event' })]);
    const id = newVideoId();
    asked.length = 0;
    await projection.apply([videoChanged({ id, uploaderId: uploader })]);
    expect(asked).toEqual([]);
    expect((await videos.get(id)).uploaderName).toBe('Dee Event');
  });

  it('lists a video before auth answers who its uploader is, and names them when the batch is applied again', async () => {
    const uploader = member('Eve', 'Stone');
    accounts.set(uploader, 'down');
    const id = newVideoId();
    const batch = [videoChanged({ id, uploaderId: uploader, title: 'Unnamed for now' })];
    expect(await failure(projection.apply(batch))).toMatch(/auth did not say who 1 uploader\(s\) are/);
    expect(await videos.get(id)).toMatchObject({ title: 'Unnamed for now', uploaderId: uploader, uploaderName: null });

    accounts.set(uploader, account(uploader, 'Eve', 'Stone'));
    await projection.apply(batch);
    expect((await videos.get(id)).uploaderName).toBe('Eve Stone');
  });

  it('names nobody for an account auth does not know, or one that was removed', async () => {
    const gone = randomUUID();
    const id = newVideoId();
    await projection.apply([videoChanged({ id, uploaderId: gone })]);
    expect(await videos.get(id)).toMatchObject({ uploaderId: gone, uploaderName: null, uploaderImage: null });

    const leaving = member('Finn', 'Gale');
    const theirs = newVideoId();
    await projection.apply([videoChanged({ id: theirs, uploaderId: leaving })]);
    expect((await videos.get(theirs)).uploaderName).toBe('Finn Gale');
    await projection.apply([
      profileChanged({ id: leaving, revision: 4, firstName: null, lastName: null, image: null, removed: true }),
    ]);
    expect(await videos.get(theirs)).toMatchObject({ uploaderName: null, uploaderFirstName: null });
  });
});

describe('reading one’s own write', () => {
  it('waits for the revision a write produced, then answers it', async () => {
    const uploader = member();
    const id = newVideoId();
    await projection.apply([videoChanged({ id, uploaderId: uploader, revision: 1, title: 'Before' })]);
    const started = Date.now();
    const read = videos.get(id, 2);
    setTimeout(
      () => void projection.apply([videoChanged({ id, uploaderId: uploader, revision: 2, title: 'After' })]),
      150,
    );
    expect((await read).title).toBe('After');
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(150);
    expect(elapsed).toBeLessThan(1500);
    // Already there: no wait.
    const again = Date.now();
    expect((await videos.get(id, 2)).title).toBe('After');
    expect(Date.now() - again).toBeLessThan(500);
  });

  it('waits for a video it has not heard of yet, and answers 404 when it never comes', async () => {
    const uploader = member();
    const id = newVideoId();
    const read = videos.get(id, 1);
    setTimeout(() => void projection.apply([videoChanged({ id, uploaderId: uploader, title: 'Fresh' })]), 100);
    expect((await read).title).toBe('Fresh');

    const started = Date.now();
    expect(await failure(videos.get(newVideoId(), 0))).toBe(ERROR_CODES.notFound);
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(1900);
    expect(waited).toBeLessThan(3000);
  });

  it('answers whether the projection caught up with a deletion in time', async () => {
    const uploader = member();
    const id = newVideoId();
    await projection.apply([videoChanged({ id, uploaderId: uploader, revision: 1 })]);
    const waiting = videos.awaitRevision(id, 2);
    setTimeout(() => void projection.apply([videoDeleted({ id, uploaderId: uploader, revision: 2 })]), 100);
    expect(await waiting).toBe(true);
    expect(await videos.awaitRevision(id, 2)).toBe(true);
    const started = Date.now();
    expect(await videos.awaitRevision(newVideoId(), 1)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
  });
});

describe('the events queue', () => {
  it('feeds the projection through its consumer, ignoring the events it does not keep', async () => {
    const queues = new JobQueues({
      app: 'catalog-listings-spec',
      redisUrl: testInfra().redisUrl,
      prefix: `${testInfra().queuePrefix}-catalog-listings-${randomBytes(3).toString('hex')}`,
      consumes: [DOMAIN_EVENT_QUEUES.catalogListings],
    });
    try {
      new ListingProjectionProcessor(queues, projection).onModuleInit();
      queues.onApplicationBootstrap();
      const uploader = member('Gus', 'Hale');
      const id = newVideoId();
      const events: DeliveredDomainEvent[] = [
        { type: DOMAIN_EVENTS.feedbackRated, occurredAt: new Date().toISOString(), userIds: [], outboxId: 'x:1' },
        videoChanged({ id, uploaderId: uploader, title: 'Queued' }),
      ];
      await queues.add(DOMAIN_EVENT_QUEUES.catalogListings, 'events', { events }, `spec-${id}`);
      const listed = await eventually(
        () => list({ uploaderId: uploader }),
        (items) => items.length === 1,
        10_000,
      );
      expect(listed.map((video) => [video.title, video.uploaderName])).toEqual([['Queued', 'Gus Hale']]);
    } finally {
      await queues.onModuleDestroy();
      await queues.beforeApplicationShutdown();
      queues.onApplicationShutdown();
    }
  });
});

describe('category events', () => {
  const outbox = async (type: string) =>
    (
      await dataSource.query<Array<{ payload: { category: CategoryState; userIds: string[]; occurredAt: string } }>>(
        `SELECT payload FROM outbox WHERE "eventType" = $1 ORDER BY id`,
        [type],
      )
    ).map((row) => row.payload);

  it('publishes every category that existed before, once, at revision 1', async () => {
    const existing = await categories.findAllByName();
    const published = (await outbox(DOMAIN_EVENTS.categoryChanged)).filter((event) =>
      existing.some((category) => category.id === event.category.id),
    );
    expect(published.map((event) => event.category).sort((a, b) => a.id - b.id)).toEqual(
      existing
        .map(({ id, name, icon }) => ({ id, name, icon, removed: false, revision: 1 }))
        .sort((a, b) => a.id - b.id),
    );
    for (const event of published) {
      expect(event).toMatchObject({ type: DOMAIN_EVENTS.categoryChanged, userIds: [] });
      expect(new Date(event.occurredAt).toISOString()).toBe(event.occurredAt);
    }
  });

  it('records a created and a deleted category in the transaction that makes the change', async () => {
    const created = await categories.insert({ name: 'Unicycling', icon: '🚲' });
    expect(created).not.toBeNull();
    expect(await categories.insert({ name: 'unicycling', icon: '🚲' })).toBeNull();
    const deleted = await categories.deleteById(created!.id);
    expect(deleted?.id).toBe(created!.id);
    expect(await categories.deleteById(created!.id)).toBeNull();

    const mine = (events: Array<{ category: CategoryState }>) =>
      events.filter((event) => event.category.id === created!.id).map((event) => event.category);
    const state = { id: created!.id, name: 'Unicycling', icon: '🚲' };
    expect(mine(await outbox(DOMAIN_EVENTS.categoryChanged))).toEqual([{ ...state, removed: false, revision: 1 }]);
    expect(mine(await outbox(DOMAIN_EVENTS.categoryDeleted))).toEqual([{ ...state, removed: true, revision: 2 }]);
  });

  it('shows the videos of a deleted category uncategorised at once', async () => {
    const uploader = member();
    const category = (await categories.insert({ name: 'Slacklining', icon: '🪢' }))!;
    const id = newVideoId();
    await projection.apply([videoChanged({ id, uploaderId: uploader, categoryId: category.id })]);
    expect(await videos.get(id)).toMatchObject({ categoryId: category.id, categoryName: 'Slacklining' });
    await categories.deleteById(category.id);
    expect(await videos.get(id)).toMatchObject({ categoryId: null, categoryName: null, categoryIcon: null });
    expect(await list({ categoryId: category.id })).toEqual([]);
  });
});
