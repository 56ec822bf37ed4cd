import type { RequestTraced } from '../media/media.jobs.js';

/**
 * Domain events: facts that happened, recorded in the outbox in the same transaction as the
 * fact and delivered at least once. Consumers derive every aggregate from the fact rows, so
 * an event replayed, duplicated or reordered changes nothing.
 */
export const DOMAIN_EVENTS = {
  feedbackCreated: 'feedback.created.v1',
  feedbackVoted: 'feedback.voted.v1',
  feedbackRated: 'feedback.rated.v1',
  /** A member's feedback removed (their account went). */
  feedbackDeleted: 'feedback.deleted.v1',
  /** A member's votes and ratings on someone's feedback removed (their account went). */
  reactionsWithdrawn: 'feedback.reactions-withdrawn.v1',
  /** A video became playable (a link at once, a file when its processing finished). */
  videoPublished: 'video.published.v1',
  /** The feedback service then deletes the video's feedback, votes and ratings; catalog its bookmarks. */
  videoDeleted: 'video.deleted.v1',
} as const;
export type DomainEventType = (typeof DOMAIN_EVENTS)[keyof typeof DOMAIN_EVENTS];
export const DOMAIN_EVENT_TYPES: readonly DomainEventType[] = Object.values(DOMAIN_EVENTS);

/** Ids, never entities: what a consumer needs to know which aggregates to derive again. */
export interface DomainEvent extends RequestTraced {
  type: DomainEventType;
  /** ISO 8601 */
  occurredAt: string;
  feedbackId?: number;
  videoId?: number;
  /** Members whose points or badges the fact can change. */
  userIds: string[];
}

/** Outbox row payloads as delivered: the row id travels along, for logs and lag metrics. */
export interface DeliveredDomainEvent extends DomainEvent {
  outboxId: string;
}

/**
 * One BullMQ queue per consumer: the relay delivers every batch to each. Each consumer writes
 * only the table its service owns. Events are for other services: the feedback service keeps
 * its own numbers in the transaction of the vote or rating, so it has no queue here.
 */
export const DOMAIN_EVENT_QUEUES = {
  /** video-service: videos.feedbackCount, averageRating */
  videoFeedbackStats: 'events-video-feedback-stats',
  /** auth-service: users.points, user_badges */
  reputation: 'events-reputation',
  /** feedback-service: a deleted video's feedback, votes and ratings (no foreign key crosses services) */
  feedbackVideoDeletions: 'events-feedback-video-deletions',
  /** catalog-service: a deleted video's bookmarks */
  catalogVideoDeletions: 'events-catalog-video-deletions',
} as const;
export type DomainEventQueueName = (typeof DOMAIN_EVENT_QUEUES)[keyof typeof DOMAIN_EVENT_QUEUES];

/** A job: consecutive outbox rows, so a burst of 1,000 ratings is a few jobs, not 1,000. */
export interface DomainEventBatch {
  events: DeliveredDomainEvent[];
}

/** Points (API-DECISIONS "Points and badges"). */
export const REPUTATION_POINTS = {
  feedbackGiven: 5,
  helpfulVoteReceived: 2,
  /** Times the stars of each rating received. */
  perRatingStar: 1,
} as const;

/** Badges, recorded once when first earned. */
export const BADGE_THRESHOLDS = {
  first_video: { videos: 1 },
  content_creator: { videos: 5 },
  popular: { views: 100 },
  pro: { feedbackGiven: 20 },
  expert: { feedbackGiven: 50 },
} as const;
export type BadgeType = keyof typeof BADGE_THRESHOLDS;
