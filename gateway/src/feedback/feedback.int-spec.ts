import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  AUTH_MESSAGES,
  FEEDBACK_MESSAGES,
  PAGE_CURSOR_MESSAGES,
  parseNextPageLink,
  type FeedbackDto,
  type UserDto,
  type UserFeedbackItemDto,
  type UserFeedbackStatsDto,
} from '@app/contracts';
import { HttpSession, newUserFields, ownerStatePublisher, startStack, withClient, type TestStack } from '@app/testing';

// A member's feedback as their profile shows it, through the real gateway, feedback service and
// Postgres. There is no API to give feedback yet, so videos, feedback, ratings and votes are rows
// written straight into the tables, with the aggregates saying exactly what those rows say.
let stack: TestStack;
let raters: UserDto[];

beforeAll(async () => {
  stack = await startStack('feedback', ['gateway', 'auth', 'catalog', 'video', 'feedback']);
  raters = [await member(), await member(), await member()];
});

afterAll(async () => {
  await stack?.stop();
});

const sql = <T>(text: string, values: unknown[] = []) =>
  withClient(stack.database.url, async (client) => (await client.query(text, values)).rows as T[]);

const visitor = () => new HttpSession(stack.baseUrl);
const feedbackOf = (userId: string) =>
  visitor().get<UserFeedbackItemDto[] & { message?: string }>(`/api/feedback/user/${userId}`);
const statsOf = (userId: string) =>
  visitor().get<UserFeedbackStatsDto & { message?: string }>(`/api/feedback/user/${userId}/stats`);

async function member(overrides: Parameters<typeof newUserFields>[0] = {}): Promise<UserDto> {
  const res = await visitor().post<UserDto>('/api/auth/register', newUserFields(overrides));
  expect(res.status).toBe(201);
  return res.body;
}

async function categoryId(name: string): Promise<number> {
  const [row] = await sql<{ id: number }>('SELECT id FROM catalog.categories WHERE name = $1', [name]);
  return row!.id;
}

async function createVideo(fields: { uploaderId: string; title?: string; categoryId?: number | null }) {
  const [row] = await sql<{ id: number }>(
    'INSERT INTO video.videos (title, "uploaderId", "categoryId") VALUES ($1, $2, $3) RETURNING id',
    [fields.title ?? 'Serve practice', fields.uploaderId, fields.categoryId ?? null],
  );
  // Published as the video service publishes its changes, for the feedback service's read model.
  const owners = ownerStatePublisher(stack.database.url, ['catalog', 'feedback']);
  await owners.videosChanged(row!.id);
  await owners.settled();
  return row!.id;
}

interface FeedbackFields {
  videoId: number;
  authorId: string;
  content?: string;
  createdAt?: string;
  /** One rating (1..5) per rater, taken from `raters` in order. */
  ratings?: number[];
  /** How many of `raters` found it helpful. */
  helpfulVotes?: number;
}

/** A feedback row with its rating and vote rows; its aggregates are computed from them. */
async function createFeedback(fields: FeedbackFields): Promise<number> {
  const ratings = fields.ratings ?? [];
  const votes = fields.helpfulVotes ?? 0;
  const average = ratings.length ? ratings.reduce((sum, r) => sum + r, 0) / ratings.length : 0;
  const [row] = await sql<{ id: number }>(
    `INSERT INTO feedback.feedback (content, "videoId", "authorId", "averageRating", "totalRatings", "helpfulVotes", "createdAt")
     VALUES ($1, $2, $3, $4, $5, $6, COALESCE($7::timestamptz, now())) RETURNING id`,
    [
      fields.content ?? 'Keep your elbow up.',
      fields.videoId,
      fields.authorId,
      average,
      ratings.length,
      votes,
      fields.createdAt ?? null,
    ],
  );
  const id = row!.id;
  for (const [i, rating] of ratings.entries()) {
    await sql('INSERT INTO feedback.feedback_ratings ("feedbackId", "raterId", rating) VALUES ($1, $2, $3)', [
      id,
      raters[i]!.id,
      rating,
    ]);
  }
  for (const rater of raters.slice(0, votes)) {
    await sql('INSERT INTO feedback.feedback_votes ("feedbackId", "userId") VALUES ($1, $2)', [id, rater.id]);
  }
  return id;
}

/** A member who gave three pieces of feedback (one unrated), and someone else's on the same video. */
async function feedbackGiver() {
  const [author, uploader, other] = [await member(), await member(), await member()];
  const golf = await categoryId('Golf');
  const golfVideo = await createVideo({ uploaderId: uploader.id, title: 'Driver swing', categoryId: golf });
  const plainVideo = await createVideo({ uploaderId: uploader.id, title: 'Warm-up routine', categoryId: null });
  const first = await createFeedback({
    videoId: golfVideo,
    authorId: author.id,
    content: 'Your grip is too strong.',
    createdAt: '2026-02-01T10:00:00.000Z',
    ratings: [3, 5],
    helpfulVotes: 2,
  });
  const second = await createFeedback({
    videoId: plainVideo,
    authorId: author.id,
    content: 'Stretch the hamstrings longer.',
    createdAt: '2026-02-02T10:00:00.000Z',
    helpfulVotes: 1,
  });
  const third = await createFeedback({
    videoId: golfVideo,
    authorId: author.id,
    content: 'Much better tempo now.',
    createdAt: '2026-02-03T10:00:00.000Z',
    ratings: [5],
  });
  await createFeedback({ videoId: golfVideo, authorId: other.id, ratings: [1], helpfulVotes: 3 });
  return { author, golfVideo, plainVideo, first, second, third };
}

describe('GET /api/feedback/user/{userId}', () => {
  it('lists the feedback a member gave, newest first, in the spec’s shape', async () => {
    const { author, golfVideo, plainVideo, first, second, third } = await feedbackGiver();

    const res = await feedbackOf(author.id);

    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        id: third,
        videoId: golfVideo,
        videoTitle: 'Driver swing',
        categoryName: 'Golf',
        categoryIcon: '⛳',
        content: 'Much better tempo now.',
        averageRating: 5,
        totalRatings: 1,
        helpfulVotes: 0,
        createdAt: '2026-02-03T10:00:00.000Z',
      },
      {
        id: second,
        videoId: plainVideo,
        videoTitle: 'Warm-up routine',
        categoryName: null,
        categoryIcon: null,
        content: 'Stretch the hamstrings longer.',
        averageRating: 0,
        totalRatings: 0,
        helpfulVotes: 1,
        createdAt: '2026-02-02T10:00:00.000Z',
      },
      {
        id: first,
        videoId: golfVideo,
        videoTitle: 'Driver swing',
        categoryName: 'Golf',
        categoryIcon: '⛳',
        content: 'Your grip is too strong.',
        averageRating: 4,
        totalRatings: 2,
        helpfulVotes: 2,
        createdAt: '2026-02-01T10:00:00.000Z',
      },
    ]);
  });

  it('puts the later-written of two made at the same moment first', async () => {
    const [author, uploader] = [await member(), await member()];
    const video = await createVideo({ uploaderId: uploader.id });
    const at = '2026-03-01T12:00:00.000Z';
    const earlier = await createFeedback({ videoId: video, authorId: author.id, createdAt: at });
    const later = await createFeedback({ videoId: video, authorId: author.id, createdAt: at });

    expect((await feedbackOf(author.id)).body.map((item) => item.id)).toEqual([later, earlier]);
  });
});

describe('GET /api/feedback/user/{userId}/stats', () => {
  it('averages over the rated feedback only and sums ratings and helpful votes', async () => {
    const { author } = await feedbackGiver();

    const res = await statsOf(author.id);

    // (4 + 5) / 2: the mean of each rated feedback's average, not of all ratings (13 / 3), and
    // not dragged down by the unrated one.
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ averageRating: 4.5, totalFeedback: 3, totalRatings: 3, helpfulVotes: 3 });
  });

  it('answers 0 for the average when none of the feedback is rated', async () => {
    const [author, uploader] = [await member(), await member()];
    const video = await createVideo({ uploaderId: uploader.id });
    await createFeedback({ videoId: video, authorId: author.id, helpfulVotes: 2 });

    expect((await statsOf(author.id)).body).toEqual({
      averageRating: 0,
      totalFeedback: 1,
      totalRatings: 0,
      helpfulVotes: 2,
    });
  });
});

describe('a member without feedback', () => {
  it('has no items and zero stats', async () => {
    const quiet = await member();
    const list = await feedbackOf(quiet.id);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([]);
    const stats = await statsOf(quiet.id);
    expect(stats.status).toBe(200);
    expect(stats.body).toEqual({ averageRating: 0, totalFeedback: 0, totalRatings: 0, helpfulVotes: 0 });
  });

  it('is not found on either route when there is no such account', async () => {
    const nobody = '00000000-0000-4000-8000-000000000000';
    for (const res of [await feedbackOf(nobody), await statsOf(nobody)]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: AUTH_MESSAGES.userNotFound });
    }
  });

  it.each(['not-a-uuid', '42', encodeURIComponent("' OR '1'='1"), '00000000-0000-4000-8000-00000000000z'])(
    'refuses the malformed id %s with 400 on both routes',
    async (userId) => {
      for (const res of [await feedbackOf(userId), await statsOf(userId)]) {
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ message: FEEDBACK_MESSAGES.userIdInvalid });
      }
    },
  );
});

describe('paging the feedback lists', () => {
  /** Follows `Link: rel="next"` to the last page, giving feedback while it goes. */
  async function walk<T extends { id: number }>(path: string, meanwhile: () => Promise<unknown>) {
    const seen: number[] = [];
    let url: string | null = path;
    let pages = 0;
    while (url !== null) {
      const res: { status: number; headers: Headers; body: T[] } = await visitor().get<T[]>(url);
      expect(res.status).toBe(200);
      seen.push(...res.body.map((item) => item.id));
      url = parseNextPageLink(res.headers.get('link'));
      pages += 1;
      await meanwhile();
      if (pages > 50) throw new Error('still paging after 50 pages');
    }
    return { seen, pages };
  }

  it("pages a member's feedback newest first and a video's most helpful first, each once, with a Link header", async () => {
    const [author, uploader] = [await member(), await member()];
    const video = await createVideo({ uploaderId: uploader.id, title: 'Lob' });
    const given: number[] = [];
    for (let i = 0; i < 7; i += 1)
      given.push(
        await createFeedback({
          videoId: video,
          authorId: author.id,
          content: `Tip ${i}`,
          // Two at each moment: ties go by id.
          createdAt: `2026-03-0${1 + Math.floor(i / 2)}T10:00:00.000Z`,
          helpfulVotes: i % 3,
        }),
      );

    const whole = await feedbackOf(author.id);
    expect(whole.body.map((item) => item.id)).toEqual([...given].reverse());
    expect(whole.headers.get('link')).toBeNull();

    const first = await visitor().get<UserFeedbackItemDto[]>(`/api/feedback/user/${author.id}?limit=3`);
    expect(first.body.map((item) => item.id)).toEqual(given.slice(4).reverse());
    expect(parseNextPageLink(first.headers.get('link'))).toMatch(
      new RegExp(`^/api/feedback/user/${author.id}\\?limit=3&cursor=[A-Za-z0-9_-]+$`),
    );

    let extra = 0;
    const later = () => createFeedback({ videoId: video, authorId: author.id, content: `Later ${extra++}` });
    const byAuthor = await walk<UserFeedbackItemDto>(`/api/feedback/user/${author.id}?limit=3`, later);
    expect(byAuthor.pages).toBe(3);
    expect(byAuthor.seen).toEqual([...given].reverse());

    const byVideo = await walk<FeedbackDto>(`/api/feedback/video/${video}?limit=2`, later);
    const everyOnVideo = await visitor().get<FeedbackDto[]>(`/api/feedback/video/${video}`);
    const pagedOnce = given.every((id) => byVideo.seen.filter((seen) => seen === id).length === 1);
    expect(pagedOnce).toBe(true);
    expect(new Set(byVideo.seen).size).toBe(byVideo.seen.length);
    // Most helpful first, as the unpaged list.
    const order = everyOnVideo.body.map((item) => item.id).filter((id) => byVideo.seen.includes(id));
    expect(byVideo.seen).toEqual(order);
  });

  it('answers a malformed cursor with 400 on both lists', async () => {
    const { author, golfVideo } = await feedbackGiver();
    for (const path of [`/api/feedback/user/${author.id}`, `/api/feedback/video/${golfVideo}`]) {
      const res = await visitor().get<{ message: string }>(`${path}?cursor=nonsense`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: PAGE_CURSOR_MESSAGES.invalid });
    }
  });
});
