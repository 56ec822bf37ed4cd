import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FeedbackDto, UserDto, VideoDto } from '@app/contracts';
import {
  eventually,
  HttpSession,
  startPrivateRedis,
  startStack,
  withClient,
  type PrivateRedis,
  type TestStack,
  signUpMember,
  youtubeLinkForm,
} from '@app/testing';

// Nothing lost: with Redis stopped, feedback, votes and ratings are still accepted (the facts and
// their events are committed to PostgreSQL together) and the feedback's own numbers are current at
// once, since they need no event; once Redis is back the outbox is delivered and what other
// services derive from it (video stats, points) converges without anyone lifting a finger.
let stack: TestStack;
let redis: PrivateRedis;

beforeAll(async () => {
  redis = await startPrivateRedis();
  stack = await startStack('feedback-outage', ['gateway', 'auth', 'catalog', 'video', 'feedback'], {
    REDIS_URL: redis.url,
  });
});

afterAll(async () => {
  await stack?.stop();
  await redis?.destroy();
});

const member = () => signUpMember(stack.baseUrl);

const sql = <T>(text: string, values: unknown[] = []) =>
  withClient(stack.database.url, async (client) => (await client.query(text, values)).rows as T[]);

describe('a Redis outage', () => {
  it('loses no feedback, vote or rating, keeps the feedback’s numbers current, and the rest converges once Redis is back', async () => {
    const { session: uploader } = await member();
    const { session: coach, user: coachUser } = await member();
    const raters = [await member(), await member(), await member()];
    const categoryId = (await new HttpSession(stack.baseUrl).get<{ id: number }[]>('/api/categories')).body[0]!.id;
    const form = youtubeLinkForm({ title: 'Serve', categoryId, youtubeId: 'outage00001' });
    const video = (await uploader.request<VideoDto>('POST', '/api/videos', { form })).body;

    await redis.stop();
    try {
      const feedback = await coach.post<FeedbackDto>(`/api/videos/${video.id}/feedback`, { content: 'Toss higher' });
      expect(feedback.status).toBe(201);
      const ratings = await Promise.all(
        raters.map(({ session }, i) => session.post(`/api/feedback/${feedback.body.id}/rate`, { rating: i + 3 })),
      );
      expect(ratings.map((res) => res.status)).toEqual([201, 201, 201]);
      const vote = await raters[0]!.session.post(`/api/feedback/${feedback.body.id}/vote`);
      expect(vote.status).toBe(201);
      expect(vote.body).toMatchObject({ helpfulVotes: 1, averageRating: 4, totalRatings: 3 });
      // Recorded, waiting: nothing could be delivered.
      const [waiting] = await sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM feedback.outbox WHERE "publishedAt" IS NULL AND "eventType" LIKE 'feedback.%'`,
      );
      expect(waiting!.n).toBe(5);
      // No event was consumed, yet the feedback's own numbers already say what its rows say.
      const listed = await new HttpSession(stack.baseUrl).get<FeedbackDto[]>(`/api/feedback/video/${video.id}`);
      expect(listed.body).toEqual([
        expect.objectContaining({ id: feedback.body.id, totalRatings: 3, averageRating: 4, helpfulVotes: 1 }),
      ]);
    } finally {
      await redis.start();
    }

    await eventually(
      async () => (await new HttpSession(stack.baseUrl).get<VideoDto>(`/api/videos/${video.id}`)).body,
      (v) => v.feedbackCount === 1 && v.averageRating === 4,
      30_000,
    );
    // 5 for the feedback, 2 for the helpful vote, 3 + 4 + 5 stars.
    await eventually(
      async () => (await new HttpSession(stack.baseUrl).get<UserDto>(`/api/users/${coachUser.id}`)).body.points,
      (points) => points === 19,
      30_000,
    );
  });
});
