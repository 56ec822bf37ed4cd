import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type {
  AdminReportGroupDto,
  FeedbackDto,
  FeedbackReplyDto,
  NotificationPageDto,
  ReportDto,
  UserDto,
  VideoDto,
} from '@app/contracts';
import {
  eventually,
  firstAdmin,
  HttpSession,
  linkYoutubeVideo,
  signIn,
  signUpMember,
  startStack,
  type TestStack,
} from '@app/testing';

// Reports and moderation as members, authors and admins observe them through the gateway:
// one open report per member and subject, content that hides itself once reports from at least
// two members weigh enough (standing counts; an admin's content never hides itself), what hidden
// content looks like to others and to its author, and the admins' queue with its audit trail.
const ADMIN_EMAIL = 'moderator@example.com';
let stack: TestStack;
let categoryId: number;
let admin: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  stack = await startStack(
    'moderation',
    ['gateway', 'auth', 'catalog', 'video', 'feedback', 'admin', 'notifications'],
    {},
    { auth: firstAdmin(ADMIN_EMAIL) },
  );
  const categories = (await new HttpSession(stack.baseUrl).get<{ id: number }[]>('/api/categories')).body;
  categoryId = categories[0]!.id;
  admin = await signIn(stack.baseUrl, ADMIN_EMAIL, firstAdmin(ADMIN_EMAIL).ADMIN_PASSWORD);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

type Member = Awaited<ReturnType<typeof signUpMember>>;
const member = (firstName: string) => signUpMember(stack.baseUrl, { firstName, lastName: 'Park' });

const report = (who: Member | typeof admin, body: unknown) =>
  who.session.post<ReportDto & { message?: string }>('/api/reports', body);

const feedbackOn = async (session: HttpSession, videoId: number) => {
  const res = await session.get<FeedbackDto[]>(`/api/feedback/video/${videoId}`);
  expect(res.status).toBe(200);
  return res.body;
};

const notificationsOf = (who: Member, accept: (page: NotificationPageDto) => boolean) =>
  eventually(async () => (await who.session.get<NotificationPageDto>('/api/notifications')).body, accept, 15_000);

/** A member with 100 points (20 pieces of feedback given): a report of theirs weighs 1.5. */
async function trustedMember(firstName: string, onVideoId: number): Promise<Member> {
  const trusted = await member(firstName);
  for (let i = 0; i < 20; i++) {
    const res = await trusted.session.post(`/api/videos/${onVideoId}/feedback`, { content: `Tip number ${i + 1}` });
    expect(res.status).toBe(201);
  }
  await eventually(
    async () => (await trusted.session.get<UserDto>('/api/auth/user')).body.points,
    (points) => points >= 100,
  );
  return trusted;
}

describe('reports', () => {
  let uploader: Member;
  let author: Member;
  let video: VideoDto;
  let feedback: FeedbackDto;
  let trusted: Member;

  beforeAll(async () => {
    uploader = await member('Una');
    author = await member('Abe');
    video = await linkYoutubeVideo(uploader.session, { title: 'Clean and jerk', categoryId });
    feedback = (
      await author.session.post<FeedbackDto>(`/api/videos/${video.id}/feedback`, { content: 'Buy my course!' })
    ).body;
    const practice = await linkYoutubeVideo((await member('Pia')).session, { title: 'Practice board', categoryId });
    trusted = await trustedMember('Tess', practice.id);
  }, 120_000);

  it('refuses what is not a report, one’s own content and signed-out members; a repeat is the same report', async () => {
    const reporter = await member('Rita');
    const bad: Array<[unknown, number, string]> = [
      [{}, 400, 'subjectType must be one of: video, feedback, reply, user'],
      [
        { subjectType: 'feedback', subjectId: feedback.id, reason: 'rude' },
        400,
        'reason must be one of: spam, abuse, inappropriate, other',
      ],
      [
        { subjectType: 'feedback', subjectId: 'abc', reason: 'spam' },
        400,
        'subjectId must be the id of the reported video, feedback, reply or member',
      ],
      [
        { subjectType: 'user', subjectId: '12', reason: 'spam' },
        400,
        'subjectId must be the id of the reported video, feedback, reply or member',
      ],
      [
        { subjectType: 'feedback', subjectId: feedback.id, reason: 'spam', note: 'x'.repeat(501) },
        400,
        'note must be plain text of at most 500 characters',
      ],
      [{ subjectType: 'feedback', subjectId: 999999, reason: 'spam' }, 404, 'The reported content was not found'],
    ];
    for (const [body, status, message] of bad) {
      const res = await report(reporter, body);
      expect({ status: res.status, message: res.body.message }).toEqual({ status, message });
    }
    const own = await report(author, { subjectType: 'feedback', subjectId: feedback.id, reason: 'spam' });
    expect(own).toMatchObject({ status: 403, body: { message: 'You cannot report your own content' } });
    const self = await report(author, { subjectType: 'user', subjectId: author.user.id, reason: 'spam' });
    expect(self.status).toBe(403);
    expect(
      (
        await new HttpSession(stack.baseUrl).post('/api/reports', {
          subjectType: 'video',
          subjectId: video.id,
          reason: 'spam',
        })
      ).status,
    ).toBe(401);

    const first = await report(reporter, {
      subjectType: 'feedback',
      subjectId: String(feedback.id),
      reason: 'spam',
      note: ' Selling ',
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      subjectType: 'feedback',
      subjectId: String(feedback.id),
      reason: 'spam',
      note: 'Selling',
      status: 'open',
    });
    const again = await report(reporter, { subjectType: 'feedback', subjectId: feedback.id, reason: 'abuse' });
    expect(again).toMatchObject({ status: 200, body: { id: first.body.id, reason: 'spam' } });
  });

  it('hides content once reports from two or more members weigh enough: new members’ weigh little', async () => {
    // Rita's report and two more from brand-new members: 3 × 0.5, under the threshold of 2.
    for (const name of ['Nia', 'Ned']) {
      expect(
        (await report(await member(name), { subjectType: 'feedback', subjectId: feedback.id, reason: 'spam' })).status,
      ).toBe(201);
    }
    const visitor = new HttpSession(stack.baseUrl);
    expect((await feedbackOn(visitor, video.id)).map((f) => f.id)).toContain(feedback.id);

    // A member in good standing (100 points: 1.5) tips it over.
    expect((await report(trusted, { subjectType: 'feedback', subjectId: feedback.id, reason: 'spam' })).status).toBe(
      201,
    );
    expect((await feedbackOn(visitor, video.id)).map((f) => f.id)).not.toContain(feedback.id);
    // Its author still sees it, marked; nobody can rate or vote on it meanwhile.
    const own = (await feedbackOn(author.session, video.id)).find((f) => f.id === feedback.id);
    expect(own).toMatchObject({ hidden: true, content: 'Buy my course!' });
    expect((await uploader.session.post(`/api/feedback/${feedback.id}/rate`, { rating: 5 })).status).toBe(404);
    expect((await uploader.session.post(`/api/feedback/${feedback.id}/replies`, { content: 'Hm' })).status).toBe(404);
    // It leaves every count, and the uploader's notification of it goes quiet.
    await eventually(
      async () => (await visitor.get<VideoDto>(`/api/videos/${video.id}`)).body.feedbackCount,
      (count) => count === 0,
    );
    await notificationsOf(uploader, (p) => !p.items.some((item) => item.feedbackId === feedback.id));
    const told = await notificationsOf(author, (p) => p.items.some((item) => item.type === 'content_hidden'));
    expect(told.items.find((item) => item.type === 'content_hidden')).toMatchObject({
      text: 'Your feedback on “Clean and jerk” was hidden pending review',
      link: `/video/${video.id}?feedback=${feedback.id}`,
    });
  });

  it('puts reports in the admins’ queue; keeping restores the content and records the decision', async () => {
    expect((await author.session.get('/api/admin/reports')).status).toBe(403);
    const queue = await admin.session.get<AdminReportGroupDto[]>('/api/admin/reports');
    expect(queue.status).toBe(200);
    const group = queue.body.find((g) => g.subjectType === 'feedback' && g.subjectId === String(feedback.id));
    expect(group).toMatchObject({
      status: 'open',
      subject: {
        ownerId: author.user.id,
        ownerName: 'Abe Park',
        hidden: true,
        text: 'Buy my course!',
        title: 'Clean and jerk',
      },
      score: 3,
      decisions: [expect.objectContaining({ action: 'hide', auto: true, adminId: null })],
    });
    expect(group!.reports.map((r) => [r.reporterName, r.reason, r.weight])).toEqual([
      ['Rita Park', 'spam', 0.5],
      ['Nia Park', 'spam', 0.5],
      ['Ned Park', 'spam', 0.5],
      ['Tess Park', 'spam', 1.5],
    ]);

    const kept = await admin.session.post<AdminReportGroupDto>(`/api/admin/reports/${group!.reports[0]!.id}/resolve`, {
      action: 'keep',
    });
    expect(kept.status).toBe(200);
    expect(kept.body.reports.every((r) => r.outcome === 'kept')).toBe(true);
    expect(kept.body.decisions.map((d) => [d.action, d.auto, d.adminId])).toEqual([
      ['hide', true, null],
      ['keep', false, admin.user.id],
    ]);
    expect(
      (await admin.session.post(`/api/admin/reports/${group!.reports[0]!.id}/resolve`, { action: 'keep' })).status,
    ).toBe(409);
    expect(
      (await admin.session.post(`/api/admin/reports/${group!.reports[0]!.id}/resolve`, { action: 'ban' })).status,
    ).toBe(400);
    expect((await feedbackOn(new HttpSession(stack.baseUrl), video.id)).map((f) => f.id)).toContain(feedback.id);
    const told = await notificationsOf(author, (p) => p.items.some((item) => item.type === 'content_restored'));
    expect(told.items[0]).toMatchObject({
      text: 'Your feedback on “Clean and jerk” was reviewed and is visible again',
    });
    const resolved = await admin.session.get<AdminReportGroupDto[]>('/api/admin/reports?status=resolved');
    expect(resolved.body.map((g) => g.subjectId)).toContain(String(feedback.id));
  });

  it('never hides an admin’s content by itself', async () => {
    const adminVideo = await linkYoutubeVideo(admin.session, { title: 'House rules', categoryId });
    for (const reporter of [trusted, await trustedMember('Tom', video.id)])
      expect((await report(reporter, { subjectType: 'video', subjectId: adminVideo.id, reason: 'other' })).status).toBe(
        201,
      );
    expect((await new HttpSession(stack.baseUrl).get(`/api/videos/${adminVideo.id}`)).status).toBe(200);
    const queue = await admin.session.get<AdminReportGroupDto[]>('/api/admin/reports');
    expect(queue.body.find((g) => g.subjectId === String(adminVideo.id))).toMatchObject({ score: 3, decisions: [] });
  }, 60_000);

  it('hides a video on an admin’s decision: gone for others, marked for its uploader; deletes a reply', async () => {
    const clip = await linkYoutubeVideo(uploader.session, { title: 'Snatch balance', categoryId });
    const reporter = await member('Ola');
    const made = await report(reporter, { subjectType: 'video', subjectId: clip.id, reason: 'inappropriate' });
    const hidden = await admin.session.post<AdminReportGroupDto>(`/api/admin/reports/${made.body.id}/resolve`, {
      action: 'hide',
    });
    expect(hidden.body.subject).toMatchObject({ hidden: true });

    // The catalog and the feedback service learn it from the video service's event, within moments.
    const visitor = new HttpSession(stack.baseUrl);
    await eventually(
      async () => (await visitor.get(`/api/videos/${clip.id}`)).status,
      (status) => status === 404,
    );
    await eventually(
      async () => (await visitor.get(`/api/feedback/video/${clip.id}`)).status,
      (status) => status === 404,
    );
    expect((await uploader.session.get<VideoDto>(`/api/videos/${clip.id}`)).body).toMatchObject({
      id: clip.id,
      hidden: true,
    });
    expect((await uploader.session.get(`/api/feedback/video/${clip.id}`)).status).toBe(200);
    await eventually(
      async () => (await visitor.get<VideoDto[]>(`/api/videos?limit=100`)).body.map((v) => v.id),
      (ids) => !ids.includes(clip.id),
    );
    expect((await visitor.get<VideoDto[]>(`/api/videos?q=${encodeURIComponent('Snatch balance')}`)).body).toEqual([]);
    // The uploader's own list still has it, marked; anyone else's view of that list does not.
    const own = await uploader.session.get<VideoDto[]>(`/api/videos?uploaderId=${uploader.user.id}&limit=100`);
    expect(own.body.find((v) => v.id === clip.id)).toMatchObject({ hidden: true });
    const theirs = await visitor.get<VideoDto[]>(`/api/videos?uploaderId=${uploader.user.id}&limit=100`);
    expect(theirs.body.map((v) => v.id)).not.toContain(clip.id);
    expect(theirs.body.every((v) => v.hidden === undefined)).toBe(true);
    const told = await notificationsOf(uploader, (p) => p.items.some((i) => i.type === 'content_hidden'));
    expect(told.items.find((i) => i.type === 'content_hidden')!.text).toBe(
      'Your video “Snatch balance” was hidden pending review',
    );

    // A reply, deleted on a decision: gone from the conversation; its author is told.
    const replier = await member('Rex');
    const reply = (
      await replier.session.post<FeedbackReplyDto>(`/api/feedback/${feedback.id}/replies`, {
        content: 'Spam link here',
      })
    ).body;
    const onReply = await report(reporter, { subjectType: 'reply', subjectId: reply.id, reason: 'spam' });
    const deleted = await admin.session.post<AdminReportGroupDto>(`/api/admin/reports/${onReply.body.id}/resolve`, {
      action: 'delete',
    });
    expect(deleted.body).toMatchObject({ subject: null, reports: [expect.objectContaining({ outcome: 'deleted' })] });
    const [listed] = (await feedbackOn(visitor, video.id)).filter((f) => f.id === feedback.id);
    expect(listed!.replies.map((r) => r.id)).not.toContain(reply.id);
    await notificationsOf(replier, (p) =>
      p.items.some(
        (i) => i.type === 'content_removed' && i.text === 'Your reply on “Clean and jerk” was removed by a moderator',
      ),
    );
  });

  it('keeps or deletes a reported member, but never hides one', async () => {
    const troll = await member('Troy');
    const made = await report(uploader, { subjectType: 'user', subjectId: troll.user.id, reason: 'abuse' });
    expect(made.status).toBe(201);
    const hide = await admin.session.post<{ message: string }>(`/api/admin/reports/${made.body.id}/resolve`, {
      action: 'hide',
    });
    expect(hide).toMatchObject({
      status: 400,
      body: { message: 'A member cannot be hidden: keep or delete the account' },
    });
    const deleted = await admin.session.post(`/api/admin/reports/${made.body.id}/resolve`, { action: 'delete' });
    expect(deleted.status).toBe(200);
    await eventually(
      async () => (await new HttpSession(stack.baseUrl).get(`/api/users/${troll.user.id}`)).status,
      (status) => status === 404,
    );
  });
});

describe('vote integrity', () => {
  it('reverses one member’s burst of ratings and votes on one author, with the points they gave', async () => {
    const uploader = await member('Vera');
    const author = await member('Ari');
    const serial = await member('Sid');
    const fair = await member('Fay');
    const clip = await linkYoutubeVideo(uploader.session, { title: 'Deadlift form', categoryId });
    const given: FeedbackDto[] = [];
    for (let i = 0; i < 10; i++)
      given.push(
        (await author.session.post<FeedbackDto>(`/api/videos/${clip.id}/feedback`, { content: `Cue ${i + 1}` })).body,
      );
    for (const feedback of given) {
      expect((await serial.session.post(`/api/feedback/${feedback.id}/rate`, { rating: 5 })).status).toBe(201);
      expect((await serial.session.post(`/api/feedback/${feedback.id}/vote`)).status).toBe(201);
    }
    // Two ratings from someone else: far below the serial threshold (10 a day), they stay.
    for (const feedback of given.slice(0, 2))
      expect((await fair.session.post(`/api/feedback/${feedback.id}/rate`, { rating: 4 })).status).toBe(201);
    const points = async () => (await author.session.get<UserDto>('/api/auth/user')).body.points;
    // 10 × 5 for feedback given, 10 × (5 stars + 2 for helpful) from Sid, 2 × 4 stars from Fay.
    await eventually(points, (p) => p === 50 + 70 + 8);

    expect((await serial.session.post('/api/admin/reports/serial-voting-check')).status).toBe(403);
    const checked = await admin.session.post<{ reversed: number }>('/api/admin/reports/serial-voting-check');
    expect(checked).toMatchObject({ status: 200, body: { reversed: 20 } });
    await eventually(points, (p) => p === 50 + 8);
    const listed = await feedbackOn(serial.session, clip.id);
    expect(listed.every((f) => f.viewerRating === null && !f.viewerVoted)).toBe(true);
    expect(listed.filter((f) => f.totalRatings === 1).map((f) => f.averageRating)).toEqual([4, 4]);
    // Nothing left to reverse.
    expect((await admin.session.post<{ reversed: number }>('/api/admin/reports/serial-voting-check')).body).toEqual({
      reversed: 0,
    });
  });
});
