import type { FeedbackDrawing, FeedbackTimecode } from './annotations.types.js';

/** A piece of feedback a member gave, as their profile lists it (spec section 3, "Feedback item"). */
export interface UserFeedbackItemDto {
  id: number;
  /** The video it was given on, so a screen can link to it. */
  videoId: number;
  videoTitle: string;
  /** Null when the video has no category. */
  categoryName: string | null;
  categoryIcon: string | null;
  content: string;
  /** Mean of the ratings it received; 0 when unrated. */
  averageRating: number;
  totalRatings: number;
  helpfulVotes: number;
  /** ISO 8601 */
  createdAt: string;
}

/** A member's feedback quality (API-DECISIONS "Feedback, votes, ratings"). */
export interface UserFeedbackStatsDto {
  /** Mean of averageRating over their feedback that has at least one rating; 0 when none has. */
  averageRating: number;
  totalFeedback: number;
  /** Ratings received, summed over their feedback. */
  totalRatings: number;
  /** Helpful votes received, summed over their feedback. */
  helpfulVotes: number;
}

/** A piece of feedback on a video, as the video page lists it (spec section 3, "Feedback"). */
export interface FeedbackDto {
  /** The moment or range it is about, when the author pinned one. */
  timecode: FeedbackTimecode | null;
  /** The drawing over one frame, when the author made one. */
  drawing: FeedbackDrawing | null;
  id: number;
  videoId: number;
  content: string;
  authorId: string;
  /** "First Last", falling back to the first name, then null. */
  authorName: string | null;
  authorFirstName: string | null;
  authorLastName: string | null;
  authorImage: string | null;
  /** Mean of the ratings it received; 0 when unrated. Derived from the rating rows with each vote and rating. */
  averageRating: number;
  totalRatings: number;
  helpfulVotes: number;
  /** ISO 8601 */
  createdAt: string;
  /** Whether the signed-in member asking has marked it helpful (false for visitors). */
  viewerVoted: boolean;
  /** The stars the signed-in member asking gave it, or null. */
  viewerRating: number | null;
  /** Present, and true, only for its author: hidden pending review by moderation. */
  hidden?: boolean;
  /** ISO 8601: when the uploader marked it applied (they put it into practice), or null. */
  appliedAt: string | null;
  /** The conversation under it, oldest first (one level deep: a reply to a reply joins it). */
  replies: FeedbackReplyDto[];
  replyCount: number;
}

/** A member named in a reply: stored by id, shown by the name the read model knows now. */
export interface MentionDto {
  id: string;
  name: string | null;
}

/** A reply in the conversation under a piece of feedback. */
export interface FeedbackReplyDto {
  id: number;
  feedbackId: number;
  content: string;
  authorId: string;
  authorName: string | null;
  authorFirstName: string | null;
  authorLastName: string | null;
  authorImage: string | null;
  /** The members it mentions, in the order first written. */
  mentions: MentionDto[];
  /** ISO 8601 */
  createdAt: string;
  /** Present, and true, only for its author: hidden pending review by moderation. */
  hidden?: boolean;
  /** ISO 8601, when its author last changed the text (possible for FEEDBACK_LIMITS.replyEditMinutes). */
  editedAt: string | null;
}

/** What POST/DELETE /api/feedback/{id}/applied answer. */
export interface FeedbackAppliedDto {
  feedbackId: number;
  appliedAt: string | null;
}

/**
 * A piece of feedback's own numbers, derived from its vote and rating rows in the transaction that
 * stored the vote or rating, so the answer already includes it.
 */
export interface FeedbackNumbersDto {
  helpfulVotes: number;
  /** Mean of the ratings it received; 0 when unrated. */
  averageRating: number;
  totalRatings: number;
}

/** What POST /api/feedback/{id}/vote answers (201): the vote and the feedback's numbers with it. */
export interface FeedbackVoteDto extends FeedbackNumbersDto {
  feedbackId: number;
  userId: string;
  createdAt: string;
}

/** What POST /api/feedback/{id}/rate answers (201): the rating and the feedback's numbers with it. */
export interface FeedbackRatingDto extends FeedbackNumbersDto {
  feedbackId: number;
  raterId: string;
  rating: number;
  createdAt: string;
}
