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
  /** A reply in a feedback's conversation, or new mentions in an edited one; carries `activity` and `reply`. */
  feedbackReplied: 'feedback.replied.v1',
  /** The uploader marked a feedback applied (`feedback.applied`) or took it back (`.unapplied`); the author's points follow. */
  feedbackApplied: 'feedback.applied.v1',
  feedbackUnapplied: 'feedback.unapplied.v1',
  /** A member's feedback removed (their account went). */
  feedbackDeleted: 'feedback.deleted.v1',
  /** A member's votes and ratings on someone's feedback removed (their account went). */
  reactionsWithdrawn: 'feedback.reactions-withdrawn.v1',
  /**
   * No new fact: the feedback service restating the numbers it holds (`videoStats`, `authorStats`),
   * once, so read models built after the facts start from them (its backfill migration).
   */
  feedbackStatsRestated: 'feedback.stats-restated.v1',
  /** A video became playable (a link at once, a file when its processing finished). */
  videoPublished: 'video.published.v1',
  /**
   * A video's state as lists show it, after any change: registered, edited, processed, hidden,
   * its feedback numbers. Carries `video` and `uploaderStats`.
   */
  videoChanged: 'video.changed.v1',
  /**
   * Views counted since the last one (published about once a second, not per view): the video's
   * state with its new `views` and revision, and `uploaderStats`. Only what shows views listens
   * (the catalog's lists, auth's points); cached lists may show the new count late.
   */
  videoViewed: 'video.viewed.v1',
  /**
   * Carries the video's last `video` state (its final revision) and `uploaderStats`. The feedback
   * service then deletes the video's feedback, votes and ratings; catalog its bookmarks and listing.
   */
  videoDeleted: 'video.deleted.v1',
  /** A member's public profile (names, picture) after a change; `person.removed` when the account went. */
  profileChanged: 'user.profile-changed.v1',
  /** A category created (categories are never renamed); carries `category`. */
  categoryChanged: 'category.changed.v1',
  /** A category deleted; carries `category` with `removed: true` and its final revision. */
  categoryDeleted: 'category.deleted.v1',
  /**
   * Moderation changed a piece of content: hidden pending review, restored, or deleted; carries
   * `moderation`. Recorded by the service that owns the content (`video.` or `feedback.`).
   */
  videoModerated: 'video.moderated.v1',
  feedbackModerated: 'feedback.moderated.v1',
  /** A member earned a badge (recorded once, when first earned); carries `badge`. */
  badgeEarned: 'user.badge-earned.v1',
} as const;
export type DomainEventType = (typeof DOMAIN_EVENTS)[keyof typeof DOMAIN_EVENTS];
export const DOMAIN_EVENT_TYPES: readonly DomainEventType[] = Object.values(DOMAIN_EVENTS);

/**
 * Event-carried state. Each state names its key and a revision that only grows for that key (the
 * owner bumps it under the key's row lock), so a consumer keeps a state only when its revision is
 * higher than the one it holds: a replayed, duplicated or reordered event changes nothing, and a
 * late older state never brings back something removed (consumers keep the removal's revision).
 */
export interface CarriedState {
  revision: number;
}

/** Owner: video service. What a list or a video page shows of a video; object keys never travel. */
export interface VideoState extends CarriedState {
  id: number;
  title: string;
  description: string | null;
  categoryId: number | null;
  uploaderId: string;
  youtubeUrl: string | null;
  /** The URL given with the video; the file itself, when stored, is served by the gateway instead. */
  videoUrl: string | null;
  thumbnailUrl: string | null;
  /** An original or playback file is stored (then the gateway's stream route serves it). */
  hasStoredVideo: boolean;
  /** A thumbnail is stored (then the gateway's thumbnail route serves it). */
  hasStoredThumbnail: boolean;
  thumbnailData: string | null;
  /** Hidden pending review by moderation (absent in events written before it existed). */
  hidden?: boolean;
  /** Seconds. */
  duration: number | null;
  /**
   * The playback file's exact frame rate, frame count and first frame's time (seconds), once the
   * media worker has measured them. Absent in events written before these existed.
   */
  frameRate?: number | null;
  frameCount?: number | null;
  startTime?: number | null;
  processingState: 'uploaded' | 'processing' | 'ready' | 'failed';
  hasFileError: boolean;
  views: number;
  feedbackCount: number;
  averageRating: number;
  /**
   * The revision of the feedback service's numbers above (VideoFeedbackStats.revision), so a
   * consumer that also takes them from the feedback service's events keeps the newer; absent from
   * states published before it existed.
   */
  feedbackStatsRevision?: number;
  /** ISO 8601 */
  createdAt: string;
}

/** Owner: video service. An uploader's published (ready) videos and the views of all their videos. */
export interface UploaderVideoStats extends CarriedState {
  userId: string;
  publishedVideos: number;
  totalViews: number;
}

/** Owner: feedback service. A video's feedback count and the mean of every rating its feedback got. */
export interface VideoFeedbackStats extends CarriedState {
  videoId: number;
  feedbackCount: number;
  averageRating: number;
}

/** Owner: feedback service. What an author's feedback earned, for points and badges. */
export interface AuthorFeedbackStats extends CarriedState {
  userId: string;
  feedbackGiven: number;
  helpfulVotesReceived: number;
  /** The sum of the stars of every rating their feedback received. */
  ratingStarsReceived: number;
  /** Their feedback the uploader marked applied (absent in events written before it existed). */
  appliedReceived?: number;
}

/** Owner: auth service. A member's public face; `removed` when the account was deleted. */
export interface PersonState extends CarriedState {
  id: string;
  firstName: string | null;
  lastName: string | null;
  /** The public profile picture URL. */
  image: string | null;
  removed: boolean;
}

/** Owner: catalog service. */
export interface CategoryState extends CarriedState {
  id: number;
  name: string;
  icon: string;
  removed: boolean;
}

/**
 * A fact, with the ids of what it touched and, where another service keeps a copy, the state
 * after it (event-carried state transfer): consumers never read the owner's tables.
 */
export interface DomainEvent extends RequestTraced {
  type: DomainEventType;
  /** ISO 8601 */
  occurredAt: string;
  feedbackId?: number;
  videoId?: number;
  /** Members whose points or badges the fact can change. */
  userIds: string[];
  /** video.changed, video.published, video.deleted */
  video?: VideoState;
  /** video.changed, video.published, video.deleted: the uploader's numbers after the fact. */
  uploaderStats?: UploaderVideoStats;
  /** feedback.*: the numbers of every video the fact touched, after it. */
  videoStats?: VideoFeedbackStats[];
  /** feedback.*: the numbers of every author the fact touched, after it. */
  authorStats?: AuthorFeedbackStats[];
  /** user.profile-changed */
  person?: PersonState;
  /** category.changed, category.deleted */
  category?: CategoryState;
  /** feedback.created, .voted, .rated, .replied, .applied: who acted on whose content (what notifications tell). */
  activity?: FeedbackActivity;
  /** user.badge-earned */
  badge?: EarnedBadge;
  /** feedback.replied */
  reply?: ReplyFacts;
  /** video.moderated, feedback.moderated */
  moderation?: ModerationFacts;
}

/** What moderation did to whose content. */
export interface ModerationFacts {
  subjectType: 'video' | 'feedback' | 'reply';
  subjectId: number;
  ownerId: string;
  outcome: 'hidden' | 'restored' | 'deleted';
  /** The video's title (the video the feedback or reply is on). */
  title: string;
}

/** Owner: feedback service. A reply and whom it concerns. */
export interface ReplyFacts {
  id: number;
  /** Members it names for the first time (all of them for a new reply, the added ones for an edit). */
  newMentionIds: string[];
  /** Members who replied earlier in the same conversation (the author and uploader are in `activity`). */
  threadMemberIds: string[];
  /** An edit: only the newly mentioned are told. */
  edited: boolean;
}

/**
 * Owner: feedback service. Who did what to whose content, as it was when it happened: the names
 * and title travel so that a notification reads as it did then, without a call back.
 */
export interface FeedbackActivity {
  /** The member who gave the feedback, the vote or the rating. */
  actorId: string;
  actorName: string | null;
  /** The feedback's author (the one voted on or rated; the giver for feedback.created). */
  feedbackAuthorId: string;
  /** The video's uploader and title. */
  videoUploaderId: string;
  videoTitle: string;
  /** feedback.rated: the stars given. */
  stars?: number;
}

/** Owner: auth service. */
export interface EarnedBadge {
  userId: string;
  badgeType: BadgeType;
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
  /** video-service: videos.feedbackCount, averageRating, from `videoStats` */
  videoFeedbackStats: 'events-video-feedback-stats',
  /** auth-service: users.points, user_badges, from `authorStats` and `uploaderStats` */
  reputation: 'events-reputation',
  /** catalog-service: its listing projection (video_listings, people) from `video` and `person` */
  catalogListings: 'events-catalog-listings',
  /** feedback-service: what it shows of videos, people and categories, from `video`, `person`, `category` */
  feedbackReadModel: 'events-feedback-read-model',
  /** feedback-service: a deleted video's feedback, votes and ratings (no foreign key crosses services) */
  feedbackVideoDeletions: 'events-feedback-video-deletions',
  /** catalog-service: a deleted video's bookmarks */
  catalogVideoDeletions: 'events-catalog-video-deletions',
  /** notifications-service: what members are told, from `activity`, `video`, `badge`, `person` */
  notifications: 'events-notifications',
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
  /** For each piece of feedback the uploader marked applied: the advice worked. */
  feedbackApplied: 10,
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
