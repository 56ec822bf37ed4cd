// The product as deployments run it: NATS with a user per app and infra/nats/nats-server.conf's
// permissions, and a Redis that requires a password (REDIS_URL with credentials). Both servers
// refuse anonymous clients, so every request below went over an authenticated connection.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connect } from '@nats-io/transport-node';
import { Redis } from 'ioredis';
import type { FeedbackDto, UserDto, VideoDto } from '@app/contracts';
import {
  eventually,
  firstAdmin,
  HttpSession,
  linkYoutubeVideo,
  signIn,
  signUpMember,
  startPrivateNats,
  startPrivateRedis,
  startStack,
  withClient,
  type PrivateNats,
  type PrivateRedis,
  type TestStack,
} from '@app/testing';

const ADMIN = firstAdmin('trusted.dependencies.admin@example.com');
const REDIS_PASSWORD = randomBytes(18).toString('base64url');
let nats: PrivateNats;
let redis: PrivateRedis;
let stack: TestStack;

beforeAll(async () => {
  nats = await startPrivateNats();
  redis = await startPrivateRedis({ password: REDIS_PASSWORD });
  stack = await startStack(
    'trusted-deps',
    ['gateway', 'auth', 'catalog', 'video', 'feedback', 'admin', 'notifications', 'media-worker'],
    // The configuration's subjects carry no prefix (the server is this file's alone).
    { NATS_URL: nats.url, NATS_SUBJECT_PREFIX: '', REDIS_URL: redis.url, ...ADMIN },
    nats.credentials,
  );
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await redis?.destroy();
  await nats?.stop();
});

const sql = <T>(text: string, values: unknown[] = []) =>
  withClient(stack.database.url, async (client) => (await client.query(text, values)).rows as T[]);

describe('NATS users and a Redis password', () => {
  it('are required: both servers refuse a client without credentials', async () => {
    await expect(connect({ servers: nats.url })).rejects.toThrow(/Authorization Violation/);
    const anonymous = new Redis(redis.url.replace(/\/\/:[^@]*@/, '//'), { lazyConnect: true, maxRetriesPerRequest: 0 });
    anonymous.on('error', () => undefined); // the refusal is asserted on the command below
    try {
      await expect(anonymous.ping()).rejects.toThrow(/NOAUTH/);
    } finally {
      anonymous.disconnect();
    }
    expect(new URL(redis.url).password).not.toBe('');
  });

  it('serve a member end to end: register, link and list a video, give feedback whose events are consumed', async () => {
    const { session: uploader } = await signUpMember(stack.baseUrl);
    const { session: coach, user: coachUser } = await signUpMember(stack.baseUrl);
    const categories = await new HttpSession(stack.baseUrl).get<{ id: number }[]>('/api/categories');
    expect(categories.status).toBe(200);
    const video = await linkYoutubeVideo(uploader, { title: 'Backhand drill', categoryId: categories.body[0]!.id });
    const listed = await new HttpSession(stack.baseUrl).get<VideoDto[]>('/api/videos');
    expect(listed.status).toBe(200);
    expect(listed.body.map((entry) => entry.id)).toContain(video.id);

    const feedback = await coach.post<FeedbackDto>(`/api/videos/${video.id}/feedback`, { content: 'Turn the hips' });
    expect(feedback.status).toBe(201);
    // The feedback.created event went through the password-protected Redis to catalog and auth.
    await eventually(
      async () => (await new HttpSession(stack.baseUrl).get<VideoDto>(`/api/videos/${video.id}`)).body.feedbackCount,
      (count) => count === 1,
      30_000,
    );
    await eventually(
      async () => (await new HttpSession(stack.baseUrl).get<UserDto>(`/api/users/${coachUser.id}`)).body.points,
      (points) => points === 5,
      30_000,
    );
  });

  it("let the admin service send the admin-role command and the deletion saga's steps with its own user", async () => {
    const admin = await signIn(stack.baseUrl, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    expect(admin.user.isAdmin).toBe(true);
    const member = await signUpMember(stack.baseUrl);
    const promoted = await admin.session.request<UserDto>('PATCH', `/api/admin/users/${member.user.id}/toggle-admin`);
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ id: member.user.id, isAdmin: true });

    expect((await admin.session.request('DELETE', `/api/admin/users/${member.user.id}`)).status).toBe(204);
    const deletion = await eventually(
      async () =>
        (
          await sql<{ completedAt: Date | null; lastError: string | null }>(
            'SELECT "completedAt", "lastError" FROM admin.user_deletions WHERE "userId" = $1',
            [member.user.id],
          )
        )[0],
      (row) => Boolean(row?.completedAt),
      30_000,
    );
    expect(deletion?.completedAt).toBeTruthy();
    expect((await new HttpSession(stack.baseUrl).get(`/api/users/${member.user.id}`)).status).toBe(404);
  });
});
