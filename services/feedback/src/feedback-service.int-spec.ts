import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import {
  ANNOTATION_MESSAGES,
  AUTH_RPC,
  DOMAIN_EVENT_QUEUES,
  DOMAIN_EVENTS,
  FEEDBACK_MESSAGES,
  FEEDBACK_RPC,
  VIDEO_RPC,
  type AuthorFeedbackStats,
  type CreateFeedbackMessage,
  type DomainEvent,
  type DomainEventQueueName,
  type DomainEventType,
  type FeedbackDrawing,
  type FeedbackDto,
  type PersonState,
  type RpcPayload,
  type UserDto,
  type VideoFeedbackStats,
  type VideoState,
} from '@app/contracts';
import {
  JobQueues,
  NamespacedNatsServer,
  NotFoundError,
  Rpc,
  RpcClient,
  RpcDomainExceptionFilter,
  natsConnectionOptions,
} from '@app/common';
import { createDataSource, localServiceDatabaseUrls, provisionServiceDatabases } from '@app/database';
import {
  createIsolatedDatabase,
  eventually,
  startStack,
  withClient,
  type IsolatedDatabase,
  type TestStack,
} from '@app/testing';
import { FEEDBACK_DATABASE } from './db/feedback-database.js';
import { FeedbackSchema1764000000000 } from './db/migrations/1764000000000-feedback-schema.js';

// The feedback service as a real process on real PostgreSQL, Redis and NATS; its neighbours are
// played by the test: the gateway (calls), the video service and auth (what they answer when the
// read model asks them), and the relay (event batches on the read model's and the deletions'
// queues). What is asserted is what others observe: answers, and the events in the outbox.

let stack: TestStack;
let gateway: RpcClient;
let queues: JobQueues;
let owners: INestMicroservice;

/** What the video service and auth answer, and what they were asked. */
const videoStates = new Map<number, VideoState>();
const users = new Map<string, Pick<UserDto, 'id' | 'firstName' | 'lastName' | 'profileImageUrl'>>();
const asked: { video: number[]; user: string[] } = { video: [], user: [] };

@Controller()
class OwnersStub {
  @Rpc(VIDEO_RPC.getState)
  getState({ videoId }: RpcPayload<typeof VIDEO_RPC.getState>) {
    asked.video.push(videoId);
    return { video: videoStates.get(videoId) ?? null };
  }

  @Rpc(AUTH_RPC.getUser)
  getUser({ userId }: RpcPayload<typeof AUTH_RPC.getUser>) {
    asked.user.push(userId);
    const user = users.get(userId);
    if (!user) throw new NotFoundError('user');
    return user as UserDto;
  }
}

@Module({ controllers: [OwnersStub] })
class OwnersStubModule {}

beforeAll(async () => {
  stack = await startStack('feedback-service', ['feedback']);
  const nats = { NATS_URL: stack.env.NATS_URL!, NATS_SUBJECT_PREFIX: stack.env.NATS_SUBJECT_PREFIX! };
  owners = await NestFactory.createMicroservice(OwnersStubModule, {
    strategy: new NamespacedNatsServer(nats.NATS_SUBJECT_PREFIX, natsConnectionOptions(nats, 'video')),
    logger: false,
  });
  owners.useGlobalFilters(new RpcDomainExceptionFilter());
  await owners.listen();
  gateway = RpcClient.overNats(nats, 'gateway', { deadlineMs: 10_000 });
  queues = new JobQueues({
    app: 'feedback-spec',
    redisUrl: stack.env.REDIS_URL!,
    prefix: stack.env.QUEUE_PREFIX!,
    consumes: [],
  });
});

afterAll(async () => {
  await queues?.beforeApplicationShutdown();
  queues?.onApplicationShutdown();
  await gateway?.onApplicationShutdown();
  await owners?.close();
  await stack?.stop();
});

const sql = <T>(text: string, values: unknown[] = []) =>
  withClient(stack.database.url, async (client) => (await client.query(text, values)).rows as T[]);

const videoState = (fields: Partial<VideoState> & Pick<VideoState, 'id' | 'uploaderId'>): VideoState => ({
  revision: 1,
  title: `Video ${fields.id}`,
  description: null,
  categoryId: null,
  youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ',
  videoUrl: null,
  thumbnailUrl: null,
  hasStoredVideo: false,
  hasStoredThumbnail: false,
  thumbnailData: null,
  duration: null,
  processingState: 'ready',
  hasFileError: false,
  views: 0,
  feedbackCount: 0,
  averageRating: 0,
  createdAt: new Date().toISOString(),
  ...fields,
});

let nextVideoId = 1000;
/** A video the video service knows (and answers getState for); the read model has not heard of it. */
function publishedVideo(uploaderId = member(), fields: Partial<VideoState> = {}): VideoState {
  const video = videoState({ id: nextVideoId++, uploaderId, ...fields });
  videoStates.set(video.id, video);
  return video;
}

/** A member auth knows, named. */
function member(firstName: string | null = 'Member', lastName: string | null = null): string {
  const id = randomUUID();
  users.set(id, { id, firstName, lastName, profileImageUrl: null });
  return id;
}

const actor = (id: string) => ({ id, isAdmin: false });
const give = (authorId: string, videoId: number, content = `Tip ${randomUUID()}`) =>
  gateway.call(FEEDBACK_RPC.create, { actor: actor(authorId), videoId, content });
const rate = (raterId: string, feedbackId: number, rating: number) =>
  gateway.call(FEEDBACK_RPC.rate, { actor: actor(raterId), id: feedbackId, rating });
const vote = (userId: string, feedbackId: number) =>
  gateway.call(FEEDBACK_RPC.vote, { actor: actor(userId), id: feedbackId });
const listForVideo = async (videoId: number, viewerId: string | null = null) =>
  (await gateway.call(FEEDBACK_RPC.listByVideo, { videoId, viewerId })).items;
const listByAuthor = async (userId: string) => (await gateway.call(FEEDBACK_RPC.listByAuthor, { userId })).items;
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { code?: string }) => error.code,
  );

/** The events of a type recorded in the feedback service's outbox, oldest first. */
async function recorded(type: DomainEventType, where: (event: DomainEvent) => boolean = () => true) {
  const rows = await sql<{ payload: DomainEvent }>(
    `SELECT payload FROM feedback.outbox WHERE "eventType" = $1 ORDER BY id`,
    [type],
  );
  return rows.map((row) => row.payload).filter(where);
}
const only = <T>(items: T[]): T => {
  expect(items).toHaveLength(1);
  return items[0]!;
};

/** Plays the relay: one batch of events on a queue, waited for until the service has applied it. */
let batch = 0;
async function deliver(queue: DomainEventQueueName, events: Omit<DomainEvent, 'occurredAt' | 'userIds'>[]) {
  batch += 1;
  const job = await queues.add(
    queue,
    'events',
    {
      events: events.map((event, i) => ({
        occurredAt: new Date().toISOString(),
        userIds: [],
        ...event,
        outboxId: `spec:${batch}:${i}`,
      })),
    },
    `spec-${batch}`,
  );
  await eventually(
    () => job.getState(),
    (state) => state === 'completed' || state === 'failed',
  );
  expect(await job.getState()).toBe('completed');
}

const videoStatsRow = async (videoId: number) =>
  (await sql<VideoFeedbackStats>(`SELECT * FROM feedback.video_stats WHERE "videoId" = $1`, [videoId]))[0];
const authorStatsRow = async (userId: string) =>
  (await sql<AuthorFeedbackStats>(`SELECT * FROM feedback.author_stats WHERE "userId" = $1`, [userId]))[0];

describe('the numbers on the events', () => {
  it('carries the exact numbers of the video and the author, each at a higher revision, on every fact', async () => {
    const video = publishedVideo();
    const [coach, other, fan, critic] = [member(), member(), member(), member()];

    const first = await give(coach, video.id);
    expect(only(await recorded(DOMAIN_EVENTS.feedbackCreated, (e) => e.feedbackId === first.id))).toMatchObject({
      feedbackId: first.id,
      videoId: video.id,
      userIds: [coach],
      videoStats: [{ videoId: video.id, revision: 1, feedbackCount: 1, averageRating: 0 }],
      authorStats: [{ userId: coach, revision: 1, feedbackGiven: 1, helpfulVotesReceived: 0, ratingStarsReceived: 0 }],
    });

    const second = await give(other, video.id);
    expect(only(await recorded(DOMAIN_EVENTS.feedbackCreated, (e) => e.feedbackId === second.id))).toMatchObject({
      videoStats: [{ videoId: video.id, revision: 2, feedbackCount: 2, averageRating: 0 }],
      authorStats: [{ userId: other, revision: 1, feedbackGiven: 1, helpfulVotesReceived: 0, ratingStarsReceived: 0 }],
    });

    await rate(fan, first.id, 5);
    expect(only(await recorded(DOMAIN_EVENTS.feedbackRated, (e) => e.feedbackId === first.id))).toMatchObject({
      feedbackId: first.id,
      videoId: video.id,
      userIds: [coach],
      videoStats: [{ videoId: video.id, revision: 3, feedbackCount: 2, averageRating: 5 }],
      authorStats: [{ userId: coach, revision: 2, feedbackGiven: 1, helpfulVotesReceived: 0, ratingStarsReceived: 5 }],
    });
    // The video's mean is over every rating of its feedback: (5 + 2) / 2.
    await rate(critic, second.id, 2);
    expect(only(await recorded(DOMAIN_EVENTS.feedbackRated, (e) => e.feedbackId === second.id))).toMatchObject({
      videoStats: [{ videoId: video.id, revision: 4, feedbackCount: 2, averageRating: 3.5 }],
      authorStats: [{ userId: other, revision: 2, feedbackGiven: 1, helpfulVotesReceived: 0, ratingStarsReceived: 2 }],
    });

    // A vote changes no video's numbers: only the author's travel.
    await vote(fan, first.id);
    expect(only(await recorded(DOMAIN_EVENTS.feedbackVoted, (e) => e.feedbackId === first.id))).toMatchObject({
      feedbackId: first.id,
      videoId: video.id,
      userIds: [coach],
      videoStats: [],
      authorStats: [{ userId: coach, revision: 3, feedbackGiven: 1, helpfulVotesReceived: 1, ratingStarsReceived: 5 }],
    });
    // What is stored is what was published last.
    expect(await videoStatsRow(video.id)).toEqual({
      videoId: video.id,
      revision: 4,
      feedbackCount: 2,
      averageRating: 3.5,
    });
    expect(await authorStatsRow(coach)).toEqual({
      userId: coach,
      revision: 3,
      feedbackGiven: 1,
      helpfulVotesReceived: 1,
      ratingStarsReceived: 5,
      appliedReceived: 0,
    });
  });

  it('gives every one of many simultaneous ratings its own revision, the newest counting them all', async () => {
    const video = publishedVideo();
    const coaches = [member(), member()];
    const given = [await give(coaches[0]!, video.id), await give(coaches[1]!, video.id)];
    const raters = Array.from({ length: 15 }, () => member());
    const stars = raters.map((_, i) => (i % 5) + 1);

    // Every rater rates both pieces of feedback, all at once: ratings of two feedback rows, of
    // one video and two authors, racing for the same stats rows.
    await Promise.all(
      raters.flatMap((rater, i) => given.map((feedback, j) => rate(rater, feedback.id, j === 0 ? stars[i]! : 3))),
    );

    const events = await recorded(DOMAIN_EVENTS.feedbackRated, (e) => e.videoId === video.id);
    expect(events).toHaveLength(30);
    const videoRevisions = events.map((e) => only(e.videoStats!).revision).sort((a, b) => a - b);
    // The two creations had revisions 1 and 2; then one per rating, none shared, none skipped.
    expect(videoRevisions).toEqual(Array.from({ length: 30 }, (_, i) => i + 3));
    const newest = events.find((e) => e.videoStats![0]!.revision === 32)!;
    const mean = (stars.reduce((sum, s) => sum + s, 0) + 3 * raters.length) / (2 * raters.length);
    expect(newest.videoStats![0]!.averageRating).toBeCloseTo(mean, 5);
    // A later revision never counts less than an earlier one.
    const sums = events
      .map((e) => e.authorStats![0]!)
      .filter((stats) => stats.userId === coaches[0])
      .sort((a, b) => a.revision - b.revision)
      .map((stats) => stats.ratingStarsReceived);
    expect(sums).toEqual([...sums].sort((a, b) => a - b));
    expect(sums.at(-1)).toBe(stars.reduce((sum, s) => sum + s, 0));
    expect(await authorStatsRow(coaches[1]!)).toMatchObject({ revision: 16, ratingStarsReceived: 45 });
  });

  it('publishes the numbers without a deleted member’s feedback, votes and ratings', async () => {
    const video = publishedVideo();
    const otherVideo = publishedVideo();
    const [coach, leaving, fan] = [member(), member(), member()];
    const coachFeedback = await give(coach, video.id);
    const leavingFeedback = await give(leaving, otherVideo.id);
    await rate(fan, coachFeedback.id, 4);
    await rate(leaving, coachFeedback.id, 2);
    await vote(leaving, coachFeedback.id);
    await rate(fan, leavingFeedback.id, 5);
    await vote(fan, leavingFeedback.id);

    expect(await gateway.call(FEEDBACK_RPC.deleteAllOfMember, { userId: leaving })).toEqual({ removed: 3 });

    // The coach's feedback lost a rating of 2 and a vote: the video's mean is the fan's 4 again.
    expect(
      only(await recorded(DOMAIN_EVENTS.reactionsWithdrawn, (e) => e.feedbackId === coachFeedback.id)),
    ).toMatchObject({
      videoId: video.id,
      userIds: [coach],
      videoStats: [{ videoId: video.id, feedbackCount: 1, averageRating: 4 }],
      authorStats: [{ userId: coach, feedbackGiven: 1, helpfulVotesReceived: 0, ratingStarsReceived: 4 }],
    });
    // Their own feedback went: the other video has none left, and they have earned nothing.
    expect(only(await recorded(DOMAIN_EVENTS.feedbackDeleted, (e) => e.videoId === otherVideo.id))).toMatchObject({
      userIds: [],
      videoStats: [{ videoId: otherVideo.id, feedbackCount: 0, averageRating: 0 }],
      authorStats: [{ userId: leaving, feedbackGiven: 0, helpfulVotesReceived: 0, ratingStarsReceived: 0 }],
    });
    // Each at a revision above the one published before.
    expect((await videoStatsRow(video.id))!.revision).toBe(4);
    expect((await authorStatsRow(coach))!.revision).toBe(5);

    // Run again (a retried saga step): nothing left, nothing recorded.
    expect(await gateway.call(FEEDBACK_RPC.deleteAllOfMember, { userId: leaving })).toEqual({ removed: 0 });
    expect(await recorded(DOMAIN_EVENTS.feedbackDeleted, (e) => e.videoId === otherVideo.id)).toHaveLength(1);
  });

  it('publishes the authors’ numbers without the feedback of a deleted video, and forgets the video’s', async () => {
    const video = publishedVideo();
    const kept = publishedVideo();
    const [coach, fan] = [member(), member()];
    const removed = await give(coach, video.id);
    await give(coach, kept.id);
    await rate(fan, removed.id, 5);
    await vote(fan, removed.id);

    await deliver(DOMAIN_EVENT_QUEUES.feedbackVideoDeletions, [
      { type: DOMAIN_EVENTS.videoDeleted, videoId: video.id, video: { ...video, revision: 2 } },
    ]);

    expect(only(await recorded(DOMAIN_EVENTS.feedbackDeleted, (e) => e.videoId === video.id))).toMatchObject({
      userIds: [coach],
      videoStats: [],
      authorStats: [{ userId: coach, feedbackGiven: 1, helpfulVotesReceived: 0, ratingStarsReceived: 0 }],
    });
    expect(await videoStatsRow(video.id)).toBeUndefined();
    expect(await videoStatsRow(kept.id)).toMatchObject({ feedbackCount: 1 });
  });
});

describe('the read model', () => {
  it('keeps the newest person, and a removal against every older state', async () => {
    const uploader = member();
    const video = publishedVideo(uploader);
    const author = member('Dana', 'Reyes');
    await give(author, video.id);
    const person = (revision: number, firstName: string | null, removed = false): PersonState => ({
      id: author,
      revision,
      firstName,
      lastName: 'Reyes',
      image: removed ? null : `/api/users/${author}/image?v=${revision}`,
      removed,
    });
    const shownName = async () => only(await listForVideo(video.id)).authorName;
    expect(await shownName()).toBe('Dana Reyes');

    await deliver(DOMAIN_EVENT_QUEUES.feedbackReadModel, [
      { type: DOMAIN_EVENTS.profileChanged, person: person(3, 'Danielle') },
      { type: DOMAIN_EVENTS.profileChanged, person: person(2, 'Dani') },
    ]);
    expect(only(await listForVideo(video.id))).toMatchObject({
      authorName: 'Danielle Reyes',
      authorImage: `/api/users/${author}/image?v=3`,
    });
    // Older, delivered late: ignored.
    await deliver(DOMAIN_EVENT_QUEUES.feedbackReadModel, [
      { type: DOMAIN_EVENTS.profileChanged, person: person(2, 'Dani') },
    ]);
    expect(await shownName()).toBe('Danielle Reyes');

    await deliver(DOMAIN_EVENT_QUEUES.feedbackReadModel, [
      { type: DOMAIN_EVENTS.profileChanged, person: { ...person(4, null, true), lastName: null } },
    ]);
    await deliver(DOMAIN_EVENT_QUEUES.feedbackReadModel, [
      { type: DOMAIN_EVENTS.profileChanged, person: person(3, 'Danielle') },
    ]);
    expect(await sql(`SELECT revision, "firstName", removed FROM feedback.people WHERE id = $1`, [author])).toEqual([
      { revision: 4, firstName: null, removed: true },
    ]);
    // A tombstone is a known person: nobody is asked about them again, and no name is shown.
    asked.user.length = 0;
    expect(only(await listForVideo(video.id))).toMatchObject({ authorId: author, authorName: null });
    expect(asked.user).toEqual([]);
  });

  it('keeps a deleted video deleted, whatever arrives late', async () => {
    const uploader = member();
    const video = videoState({ id: nextVideoId++, uploaderId: uploader, revision: 1, title: 'Serve' });
    const fan = member();

    await deliver(DOMAIN_EVENT_QUEUES.feedbackReadModel, [{ type: DOMAIN_EVENTS.videoPublished, video }]);
    asked.video.length = 0;
    // Known from the event alone: the video service is never asked (it would not know the video).
    const given = await give(fan, video.id);
    expect(given.videoId).toBe(video.id);
    expect(asked.video).toEqual([]);
    expect(await listByAuthor(fan)).toEqual([expect.objectContaining({ videoId: video.id, videoTitle: 'Serve' })]);

    await deliver(DOMAIN_EVENT_QUEUES.feedbackReadModel, [
      { type: DOMAIN_EVENTS.videoDeleted, video: { ...video, revision: 3 } },
      { type: DOMAIN_EVENTS.videoChanged, video: { ...video, revision: 2, title: 'Serve, edited' } },
    ]);
    await deliver(DOMAIN_EVENT_QUEUES.feedbackReadModel, [
      { type: DOMAIN_EVENTS.videoChanged, video: { ...video, revision: 2, title: 'Serve, edited' } },
    ]);
    expect(await failureOf(listForVideo(video.id))).toBe('NOT_FOUND');
    expect(await failureOf(give(member(), video.id))).toBe('NOT_FOUND');
    // Its feedback, until the deletion consumer removes it, is not listed either.
    expect(await listByAuthor(fan)).toEqual([]);
    expect(asked.video).toEqual([]);
    expect(
      await sql(`SELECT revision, title, removed FROM feedback.video_summaries WHERE id = $1`, [video.id]),
    ).toEqual([{ revision: 3, title: 'Serve', removed: true }]);
  });

  it('shows a category until it is deleted, and a deleted one as none', async () => {
    const category = { id: 7001, revision: 1, name: 'Golf', icon: '⛳', removed: false };
    await deliver(DOMAIN_EVENT_QUEUES.feedbackReadModel, [{ type: DOMAIN_EVENTS.categoryChanged, category }]);
    const video = publishedVideo(member(), { categoryId: category.id });
    const coach = member();
    await give(coach, video.id);
    expect(only(await listByAuthor(coach))).toMatchObject({ categoryName: 'Golf', categoryIcon: '⛳' });

    await deliver(DOMAIN_EVENT_QUEUES.feedbackReadModel, [
      { type: DOMAIN_EVENTS.categoryDeleted, category: { ...category, revision: 2, removed: true } },
    ]);
    await deliver(DOMAIN_EVENT_QUEUES.feedbackReadModel, [{ type: DOMAIN_EVENTS.categoryChanged, category }]);
    expect(only(await listByAuthor(coach))).toMatchObject({
      videoTitle: video.title,
      categoryName: null,
      categoryIcon: null,
    });
  });
});

describe('asking the owners about what no event has brought yet', () => {
  it('asks the video service about an unknown video once, stores its state, and lets only newer events replace it', async () => {
    const uploader = member();
    const video = publishedVideo(uploader, { revision: 5, title: 'Backhand' });
    const coach = member('Cleo', 'Park');
    asked.video.length = 0;
    asked.user.length = 0;

    const first = await give(coach, video.id, 'Turn the shoulders earlier');
    // The answer, read right after the insert, names its author: auth was asked before.
    expect(first).toMatchObject({ videoId: video.id, authorId: coach, authorName: 'Cleo Park' });
    expect(await listForVideo(video.id)).toEqual([first]);
    await give(coach, video.id);
    expect(asked.video).toEqual([video.id]);
    expect(asked.user).toEqual([coach]);
    expect(await sql(`SELECT revision, removed FROM feedback.people WHERE id = $1`, [coach])).toEqual([
      { revision: 0, removed: false },
    ]);

    // An older state delivered after the answer changes nothing; a newer one wins.
    await deliver(DOMAIN_EVENT_QUEUES.feedbackReadModel, [
      { type: DOMAIN_EVENTS.videoChanged, video: { ...video, revision: 4, title: 'Old title' } },
    ]);
    expect((await listByAuthor(coach)).map((item) => item.videoTitle)).toEqual(['Backhand', 'Backhand']);
    await deliver(DOMAIN_EVENT_QUEUES.feedbackReadModel, [
      { type: DOMAIN_EVENTS.videoChanged, video: { ...video, revision: 6, title: 'Backhand slice' } },
    ]);
    expect((await listByAuthor(coach)).map((item) => item.videoTitle)).toEqual(['Backhand slice', 'Backhand slice']);
    // The person learned from auth (revision 0) gives way to the first real state.
    await deliver(DOMAIN_EVENT_QUEUES.feedbackReadModel, [
      {
        type: DOMAIN_EVENTS.profileChanged,
        person: { id: coach, revision: 1, firstName: 'Cleo', lastName: 'Parker', image: null, removed: false },
      },
    ]);
    expect((await listForVideo(video.id)).map((item) => item.authorName)).toEqual(['Cleo Parker', 'Cleo Parker']);
  });

  it('answers not found for a video its owner does not know, and stores nothing', async () => {
    const id = nextVideoId++;
    expect(await failureOf(give(member(), id))).toBe('NOT_FOUND');
    expect(await failureOf(listForVideo(id))).toBe('NOT_FOUND');
    expect(await sql(`SELECT 1 FROM feedback.video_summaries WHERE id = $1`, [id])).toEqual([]);
  });

  it('lists feedback on a video the read model has not heard of, under the author’s profile', async () => {
    const video = publishedVideo(member(), { title: 'Driver swing' });
    const author = member();
    await give(author, video.id);
    // As if the video had been learned of by no one: the author's list asks the video service.
    await sql(`DELETE FROM feedback.video_summaries WHERE id = $1`, [video.id]);
    asked.video.length = 0;
    expect(only(await listByAuthor(author))).toMatchObject({ videoId: video.id, videoTitle: 'Driver swing' });
    expect(asked.video).toEqual([video.id]);
  });

  it('never hides feedback whose author is unknown, and names them once auth has said who they are', async () => {
    const video = publishedVideo();
    const stranger = randomUUID(); // auth cannot say who this is yet
    const given = await give(stranger, video.id);
    expect(given).toMatchObject({ authorId: stranger, authorName: null });
    expect((await listForVideo(video.id)).map((item: FeedbackDto) => [item.id, item.authorName])).toEqual([
      [given.id, null],
    ]);

    users.set(stranger, { id: stranger, firstName: 'Nora', lastName: 'Kim', profileImageUrl: null });
    expect((await listForVideo(video.id)).map((item: FeedbackDto) => [item.id, item.authorName])).toEqual([
      [given.id, 'Nora Kim'],
    ]);
  });
});

describe('time codes and drawings', () => {
  const DRAWING: FeedbackDrawing = {
    frame: 29,
    shapes: [
      {
        type: 'angle',
        points: [
          [0.2, 0.8],
          [0.5, 0.5],
          [0.8, 0.8],
        ],
        color: '#fa8072',
        label: 'hip',
      },
      {
        type: 'freehand',
        points: [
          [0.1, 0.1],
          [0.1234567890123, 0.98765432101],
        ],
        color: '#00ff00',
      },
    ],
  };
  const annotated = (authorId: string, videoId: number, fields: Partial<CreateFeedbackMessage>) =>
    gateway.call(FEEDBACK_RPC.create, { actor: actor(authorId), videoId, content: 'Here', ...fields });
  const messageOf = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: { code?: string; message?: string }) => `${error.code}: ${error.message}`,
    );
  const fileVideo = (fields: Partial<VideoState> = {}) =>
    publishedVideo(member(), { youtubeUrl: null, hasStoredVideo: true, duration: 2, frameCount: 60, ...fields });

  it('stores them with the feedback and lists them exactly as given, a moment without an end', async () => {
    const video = fileVideo();
    const coach = member();
    const ranged = await annotated(coach, video.id, { timecode: { start: 0.5, end: 1.75 }, drawing: DRAWING });
    expect(ranged).toMatchObject({ timecode: { start: 0.5, end: 1.75 }, drawing: DRAWING });
    const moment = await annotated(coach, video.id, { content: 'And here', timecode: { start: 1 } });
    expect(moment.timecode).toStrictEqual({ start: 1 });
    expect(moment.drawing).toBeNull();
    const listed = await listForVideo(video.id);
    expect(listed.find((item) => item.id === ranged.id)).toEqual(ranged);
    expect(listed.find((item) => item.id === moment.id)).toEqual(moment);
    expect(
      await sql(`SELECT "timecodeStart", "timecodeEnd", drawing FROM feedback.feedback WHERE id = $1`, [ranged.id]),
    ).toEqual([{ timecodeStart: 0.5, timecodeEnd: 1.75, drawing: DRAWING }]);
  });

  it('refuses the same short comment only with the same time code and drawing, however the drawing’s keys are ordered', async () => {
    const video = fileVideo();
    const coach = member();
    await annotated(coach, video.id, { content: 'Here', timecode: { start: 1 }, drawing: DRAWING });
    const reordered = {
      shapes: DRAWING.shapes.map(({ color, points, type, label }) => ({ label, color, points, type })),
      frame: 29,
    };
    expect(await messageOf(annotated(coach, video.id, { timecode: { start: 1 }, drawing: reordered }))).toBe(
      `CONFLICT: ${FEEDBACK_MESSAGES.duplicate}`,
    );
    // Another moment, a range from it, another frame, no drawing, nothing at all: each is new.
    await annotated(coach, video.id, { timecode: { start: 1.04 }, drawing: DRAWING });
    await annotated(coach, video.id, { timecode: { start: 1, end: 2 }, drawing: DRAWING });
    await annotated(coach, video.id, { timecode: { start: 1 }, drawing: { ...DRAWING, frame: 30 } });
    await annotated(coach, video.id, { timecode: { start: 1 } });
    await annotated(coach, video.id, {});
    expect(await messageOf(annotated(coach, video.id, {}))).toBe(`CONFLICT: ${FEEDBACK_MESSAGES.duplicate}`);
    expect(await listForVideo(video.id)).toHaveLength(6);
  });

  it('checks them against the duration, frame count and kind the video’s events carried', async () => {
    const coach = member();
    const uploader = member();
    const file = videoState({ id: nextVideoId++, uploaderId: uploader, youtubeUrl: null, duration: 3, frameCount: 90 });
    const link = videoState({ id: nextVideoId++, uploaderId: uploader });
    await deliver(DOMAIN_EVENT_QUEUES.feedbackReadModel, [
      { type: DOMAIN_EVENTS.videoPublished, video: file },
      { type: DOMAIN_EVENTS.videoPublished, video: link },
    ]);
    asked.video.length = 0;
    const refused = (videoId: number, fields: Partial<CreateFeedbackMessage>) =>
      messageOf(annotated(coach, videoId, fields));
    expect(await refused(file.id, { timecode: { start: 3.6 } })).toBe(
      `VALIDATION: ${ANNOTATION_MESSAGES.timecodeBeyondVideo}`,
    );
    expect(await refused(file.id, { timecode: { start: 1, end: 4 } })).toBe(
      `VALIDATION: ${ANNOTATION_MESSAGES.timecodeBeyondVideo}`,
    );
    expect(await refused(file.id, { drawing: { ...DRAWING, frame: 90 } })).toBe(
      `VALIDATION: ${ANNOTATION_MESSAGES.drawingFrameBeyondVideo}`,
    );
    expect(await refused(link.id, { drawing: { ...DRAWING, frame: 0 } })).toBe(
      `VALIDATION: ${ANNOTATION_MESSAGES.drawingOnLinkedVideo}`,
    );
    expect(
      (await annotated(coach, file.id, { timecode: { start: 2, end: 3.5 }, drawing: { ...DRAWING, frame: 89 } }))
        .drawing,
    ).toEqual({ ...DRAWING, frame: 89 });
    // A link's duration is not known: any time code within a day is taken.
    expect((await annotated(coach, link.id, { timecode: { start: 3000 } })).timecode).toEqual({ start: 3000 });
    expect(await listForVideo(file.id)).toHaveLength(1);
    expect(asked.video).toEqual([]);

    // Once the video service has measured frames, the newer state carries them; before, nothing was known.
    const unmeasured = videoState({ id: nextVideoId++, uploaderId: uploader, youtubeUrl: null, duration: null });
    await deliver(DOMAIN_EVENT_QUEUES.feedbackReadModel, [{ type: DOMAIN_EVENTS.videoPublished, video: unmeasured }]);
    await annotated(coach, unmeasured.id, { timecode: { start: 50 }, drawing: { ...DRAWING, frame: 5000 } });
    await deliver(DOMAIN_EVENT_QUEUES.feedbackReadModel, [
      { type: DOMAIN_EVENTS.videoChanged, video: { ...unmeasured, revision: 2, duration: 4, frameCount: 100 } },
    ]);
    expect(await refused(unmeasured.id, { content: 'Again', drawing: { ...DRAWING, frame: 5000 } })).toBe(
      `VALIDATION: ${ANNOTATION_MESSAGES.drawingFrameBeyondVideo}`,
    );
  });

  it('asks the video service again about a video stored before these facts were kept, once', async () => {
    const coach = member();
    const link = publishedVideo(member());
    await give(member(), link.id);
    // As the migration leaves a row stored before it: the facts unknown.
    await sql(
      `UPDATE feedback.video_summaries SET duration = NULL, "frameCount" = NULL, "isLink" = NULL WHERE id = $1`,
      [link.id],
    );
    asked.video.length = 0;
    expect(await messageOf(annotated(coach, link.id, { drawing: { ...DRAWING, frame: 0 } }))).toBe(
      `VALIDATION: ${ANNOTATION_MESSAGES.drawingOnLinkedVideo}`,
    );
    expect(await sql(`SELECT revision, "isLink" FROM feedback.video_summaries WHERE id = $1`, [link.id])).toEqual([
      { revision: link.revision, isLink: true },
    ]);
    await annotated(coach, link.id, { timecode: { start: 12 } });
    expect(asked.video).toEqual([link.id]);
  });
});

describe('the backfill', () => {
  let db: IsolatedDatabase;
  let backfilled: TestStack | undefined;

  afterAll(async () => {
    await backfilled?.stop();
    await db?.drop();
  });

  it('publishes the numbers of the feedback given before they were kept, once, at revision 1', async () => {
    db = await createIsolatedDatabase('feedback-backfill');
    const serviceUrls = localServiceDatabaseUrls(db.url);
    await provisionServiceDatabases({ adminUrl: db.url, serviceUrls });
    // The schema as the release before this one left it.
    const before: DataSource = createDataSource({
      url: serviceUrls.feedback,
      applicationName: 'feedback-backfill-spec',
      database: { ...FEEDBACK_DATABASE, migrations: [FeedbackSchema1764000000000] },
    });
    await before.initialize();
    const [ana, ben, rater1, rater2] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    try {
      await before.runMigrations();
      const insert = async (videoId: number, authorId: string) =>
        (
          (await before.query(
            `INSERT INTO feedback (content, "videoId", "authorId") VALUES ('x', $1, $2) RETURNING id`,
            [videoId, authorId],
          )) as { id: number }[]
        )[0]!.id;
      const a1 = await insert(11, ana);
      const a2 = await insert(12, ana);
      const b1 = await insert(11, ben);
      await before.query(
        `INSERT INTO feedback_ratings ("feedbackId", "raterId", rating) VALUES ($1, $4, 5), ($1, $5, 4), ($2, $4, 1), ($3, $4, 3)`,
        [a1, a2, b1, rater1, rater2],
      );
      await before.query(`INSERT INTO feedback_votes ("feedbackId", "userId") VALUES ($1, $3), ($1, $4), ($2, $3)`, [
        a1,
        b1,
        rater1,
        rater2,
      ]);
    } finally {
      await before.destroy();
    }

    backfilled = await startStack('feedback-backfill', ['feedback'], { DATABASE_URL: db.url });

    const adminSql = <T>(text: string) => withClient(db.url, async (client) => (await client.query(text)).rows as T[]);
    const restated = (
      await adminSql<{ payload: DomainEvent }>(
        `SELECT payload FROM feedback.outbox WHERE "eventType" = 'feedback.stats-restated.v1' ORDER BY id`,
      )
    ).map((row) => row.payload);
    const occurredAt = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const [first, second] = [ana, ben].sort();
    const authorNumbers: Record<string, AuthorFeedbackStats> = {
      [ana]: { userId: ana, revision: 1, feedbackGiven: 2, helpfulVotesReceived: 2, ratingStarsReceived: 10 },
      [ben]: { userId: ben, revision: 1, feedbackGiven: 1, helpfulVotesReceived: 1, ratingStarsReceived: 3 },
    };
    expect(restated).toEqual([
      {
        type: DOMAIN_EVENTS.feedbackStatsRestated,
        occurredAt,
        videoId: 11,
        userIds: [],
        videoStats: [{ videoId: 11, revision: 1, feedbackCount: 2, averageRating: 4 }],
        authorStats: [],
      },
      {
        type: DOMAIN_EVENTS.feedbackStatsRestated,
        occurredAt,
        videoId: 12,
        userIds: [],
        videoStats: [{ videoId: 12, revision: 1, feedbackCount: 1, averageRating: 1 }],
        authorStats: [],
      },
      ...[first!, second!].map((userId) => ({
        type: DOMAIN_EVENTS.feedbackStatsRestated,
        occurredAt,
        userIds: [userId],
        videoStats: [],
        authorStats: [authorNumbers[userId]],
      })),
    ]);
    expect(await adminSql(`SELECT * FROM feedback.video_stats ORDER BY "videoId"`)).toEqual([
      { videoId: 11, revision: 1, feedbackCount: 2, averageRating: 4 },
      { videoId: 12, revision: 1, feedbackCount: 1, averageRating: 1 },
    ]);
  });
});
