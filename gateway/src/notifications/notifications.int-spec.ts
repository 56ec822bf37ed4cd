import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import { createRedisConnection } from '@app/common';
import {
  DOMAIN_EVENT_QUEUES,
  type DomainEventBatch,
  type FeedbackDto,
  type NotificationDto,
  type NotificationPageDto,
  type NotificationPreferencesDto,
  type VideoDto,
} from '@app/contracts';
import { eventually, HttpSession, linkYoutubeVideo, signUpMember, startStack, type TestStack } from '@app/testing';

// Notifications as members and their browsers observe them: stored per member from the other
// services' events, listed and marked read through the gateway, and streamed live (Server-Sent
// Events) by any gateway replica, replaying exactly what a dropped stream missed.
let stack: TestStack;
let categoryId: number;

beforeAll(async () => {
  stack = await startStack(
    'notifications',
    ['gateway', 'auth', 'catalog', 'video', 'feedback', 'notifications'],
    {},
    // A short heartbeat, so the spec can watch it; the default is 20 s (at most 25).
    { gateway: { NOTIFICATION_HEARTBEAT_SECONDS: '2' } },
  );
  const categories = (await new HttpSession(stack.baseUrl).get<{ id: number }[]>('/api/categories')).body;
  categoryId = categories[0]!.id;
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

type Member = Awaited<ReturnType<typeof signUpMember>>;

const member = (firstName: string, baseUrl = stack.baseUrl) => signUpMember(baseUrl, { firstName, lastName: 'Tester' });

async function giveFeedback(coach: Member, videoId: number, content: string): Promise<FeedbackDto> {
  const res = await coach.session.post<FeedbackDto>(`/api/videos/${videoId}/feedback`, { content });
  expect(res.status).toBe(201);
  return res.body;
}

const listOf = async (who: Member) => {
  const res = await who.session.get<NotificationPageDto>('/api/notifications');
  expect(res.status).toBe(200);
  return res.body;
};

/** Waits until the member's list satisfies `accept`, and answers it. */
const listWhen = (who: Member, accept: (page: NotificationPageDto) => boolean) =>
  eventually(() => listOf(who), accept, 15_000);

const typesOf = (page: NotificationPageDto) => page.items.map((item) => item.type);

/**
 * A member's first video earns the First Video badge, told like any notification; specs that
 * count what arrives wait for it first.
 */
async function videoWithBadgeTold(who: Member, title: string): Promise<VideoDto> {
  const clip = await linkYoutubeVideo(who.session, { title, categoryId });
  await listWhen(who, (p) => typesOf(p).includes('badge_earned'));
  return clip;
}

interface StreamEvent {
  id: string | null;
  event: string;
  data: string;
}

/**
 * A Server-Sent Events client as a browser's EventSource reads the stream: the member's cookie,
 * `Last-Event-ID` when reconnecting; comment lines (heartbeats) counted apart.
 */
function openStream(who: Member, options: { baseUrl?: string; lastEventId?: number } = {}) {
  const controller = new AbortController();
  const events: StreamEvent[] = [];
  const heartbeats: number[] = [];
  let status = 0;
  const cookie = ['vf.sid'].map((name) => `${name}=${who.session.cookie(name) ?? ''}`).join('; ');
  const opened = fetch(`${options.baseUrl ?? stack.baseUrl}/api/notifications/stream`, {
    headers: {
      cookie,
      accept: 'text/event-stream',
      ...(options.lastEventId !== undefined ? { 'last-event-id': String(options.lastEventId) } : {}),
    },
    signal: controller.signal,
  }).then(async (res) => {
    status = res.status;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = { id: null as string | null, event: 'message', data: '' };
          let comment = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comment = true;
            else if (line.startsWith('id: ')) fields.id = line.slice(4);
            else if (line.startsWith('event: ')) fields.event = line.slice(7);
            else if (line.startsWith('data: ')) fields.data += line.slice(6);
          }
          if (comment) heartbeats.push(Date.now());
          else if (fields.data) events.push(fields);
        }
      }
    } catch {
      // aborted
    }
  });
  const notifications = () =>
    events
      .filter((e) => e.event === 'notification')
      .map((e) => ({
        id: Number(e.id),
        ...(JSON.parse(e.data) as { notification: NotificationDto; unreadCount: number }),
      }));
  return {
    events,
    heartbeats,
    notifications,
    status: () => status,
    /** Waits until the stream has sent `count` notifications. */
    waitFor: (count: number, timeoutMs = 10_000) =>
      eventually(
        () => Promise.resolve(notifications()),
        (sent) => sent.length >= count,
        timeoutMs,
      ),
    close: async () => {
      controller.abort();
      await opened.catch(() => undefined);
    },
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('notifications from what others do', () => {
  let uploader: Member;
  let coach: Member;
  let video: VideoDto;
  let feedback: FeedbackDto;

  beforeAll(async () => {
    uploader = await member('Uma');
    coach = await member('Carla');
    video = await videoWithBadgeTold(uploader, 'Backhand drill');
  });

  it('tells the uploader of new feedback, linking to it; the coach is not told of their own', async () => {
    feedback = await giveFeedback(coach, video.id, 'Turn your shoulders earlier');
    const page = await listWhen(uploader, (p) => typesOf(p).includes('feedback_received'));
    expect(typesOf(page)).toEqual(['feedback_received', 'badge_earned']);
    expect(page.unreadCount).toBe(2);
    expect(page.nextCursor).toBeNull();
    expect(page.items[1]).toMatchObject({
      text: 'You earned the First Video badge',
      link: `/profile/${uploader.user.id}`,
    });
    expect(page.items[0]).toMatchObject({
      type: 'feedback_received',
      text: 'Carla Tester gave feedback on “Backhand drill”',
      link: `/video/${video.id}?feedback=${feedback.id}`,
      actorId: coach.user.id,
      videoId: video.id,
      feedbackId: feedback.id,
      count: 1,
      read: false,
    });
    expect((await listOf(coach)).items).toEqual([]);
  });

  it('merges ratings of one feedback into one notification, updated in place and unread again', async () => {
    const raters = [uploader, await member('Rae'), await member('Ravi')];
    const stars = [5, 4, 3];
    for (const [i, rater] of raters.entries()) {
      const res = await rater.session.post(`/api/feedback/${feedback.id}/rate`, { rating: stars[i] });
      expect(res.status).toBe(201);
    }
    const page = await listWhen(coach, (p) => p.items[0]?.count === 3);
    const rated = page.items.filter((item) => item.type === 'feedback_rated');
    expect(rated).toHaveLength(1);
    expect(rated[0]).toMatchObject({
      text: '3 people rated your feedback on “Backhand drill”, average 4.0',
      feedbackId: feedback.id,
      read: false,
    });
    expect(page.unreadCount).toBe(1);

    const helpful = await raters[1]!.session.post(`/api/feedback/${feedback.id}/vote`);
    expect(helpful.status).toBe(201);
    const after = await listWhen(coach, (p) => p.items.some((item) => item.type === 'feedback_helpful'));
    expect(after.items[0]).toMatchObject({
      type: 'feedback_helpful',
      text: 'Rae Tester marked your feedback on “Backhand drill” helpful',
    });
  });

  it('records nothing twice when every event is delivered again', async () => {
    const before = { uploader: await listOf(uploader), coach: await listOf(coach) };
    const redis = createRedisConnection(stack.env.REDIS_URL!, 'notifications-replay-spec');
    const queue = new Queue<DomainEventBatch>(DOMAIN_EVENT_QUEUES.notifications, {
      connection: redis,
      prefix: stack.env.QUEUE_PREFIX,
    });
    try {
      const delivered = await queue.getJobs(['completed']);
      expect(delivered.length).toBeGreaterThan(0);
      const events = delivered.flatMap((job) => job.data.events);
      expect(events.some((event) => event.type === 'feedback.rated.v1')).toBe(true);
      const again = [
        await queue.add('events', { events }, { jobId: 'redelivered-1' }),
        await queue.add('events', { events: [...events].reverse() }, { jobId: 'redelivered-2' }),
      ];
      await eventually(
        () => Promise.all(again.map((job) => job.getState())),
        (states) => states.every((state) => state === 'completed'),
      );
      expect({ uploader: await listOf(uploader), coach: await listOf(coach) }).toEqual(before);
    } finally {
      await queue.close();
      redis.disconnect();
    }
  });

  it('marks some or all read, and refuses what is not a read request', async () => {
    const { items } = await listOf(coach);
    expect(items.length).toBe(2);
    const one = await coach.session.post<{ unreadCount: number }>('/api/notifications/read', { ids: [items[0]!.id] });
    expect(one).toMatchObject({ status: 200, body: { unreadCount: 1 } });
    // Another member's ids are not theirs to mark.
    await uploader.session.post('/api/notifications/read', { ids: [items[1]!.id] });
    expect((await listOf(coach)).items.map((item) => item.read)).toEqual([true, false]);
    const all = await coach.session.post<{ unreadCount: number }>('/api/notifications/read', { all: true });
    expect(all.body).toEqual({ unreadCount: 0 });

    for (const body of [{}, { ids: [] }, { ids: ['x'] }, { all: false }, { ids: [1], all: true }, 'all']) {
      const res = await coach.session.post<{ message: string }>('/api/notifications/read', body);
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    const signedOut = new HttpSession(stack.baseUrl);
    for (const path of ['/api/notifications', '/api/notifications/preferences', '/api/notifications/stream']) {
      expect((await signedOut.get(path)).status).toBe(401);
    }
    expect((await signedOut.post('/api/notifications/read', { all: true })).status).toBe(401);
    expect((await coach.session.get('/api/notifications?cursor=zzz')).status).toBe(400);
  });

  it('pages the list newest first with a cursor', async () => {
    const busy = await member('Paige');
    const clip = await videoWithBadgeTold(busy, 'Paging clip');
    for (let i = 0; i < 23; i++) await giveFeedback(coach, clip.id, `Point ${i + 1}`);
    const first = await listWhen(busy, (p) => p.unreadCount === 24);
    expect(first.items).toHaveLength(20);
    const second = await busy.session.get<NotificationPageDto>(
      `/api/notifications?cursor=${encodeURIComponent(first.nextCursor!)}`,
    );
    expect(second.body.items).toHaveLength(4);
    expect(second.body.nextCursor).toBeNull();
    const ids = [...first.items, ...second.body.items].map((item) => item.id);
    expect(new Set(ids).size).toBe(24);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('keeps a type the member turned off from being recorded', async () => {
    const quiet = await member('Quinn');
    const defaults = await quiet.session.get<NotificationPreferencesDto>('/api/notifications/preferences');
    expect(Object.values(defaults.body.types).every(Boolean)).toBe(true);
    const off = await quiet.session.put<NotificationPreferencesDto>('/api/notifications/preferences', {
      types: { feedback_received: false },
    });
    expect(off.status).toBe(200);
    expect(off.body.types).toMatchObject({ feedback_received: false, feedback_rated: true });
    expect((await quiet.session.put('/api/notifications/preferences', { types: { nonsense: true } })).status).toBe(400);
    expect((await quiet.session.put('/api/notifications/preferences', { types: {} })).status).toBe(400);

    const clip = await videoWithBadgeTold(quiet, 'Quiet clip');
    await giveFeedback(coach, clip.id, 'Off: not told');
    // Quinn's own feedback on another video, rated: a type still on, recorded after the one turned off.
    const theirs = await giveFeedback(quiet, video.id, 'Nice drill');
    await coach.session.post(`/api/feedback/${theirs.id}/rate`, { rating: 5 });
    const page = await listWhen(quiet, (p) => typesOf(p).includes('feedback_rated'));
    expect(typesOf(page).sort()).toEqual(['badge_earned', 'feedback_rated']);
  });
});

describe('the live stream', () => {
  it('sends each new notification with its id as the event id, and heartbeats', async () => {
    const uploader = await member('Sam');
    const coach = await member('Cory');
    const clip = await videoWithBadgeTold(uploader, 'Stream clip');
    const stream = openStream(uploader);
    try {
      await eventually(
        () => Promise.resolve(stream.events),
        (events) => events.some((e) => e.event === 'unread'),
      );
      expect(stream.status()).toBe(200);
      expect(JSON.parse(stream.events.find((e) => e.event === 'unread')!.data)).toEqual({ unreadCount: 1 });
      const given = await giveFeedback(coach, clip.id, 'Live one');
      const [sent] = await stream.waitFor(1);
      expect(sent).toMatchObject({
        notification: { type: 'feedback_received', feedbackId: given.id },
        unreadCount: 2,
      });
      expect(sent!.id).toBe(sent!.notification.id);
      // Heartbeats at the configured interval (2 s here).
      await eventually(
        () => Promise.resolve(stream.heartbeats.length),
        (n) => n >= 2,
        8000,
      );
      expect(stream.heartbeats[1]! - stream.heartbeats[0]!).toBeLessThan(3000);
    } finally {
      await stream.close();
    }
  });

  it('replays exactly what a dropped stream missed, in order, after Last-Event-ID', async () => {
    const uploader = await member('Drew');
    const coach = await member('Kit');
    const clip = await videoWithBadgeTold(uploader, 'Replay clip');
    const first = openStream(uploader);
    await giveFeedback(coach, clip.id, 'Seen live');
    const [seen] = await first.waitFor(1);
    await first.close();

    // Three notifications while no stream is open.
    const missed: number[] = [];
    for (const content of ['Missed one', 'Missed two', 'Missed three'])
      missed.push((await giveFeedback(coach, clip.id, content)).id);
    await listWhen(uploader, (p) => p.items.length === 5);

    const again = openStream(uploader, { lastEventId: seen!.id });
    try {
      const replayed = await again.waitFor(3);
      // Nothing more comes after them (no duplicate from a signal racing the replay).
      await pause(1500);
      const sent = again.notifications();
      expect(sent.map((e) => e.notification.feedbackId)).toEqual(missed);
      expect(sent).toHaveLength(3);
      expect(sent.map((e) => e.id)).toEqual([...sent.map((e) => e.id)].sort((a, b) => a - b));
      expect(sent.every((e) => e.id > seen!.id)).toBe(true);
      expect(replayed[2]!.unreadCount).toBe(5);
    } finally {
      await again.close();
    }
    const bad = await uploader.session.request('GET', '/api/notifications/stream', {
      headers: { 'last-event-id': 'abc' },
    });
    expect(bad.status).toBe(400);
  });

  it('tells a member streaming from one gateway of an action sent through another', async () => {
    const second = await stack.addReplica('gateway');
    const secondUrl = `http://127.0.0.1:${second.port}`;
    const uploader = await member('Gale');
    const coach = await member('Hal', secondUrl);
    const clip = await videoWithBadgeTold(uploader, 'Two gateways');
    // The uploader's stream on the second gateway; the coach acts through the first.
    const stream = openStream(uploader, { baseUrl: secondUrl });
    const coachOnFirst = new HttpSession(stack.baseUrl);
    coachOnFirst.setCookie('vf.sid', coach.session.cookie('vf.sid')!);
    try {
      await eventually(
        () => Promise.resolve(stream.events.length),
        (n) => n > 0,
      );
      const res = await coachOnFirst.post<FeedbackDto>(`/api/videos/${clip.id}/feedback`, {
        content: 'Via gateway one',
      });
      expect(res.status).toBe(201);
      const [sent] = await stream.waitFor(1, 5000);
      expect(sent!.notification).toMatchObject({ type: 'feedback_received', feedbackId: res.body.id });
      // And the other way round: a read through the first gateway reaches the stream on the second.
      const uploaderOnFirst = new HttpSession(stack.baseUrl);
      uploaderOnFirst.setCookie('vf.sid', uploader.session.cookie('vf.sid')!);
      await uploaderOnFirst.post('/api/notifications/read', { all: true });
      await eventually(
        () =>
          Promise.resolve(
            stream.events.filter((e) => e.event === 'unread').map((e) => JSON.parse(e.data) as { unreadCount: number }),
          ),
        // The count at the start (1: the badge), 2 with the feedback, then 0 after the read.
        (counts) => counts.length >= 2 && counts.at(-1)?.unreadCount === 0,
        5000,
      );
    } finally {
      await stream.close();
    }
  });
});
