import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { createRedisConnection, RpcClient } from '@app/common';
import {
  DOMAIN_EVENT_QUEUES,
  DOMAIN_EVENTS,
  VIDEO_RPC,
  type DeliveredDomainEvent,
  type DomainEvent,
  type VideoDto,
  type VideoFeedbackStats,
} from '@app/contracts';
import {
  eventually,
  HttpSession,
  linkYoutubeVideo,
  makeTestVideo,
  signUpMember,
  startStack,
  withClient,
  type TestStack,
} from '@app/testing';

// What the video service publishes of its videos (event-carried state): every change of a video
// recorded with its state at a higher revision and its uploader's numbers, as the other services
// receive them from its outbox; and the feedback numbers it keeps from the feedback service's events.
let stack: TestStack;
let rpc: RpcClient;
let scratch: string;
let categoryId: number;

beforeAll(async () => {
  stack = await startStack('video-state', ['gateway', 'auth', 'catalog', 'video', 'media-worker']);
  rpc = RpcClient.overNats(
    { NATS_URL: stack.env.NATS_URL!, NATS_SUBJECT_PREFIX: stack.env.NATS_SUBJECT_PREFIX! },
    'gateway',
    { deadlineMs: 5000 },
  );
  scratch = await mkdtemp(join(tmpdir(), 'video-state-'));
  categoryId = (await new HttpSession(stack.baseUrl).get<{ id: number }[]>('/api/categories')).body[0]!.id;
});

afterAll(async () => {
  await rpc?.onApplicationShutdown();
  await stack?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

const sql = <T>(text: string, values: unknown[] = []) =>
  withClient(stack.database.url, async (client) => (await client.query(text, values)).rows as T[]);

/** The video events recorded for a video, in the order they were recorded. */
const eventsOf = async (videoId: number): Promise<DomainEvent[]> =>
  (
    await sql<{ payload: DomainEvent }>(
      `SELECT payload FROM video.outbox WHERE "eventType" LIKE 'video.%' AND (payload->>'videoId')::int = $1 ORDER BY id`,
      [videoId],
    )
  ).map((row) => row.payload);

const lastEventOf = async (videoId: number) => (await eventsOf(videoId)).at(-1)!;

const count = (videoId: number, viewerKey: string) => rpc.call(VIDEO_RPC.recordView, { videoId, viewerKey });

describe('a video’s published state', () => {
  it('is published with a link at once, then again at a higher revision after each edit and counted views', async () => {
    const { session, user } = await signUpMember(stack.baseUrl);
    const video = await linkYoutubeVideo(session, { title: 'Serve drill', categoryId });

    const registered = await eventsOf(video.id);
    expect(registered.map((event) => event.type)).toEqual([DOMAIN_EVENTS.videoChanged, DOMAIN_EVENTS.videoPublished]);
    for (const event of registered) {
      expect(event).toMatchObject({
        videoId: video.id,
        userIds: [user.id],
        video: {
          id: video.id,
          revision: 1,
          title: 'Serve drill',
          categoryId,
          uploaderId: user.id,
          youtubeUrl: expect.stringContaining('youtube.com'),
          hasStoredVideo: false,
          hasStoredThumbnail: false,
          processingState: 'ready',
          hasFileError: false,
          views: 0,
          feedbackCount: 0,
          averageRating: 0,
          createdAt: video.createdAt,
        },
        uploaderStats: { userId: user.id, publishedVideos: 1, totalViews: 0 },
      });
    }
    // Nothing of the storage travels.
    for (const key of ['originalKey', 'playbackKey', 'thumbnailKey', 'fileHash']) {
      expect(registered[0]!.video).not.toHaveProperty(key);
    }

    const edit = await session.request('PATCH', `/api/videos/${video.id}`, { json: { description: 'Toss higher' } });
    expect(edit.status).toBe(200);
    const edited = await lastEventOf(video.id);
    expect(edited).toMatchObject({
      type: DOMAIN_EVENTS.videoChanged,
      video: { revision: 2, description: 'Toss higher', views: 0 },
    });

    // A view is answered at once, counted; the same viewer again is not counted, and still sees it.
    expect(await count(video.id, 'viewer-a')).toEqual({ counted: true, views: 1 });
    expect(await count(video.id, 'viewer-a')).toEqual({ counted: false, views: 1 });
    // Published about a second later, as a view event of its own.
    const viewed = await eventually(
      () => eventsOf(video.id),
      (events) => events.length === 4,
    );
    expect(viewed[3]).toMatchObject({
      type: DOMAIN_EVENTS.videoViewed,
      video: { revision: 3, description: 'Toss higher', views: 1 },
      uploaderStats: { publishedVideos: 1, totalViews: 1 },
    });
    expect(viewed[3]!.uploaderStats!.revision).toBeGreaterThan(edited.uploaderStats!.revision);

    // Asked directly, it is the state the last event carried.
    expect(await rpc.call(VIDEO_RPC.getState, { videoId: video.id })).toEqual({ video: viewed[3]!.video });
  });

  it('follows an uploaded file through processing and publishes it once it is ready', async () => {
    const { session, user } = await signUpMember(stack.baseUrl);
    const path = await makeTestVideo(join(scratch, 'clip.mp4'), { seconds: 2, size: '176x144' });
    const form = new FormData();
    form.append('title', 'Forehand');
    form.append('categoryId', String(categoryId));
    form.append('video', new Blob([new Uint8Array(await readFile(path))], { type: 'video/mp4' }), 'clip.mp4');
    const created = await session.request<VideoDto>('POST', '/api/videos', { form });
    expect(created.status).toBe(201);

    const events = await eventually(
      () => eventsOf(created.body.id),
      (recorded) => recorded.some((event) => event.type === DOMAIN_EVENTS.videoPublished),
      60_000,
    );
    const states = events.map((event) => ({
      type: event.type,
      revision: event.video!.revision,
      processingState: event.video!.processingState,
      hasStoredVideo: event.video!.hasStoredVideo,
      hasStoredThumbnail: event.video!.hasStoredThumbnail,
      duration: event.video!.duration,
      frames: [event.video!.frameRate, event.video!.frameCount, event.video!.startTime],
      publishedVideos: event.uploaderStats!.publishedVideos,
    }));
    // Registered, probed (its duration), ready with its copy, its frames (2 s at 15 fps, the
    // first at 0) and thumbnail: one revision each.
    expect(states).toEqual([
      {
        type: DOMAIN_EVENTS.videoChanged,
        revision: 1,
        processingState: 'processing',
        hasStoredVideo: true,
        hasStoredThumbnail: false,
        duration: null,
        frames: [null, null, null],
        publishedVideos: 0,
      },
      {
        type: DOMAIN_EVENTS.videoChanged,
        revision: 2,
        processingState: 'processing',
        hasStoredVideo: true,
        hasStoredThumbnail: false,
        duration: 2,
        frames: [null, null, null],
        publishedVideos: 0,
      },
      {
        type: DOMAIN_EVENTS.videoChanged,
        revision: 3,
        processingState: 'ready',
        hasStoredVideo: true,
        hasStoredThumbnail: true,
        duration: 2,
        frames: [15, 30, 0],
        publishedVideos: 1,
      },
      {
        type: DOMAIN_EVENTS.videoPublished,
        revision: 3,
        processingState: 'ready',
        hasStoredVideo: true,
        hasStoredThumbnail: true,
        duration: 2,
        frames: [15, 30, 0],
        publishedVideos: 1,
      },
    ]);
    expect(events.every((event) => event.userIds.length === 1 && event.userIds[0] === user.id)).toBe(true);
  });

  it('publishes a burst of views as a few events, not one per view, and puts one uploader’s numbers in commit order', async () => {
    const { session, user } = await signUpMember(stack.baseUrl);
    const first = await linkYoutubeVideo(session, { title: 'Volley 1', categoryId });
    const second = await linkYoutubeVideo(session, { title: 'Volley 2', categoryId });
    const views = 24;
    const answers = await Promise.all(
      Array.from({ length: views }, (_, i) => count(i % 2 ? first.id : second.id, `crowd-${i}`)),
    );
    expect(answers.every((answer) => answer.counted)).toBe(true);
    // Each answer counts its own view and those before it; the last one counted all 12 of its video.
    for (const id of [first.id, second.id]) {
      const seen = answers.filter((_, i) => (i % 2 ? first.id : second.id) === id).map((answer) => answer.views!);
      expect(seen.every((n) => n >= 1 && n <= views / 2)).toBe(true);
      expect(Math.max(...seen)).toBe(views / 2);
    }

    const viewEventsOf = async () =>
      [...(await eventsOf(first.id)), ...(await eventsOf(second.id))].filter(
        (event) => event.type === DOMAIN_EVENTS.videoViewed,
      );
    const published = await eventually(viewEventsOf, (events) => {
      const latest = (id: number) => Math.max(0, ...events.filter((e) => e.videoId === id).map((e) => e.video!.views));
      return latest(first.id) === views / 2 && latest(second.id) === views / 2;
    });
    expect(published.length).toBeLessThan(views);
    const stats = published.map((event) => event.uploaderStats!).sort((a, b) => a.revision - b.revision);
    expect(stats.every((numbers) => numbers.userId === user.id)).toBe(true);
    // Each publishing transaction saw every view published before it: the numbers only grow.
    const totals = stats.map((numbers) => numbers.totalViews);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(totals.at(-1)).toBe(views);
  });

  it('publishes views another replica counted and did not publish (it stopped first)', async () => {
    const { session } = await signUpMember(stack.baseUrl);
    const video = await linkYoutubeVideo(session, { title: 'Left pending', categoryId });
    // What a replica leaves behind when it stops between counting and publishing.
    await sql(`INSERT INTO video.pending_views ("videoId", "count") VALUES ($1, 3)`, [video.id]);
    const published = await eventually(
      () => lastEventOf(video.id),
      (event) => event.type === DOMAIN_EVENTS.videoViewed,
      40_000,
    );
    expect(published.video).toMatchObject({ id: video.id, views: 3 });
    expect(await sql(`SELECT * FROM video.pending_views WHERE "videoId" = $1`, [video.id])).toEqual([]);
  });

  it('is deleted with its last state one revision on, and the uploader’s numbers after it', async () => {
    const { session, user } = await signUpMember(stack.baseUrl);
    const kept = await linkYoutubeVideo(session, { title: 'Kept', categoryId });
    const gone = await linkYoutubeVideo(session, { title: 'Gone', categoryId });
    expect(await count(gone.id, 'viewer')).toEqual({ counted: true, views: 1 });
    const before = await eventually(
      () => lastEventOf(gone.id),
      (event) => event.type === DOMAIN_EVENTS.videoViewed,
    );
    expect(before.uploaderStats).toMatchObject({ publishedVideos: 2, totalViews: 1 });

    expect((await session.delete(`/api/videos/${gone.id}`)).status).toBe(204);
    const deleted = await lastEventOf(gone.id);
    expect(deleted).toMatchObject({
      type: DOMAIN_EVENTS.videoDeleted,
      videoId: gone.id,
      userIds: [user.id],
      video: { ...before.video, revision: before.video!.revision + 1 },
      uploaderStats: { userId: user.id, publishedVideos: 1, totalViews: 0 },
    });
    expect(await rpc.call(VIDEO_RPC.getState, { videoId: gone.id })).toEqual({ video: null });
    expect((await rpc.call(VIDEO_RPC.getState, { videoId: kept.id })).video).toMatchObject({ title: 'Kept' });
  });
});

describe('a video’s feedback numbers', () => {
  let redis: ReturnType<typeof createRedisConnection>;
  let queue: Queue;

  beforeAll(() => {
    redis = createRedisConnection(stack.env.REDIS_URL!, 'video-state-spec');
    queue = new Queue(DOMAIN_EVENT_QUEUES.videoFeedbackStats, { connection: redis, prefix: stack.env.QUEUE_PREFIX });
  });

  afterAll(async () => {
    await queue?.close();
    redis?.disconnect();
  });

  let batches = 0;
  /** Delivers a batch of feedback events as the feedback service's relay would, and waits until it is applied. */
  async function deliver(...videoStats: VideoFeedbackStats[][]): Promise<void> {
    batches += 1;
    const events: DeliveredDomainEvent[] = videoStats.map((stats, i) => ({
      type: DOMAIN_EVENTS.feedbackRated,
      occurredAt: new Date().toISOString(),
      userIds: [],
      videoStats: stats,
      outboxId: `feedback:spec-${batches}-${i}`,
    }));
    const job = await queue.add('events', { events }, { jobId: `spec-${batches}` });
    await eventually(
      () => job.getState(),
      (state) => state === 'completed',
    );
  }

  const stats = (videoId: number, revision: number, feedbackCount: number, averageRating: number) => ({
    videoId,
    revision,
    feedbackCount,
    averageRating,
  });

  it('follow the newest numbers the feedback service stated, each applied once, and ride on its next event', async () => {
    const { session } = await signUpMember(stack.baseUrl);
    const video = await linkYoutubeVideo(session, { title: 'Rated', categoryId });
    const registered = await lastEventOf(video.id);
    const recorded = (await eventsOf(video.id)).length;
    const stateOf = async () => (await rpc.call(VIDEO_RPC.getState, { videoId: video.id })).video;

    // Out of order in one batch, and a video this service never had.
    await deliver([stats(video.id, 3, 2, 4.5)], [stats(video.id, 2, 1, 4), stats(2_000_000_000, 9, 1, 1)]);
    expect(await stateOf()).toMatchObject({
      feedbackCount: 2,
      averageRating: 4.5,
      feedbackStatsRevision: 3,
      // The video's own fields did not change.
      revision: registered.video!.revision,
    });
    // The numbers are the feedback service's, and its events carry them already: nothing is published.
    expect(await eventsOf(video.id)).toHaveLength(recorded);

    // Replayed and older numbers change nothing.
    await deliver([stats(video.id, 3, 2, 4.5)], [stats(video.id, 1, 7, 1)]);
    expect(await stateOf()).toMatchObject({ feedbackCount: 2, averageRating: 4.5, feedbackStatsRevision: 3 });

    await deliver([stats(video.id, 4, 0, 0)]);
    expect(await stateOf()).toMatchObject({ feedbackCount: 0, averageRating: 0, feedbackStatsRevision: 4 });
    // The video's next event of its own carries the numbers it holds, at their revision.
    const edit = await session.request('PATCH', `/api/videos/${video.id}`, { json: { description: 'Rated again' } });
    expect(edit.status).toBe(200);
    expect(await lastEventOf(video.id)).toMatchObject({
      type: DOMAIN_EVENTS.videoChanged,
      video: {
        description: 'Rated again',
        revision: registered.video!.revision + 1,
        feedbackCount: 0,
        averageRating: 0,
        feedbackStatsRevision: 4,
      },
    });
    expect(await eventsOf(video.id)).toHaveLength(recorded + 1);
  });

  it('of a deleted video are ignored', async () => {
    const { session } = await signUpMember(stack.baseUrl);
    const video = await linkYoutubeVideo(session, { title: 'Short-lived', categoryId });
    expect((await session.delete(`/api/videos/${video.id}`)).status).toBe(204);
    const recorded = (await eventsOf(video.id)).length;
    await deliver([stats(video.id, 5, 3, 3)]);
    expect(await eventsOf(video.id)).toHaveLength(recorded);
  });
});
