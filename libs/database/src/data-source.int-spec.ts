import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { createIsolatedDatabase, type IsolatedDatabase } from '@app/testing';
import { createDataSource, migrateDatabase } from './data-source.js';
import { DEFAULT_CATEGORIES } from './seed/default-categories.js';

let db: IsolatedDatabase;
let dataSource: DataSource;

beforeAll(async () => {
  db = await createIsolatedDatabase('schema');
  dataSource = createDataSource(db.url, 'schema-test');
  await dataSource.initialize();
});

afterAll(async () => {
  await dataSource?.destroy();
  await db?.drop();
});

const columnsOf = async (table: string) =>
  (
    await dataSource.query(
      `SELECT column_name, data_type, character_maximum_length, column_default, is_nullable
         FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1`,
      [table],
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

describe('migrations', () => {
  it('apply once even when several processes start together', async () => {
    const others = [createDataSource(db.url, 'racer-1'), createDataSource(db.url, 'racer-2')];
    await Promise.all(others.map((ds) => ds.initialize()));
    const applied = await Promise.all([migrateDatabase(dataSource), ...others.map((ds) => migrateDatabase(ds))]);
    await Promise.all(others.map((ds) => ds.destroy()));
    expect(applied.flat().sort()).toEqual(
      [
        'CategoryNamesUniqueIgnoringCase1763700000002',
        'InitialSchema1763700000000',
        'SeedDefaultCategories1763700000001',
        'UploadIntents1763700000130',
        'UserDeletions1763700000003',
        'AdminBootstraps1763913000001',
        'SessionsByUser1763913000002',
      ].sort(),
    );
    expect(await migrateDatabase(dataSource)).toEqual([]);
  });

  it('create the nine tables of the spec plus the outbox, the user-deletion saga state, upload intents and the admin bootstrap record', async () => {
    const rows: Array<{ table_name: string }> = await dataSource.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name <> 'migrations'`,
    );
    expect(rows.map((r) => r.table_name).sort()).toEqual(
      [
        'admin_bootstraps',
        'bookmarks',
        'categories',
        'feedback',
        'feedback_ratings',
        'feedback_votes',
        'outbox',
        'sessions',
        'user_badges',
        'upload_intents',
        'user_deletions',
        'users',
        'videos',
      ].sort(),
    );
  });

  it('use the spec column names, limits and defaults', async () => {
    const users = await columnsOf('users');
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

    const categories = await columnsOf('categories');
    expect(categories.name?.character_maximum_length).toBe(50);
    expect(categories.icon?.character_maximum_length).toBe(50);

    const videos = await columnsOf('videos');
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

    const feedback = await columnsOf('feedback');
    expect(feedback.helpfulVotes?.column_default).toBe('0');
    expect(feedback.averageRating?.data_type).toBe('real');
    expect(feedback.totalRatings?.column_default).toBe('0');

    expect((await columnsOf('user_badges')).badgeType?.character_maximum_length).toBe(50);
    expect(Object.keys(await columnsOf('feedback_ratings')).sort()).toEqual([
      'createdAt',
      'feedbackId',
      'id',
      'raterId',
      'rating',
    ]);

    const sessions = await columnsOf('sessions');
    expect(Object.keys(sessions).sort()).toEqual(['expire', 'sess', 'sid']);
    expect(sessions.sess?.data_type).toBe('json');
    const sessionIndexes: Array<{ indexdef: string }> = await dataSource.query(
      `SELECT indexdef FROM pg_indexes WHERE tablename = 'sessions'`,
    );
    expect(sessionIndexes.some((i) => i.indexdef.includes('(expire)'))).toBe(true);
  });

  it('seed the default categories exactly once', async () => {
    const rows: Array<{ name: string; icon: string }> = await dataSource.query(
      `SELECT name, icon FROM categories ORDER BY id`,
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
    [{ id: userA }] = await dataSource.query(
      `INSERT INTO users (email, password) VALUES ('a@example.com', 'x') RETURNING id`,
    );
    [{ id: userB }] = await dataSource.query(
      `INSERT INTO users (email, password) VALUES ('b@example.com', 'x') RETURNING id`,
    );
    [{ id: videoId }] = await dataSource.query(
      `INSERT INTO videos (title, "uploaderId", "fileHash") VALUES ('Swing', $1, repeat('a', 64)) RETURNING id`,
      [userA],
    );
    [{ id: feedbackId }] = await dataSource.query(
      `INSERT INTO feedback (content, "videoId", "authorId") VALUES ('Nice', $1, $2) RETURNING id`,
      [videoId, userB],
    );
  });

  const violation = (sql: string, params: unknown[]) =>
    dataSource.query(sql, params).then(
      () => 'inserted',
      (e: { code?: string }) => e.code,
    );

  it('keep emails, category names and file hashes unique', async () => {
    expect(await violation(`INSERT INTO users (email, password) VALUES ('a@example.com', 'y')`, [])).toBe('23505');
    expect(await violation(`INSERT INTO categories (name, icon) VALUES ('Golf', '⛳')`, [])).toBe('23505');
    expect(await violation(`INSERT INTO categories (name, icon) VALUES ('gOLF', '⛳')`, [])).toBe('23505');
    expect(
      await violation(`INSERT INTO videos (title, "uploaderId", "fileHash") VALUES ('Copy', $1, repeat('a', 64))`, [
        userB,
      ]),
    ).toBe('23505');
  });

  it('allow one bookmark, vote and rating per user and target', async () => {
    await dataSource.query(`INSERT INTO bookmarks ("userId", "videoId") VALUES ($1, $2)`, [userB, videoId]);
    expect(await violation(`INSERT INTO bookmarks ("userId", "videoId") VALUES ($1, $2)`, [userB, videoId])).toBe(
      '23505',
    );
    await dataSource.query(`INSERT INTO feedback_votes ("feedbackId", "userId") VALUES ($1, $2)`, [feedbackId, userA]);
    expect(
      await violation(`INSERT INTO feedback_votes ("feedbackId", "userId") VALUES ($1, $2)`, [feedbackId, userA]),
    ).toBe('23505');
    await dataSource.query(`INSERT INTO feedback_ratings ("feedbackId", "raterId", rating) VALUES ($1, $2, 5)`, [
      feedbackId,
      userA,
    ]);
    expect(
      await violation(`INSERT INTO feedback_ratings ("feedbackId", "raterId", rating) VALUES ($1, $2, 4)`, [
        feedbackId,
        userA,
      ]),
    ).toBe('23505');
  });

  it('reject ratings outside 1..5 and feedback over 500 characters', async () => {
    expect(
      await violation(`INSERT INTO feedback_ratings ("feedbackId", "raterId", rating) VALUES ($1, $2, 6)`, [
        feedbackId,
        userB,
      ]),
    ).toBe('23514');
    expect(
      await violation(`INSERT INTO feedback (content, "videoId", "authorId") VALUES (repeat('x', 501), $1, $2)`, [
        videoId,
        userB,
      ]),
    ).toBe('23514');
  });

  it('back every list sort with an index', async () => {
    const indexes: Array<{ indexname: string }> = await dataSource.query(
      `SELECT indexname FROM pg_indexes WHERE tablename = 'videos'`,
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
  });
});
