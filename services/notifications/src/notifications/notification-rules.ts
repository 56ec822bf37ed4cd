import {
  DOMAIN_EVENTS,
  type BadgeType,
  type ModerationFacts,
  type DomainEvent,
  type NotificationType,
  type VideoState,
} from '@app/contracts';

/** What a notification remembers of how it came about, as it was then (its text is built from it). */
export interface NotificationData {
  actorName?: string | null;
  videoTitle?: string;
  /** feedback_rated: the sum of the stars of the ratings it stands for. */
  stars?: number;
  badgeType?: BadgeType;
  /** feedback_reply: the recipient wrote the feedback replied to (else they are in its conversation). */
  yourFeedback?: boolean;
  /** feedback_reply, mention: the reply (hidden or deleted by moderation with it). */
  replyId?: number;
  /** content_*: what moderation acted on. */
  subjectType?: 'video' | 'feedback' | 'reply';
}

/** One reason to tell one member something, derived from one event. */
export interface NotificationIntent {
  recipientId: string;
  type: NotificationType;
  actorId: string | null;
  videoId: number | null;
  feedbackId: number | null;
  /**
   * Names this contribution: recorded once, so a redelivered or replayed event adds nothing.
   * A rating or a vote is one per member and feedback, so its key names the member.
   */
  sourceKey: string;
  /** Contributions with the same key merge into one notification for a day (ratings, helpful marks). */
  mergeKey: string | null;
  data: NotificationData;
}

/** Notifications about one piece of content. */
export type NotificationSubject = { videoId: number } | { feedbackId: number } | { replyId: number };

/**
 * What an event changes of notifications already recorded: those of a deleted video or piece of
 * content, or of a member whose account went, go; those about content moderation hid are hidden
 * with it ("hide"), and shown again when it is restored ("show"). The moderation news itself stays.
 */
export type NotificationRemoval =
  { recipientId: string } | (NotificationSubject & { change: 'delete' | 'hide' | 'show' });

/** Levels are badges too (spec: the feedback level badge); they are told as a level. */
const LEVEL_BADGES: Partial<Record<BadgeType, true>> = { pro: true, expert: true };

/**
 * A processing verdict is news only while the upload is: a state restated long after (a backfill,
 * a replay) tells nobody that their old video "is ready".
 */
const PROCESSING_NEWS_WINDOW_MS = 24 * 3600 * 1000;

function isFreshUpload(video: VideoState, occurredAt: string): boolean {
  return Date.parse(occurredAt) - Date.parse(video.createdAt) < PROCESSING_NEWS_WINDOW_MS;
}

/** Who is told what about one event. Own actions never notify. */
export function notificationsFor(event: DomainEvent): NotificationIntent[] {
  switch (event.type) {
    case DOMAIN_EVENTS.feedbackCreated:
    case DOMAIN_EVENTS.feedbackVoted:
    case DOMAIN_EVENTS.feedbackRated:
      return feedbackActivity(event);
    case DOMAIN_EVENTS.videoPublished:
    case DOMAIN_EVENTS.videoChanged:
      return processingVerdict(event);
    case DOMAIN_EVENTS.badgeEarned:
      return badgeNews(event);
    case DOMAIN_EVENTS.feedbackReplied:
      return replyNews(event);
    case DOMAIN_EVENTS.feedbackApplied:
      return appliedNews(event);
    case DOMAIN_EVENTS.videoModerated:
    case DOMAIN_EVENTS.feedbackModerated:
      return moderationNews(event);
    // A mark taken back, removals (removalsFor), or nothing a member is told of.
    case DOMAIN_EVENTS.feedbackUnapplied:
    case DOMAIN_EVENTS.videoViewed:
    case DOMAIN_EVENTS.videoDeleted:
    case DOMAIN_EVENTS.profileChanged:
    case DOMAIN_EVENTS.feedbackDeleted:
    case DOMAIN_EVENTS.reactionsWithdrawn:
    case DOMAIN_EVENTS.feedbackStatsRestated:
    case DOMAIN_EVENTS.categoryChanged:
    case DOMAIN_EVENTS.categoryDeleted:
      return [];
  }
}

function feedbackActivity(event: DomainEvent): NotificationIntent[] {
  const activity = event.activity;
  if (!activity || event.feedbackId === undefined || event.videoId === undefined) return [];
  const { feedbackId, videoId } = event;
  const common = { actorId: activity.actorId, videoId, feedbackId };
  const data: NotificationData = { actorName: activity.actorName, videoTitle: activity.videoTitle };
  let intent: NotificationIntent;
  if (event.type === DOMAIN_EVENTS.feedbackCreated) {
    intent = {
      ...common,
      recipientId: activity.videoUploaderId,
      type: 'feedback_received',
      sourceKey: `feedback_received:${feedbackId}`,
      mergeKey: null,
      data,
    };
  } else if (event.type === DOMAIN_EVENTS.feedbackRated) {
    intent = {
      ...common,
      recipientId: activity.feedbackAuthorId,
      type: 'feedback_rated',
      sourceKey: `feedback_rated:${feedbackId}:${activity.actorId}`,
      mergeKey: `feedback_rated:${feedbackId}`,
      data: { ...data, stars: activity.stars ?? 0 },
    };
  } else {
    intent = {
      ...common,
      recipientId: activity.feedbackAuthorId,
      type: 'feedback_helpful',
      sourceKey: `feedback_helpful:${feedbackId}:${activity.actorId}`,
      mergeKey: `feedback_helpful:${feedbackId}`,
      data,
    };
  }
  return intent.recipientId === activity.actorId ? [] : [intent];
}

/**
 * A reply tells the members it mentions for the first time ("mention", once per reply and member
 * even when they are in the conversation too), then, for a new reply, the feedback's author and
 * whoever replied before in the same conversation.
 */
function replyNews(event: DomainEvent): NotificationIntent[] {
  const { activity, reply } = event;
  if (!activity || !reply || event.feedbackId === undefined || event.videoId === undefined) return [];
  const common = { actorId: activity.actorId, videoId: event.videoId, feedbackId: event.feedbackId, mergeKey: null };
  const data: NotificationData = { actorName: activity.actorName, videoTitle: activity.videoTitle, replyId: reply.id };
  const told = new Set<string>([activity.actorId]);
  const intents: NotificationIntent[] = [];
  for (const recipientId of reply.newMentionIds) {
    if (told.has(recipientId)) continue;
    told.add(recipientId);
    intents.push({ ...common, recipientId, type: 'mention', sourceKey: `mention:${reply.id}:${recipientId}`, data });
  }
  if (reply.edited) return intents;
  for (const recipientId of [activity.feedbackAuthorId, ...reply.threadMemberIds]) {
    if (told.has(recipientId)) continue;
    told.add(recipientId);
    intents.push({
      ...common,
      recipientId,
      type: 'feedback_reply',
      sourceKey: `reply:${reply.id}:${recipientId}`,
      data: { ...data, yourFeedback: recipientId === activity.feedbackAuthorId },
    });
  }
  return intents;
}

/** Marked applied: the author is told once, however often the mark is taken back and given again. */
function appliedNews(event: DomainEvent): NotificationIntent[] {
  const activity = event.activity;
  if (!activity || event.feedbackId === undefined || event.videoId === undefined) return [];
  if (activity.feedbackAuthorId === activity.actorId) return [];
  return [
    {
      recipientId: activity.feedbackAuthorId,
      type: 'feedback_applied',
      actorId: activity.actorId,
      videoId: event.videoId,
      feedbackId: event.feedbackId,
      sourceKey: `feedback_applied:${event.feedbackId}`,
      mergeKey: null,
      data: { actorName: activity.actorName, videoTitle: activity.videoTitle },
    },
  ];
}

const MODERATION_TYPES = {
  hidden: 'content_hidden',
  restored: 'content_restored',
  deleted: 'content_removed',
} as const satisfies Record<ModerationFacts['outcome'], NotificationType>;

/** Each moderation decision on a member's content tells them (removed content has no link left). */
function moderationNews(event: DomainEvent): NotificationIntent[] {
  const moderation = event.moderation;
  if (!moderation) return [];
  const gone = moderation.outcome === 'deleted';
  return [
    {
      recipientId: moderation.ownerId,
      type: MODERATION_TYPES[moderation.outcome],
      actorId: null,
      videoId: gone ? null : (event.videoId ?? null),
      feedbackId: gone || moderation.subjectType === 'video' ? null : (event.feedbackId ?? null),
      sourceKey: `moderation:${moderation.subjectType}:${moderation.subjectId}:${moderation.outcome}:${event.occurredAt}`,
      mergeKey: null,
      data: { videoTitle: moderation.title, subjectType: moderation.subjectType },
    },
  ];
}

/** A stored upload that finished processing, or failed it; links are ready at once and are no news. */
function processingVerdict(event: DomainEvent): NotificationIntent[] {
  const video = event.video;
  if (!video || !video.hasStoredVideo || !isFreshUpload(video, event.occurredAt)) return [];
  const failed = video.processingState === 'failed' || video.hasFileError;
  const type: NotificationType | null = failed
    ? 'video_failed'
    : event.type === DOMAIN_EVENTS.videoPublished && video.processingState === 'ready'
      ? 'video_ready'
      : null;
  if (!type) return [];
  return [
    {
      recipientId: video.uploaderId,
      type,
      actorId: null,
      videoId: video.id,
      feedbackId: null,
      sourceKey: `${type}:${video.id}`,
      mergeKey: null,
      data: { videoTitle: video.title },
    },
  ];
}

function badgeNews(event: DomainEvent): NotificationIntent[] {
  const badge = event.badge;
  if (!badge) return [];
  return [
    {
      recipientId: badge.userId,
      type: LEVEL_BADGES[badge.badgeType] ? 'level_reached' : 'badge_earned',
      actorId: null,
      videoId: null,
      feedbackId: null,
      sourceKey: `badge:${badge.userId}:${badge.badgeType}`,
      mergeKey: null,
      data: { badgeType: badge.badgeType },
    },
  ];
}

/** What an event takes away: a deleted video's notifications, a removed member's own. */
export function removalsFor(event: DomainEvent): NotificationRemoval[] {
  if (event.type === DOMAIN_EVENTS.videoDeleted && event.video) return [{ videoId: event.video.id, change: 'delete' }];
  if (event.moderation) {
    const { subjectType, subjectId, outcome } = event.moderation;
    const change = outcome === 'deleted' ? 'delete' : outcome === 'hidden' ? 'hide' : 'show';
    if (subjectType === 'video') return [{ videoId: subjectId, change }];
    if (subjectType === 'feedback') return [{ feedbackId: subjectId, change }];
    return [{ replyId: subjectId, change }];
  }
  if (event.type === DOMAIN_EVENTS.profileChanged && event.person?.removed) return [{ recipientId: event.person.id }];
  return [];
}
