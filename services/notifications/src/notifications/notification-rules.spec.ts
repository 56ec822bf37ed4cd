import { describe, expect, it } from '@jest/globals';
import { DOMAIN_EVENTS, type DomainEvent, type FeedbackActivity } from '@app/contracts';
import { profileChanged, videoDeleted, videoEvent, videoState } from '@app/testing/unit';
import { notificationsFor, removalsFor } from './notification-rules.js';
import { notificationLink, notificationText } from './notification.mapper.js';

const UPLOADER = '11111111-1111-4111-8111-111111111111';
const COACH = '22222222-2222-4222-8222-222222222222';
const RATER = '33333333-3333-4333-8333-333333333333';

const activity = (overrides: Partial<FeedbackActivity> = {}): FeedbackActivity => ({
  actorId: COACH,
  actorName: 'Carla Coach',
  feedbackAuthorId: COACH,
  videoUploaderId: UPLOADER,
  videoTitle: 'Backhand drill',
  ...overrides,
});

const feedbackEvent = (type: DomainEvent['type'], given: FeedbackActivity): DomainEvent => ({
  type,
  occurredAt: '2026-11-27T10:00:00.000Z',
  feedbackId: 7,
  videoId: 3,
  userIds: [given.feedbackAuthorId],
  activity: given,
});

describe('who is told what', () => {
  it('tells the uploader of new feedback on their video, linking to it', () => {
    const [intent, ...rest] = notificationsFor(feedbackEvent(DOMAIN_EVENTS.feedbackCreated, activity()));
    expect(rest).toEqual([]);
    expect(intent).toMatchObject({
      recipientId: UPLOADER,
      type: 'feedback_received',
      actorId: COACH,
      videoId: 3,
      feedbackId: 7,
      sourceKey: 'feedback_received:7',
      mergeKey: null,
    });
    expect(notificationText({ type: intent!.type, count: 1, data: intent!.data })).toBe(
      'Carla Coach gave feedback on “Backhand drill”',
    );
    expect(notificationLink({ recipientId: UPLOADER, videoId: 3, feedbackId: 7 })).toBe('/video/3?feedback=7');
  });

  it('tells the author of a rating and a helpful mark, each keyed by who gave it and merged per feedback', () => {
    const rated = notificationsFor(
      feedbackEvent(DOMAIN_EVENTS.feedbackRated, activity({ actorId: RATER, actorName: 'Rae', stars: 4 })),
    );
    expect(rated).toEqual([
      expect.objectContaining({
        recipientId: COACH,
        type: 'feedback_rated',
        sourceKey: `feedback_rated:7:${RATER}`,
        mergeKey: 'feedback_rated:7',
        data: expect.objectContaining({ stars: 4, actorName: 'Rae' }),
      }),
    ]);
    const voted = notificationsFor(feedbackEvent(DOMAIN_EVENTS.feedbackVoted, activity({ actorId: RATER })));
    expect(voted).toEqual([
      expect.objectContaining({ recipientId: COACH, type: 'feedback_helpful', mergeKey: 'feedback_helpful:7' }),
    ]);
  });

  it('never tells members of their own actions', () => {
    // An uploader rating feedback they wrote themselves cannot happen, but a rule must not rely on it.
    const own = activity({ actorId: COACH, feedbackAuthorId: COACH, videoUploaderId: COACH });
    expect(notificationsFor(feedbackEvent(DOMAIN_EVENTS.feedbackCreated, own))).toEqual([]);
    expect(notificationsFor(feedbackEvent(DOMAIN_EVENTS.feedbackRated, { ...own, stars: 5 }))).toEqual([]);
    expect(notificationsFor(feedbackEvent(DOMAIN_EVENTS.feedbackVoted, own))).toEqual([]);
  });

  it('tells nothing of an event without its activity (recorded before it existed)', () => {
    const { activity: _dropped, ...bare } = feedbackEvent(DOMAIN_EVENTS.feedbackCreated, activity());
    expect(notificationsFor(bare)).toEqual([]);
  });

  it('tells an uploader their stored video is ready or failed, once per video, while the upload is news', () => {
    const upload = { hasStoredVideo: true, uploaderId: UPLOADER, createdAt: '2026-11-27T09:59:00.000Z' };
    const published = {
      ...videoEvent(DOMAIN_EVENTS.videoPublished, videoState(upload)),
      occurredAt: '2026-11-27T10:00:00.000Z',
    };
    expect(notificationsFor(published)).toEqual([
      expect.objectContaining({ recipientId: UPLOADER, type: 'video_ready', sourceKey: 'video_ready:1' }),
    ]);
    const failed = {
      ...videoEvent(DOMAIN_EVENTS.videoChanged, videoState({ ...upload, processingState: 'failed' })),
      occurredAt: '2026-11-27T10:00:00.000Z',
    };
    expect(notificationsFor(failed)).toEqual([
      expect.objectContaining({ type: 'video_failed', sourceKey: 'video_failed:1' }),
    ]);
    // Merely changed (a view), a link published at once, or a state restated days later: no news.
    const viewed = {
      ...videoEvent(DOMAIN_EVENTS.videoChanged, videoState(upload)),
      occurredAt: '2026-11-27T10:00:00.000Z',
    };
    expect(notificationsFor(viewed)).toEqual([]);
    const link = { ...published, video: { ...published.video!, hasStoredVideo: false } };
    expect(notificationsFor(link)).toEqual([]);
    expect(notificationsFor({ ...published, occurredAt: '2026-11-30T10:00:00.000Z' })).toEqual([]);
  });

  it('tells a badge as a badge, and the Pro and Expert badges as a level', () => {
    const badge = (badgeType: 'popular' | 'pro'): DomainEvent => ({
      type: DOMAIN_EVENTS.badgeEarned,
      occurredAt: '2026-11-27T10:00:00.000Z',
      userIds: [COACH],
      badge: { userId: COACH, badgeType },
    });
    const [popular] = notificationsFor(badge('popular'));
    const [pro] = notificationsFor(badge('pro'));
    expect(popular).toMatchObject({ recipientId: COACH, type: 'badge_earned', sourceKey: `badge:${COACH}:popular` });
    expect(pro).toMatchObject({ type: 'level_reached' });
    expect(notificationText({ type: 'badge_earned', count: 1, data: popular!.data })).toBe(
      'You earned the Popular badge',
    );
    expect(notificationText({ type: 'level_reached', count: 1, data: pro!.data })).toBe(
      'Your feedback level is now Pro',
    );
    expect(notificationLink({ recipientId: COACH, videoId: null, feedbackId: null })).toBe(`/profile/${COACH}`);
  });

  it('removes the notifications of a deleted video and of a member whose account went', () => {
    expect(removalsFor(videoDeleted({ id: 9 }))).toEqual([{ videoId: 9, change: 'delete' }]);
    expect(removalsFor(profileChanged({ id: COACH, removed: true }))).toEqual([{ recipientId: COACH }]);
    expect(removalsFor(profileChanged({ id: COACH }))).toEqual([]);
  });
});

describe('conversations', () => {
  const THIRD = '44444444-4444-4444-8444-444444444444';
  const replied = (
    given: FeedbackActivity,
    reply: { newMentionIds: string[]; threadMemberIds: string[]; edited?: boolean },
  ): DomainEvent => ({
    ...feedbackEvent(DOMAIN_EVENTS.feedbackReplied, given),
    reply: { id: 40, edited: false, ...reply },
  });

  it('tells the author and earlier repliers of a reply, and each mentioned member once, never the replier', () => {
    // The uploader replies to Carla's feedback, mentioning Carla and Rae; Third replied before.
    const intents = notificationsFor(
      replied(activity({ actorId: UPLOADER, actorName: 'Uma' }), {
        newMentionIds: [COACH, RATER, UPLOADER],
        threadMemberIds: [THIRD, UPLOADER, RATER],
      }),
    );
    expect(intents.map((intent) => [intent.recipientId, intent.type, intent.sourceKey])).toEqual([
      [COACH, 'mention', `mention:40:${COACH}`],
      [RATER, 'mention', `mention:40:${RATER}`],
      [THIRD, 'feedback_reply', `reply:40:${THIRD}`],
    ]);
    const toAuthor = notificationsFor(
      replied(activity({ actorId: RATER, actorName: 'Rae' }), { newMentionIds: [], threadMemberIds: [] }),
    );
    expect(toAuthor).toEqual([expect.objectContaining({ recipientId: COACH, type: 'feedback_reply', feedbackId: 7 })]);
    expect(notificationText({ type: 'feedback_reply', count: 1, data: toAuthor[0]!.data })).toBe(
      'Rae replied to your feedback on “Backhand drill”',
    );
    expect(notificationText({ type: 'mention', count: 1, data: toAuthor[0]!.data })).toBe(
      'Rae mentioned you in a reply on “Backhand drill”',
    );
  });

  it('tells only the newly mentioned of an edited reply', () => {
    const intents = notificationsFor(
      replied(activity({ actorId: RATER }), { newMentionIds: [THIRD], threadMemberIds: [], edited: true }),
    );
    expect(intents.map((intent) => [intent.recipientId, intent.type])).toEqual([[THIRD, 'mention']]);
  });

  it('tells the author once that the uploader applied their feedback, and nothing when it is taken back', () => {
    const applied = notificationsFor(
      feedbackEvent(DOMAIN_EVENTS.feedbackApplied, activity({ actorId: UPLOADER, actorName: 'Uma' })),
    );
    expect(applied).toEqual([
      expect.objectContaining({ recipientId: COACH, type: 'feedback_applied', sourceKey: 'feedback_applied:7' }),
    ]);
    expect(notificationText({ type: 'feedback_applied', count: 1, data: applied[0]!.data })).toBe(
      'Uma marked your feedback on “Backhand drill” as applied',
    );
    expect(notificationsFor(feedbackEvent(DOMAIN_EVENTS.feedbackUnapplied, activity({ actorId: UPLOADER })))).toEqual(
      [],
    );
  });
});

describe('merged texts', () => {
  it('says how many people rated and their average, or who marked it helpful', () => {
    const data = { actorName: 'Rae', videoTitle: 'Serve', stars: 21 };
    expect(notificationText({ type: 'feedback_rated', count: 5, data })).toBe(
      '5 people rated your feedback on “Serve”, average 4.2',
    );
    expect(notificationText({ type: 'feedback_rated', count: 1, data: { ...data, stars: 1 } })).toBe(
      'Rae rated your feedback on “Serve” 1 star',
    );
    expect(notificationText({ type: 'feedback_helpful', count: 3, data })).toBe(
      '3 people marked your feedback on “Serve” helpful',
    );
    expect(notificationText({ type: 'feedback_helpful', count: 1, data: { ...data, actorName: null } })).toBe(
      'Someone marked your feedback on “Serve” helpful',
    );
  });
});
