import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstValueFrom, timeout } from 'rxjs';
import { NamespacedNatsClient } from '@app/common';
import {
  ADMIN_MESSAGES,
  ADMIN_RPC,
  CATALOG_RPC,
  ERROR_CODES,
  AUTH_RPC,
  ADMIN_USER_LIST_MESSAGES,
  PAGE_CURSOR_MESSAGES,
  parseNextPageLink,
  VIDEO_RPC,
  type FeedbackDto,
  type UserDto,
  type VideoDto,
} from '@app/contracts';
import { objectStorageFromEnv, type ObjectStorage } from '@app/storage';
import {
  eventually,
  HttpSession,
  makeTestVideo,
  newUserFields,
  startApp,
  startStack,
  withClient,
  type RunningApp,
  type TestStack,
  signUpMember,
  linkYoutubeVideo,
  firstAdmin,
  signIn,
  testInfra,
} from '@app/testing';

// User administration and the user-deletion saga, through the real gateway, every service, the
// media worker, PostgreSQL, Redis, NATS and S3.
const ADMIN = firstAdmin('admin.users.admin@example.com');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
let stack: TestStack;
let storage: ObjectStorage;
let scratch: string;
let categoryId: number;
let admin: { session: HttpSession; user: UserDto };

beforeAll(async () => {
  stack = await startStack(
    'admin-users',
    ['gateway', 'auth', 'catalog', 'video', 'feedback', 'admin', 'media-worker'],
    ADMIN,
  );
  storage = objectStorageFromEnv({ ...stack.env } as never);
  scratch = await mkdtemp(join(tmpdir(), 'admin-users-'));
  categoryId = (await new HttpSession(stack.baseUrl).get<{ id: number }[]>('/api/categories')).body[0]!.id;
  admin = await signIn(stack.baseUrl, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
  expect(admin.user.isAdmin).toBe(true);
}, 120_000);

afterAll(async () => {
  storage?.destroy();
  await stack?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

const member = (overrides: Parameters<typeof newUserFields>[0] = {}) => signUpMember(stack.baseUrl, overrides);

const sql = <T>(text: string, values: unknown[] = []) =>
  withClient(stack.database.url, async (client) => (await client.query(text, values)).rows as T[]);

const linkVideo = (session: HttpSession, title: string) => linkYoutubeVideo(session, { title, categoryId });

let files = 0;
async function fileVideo(session: HttpSession, title: string): Promise<VideoDto> {
  files += 1;
  const path = await makeTestVideo(join(scratch, `clip-${files}.mp4`), { seconds: 2, size: `${200 + files * 16}x120` });
  const form = new FormData();
  form.append('title', title);
  form.append('categoryId', String(categoryId));
  form.append('video', new Blob([new Uint8Array(await readFile(path))], { type: 'video/mp4' }), 'clip.mp4');
  const res = await session.request<VideoDto>('POST', '/api/videos', { form });
  expect(res.status).toBe(201);
  return eventually(
    async () => (await session.get<VideoDto>(`/api/videos/${res.body.id}`)).body,
    (video) => video.processingState === 'ready',
    60_000,
  );
}

/**
 * A member with a bit of everything: a profile picture, a file video and a link, feedback on
 * someone else's video, a vote and a rating on someone else's feedback, a bookmark; and other
 * members' feedback and bookmarks on their video.
 */
async function busyMember() {
  const victim = await member();
  const other = await member();
  const form = new FormData();
  form.append('profileImage', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'me.png');
  const picture = await victim.session.request<UserDto>('POST', '/api/users/profile/image', { form });
  expect(picture.status).toBeLessThan(300);

  const file = await fileVideo(victim.session, 'Victim file');
  const link = await linkVideo(victim.session, 'Victim link');
  const othersVideo = await linkVideo(other.session, 'Other video');
  const othersFeedback = (
    await other.session.post<FeedbackDto>(`/api/videos/${link.id}/feedback`, { content: 'On the victim video' })
  ).body;
  const othersFeedbackElsewhere = (
    await (await member()).session.post<FeedbackDto>(`/api/videos/${othersVideo.id}/feedback`, { content: 'Kept' })
  ).body;
  expect(
    (await victim.session.post(`/api/videos/${othersVideo.id}/feedback`, { content: 'From the victim' })).status,
  ).toBe(201);
  expect((await victim.session.post(`/api/feedback/${othersFeedbackElsewhere.id}/rate`, { rating: 5 })).status).toBe(
    201,
  );
  expect((await victim.session.post(`/api/feedback/${othersFeedbackElsewhere.id}/vote`)).status).toBe(201);
  expect((await victim.session.post('/api/bookmarks', { videoId: othersVideo.id })).status).toBe(201);
  expect((await other.session.post('/api/bookmarks', { videoId: file.id })).status).toBe(201);
  expect((await other.session.post(`/api/feedback/${othersFeedback.id}/vote`)).status).toBe(403); // own feedback

  const keys = await sql<{ originalKey: string | null; playbackKey: string | null; thumbnailKey: string | null }>(
    'SELECT "originalKey", "playbackKey", "thumbnailKey" FROM video.videos WHERE id = $1',
    [file.id],
  );
  const objectKeys = [
    ...Object.values(keys[0]!).filter((key): key is string => Boolean(key)),
    `profile-images/${victim.user.id}/${picture.body.profileImageUrl!.split('/').pop()}`,
  ];
  for (const key of objectKeys) expect(await storage.head(key)).not.toBeNull();
  // The numbers the victim's vote and rating made, before they go.
  const [before] = await sql<{ totalRatings: number; helpfulVotes: number }>(
    'SELECT "totalRatings", "helpfulVotes" FROM feedback.feedback WHERE id = $1',
    [othersFeedbackElsewhere.id],
  );
  expect(before).toEqual({ totalRatings: 1, helpfulVotes: 1 });
  return { victim, other, file, link, othersVideo, othersFeedbackElsewhere, objectKeys };
}

/** Nothing of the member is left: no row that names them, no stored object. */
async function expectNothingLeftOf(userId: string, objectKeys: string[], videoIds: number[]) {
  // Other services' rows of the member's videos (feedback, bookmarks) follow the videos' deletion events.
  const left = await eventually(
    async () =>
      (
        await sql<Record<string, number>>(
          `SELECT (SELECT count(*)::int FROM auth.users WHERE id = $1) AS users,
            (SELECT count(*)::int FROM video.videos WHERE "uploaderId" = $1 OR id = ANY($2)) AS videos,
            (SELECT count(*)::int FROM feedback.feedback WHERE "authorId" = $1 OR "videoId" = ANY($2)) AS feedback,
            (SELECT count(*)::int FROM feedback.feedback_votes WHERE "userId" = $1) AS votes,
            (SELECT count(*)::int FROM feedback.feedback_ratings WHERE "raterId" = $1) AS ratings,
            (SELECT count(*)::int FROM catalog.bookmarks WHERE "userId" = $1 OR "videoId" = ANY($2)) AS bookmarks,
            (SELECT count(*)::int FROM auth.user_badges WHERE "userId" = $1) AS badges`,
          [userId, videoIds],
        )
      )[0],
    (row) => Object.values(row ?? {}).every((n) => n === 0),
  );
  expect(left).toEqual({ users: 0, videos: 0, feedback: 0, votes: 0, ratings: 0, bookmarks: 0, badges: 0 });
  await eventually(
    () => Promise.all(objectKeys.map((key) => storage.head(key))),
    (heads) => heads.every((head) => head === null),
    30_000,
  );
}

describe('user administration', () => {
  it('is for admins only: 401 signed out, 403 for members', async () => {
    const visitor = new HttpSession(stack.baseUrl);
    const { session, user } = await member();
    for (const [method, path] of [
      ['GET', '/api/admin/users'],
      ['DELETE', `/api/admin/users/${user.id}`],
      ['PATCH', `/api/admin/users/${user.id}/toggle-admin`],
    ] as const) {
      expect((await visitor.request(method, path)).status).toBe(401);
      const forbidden = await session.request<{ message: string }>(method, path);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.message).toBe(ADMIN_MESSAGES.adminRequired);
    }
  });

  it('lists every account with its email and toggles the admin flag, never the admin’s own', async () => {
    const { user } = await member({ firstName: 'Priya', lastName: 'Shah' });
    const list = await admin.session.get<UserDto[]>('/api/admin/users');
    expect(list.status).toBe(200);
    expect(list.body.find((entry) => entry.id === user.id)).toMatchObject({
      email: user.email,
      firstName: 'Priya',
      isAdmin: false,
      points: 0,
      badges: [],
    });
    expect(list.body.every((entry) => typeof entry.email === 'string')).toBe(true);

    const promoted = await admin.session.request<UserDto>('PATCH', `/api/admin/users/${user.id}/toggle-admin`);
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ id: user.id, isAdmin: true });
    const demoted = await admin.session.request<UserDto>('PATCH', `/api/admin/users/${user.id}/toggle-admin`);
    expect(demoted.body.isAdmin).toBe(false);

    const self = await admin.session.request<{ message: string }>(
      'PATCH',
      `/api/admin/users/${admin.user.id}/toggle-admin`,
    );
    expect(self.status).toBe(400);
    expect(self.body.message).toBe(ADMIN_MESSAGES.selfDemote);
    const selfDelete = await admin.session.request<{ message: string }>('DELETE', `/api/admin/users/${admin.user.id}`);
    expect(selfDelete.status).toBe(400);
    expect(selfDelete.body.message).toBe(ADMIN_MESSAGES.selfDelete);
    expect((await admin.session.request('DELETE', '/api/admin/users/not-a-uuid')).status).toBe(404);
    expect(
      (await admin.session.request('DELETE', '/api/admin/users/00000000-0000-4000-8000-000000000000')).status,
    ).toBe(404);
  });
});

describe('the Users tab: paging and searching accounts', () => {
  it('pages accounts newest first with a Link header, each once, and finds them by name or email', async () => {
    const tag = `pg${Date.now().toString(36)}`;
    const made: UserDto[] = [];
    for (let i = 0; i < 5; i += 1)
      made.push(
        (await member({ firstName: 'Philippa', lastName: `Pagewright${tag}`, email: `${tag}.${i}@paging.example` }))
          .user,
      );

    const seen: string[] = [];
    let url: string | null = `/api/admin/users?q=${tag}&limit=2`;
    let pages = 0;
    while (url !== null) {
      const res: { status: number; headers: Headers; body: UserDto[] } = await admin.session.get<UserDto[]>(url);
      expect(res.status).toBe(200);
      seen.push(...res.body.map((user) => user.id));
      url = parseNextPageLink(res.headers.get('link'));
      pages += 1;
      // An account made meanwhile is newer than the cursor: not on the pages that follow.
      if (pages === 1) await member({ lastName: `Pagewright${tag}`, email: `${tag}.late@paging.example` });
      if (pages > 10) throw new Error('still paging after 10 pages');
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(made.map((user) => user.id).reverse());

    const byName = await admin.session.get<UserDto[]>(
      `/api/admin/users?q=${encodeURIComponent(`wright${tag.toUpperCase()}`)}`,
    );
    expect(byName.body.map((user) => user.lastName)).toEqual(Array(6).fill(`Pagewright${tag}`));
    const byEmail = await admin.session.get<UserDto[]>(`/api/admin/users?q=${tag}.3@paging`);
    expect(byEmail.body.map((user) => user.email)).toEqual([`${tag}.3@paging.example`]);
    const everyone = await admin.session.get<UserDto[]>('/api/admin/users');
    expect(everyone.body.map((user) => user.id)).toEqual(expect.arrayContaining(made.map((user) => user.id)));
  });

  it('answers a malformed cursor or search with 400', async () => {
    for (const [query, message] of [
      ['cursor=broken!', PAGE_CURSOR_MESSAGES.invalid],
      [`q=${'x'.repeat(256)}`, ADMIN_USER_LIST_MESSAGES.qInvalid],
      ['q=a&q=b', ADMIN_USER_LIST_MESSAGES.qInvalid],
    ]) {
      const res = await admin.session.get<{ message: string }>(`/api/admin/users?${query}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message });
    }
  });
});

describe('deleting a member', () => {
  it('removes their account, videos with files, feedback, votes, ratings and bookmarks, and corrects everyone else’s numbers', async () => {
    const { victim, other, file, link, othersVideo, othersFeedbackElsewhere, objectKeys } = await busyMember();

    expect((await admin.session.request('DELETE', `/api/admin/users/${victim.user.id}`)).status).toBe(204);
    // At once: the account cannot act and is no longer listed.
    expect((await victim.session.get('/api/auth/user')).status).toBe(401);
    const listed = (await admin.session.get<UserDto[]>('/api/admin/users')).body;
    expect(listed.some((entry) => entry.id === victim.user.id)).toBe(false);

    await eventually(
      async () =>
        (
          await sql<{ completedAt: Date | null }>(
            'SELECT "completedAt", step, attempts, "lastError" FROM admin.user_deletions WHERE "userId" = $1',
            [victim.user.id],
          )
        )[0],
      (row) => Boolean(row?.completedAt),
      30_000,
    );
    await expectNothingLeftOf(victim.user.id, objectKeys, [file.id, link.id]);
    expect((await new HttpSession(stack.baseUrl).get(`/api/users/${victim.user.id}`)).status).toBe(404);

    // Everyone else: the other member's bookmark of the victim's video went, theirs stays; the
    // feedback the victim rated and voted on is back to zero, with the step that removed them.
    expect((await other.session.get<VideoDto[]>('/api/bookmarks')).body).toEqual([]);
    expect((await other.session.get<VideoDto>(`/api/videos/${othersVideo.id}`)).status).toBe(200);
    const kept = (await other.session.get<FeedbackDto[]>(`/api/feedback/video/${othersVideo.id}`)).body;
    expect(kept.find((item) => item.id === othersFeedbackElsewhere.id)).toMatchObject({
      totalRatings: 0,
      helpfulVotes: 0,
      averageRating: 0,
    });
    // The other member's feedback on the victim's video went with it: their points are 0 again.
    await eventually(
      async () => (await other.session.get<UserDto>(`/api/users/${other.user.id}`)).body.points,
      (points) => points === 0,
    );
    // The other video lost the victim's feedback.
    await eventually(
      async () => (await other.session.get<VideoDto>(`/api/videos/${othersVideo.id}`)).body.feedbackCount,
      (count) => count === 1,
    );
  }, 120_000);

  it('finishes a deletion interrupted by a killed admin service once one runs again, leaving no orphans', async () => {
    const { victim, file, link, objectKeys } = await busyMember();
    // Only a runner that hangs after its first step serves the saga now.
    for (const app of stack.apps.get('admin') ?? []) await app.stop();
    stack.apps.set('admin', []);
    const hanging: RunningApp = await startApp('admin', {
      ...stack.envFor('admin'),
      USER_DELETION_HANG_AFTER: 'videos',
    });
    try {
      expect((await admin.session.request('DELETE', `/api/admin/users/${victim.user.id}`)).status).toBe(204);
      await eventually(
        async () =>
          (
            await sql<{ step: string }>('SELECT step FROM admin.user_deletions WHERE "userId" = $1', [victim.user.id])
          )[0],
        (row) => row?.step === 'feedback',
        30_000,
      );
      await hanging.kill();
    } finally {
      await hanging.kill().catch(() => undefined);
    }
    // Half done: the videos are gone, the account and its feedback are not.
    expect(await sql('SELECT 1 FROM video.videos WHERE "uploaderId" = $1', [victim.user.id])).toEqual([]);
    expect(await sql('SELECT 1 FROM auth.users WHERE id = $1', [victim.user.id])).toHaveLength(1);
    expect(
      (await sql('SELECT 1 FROM feedback.feedback WHERE "authorId" = $1', [victim.user.id])).length,
    ).toBeGreaterThan(0);

    await stack.addReplica('admin');
    // The dead runner's lease runs out (10 s), then the new one resumes at the feedback step.
    await eventually(
      async () =>
        (
          await sql<{ completedAt: Date | null; step: string }>(
            'SELECT "completedAt", step FROM admin.user_deletions WHERE "userId" = $1',
            [victim.user.id],
          )
        )[0],
      (row) => Boolean(row?.completedAt) && row?.step === 'done',
      45_000,
    );
    await expectNothingLeftOf(victim.user.id, objectKeys, [file.id, link.id]);
  }, 150_000);
});

// The bus is not the trust boundary: a message published straight onto NATS (under the stack's
// subject prefix) by a member who claims `isAdmin: true` is refused by every service that acts on
// it, since each asks the auth service for the actor's admin flag of record.
describe('privileged messages sent straight onto the bus', () => {
  let nats: NamespacedNatsClient;

  beforeAll(async () => {
    nats = new NamespacedNatsClient(stack.env.NATS_SUBJECT_PREFIX as string, { servers: [testInfra().natsUrl] });
    await nats.connect();
  });

  afterAll(async () => {
    await nats?.close();
  });

  /** The error a service answers, or null if it did what it was asked. */
  const refusalOf = (pattern: string, payload: unknown) =>
    firstValueFrom(nats.send<unknown, unknown>(pattern, payload).pipe(timeout(10_000))).then(
      () => null,
      (error: unknown) => error,
    );

  it('refuses a non-admin actor claiming isAdmin, and a toggle without an admin actor of record', async () => {
    const mallory = await member();
    const victim = await member();
    const video = await linkVideo(victim.session, 'Not yours');
    const forged = { id: mallory.user.id, isAdmin: true };
    const forbidden = expect.objectContaining({ code: ERROR_CODES.forbidden });

    expect(await refusalOf(ADMIN_RPC.listUsers.pattern, { actor: forged })).toEqual(forbidden);
    expect(await refusalOf(ADMIN_RPC.toggleAdmin.pattern, { actor: forged, userId: victim.user.id })).toEqual(
      forbidden,
    );
    expect(await refusalOf(ADMIN_RPC.deleteUser.pattern, { actor: forged, userId: victim.user.id })).toEqual(forbidden);
    expect(
      await refusalOf(AUTH_RPC.toggleAdmin.pattern, { actorId: mallory.user.id, userId: mallory.user.id }),
    ).toEqual(forbidden);
    expect(await refusalOf(AUTH_RPC.toggleAdmin.pattern, { userId: mallory.user.id })).toEqual(
      expect.objectContaining({ code: ERROR_CODES.validation }),
    );
    expect(
      await refusalOf(CATALOG_RPC.createCategory.pattern, { actor: forged, category: { name: 'Forged', icon: 'x' } }),
    ).toEqual(forbidden);
    expect(await refusalOf(CATALOG_RPC.deleteCategory.pattern, { actor: forged, categoryId })).toEqual(forbidden);
    expect(await refusalOf(VIDEO_RPC.delete.pattern, { actor: forged, videoId: video.id })).toEqual(forbidden);

    // Nothing changed.
    expect((await mallory.session.get<UserDto>('/api/auth/user')).body.isAdmin).toBe(false);
    expect(await sql('SELECT 1 FROM admin.user_deletions WHERE "userId" = $1', [victim.user.id])).toEqual([]);
    expect(await sql('SELECT 1 FROM catalog.categories WHERE name = $1', ['Forged'])).toEqual([]);
    expect(await sql('SELECT 1 FROM catalog.categories WHERE id = $1', [categoryId])).toHaveLength(1);
    expect((await new HttpSession(stack.baseUrl).get(`/api/videos/${video.id}`)).status).toBe(200);

    // The same messages from the real admin do what they say.
    const adminActor = { id: admin.user.id, isAdmin: true };
    expect(await refusalOf(ADMIN_RPC.toggleAdmin.pattern, { actor: adminActor, userId: mallory.user.id })).toBeNull();
    // Sent past the gateway, the change reaches its member cache by auth's change signal, not
    // before the answer (the 1 s it may take is signed-in-user-cache.int-spec's to hold).
    await eventually(
      async () => (await mallory.session.get<UserDto>('/api/auth/user')).body.isAdmin,
      (isAdmin) => isAdmin === true,
      5_000,
    );
    expect(await refusalOf(ADMIN_RPC.toggleAdmin.pattern, { actor: adminActor, userId: mallory.user.id })).toBeNull();
  });
});
