import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import type {
  FeedbackAppliedDto,
  FeedbackDto,
  FeedbackReplyDto,
  NotificationPageDto,
  UserDto,
  VideoDto,
} from '@app/contracts';
import { eventually, HttpSession, linkYoutubeVideo, signUpMember, startStack, type TestStack } from '@app/testing';

// Conversations on feedback as members observe them through the gateway: replies one level deep
// with mentions stored by member id, the 10-minute edit window, the uploader's "applied" mark
// with the author's points and the open/applied filter, and who is told of each (notifications).
let stack: TestStack;
let categoryId: number;

beforeAll(async () => {
  stack = await startStack('conversations', ['gateway', 'auth', 'catalog', 'video', 'feedback', 'notifications']);
  const categories = (await new HttpSession(stack.baseUrl).get<{ id: number }[]>('/api/categories')).body;
  categoryId = categories[0]!.id;
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

type Member = Awaited<ReturnType<typeof signUpMember>>;
const member = (firstName: string) => signUpMember(stack.baseUrl, { firstName, lastName: 'Lane' });

const feedbackOn = async (visitor: HttpSession, videoId: number, query = '') => {
  const res = await visitor.get<FeedbackDto[]>(`/api/feedback/video/${videoId}${query}`);
  expect(res.status).toBe(200);
  return res.body;
};

const notificationsOf = (who: Member, accept: (page: NotificationPageDto) => boolean) =>
  eventually(async () => (await who.session.get<NotificationPageDto>('/api/notifications')).body, accept, 15_000);

const pointsOf = async (who: Member) => (await who.session.get<UserDto>('/api/auth/user')).body.points;

describe('conversations on feedback', () => {
  let uploader: Member;
  let coach: Member;
  let rae: Member;
  let video: VideoDto;
  let feedback: FeedbackDto;

  beforeAll(async () => {
    uploader = await member('Uma');
    coach = await member('Carla');
    rae = await member('Rae');
    video = await linkYoutubeVideo(uploader.session, { title: 'Serve toss', categoryId });
    feedback = (await coach.session.post<FeedbackDto>(`/api/videos/${video.id}/feedback`, { content: 'Toss in front' }))
      .body;
  });

  it('lists replies under the feedback, oldest first, with their count; the uploader and others may reply', async () => {
    const first = await uploader.session.post<FeedbackReplyDto>(`/api/feedback/${feedback.id}/replies`, {
      content: '  How far in front?  ',
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      feedbackId: feedback.id,
      content: 'How far in front?',
      authorId: uploader.user.id,
      authorName: 'Uma Lane',
      mentions: [],
      editedAt: null,
    });
    // Answering a reply joins the same conversation: the author answers, naming the uploader.
    const second = await coach.session.post<FeedbackReplyDto>(`/api/feedback/${feedback.id}/replies`, {
      content: '@Uma Lane about a foot',
      mentions: [uploader.user.id],
    });
    expect(second.status).toBe(201);
    expect(second.body.mentions).toEqual([{ id: uploader.user.id, name: 'Uma Lane' }]);

    const [listed] = await feedbackOn(new HttpSession(stack.baseUrl), video.id);
    expect(listed).toMatchObject({ id: feedback.id, replyCount: 2, appliedAt: null });
    expect(listed!.replies.map((reply) => reply.content)).toEqual(['How far in front?', '@Uma Lane about a foot']);
  });

  it('refuses replies that break the feedback text rules, strangers’ mentions and signed-out members', async () => {
    const path = `/api/feedback/${feedback.id}/replies`;
    const bad: Array<[unknown, string]> = [
      [{}, 'Please provide feedback content'],
      [{ content: '   ' }, 'Please provide feedback content'],
      [{ content: 'x'.repeat(501) }, 'Feedback must be 500 characters or less'],
      [{ content: 'ok', mentions: ['not-a-uuid'] }, 'mentions must be a list of at most 10 member ids'],
      [{ content: 'ok', mentions: ['6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f'] }, 'A mentioned member was not found'],
    ];
    for (const [body, message] of bad) {
      const res = await rae.session.post<{ message: string }>(path, body);
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
    }
    expect((await new HttpSession(stack.baseUrl).post(path, { content: 'hi' })).status).toBe(401);
    expect((await rae.session.post('/api/feedback/999999/replies', { content: 'hi' })).status).toBe(404);
  });

  it('lets only its author edit a reply, only within 10 minutes, telling only the newly mentioned', async () => {
    const reply = (
      await rae.session.post<FeedbackReplyDto>(`/api/feedback/${feedback.id}/replies`, { content: 'Nice tip' })
    ).body;
    const edited = await rae.session.request<FeedbackReplyDto>('PATCH', `/api/feedback/replies/${reply.id}`, {
      json: { content: 'Nice tip @Carla Lane', mentions: [coach.user.id] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ content: 'Nice tip @Carla Lane', mentions: [{ id: coach.user.id }] });
    expect(edited.body.editedAt).not.toBeNull();

    const byOther = await coach.session.request<{ message: string }>('PATCH', `/api/feedback/replies/${reply.id}`, {
      json: { content: 'Hijacked' },
    });
    expect(byOther).toMatchObject({ status: 403, body: { message: 'You can only edit your own reply' } });

    // Eleven minutes later (the clock moved in the database the service owns).
    const db = new pg.Client({ connectionString: stack.database.url });
    await db.connect();
    try {
      await db.query(`UPDATE feedback.feedback_replies SET "createdAt" = now() - interval '11 minutes' WHERE id = $1`, [
        reply.id,
      ]);
    } finally {
      await db.end();
    }
    const late = await rae.session.request<{ message: string }>('PATCH', `/api/feedback/replies/${reply.id}`, {
      json: { content: 'Too late' },
    });
    expect(late).toMatchObject({
      status: 403,
      body: { message: 'A reply can be edited for 10 minutes after posting' },
    });

    // Carla was mentioned once (by the edit) and told once; her own replies told her nothing.
    const page = await notificationsOf(coach, (p) => p.items.some((item) => item.type === 'mention'));
    expect(page.items.filter((item) => item.type === 'mention')).toEqual([
      expect.objectContaining({ text: 'Rae Lane mentioned you in a reply on “Serve toss”', actorId: rae.user.id }),
    ]);
  });

  it('tells the author of each reply to their feedback, and the conversation’s earlier members', async () => {
    // Uma replied first, Carla (the author, mentioning Uma), then Rae: Carla was told of Uma's and
    // Rae's replies; Uma was told of the mention (not twice) and of Rae's reply in her conversation.
    const carla = await notificationsOf(coach, (p) => p.items.filter((i) => i.type === 'feedback_reply').length === 2);
    expect(carla.items.filter((i) => i.type === 'feedback_reply').map((i) => i.text)).toEqual([
      'Rae Lane replied to your feedback on “Serve toss”',
      'Uma Lane replied to your feedback on “Serve toss”',
    ]);
    const uma = await notificationsOf(uploader, (p) => p.items.some((i) => i.type === 'feedback_reply'));
    expect(uma.items.filter((i) => i.type === 'mention' || i.type === 'feedback_reply').map((i) => i.text)).toEqual([
      'Rae Lane replied in a conversation on “Serve toss”',
      'Carla Lane mentioned you in a reply on “Serve toss”',
    ]);
    const aboutTheFeedback = uma.items.filter((i) => i.feedbackId === feedback.id);
    expect(aboutTheFeedback.map((i) => i.link)).toEqual(
      aboutTheFeedback.map(() => `/video/${video.id}?feedback=${feedback.id}`),
    );
  });

  it('lets only the uploader mark feedback applied: the author is told once and earns 10 points, reversed on undo', async () => {
    const path = `/api/feedback/${feedback.id}/applied`;
    const before = await pointsOf(coach);
    const refused = await rae.session.post<{ message: string }>(path);
    expect(refused).toMatchObject({ status: 403, body: { message: 'Only the uploader can mark feedback as applied' } });

    const marked = await uploader.session.post<FeedbackAppliedDto>(path);
    expect(marked.status).toBe(200);
    expect(marked.body.appliedAt).not.toBeNull();
    // Marking again keeps the first time.
    expect((await uploader.session.post<FeedbackAppliedDto>(path)).body).toEqual(marked.body);
    await eventually(
      () => pointsOf(coach),
      (points) => points === before + 10,
    );

    const visitor = new HttpSession(stack.baseUrl);
    const other = (
      await rae.session.post<FeedbackDto>(`/api/videos/${video.id}/feedback`, { content: 'Bend the knees' })
    ).body;
    expect((await feedbackOn(visitor, video.id, '?status=applied')).map((f) => f.id)).toEqual([feedback.id]);
    expect((await feedbackOn(visitor, video.id, '?status=open')).map((f) => f.id)).toEqual([other.id]);
    expect((await feedbackOn(visitor, video.id)).map((f) => f.id).sort()).toEqual([feedback.id, other.id].sort());
    expect((await visitor.get(`/api/feedback/video/${video.id}?status=done`)).status).toBe(400);

    const undone = await uploader.session.delete<FeedbackAppliedDto>(path);
    expect(undone).toMatchObject({ status: 200, body: { feedbackId: feedback.id, appliedAt: null } });
    await eventually(
      () => pointsOf(coach),
      (points) => points === before,
    );
    // Marked again: the points come back, the author is not told twice.
    await uploader.session.post(path);
    await eventually(
      () => pointsOf(coach),
      (points) => points === before + 10,
    );
    const page = await notificationsOf(coach, (p) => p.items.some((i) => i.type === 'feedback_applied'));
    expect(page.items.filter((i) => i.type === 'feedback_applied')).toEqual([
      expect.objectContaining({ text: 'Uma Lane marked your feedback on “Serve toss” as applied' }),
    ]);
  });
});
