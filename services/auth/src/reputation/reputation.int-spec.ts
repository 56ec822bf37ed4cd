import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { createRedisConnection, RpcClient } from '@app/common';
import {
  DOMAIN_EVENT_QUEUES,
  DOMAIN_EVENTS,
  VIDEO_RPC,
  type AuthorFeedbackStats,
  type DeliveredDomainEvent,
  type PersonState,
  type UploaderVideoStats,
  type UserDto,
} from '@app/contracts';
import {
  eventually,
  firstAdmin,
  HttpSession,
  linkYoutubeVideo,
  signIn,
  signUpMember,
  startStack,
  withClient,
  type TestStack,
} from '@app/testing';

// Members' points and badges as the auth service derives them from the numbers the feedback and
// video services state in their events (and from nothing else of theirs), and the member's public
// face it publishes in its own events, to the end of their account.
const ADMIN = firstAdmin('reputation.admin@example.com');
let stack: TestStack;
let rpc: RpcClient;
let redis: ReturnType<typeof createRedisConnection>;
let queue: Queue;
let categoryId: number;

beforeAll(async () => {
  stack = await startStack('reputation', ['gateway', 'auth', 'catalog', 'video', 'feedback', 'admin'], ADMIN);
  rpc = RpcClient.overNats(
    { NATS_URL: stack.env.NATS_URL!, NATS_SUBJECT_PREFIX: stack.env.NATS_SUBJECT_PREFIX! },
    'gateway',
    { deadlineMs: 5000 },
  );
  redis = createRedisConnection(stack.env.REDIS_URL!, 'reputation-spec');
  queue = new Queue(DOMAIN_EVENT_QUEUES.reputation, { connection: redis, prefix: stack.env.QUEUE_PREFIX });
  categoryId = (await new HttpSession(stack.baseUrl).get<{ id: number }[]>('/api/categories')).body[0]!.id;
}, 120_000);

afterAll(async () => {
  await queue?.close();
  redis?.disconnect();
  await rpc?.onApplicationShutdown();
  await stack?.stop();
});

const sql = <T>(text: string, values: unknown[] = []) =>
  withClient(stack.database.url, async (client) => (await client.query(text, values)).rows as T[]);

const profile = async (userId: string) =>
  (await new HttpSession(stack.baseUrl).get<UserDto>(`/api/users/${userId}`)).body;
const badgesOf = async (userId: string) => (await profile(userId)).badges.map((badge) => badge.badgeType).sort();

const author = (
  userId: string,
  revision: number,
  numbers: Partial<Omit<AuthorFeedbackStats, 'userId' | 'revision'>>,
): AuthorFeedbackStats => ({
  userId,
  revision,
  feedbackGiven: 0,
  helpfulVotesReceived: 0,
  ratingStarsReceived: 0,
  ...numbers,
});
const uploader = (
  userId: string,
  revision: number,
  publishedVideos: number,
  totalViews: number,
): UploaderVideoStats => ({ userId, revision, publishedVideos, totalViews });

let batches = 0;
/** One batch of events, each carrying what it is given, delivered as a relay would; resolves once applied. */
async function deliver(...events: Partial<DeliveredDomainEvent>[]): Promise<void> {
  batches += 1;
  const job = await queue.add(
    'events',
    {
      events: events.map((event, i) => ({
        type: DOMAIN_EVENTS.feedbackRated,
        occurredAt: new Date().toISOString(),
        userIds: [],
        outboxId: `spec:${batches}-${i}`,
        ...event,
      })),
    },
    { jobId: `spec-${batches}` },
  );
  await eventually(
    () => job.getState(),
    (state) => state === 'completed',
  );
}

describe('points', () => {
  it('follow the newest numbers the feedback service stated for the member, whatever order they came in', async () => {
    const { user } = await signUpMember(stack.baseUrl);
    await deliver(
      { authorStats: [author(user.id, 2, { feedbackGiven: 1, helpfulVotesReceived: 1, ratingStarsReceived: 4 })] },
      { authorStats: [author(user.id, 1, { feedbackGiven: 9 })] },
    );
    expect((await profile(user.id)).points).toBe(5 + 2 + 4);

    // Delivered again, or an older statement late: nothing changes.
    await deliver({ authorStats: [author(user.id, 1, { feedbackGiven: 9 })] });
    await deliver({
      authorStats: [author(user.id, 2, { feedbackGiven: 1, helpfulVotesReceived: 1, ratingStarsReceived: 4 })],
    });
    expect((await profile(user.id)).points).toBe(11);

    // The feedback went (its video was deleted): the points go with it.
    await deliver({ type: DOMAIN_EVENTS.feedbackDeleted, authorStats: [author(user.id, 3, {})] });
    expect((await profile(user.id)).points).toBe(0);
  });

  it('held from before the feedback service stated the member’s numbers stay until it does, then follow them', async () => {
    const { user } = await signUpMember(stack.baseUrl);
    // Points an earlier release derived from the feedback rows themselves.
    await sql(`UPDATE auth.users SET points = 12 WHERE id = $1`, [user.id]);
    await deliver({ type: DOMAIN_EVENTS.videoChanged, uploaderStats: uploader(user.id, 1, 1, 7) });
    expect(await profile(user.id)).toMatchObject({
      points: 12,
      badges: [expect.objectContaining({ badgeType: 'first_video' })],
    });
    await deliver({
      type: DOMAIN_EVENTS.feedbackStatsRestated,
      authorStats: [author(user.id, 1, { feedbackGiven: 1, ratingStarsReceived: 3 })],
    });
    expect((await profile(user.id)).points).toBe(5 + 3);
  });

  it('do not come from videos or views', async () => {
    const { user } = await signUpMember(stack.baseUrl);
    await deliver({ authorStats: [author(user.id, 1, { feedbackGiven: 2 })] });
    await deliver({ type: DOMAIN_EVENTS.videoChanged, uploaderStats: uploader(user.id, 1, 3, 500) });
    expect(await profile(user.id)).toMatchObject({ points: 10 });
  });
});

describe('badges', () => {
  it('are earned at the thresholds of published videos, views and feedback given, once, and kept', async () => {
    const { user } = await signUpMember(stack.baseUrl);
    await deliver({ type: DOMAIN_EVENTS.videoPublished, uploaderStats: uploader(user.id, 1, 4, 99) });
    expect(await badgesOf(user.id)).toEqual(['first_video']);

    await deliver(
      { type: DOMAIN_EVENTS.videoChanged, uploaderStats: uploader(user.id, 3, 5, 100) },
      { authorStats: [author(user.id, 1, { feedbackGiven: 20 })] },
      { type: DOMAIN_EVENTS.videoChanged, uploaderStats: uploader(user.id, 2, 4, 99) },
    );
    expect(await badgesOf(user.id)).toEqual(['content_creator', 'first_video', 'popular', 'pro']);
    const earned = (await profile(user.id)).badges;

    // The videos and feedback went: the numbers fall, the badges stay as they were earned.
    await deliver(
      { type: DOMAIN_EVENTS.videoDeleted, uploaderStats: uploader(user.id, 4, 0, 0) },
      { type: DOMAIN_EVENTS.feedbackDeleted, authorStats: [author(user.id, 2, {})] },
    );
    expect((await profile(user.id)).badges).toEqual(earned);
    expect((await profile(user.id)).points).toBe(0);
  });

  it('follow a real video’s publication and views, from the video service’s events', async () => {
    const { session, user } = await signUpMember(stack.baseUrl);
    const video = await linkYoutubeVideo(session, { title: 'Popular drill', categoryId });
    await eventually(
      () => badgesOf(user.id),
      (badges) => badges.join() === 'first_video',
    );
    for (let i = 0; i < 100; i += 10) {
      await Promise.all(
        Array.from({ length: 10 }, (_, j) =>
          rpc.call(VIDEO_RPC.recordView, { videoId: video.id, viewerKey: `v${i + j}` }),
        ),
      );
    }
    await eventually(
      () => badgesOf(user.id),
      (badges) => badges.join() === 'first_video,popular',
    );
  });

  it('and points skip a member the auth service does not know, and apply to the others of the batch', async () => {
    const { user } = await signUpMember(stack.baseUrl);
    const stranger = randomUUID();
    await deliver({
      authorStats: [author(stranger, 1, { feedbackGiven: 50 }), author(user.id, 1, { feedbackGiven: 1 })],
      uploaderStats: uploader(stranger, 1, 5, 1000),
    });
    expect(await profile(user.id)).toMatchObject({ points: 5 });
    expect(await sql(`SELECT 1 FROM auth.member_activity WHERE "userId" = $1`, [stranger])).toEqual([]);
    expect(await sql(`SELECT 1 FROM auth.user_badges WHERE "userId" = $1`, [stranger])).toEqual([]);
  });
});

describe('a member’s public face', () => {
  const personEvents = async (userId: string) =>
    (
      await sql<{ payload: { type: string; userIds: string[]; person: PersonState } }>(
        `SELECT payload FROM auth.outbox WHERE "eventType" = $1 AND payload->'person'->>'id' = $2 ORDER BY id`,
        [DOMAIN_EVENTS.profileChanged, userId],
      )
    ).map((row) => row.payload);

  it('is published as removed, one revision on, when an admin deletes the account, and their numbers go', async () => {
    const admin = await signIn(stack.baseUrl, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    const { session, user } = await signUpMember(stack.baseUrl, { firstName: 'Rene', lastName: 'Moss' });
    await linkYoutubeVideo(session, { title: 'Soon gone', categoryId });
    await eventually(
      () => sql(`SELECT 1 FROM auth.member_activity WHERE "userId" = $1`, [user.id]),
      (rows) => rows.length === 1,
    );
    const [registered] = await personEvents(user.id);
    expect(registered).toMatchObject({
      userIds: [user.id],
      person: { id: user.id, firstName: 'Rene', lastName: 'Moss', image: null, removed: false },
    });

    expect((await admin.session.delete(`/api/admin/users/${user.id}`)).status).toBe(204);
    const events = await eventually(
      () => personEvents(user.id),
      (recorded) => recorded.some((event) => event.person.removed),
      30_000,
    );
    expect(events.at(-1)).toMatchObject({
      type: DOMAIN_EVENTS.profileChanged,
      userIds: [user.id],
    });
    expect(events.at(-1)).toEqual({
      ...events.at(-1),
      person: {
        id: user.id,
        revision: registered!.person.revision + 1,
        firstName: null,
        lastName: null,
        image: null,
        removed: true,
      },
    });
    expect(await sql(`SELECT 1 FROM auth.member_activity WHERE "userId" = $1`, [user.id])).toEqual([]);
  });
});
