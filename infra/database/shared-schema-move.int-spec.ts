// A database of an earlier release keeps every table in one shared `public` schema. The
// provisioning step moves each table to the schema of the service that owns it, rows and all,
// and the services then start on it as if nothing had happened.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { DataSource } from 'typeorm';
import type { VideoDto } from '@app/contracts';
import {
  localServiceDatabaseUrls,
  provisionServiceDatabases,
  SHARED_SCHEMA_MIGRATIONS,
  type ProvisionReport,
} from '@app/database';
import {
  createIsolatedDatabase,
  eventually,
  HttpSession,
  startStack,
  type IsolatedDatabase,
  type TestStack,
} from '@app/testing';

let db: IsolatedDatabase;
let admin: pg.Client;
let stack: TestStack | undefined;
let firstRun: ProvisionReport;
const ids: { member: string; coach: string; video: number; feedback: number } = {
  member: '',
  coach: '',
  video: 0,
  feedback: 0,
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const sql = async <T = any>(text: string, params: unknown[] = []): Promise<T[]> =>
  (await admin.query(text, params)).rows as T[];

const TABLES = {
  'auth.users': 'users',
  'auth.user_badges': 'user_badges',
  'auth.admin_bootstraps': 'admin_bootstraps',
  'catalog.categories': 'categories',
  'catalog.bookmarks': 'bookmarks',
  'video.videos': 'videos',
  'video.upload_intents': 'upload_intents',
  'feedback.feedback': 'feedback',
  'feedback.feedback_votes': 'feedback_votes',
  'feedback.feedback_ratings': 'feedback_ratings',
  'admin.user_deletions': 'user_deletions',
  'gateway.sessions': 'sessions',
} as const;
const before: Record<string, unknown[]> = {};

beforeAll(async () => {
  db = await createIsolatedDatabase('shared-schema');
  // The earlier release's own migrations, as it ran them: everything in `public`.
  const legacy = new DataSource({ type: 'postgres', url: db.url, migrations: SHARED_SCHEMA_MIGRATIONS });
  await legacy.initialize();
  await legacy.runMigrations({ transaction: 'each' });
  await legacy.destroy();
  admin = new pg.Client({ connectionString: db.url });
  await admin.connect();

  [{ id: ids.member }] = await sql(
    `INSERT INTO users (email, password, "firstName", "lastName", points) VALUES ('ana@example.com', 'x', 'Ana', 'Lima', 12) RETURNING id`,
  );
  [{ id: ids.coach }] = await sql(
    `INSERT INTO users (email, password, "firstName", "lastName") VALUES ('coach@example.com', 'x', 'Cleo', 'Park') RETURNING id`,
  );
  await sql(`INSERT INTO user_badges ("userId", "badgeType") VALUES ($1, 'first_video')`, [ids.member]);
  await sql(`INSERT INTO admin_bootstraps (email, "userId", outcome) VALUES ('coach@example.com', $1, 'created')`, [
    ids.coach,
  ]);
  [{ id: ids.video }] = await sql(
    `INSERT INTO videos (title, "uploaderId", "categoryId", "youtubeUrl", "processingState", "feedbackCount", "averageRating", views)
     VALUES ('Backhand slice', $1, (SELECT id FROM categories WHERE name = 'Tennis'), 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'ready', 1, 4, 7)
     RETURNING id`,
    [ids.member],
  );
  [{ id: ids.feedback }] = await sql(
    `INSERT INTO feedback (content, "videoId", "authorId", "averageRating", "totalRatings", "helpfulVotes")
     VALUES ('Turn the shoulders earlier', $1, $2, 4, 1, 1) RETURNING id`,
    [ids.video, ids.coach],
  );
  await sql(`INSERT INTO feedback_votes ("feedbackId", "userId") VALUES ($1, $2)`, [ids.feedback, ids.member]);
  await sql(`INSERT INTO feedback_ratings ("feedbackId", "raterId", rating) VALUES ($1, $2, 4)`, [
    ids.feedback,
    ids.member,
  ]);
  await sql(`INSERT INTO bookmarks ("userId", "videoId") VALUES ($1, $2)`, [ids.coach, ids.video]);
  await sql(
    `INSERT INTO upload_intents ("objectKey", "ownerId", "expiresAt") VALUES ('uploads/x.mp4', $1, now() + interval '1 hour')`,
    [ids.member],
  );
  await sql(`INSERT INTO user_deletions ("userId", "requestedBy") VALUES (gen_random_uuid(), $1)`, [ids.coach]);
  await sql(`INSERT INTO sessions (sid, sess, expire) VALUES ('s1', '{"cookie":{}}', now() + interval '1 day')`);
  // Delivered history, and what was still waiting for delivery from each service (a job the relay
  // can deliver: the video service's events, its backfill's included, queue up behind it).
  await sql(
    `INSERT INTO outbox ("eventType", payload, "publishedAt") VALUES ('feedback.created.v1', '{"n":0}', now());
     INSERT INTO outbox ("eventType", payload) VALUES ('feedback.rated.v1', '{"n":1}');
     INSERT INTO outbox ("eventType", payload) VALUES ('media.job.v1', '{"n":2,"queue":"media-cleanup","name":"cleanup","jobId":"cleanup-moved","data":{"keys":[]}}');
     INSERT INTO outbox ("eventType", payload) VALUES ('video.published.v1', '{"n":3}');`,
  );
  for (const [target, table] of Object.entries(TABLES))
    before[target] = await sql(`SELECT * FROM public.${table} ORDER BY 1`);

  firstRun = await provisionServiceDatabases({ adminUrl: db.url, serviceUrls: localServiceDatabaseUrls(db.url) });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await admin?.end();
  await db?.drop();
});

describe('moving a shared schema to service schemas', () => {
  it('moves every table, with every row, into its owner’s schema and gives it to the owner’s role', async () => {
    expect(firstRun.sharedSchemaMove?.tables.sort()).toEqual(Object.keys(TABLES).sort());
    for (const target of Object.keys(TABLES)) {
      expect({ target, rows: await sql(`SELECT * FROM ${target} ORDER BY 1`) }).toEqual({
        target,
        rows: before[target],
      });
      const [schema, table] = target.split('.');
      const [{ owner }] = await sql<{ owner: string }>(
        `SELECT tableowner AS owner FROM pg_tables WHERE schemaname = $1 AND tablename = $2`,
        [schema, table],
      );
      expect({ target, owner }).toEqual({ target, owner: `vf_${schema}` });
    }
    expect(await sql(`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`)).toEqual([
      { tablename: 'migrations_before_service_schemas' },
    ]);
  });

  it('drops only the foreign keys that crossed two owners', async () => {
    const keys = await sql<{ key: string }>(
      `SELECT n.nspname || '.' || child.relname || ' -> ' || pn.nspname || '.' || parent.relname AS key
         FROM pg_constraint c
         JOIN pg_class child ON child.oid = c.conrelid JOIN pg_namespace n ON n.oid = child.relnamespace
         JOIN pg_class parent ON parent.oid = c.confrelid JOIN pg_namespace pn ON pn.oid = parent.relnamespace
        WHERE c.contype = 'f' ORDER BY 1`,
    );
    expect(keys.map((k) => k.key)).toEqual([
      'auth.user_badges -> auth.users',
      'feedback.feedback_ratings -> feedback.feedback',
      'feedback.feedback_votes -> feedback.feedback',
    ]);
    expect(firstRun.sharedSchemaMove?.droppedForeignKeys.sort()).toEqual([
      'bookmarks.bookmarks_userId_fkey',
      'bookmarks.bookmarks_videoId_fkey',
      'feedback.feedback_authorId_fkey',
      'feedback.feedback_videoId_fkey',
      'feedback_ratings.feedback_ratings_raterId_fkey',
      'feedback_votes.feedback_votes_userId_fkey',
      'videos.videos_categoryId_fkey',
      'videos.videos_uploaderId_fkey',
    ]);
  });

  it('hands each undelivered outbox row to the outbox of the service that recorded it', async () => {
    expect(firstRun.sharedSchemaMove?.outboxRows).toEqual({ feedback: 1, video: 2 });
    expect(await sql(`SELECT "eventType", payload FROM feedback.outbox ORDER BY id`)).toEqual([
      { eventType: 'feedback.rated.v1', payload: { n: 1 } },
    ]);
    expect(await sql(`SELECT "eventType", payload FROM video.outbox ORDER BY id`)).toEqual([
      {
        eventType: 'media.job.v1',
        payload: { n: 2, queue: 'media-cleanup', name: 'cleanup', jobId: 'cleanup-moved', data: { keys: [] } },
      },
      { eventType: 'video.published.v1', payload: { n: 3 } },
    ]);
  });

  it('finds nothing to move the second time', async () => {
    const again = await provisionServiceDatabases({ adminUrl: db.url, serviceUrls: localServiceDatabaseUrls(db.url) });
    expect(again.sharedSchemaMove).toBeNull();
    expect(await sql(`SELECT count(*)::int AS n FROM video.videos`)).toEqual([{ n: 1 }]);
  });

  it('lets the services start on the moved tables and serve what was there', async () => {
    stack = await startStack('shared-schema', undefined, { DATABASE_URL: db.url });
    const visitor = new HttpSession(stack.baseUrl);
    // The catalog's listing fills from the owners' backfill events, delivered by their relays: the
    // video's from the video service, the uploader's name from auth's, in either order.
    const videos = await eventually(
      () => visitor.get<VideoDto[]>('/api/videos'),
      (res) => res.status === 200 && res.body.length > 0 && res.body.every((video) => video.uploaderName !== null),
      15_000,
    );
    expect(videos.body).toEqual([
      expect.objectContaining({
        id: ids.video,
        title: 'Backhand slice',
        uploaderName: 'Ana Lima',
        categoryName: 'Tennis',
        views: 7,
        feedbackCount: 1,
        averageRating: 4,
      }),
    ]);
    const feedback = await eventually(
      () =>
        visitor.get<Array<{ content: string; authorName: string; averageRating: number }>>(
          `/api/feedback/video/${ids.video}`,
        ),
      (res) => res.body[0]?.authorName !== undefined && res.body[0].authorName !== null,
      15_000,
    );
    expect(feedback.body).toEqual([
      expect.objectContaining({ content: 'Turn the shoulders earlier', authorName: 'Cleo Park', averageRating: 4 }),
    ]);
    // Each service found its tables in place: its first migration created nothing over them, and
    // auth's later one added its column to the moved `users`.
    const migrated: Record<string, string[]> = {};
    for (const schema of ['gateway', 'auth', 'catalog', 'video', 'feedback', 'admin'])
      migrated[schema] = (await sql<{ name: string }>(`SELECT name FROM ${schema}.migrations ORDER BY id`)).map(
        (m) => m.name,
      );
    expect(migrated).toEqual({
      gateway: ['GatewaySchema1764000000000'],
      auth: [
        'AuthSchema1764000000000',
        'DeletionRequested1764000000001',
        'MemberActivity1764000000002',
        'ProfileBackfill1764000000003',
        'UserSearch1764000000160',
        'AppliedReceived1764000000170',
        'UserChangeAnnouncements1764000000180',
      ],
      catalog: [
        'CatalogSchema1764000000000',
        'ListingProjection1764000000001',
        'CategoryEventsBackfill1764000000002',
        'ListingPlaybackFrames1764000000003',
        'ListingSearch1764000000160',
        'ListingHidden1764000000170',
        'ListingNameMatches1764000000180',
        'ListingFeedbackStatsRevision1764000000190',
      ],
      video: [
        'VideoSchema1764000000000',
        'VideoStateRevisions1764000000001',
        'VideoStateBackfill1764000000002',
        'PlaybackFrames1764000000003',
        'VideoModeration1764000000170',
        'PendingViews1764000000180',
      ],
      feedback: [
        'FeedbackSchema1764000000000',
        'FeedbackStatsAndReadModel1764000000001',
        'FeedbackStatsBackfill1764000000002',
        'FeedbackAnnotations1764000000003',
        'FeedbackConversations1764000000170',
        'FeedbackModeration1764000000171',
      ],
      admin: ['AdminSchema1764000000000', 'Reports1764000000170'],
    });
    expect(await sql(`SELECT email, "deletionRequestedAt" FROM auth.users ORDER BY email`)).toEqual([
      { email: 'ana@example.com', deletionRequestedAt: null },
      { email: 'coach@example.com', deletionRequestedAt: null },
    ]);
    expect(await sql(`SELECT count(*)::int AS n FROM catalog.categories`)).toEqual([
      { n: before['catalog.categories']!.length },
    ]);
  });

  it('publishes once, with revision 1, the videos and members that were there', async () => {
    // The owners' backfills, in their outboxes for their relays to deliver to the read models.
    expect(await sql(`SELECT "profileRevision" FROM auth.users`)).toEqual([
      { profileRevision: 1 },
      { profileRevision: 1 },
    ]);
    const videoEvents = await sql<{ payload: Record<string, unknown> }>(
      `SELECT payload FROM video.outbox
        WHERE "eventType" = 'video.changed.v1' AND (payload->'video'->>'revision')::int = 1 ORDER BY id`,
    );
    expect(videoEvents.map((row) => row.payload)).toEqual([
      {
        type: 'video.changed.v1',
        occurredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        videoId: ids.video,
        userIds: [ids.member],
        video: {
          id: ids.video,
          revision: 1,
          title: 'Backhand slice',
          description: null,
          categoryId: expect.any(Number),
          uploaderId: ids.member,
          youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
          videoUrl: null,
          thumbnailUrl: null,
          hasStoredVideo: false,
          hasStoredThumbnail: false,
          thumbnailData: null,
          duration: null,
          processingState: 'ready',
          hasFileError: false,
          views: 7,
          feedbackCount: 1,
          averageRating: 4,
          createdAt: (before['video.videos']![0] as { createdAt: Date }).createdAt.toISOString(),
        },
        uploaderStats: { userId: ids.member, revision: 1, publishedVideos: 1, totalViews: 7 },
      },
    ]);
    const people = await sql<{ payload: { person: Record<string, unknown> } }>(
      `SELECT payload FROM auth.outbox WHERE "eventType" = 'user.profile-changed.v1' ORDER BY id`,
    );
    expect(
      people.map((row) => row.payload.person).sort((a, b) => String(a.firstName).localeCompare(String(b.firstName))),
    ).toEqual([
      { id: ids.member, revision: 1, firstName: 'Ana', lastName: 'Lima', image: null, removed: false },
      { id: ids.coach, revision: 1, firstName: 'Cleo', lastName: 'Park', image: null, removed: false },
    ]);
    // Delivered: the uploader's numbers reached the auth service's reputation (the coach's
    // feedback numbers reach it too, in a row of their own).
    const activity = await eventually(
      () =>
        sql(
          `SELECT "userId", "publishedVideos", "totalViews"::int AS "totalViews" FROM auth.member_activity
            WHERE "userId" = $1`,
          [ids.member],
        ),
      (rows) => rows.length > 0,
    );
    expect(activity).toEqual([{ userId: ids.member, publishedVideos: 1, totalViews: 7 }]);
  });
});
