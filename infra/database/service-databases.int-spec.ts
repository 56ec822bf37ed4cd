import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { DEFAULT_CATEGORIES } from '@app/contracts';
import { startApp, startStack, type TestStack } from '@app/testing';
import { DATABASE_OWNERS, type DatabaseOwner } from '@app/database';

// Each service's schema as its own process migrated it, connected as its own role: the shapes of
// the spec's tables, their constraints and indexes, in the schema of the service that owns them.
let stack: TestStack;
let admin: pg.Client;

beforeAll(async () => {
  stack = await startStack('schemas', ['gateway', 'auth', 'catalog', 'video', 'feedback', 'admin', 'notifications']);
  admin = new pg.Client({ connectionString: stack.database.url });
  await admin.connect();
}, 120_000);

afterAll(async () => {
  await admin?.end();
  await stack?.stop();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const sql = async <T = any>(text: string, params: unknown[] = []): Promise<T[]> =>
  (await admin.query(text, params)).rows as T[];

const columnsOf = async (schema: string, table: string) =>
  (
    await sql(
      `SELECT column_name, data_type, character_maximum_length, column_default, is_nullable
         FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2`,
      [schema, table],
    )
  ).reduce(
    (acc: Record<string, Record<string, unknown>>, row: Record<string, unknown>) => ({
      ...acc,
      [row.column_name as string]: row,
    }),
    {},
  ) as Record<
    string,
    { data_type: string; character_maximum_length: number | null; column_default: string | null; is_nullable: string }
  >;

describe('service schemas', () => {
  it('hold each table in the schema of the service that owns it, each migrated once by its owner', async () => {
    const rows = await sql<{ schema: string; table: string }>(
      `SELECT table_schema AS schema, table_name AS table FROM information_schema.tables
        WHERE table_schema IN ('gateway', 'auth', 'catalog', 'video', 'feedback', 'admin', 'notifications') ORDER BY 1, 2`,
    );
    expect(rows.map((r) => `${r.schema}.${r.table}`)).toEqual([
      'admin.migrations',
      'admin.moderation_decisions',
      'admin.reports',
      'admin.user_deletions',
      'auth.admin_bootstraps',
      'auth.member_activity',
      'auth.migrations',
      'auth.outbox',
      'auth.user_badges',
      'auth.users',
      'catalog.bookmarks',
      'catalog.categories',
      'catalog.migrations',
      'catalog.outbox',
      'catalog.people',
      'catalog.video_listings',
      'feedback.author_stats',
      'feedback.category_summaries',
      'feedback.feedback',
      'feedback.feedback_ratings',
      'feedback.feedback_replies',
      'feedback.feedback_votes',
      'feedback.migrations',
      'feedback.outbox',
      'feedback.people',
      'feedback.video_stats',
      'feedback.video_summaries',
      'gateway.migrations',
      'gateway.sessions',
      'notifications.migrations',
      'notifications.notification_preferences',
      'notifications.notification_sources',
      'notifications.notifications',
      'video.migrations',
      'video.outbox',
      'video.pending_views',
      'video.upload_intents',
      'video.uploader_stats',
      'video.videos',
    ]);
    expect(await sql(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`)).toEqual([]);
    const migrated: Record<string, string[]> = {};
    for (const schema of DATABASE_OWNERS)
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
      notifications: ['NotificationsSchema1764000000170'],
    });
  });

  it('use the spec column names, limits and defaults', async () => {
    const users = await columnsOf('auth', 'users');
    expect(Object.keys(users)).toEqual(
      expect.arrayContaining([
        'id',
        'email',
        'password',
        'firstName',
        'lastName',
        'description',
        'profileImageUrl',
        'isAdmin',
        'points',
        'createdAt',
        'updatedAt',
      ]),
    );
    expect(users.email?.character_maximum_length).toBe(255);
    expect(users.password?.character_maximum_length).toBe(255);
    expect(users.firstName?.character_maximum_length).toBe(100);
    expect(users.isAdmin?.column_default).toBe('false');
    expect(users.points?.column_default).toBe('0');

    const categories = await columnsOf('catalog', 'categories');
    expect(categories.name?.character_maximum_length).toBe(50);
    expect(categories.icon?.character_maximum_length).toBe(50);

    const videos = await columnsOf('video', 'videos');
    expect(Object.keys(videos)).toEqual(
      expect.arrayContaining([
        'title',
        'description',
        'videoUrl',
        'youtubeUrl',
        'thumbnailUrl',
        'thumbnailData',
        'duration',
        'fileHash',
        'categoryId',
        'uploaderId',
        'views',
        'processingState',
        'hasFileError',
        'originalKey',
        'playbackKey',
        'thumbnailKey',
        'feedbackCount',
        'averageRating',
      ]),
    );
    expect(videos.title?.character_maximum_length).toBe(200);
    expect(videos.fileHash?.character_maximum_length).toBe(64);
    expect(videos.views?.column_default).toBe('0');
    expect(videos.uploaderId?.is_nullable).toBe('NO');
    expect(videos.categoryId?.is_nullable).toBe('YES');

    const feedback = await columnsOf('feedback', 'feedback');
    expect(feedback.helpfulVotes?.column_default).toBe('0');
    expect(feedback.averageRating?.data_type).toBe('real');
    expect(feedback.totalRatings?.column_default).toBe('0');

    expect((await columnsOf('auth', 'user_badges')).badgeType?.character_maximum_length).toBe(50);
    expect(Object.keys(await columnsOf('feedback', 'feedback_ratings')).sort()).toEqual([
      'createdAt',
      'feedbackId',
      'id',
      'raterId',
      'rating',
    ]);

    const sessions = await columnsOf('gateway', 'sessions');
    expect(Object.keys(sessions).sort()).toEqual(['expire', 'sess', 'sid']);
    expect(sessions.sess?.data_type).toBe('json');
    const sessionIndexes: Array<{ indexdef: string }> = await sql(
      `SELECT indexdef FROM pg_indexes WHERE schemaname = 'gateway' AND tablename = 'sessions'`,
    );
    expect(sessionIndexes.some((i) => i.indexdef.includes('(expire)'))).toBe(true);
  });

  it('seed the default categories exactly once', async () => {
    const rows: Array<{ name: string; icon: string }> = await sql(
      `SELECT name, icon FROM catalog.categories ORDER BY id`,
    );
    expect(rows).toEqual(DEFAULT_CATEGORIES.map(({ name, icon }) => ({ name, icon })));
  });
});

describe('constraints', () => {
  let userA: string;
  let userB: string;
  let videoId: number;
  let feedbackId: number;

  beforeAll(async () => {
    [{ id: userA }] = await sql(`INSERT INTO auth.users (email, password) VALUES ('a@example.com', 'x') RETURNING id`);
    [{ id: userB }] = await sql(`INSERT INTO auth.users (email, password) VALUES ('b@example.com', 'x') RETURNING id`);
    [{ id: videoId }] = await sql(
      `INSERT INTO video.videos (title, "uploaderId", "fileHash") VALUES ('Swing', $1, repeat('a', 64)) RETURNING id`,
      [userA],
    );
    [{ id: feedbackId }] = await sql(
      `INSERT INTO feedback.feedback (content, "videoId", "authorId") VALUES ('Nice', $1, $2) RETURNING id`,
      [videoId, userB],
    );
  });

  const violation = (text: string, params: unknown[]) =>
    sql(text, params).then(
      () => 'inserted',
      (e: { code?: string }) => e.code,
    );

  it('keep emails, category names and file hashes unique', async () => {
    expect(await violation(`INSERT INTO auth.users (email, password) VALUES ('a@example.com', 'y')`, [])).toBe('23505');
    expect(await violation(`INSERT INTO catalog.categories (name, icon) VALUES ('Golf', '⛳')`, [])).toBe('23505');
    expect(await violation(`INSERT INTO catalog.categories (name, icon) VALUES ('gOLF', '⛳')`, [])).toBe('23505');
    expect(
      await violation(
        `INSERT INTO video.videos (title, "uploaderId", "fileHash") VALUES ('Copy', $1, repeat('a', 64))`,
        [userB],
      ),
    ).toBe('23505');
  });

  it('allow one bookmark, vote and rating per user and target', async () => {
    await sql(`INSERT INTO catalog.bookmarks ("userId", "videoId") VALUES ($1, $2)`, [userB, videoId]);
    expect(
      await violation(`INSERT INTO catalog.bookmarks ("userId", "videoId") VALUES ($1, $2)`, [userB, videoId]),
    ).toBe('23505');
    await sql(`INSERT INTO feedback.feedback_votes ("feedbackId", "userId") VALUES ($1, $2)`, [feedbackId, userA]);
    expect(
      await violation(`INSERT INTO feedback.feedback_votes ("feedbackId", "userId") VALUES ($1, $2)`, [
        feedbackId,
        userA,
      ]),
    ).toBe('23505');
    await sql(`INSERT INTO feedback.feedback_ratings ("feedbackId", "raterId", rating) VALUES ($1, $2, 5)`, [
      feedbackId,
      userA,
    ]);
    expect(
      await violation(`INSERT INTO feedback.feedback_ratings ("feedbackId", "raterId", rating) VALUES ($1, $2, 4)`, [
        feedbackId,
        userA,
      ]),
    ).toBe('23505');
  });

  it('reject ratings outside 1..5 and feedback over 500 characters', async () => {
    expect(
      await violation(`INSERT INTO feedback.feedback_ratings ("feedbackId", "raterId", rating) VALUES ($1, $2, 6)`, [
        feedbackId,
        userB,
      ]),
    ).toBe('23514');
    expect(
      await violation(
        `INSERT INTO feedback.feedback (content, "videoId", "authorId") VALUES (repeat('x', 501), $1, $2)`,
        [videoId, userB],
      ),
    ).toBe('23514');
  });

  it('back every list sort with an index', async () => {
    const indexes: Array<{ indexname: string }> = await sql(
      `SELECT indexname FROM pg_indexes WHERE schemaname = 'video' AND tablename = 'videos'`,
    );
    expect(indexes.map((i) => i.indexname)).toEqual(
      expect.arrayContaining([
        'IDX_videos_recent',
        'IDX_videos_views',
        'IDX_videos_rating',
        'IDX_videos_feedback',
        'IDX_videos_category_recent',
        'IDX_videos_uploader_recent',
      ]),
    );
    // The catalog's lists read its own copy of the videos, with the same orders indexed.
    const listingIndexes: Array<{ indexname: string }> = await sql(
      `SELECT indexname FROM pg_indexes WHERE schemaname = 'catalog' AND tablename = 'video_listings'`,
    );
    expect(listingIndexes.map((i) => i.indexname)).toEqual(
      expect.arrayContaining([
        'IDX_video_listings_recent',
        'IDX_video_listings_views',
        'IDX_video_listings_rating',
        'IDX_video_listings_feedback',
        'IDX_video_listings_category_recent',
        'IDX_video_listings_uploader_recent',
      ]),
    );
  });
});

/** One table of each schema, and a column every row of it has, for writes that must be refused. */
const TABLE_OF: Record<DatabaseOwner, { table: string; column: string }> = {
  gateway: { table: 'gateway.sessions', column: 'sid' },
  auth: { table: 'auth.users', column: 'email' },
  catalog: { table: 'catalog.categories', column: 'name' },
  video: { table: 'video.videos', column: 'title' },
  feedback: { table: 'feedback.feedback', column: 'content' },
  admin: { table: 'admin.user_deletions', column: 'step' },
  notifications: { table: 'notifications.notifications', column: 'type' },
};

const asRole = async <T>(owner: DatabaseOwner, use: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: stack.serviceDatabaseUrls[owner] });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
};

const outcome = (client: pg.Client, text: string) =>
  client.query(text).then(
    () => 'done',
    (error: { code?: string }) => error.code,
  );

describe('service roles', () => {
  it('let each service write its own tables and refuse it any read or write of another service’s table', async () => {
    for (const owner of DATABASE_OWNERS) {
      await asRole(owner, async (client) => {
        const own = TABLE_OF[owner];
        const [{ role, super: isSuper }] = (
          await client.query(`SELECT current_user AS role, usesuper AS super FROM pg_user WHERE usename = current_user`)
        ).rows as [{ role: string; super: boolean }];
        expect({ owner, role, isSuper }).toEqual({ owner, role: `vf_${owner}`, isSuper: false });
        expect(await outcome(client, `UPDATE ${own.table} SET "${own.column}" = "${own.column}" WHERE false`)).toBe(
          'done',
        );
        for (const other of DATABASE_OWNERS.filter((o) => o !== owner)) {
          const { table, column } = TABLE_OF[other];
          // 42501: insufficient_privilege, whether or not the schema is visible to the role.
          const refused = {
            select: await outcome(client, `SELECT 1 FROM ${table} LIMIT 1`),
            insert: await outcome(client, `INSERT INTO ${table} DEFAULT VALUES`),
            update: await outcome(client, `UPDATE ${table} SET "${column}" = "${column}"`),
            delete: await outcome(client, `DELETE FROM ${table}`),
            truncate: await outcome(client, `TRUNCATE ${table}`),
            create: await outcome(client, `CREATE TABLE ${other}.intruder (id int)`),
          };
          expect({ owner, other, ...refused }).toEqual({
            owner,
            other,
            select: '42501',
            insert: '42501',
            update: '42501',
            delete: '42501',
            truncate: '42501',
            create: '42501',
          });
        }
        expect(await outcome(client, `CREATE TABLE public.intruder (id int)`)).toBe('42501');
      });
    }
  });

  it('grant privileges on each table, reads included, to its owning role only', async () => {
    const rows = await sql<{ schema: string; grantee: string }>(
      `SELECT DISTINCT table_schema AS schema, grantee FROM information_schema.table_privileges
        WHERE table_schema = ANY($1) ORDER BY 1, 2`,
      [[...DATABASE_OWNERS]],
    );
    expect(rows).toEqual([...DATABASE_OWNERS].sort().map((owner) => ({ schema: owner, grantee: `vf_${owner}` })));
  });

  it('refuse to start a service connected as a superuser', async () => {
    await expect(startApp('catalog', { ...stack.envFor('catalog'), DATABASE_URL: stack.database.url })).rejects.toThrow(
      /connected to PostgreSQL as the superuser/,
    );
  });
});
