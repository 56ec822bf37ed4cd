import { z } from 'zod';
import type { Exactly, SameType } from '../http/same-type.js';
import { DRAWING_SHAPE_TYPES, type FeedbackDrawing, type FeedbackTimecode } from './annotations.types.js';

/** A time code as answers carry it (the request side validates it in annotations.schemas). */
export const feedbackTimecodeDtoSchema = z.object({ start: z.number(), end: z.number().optional() });
/** A drawing as answers carry it. */
export const feedbackDrawingDtoSchema = z.object({
  frame: z.number().int(),
  shapes: z.array(
    z.object({
      type: z.enum(DRAWING_SHAPE_TYPES),
      points: z.array(z.tuple([z.number(), z.number()])),
      color: z.string(),
      label: z.string().optional(),
    }),
  ),
});
// annotations.types keeps its plain interfaces (the drawing code reads them without zod); these
// fail to compile the moment either side changes without the other.
export type FeedbackTimecodeDtoMatches = SameType<Exactly<z.infer<typeof feedbackTimecodeDtoSchema>, FeedbackTimecode>>;
export type FeedbackDrawingDtoMatches = SameType<Exactly<z.infer<typeof feedbackDrawingDtoSchema>, FeedbackDrawing>>;

/** A piece of feedback a member gave, as their profile lists it (spec section 3, "Feedback item"). */
export const userFeedbackItemDtoSchema = z.object({
  id: z.number().int(),
  /** The video it was given on, so a screen can link to it. */
  videoId: z.number().int(),
  videoTitle: z.string(),
  /** Null when the video has no category. */
  categoryName: z.string().nullable(),
  categoryIcon: z.string().nullable(),
  content: z.string(),
  /** Mean of the ratings it received; 0 when unrated. */
  averageRating: z.number(),
  totalRatings: z.number().int(),
  helpfulVotes: z.number().int(),
  /** ISO 8601 */
  createdAt: z.string(),
});
export type UserFeedbackItemDto = z.infer<typeof userFeedbackItemDtoSchema>;

/** A member's feedback quality (API-DECISIONS "Feedback, votes, ratings"). */
export const userFeedbackStatsDtoSchema = z.object({
  /** Mean of averageRating over their feedback that has at least one rating; 0 when none has. */
  averageRating: z.number(),
  totalFeedback: z.number().int(),
  /** Ratings received, summed over their feedback. */
  totalRatings: z.number().int(),
  /** Helpful votes received, summed over their feedback. */
  helpfulVotes: z.number().int(),
});
export type UserFeedbackStatsDto = z.infer<typeof userFeedbackStatsDtoSchema>;

/** A member named in a reply: stored by id, shown by the name the read model knows now. */
export const mentionDtoSchema = z.object({ id: z.string(), name: z.string().nullable() });
export type MentionDto = z.infer<typeof mentionDtoSchema>;

/** A reply in the conversation under a piece of feedback. */
export const feedbackReplyDtoSchema = z.object({
  id: z.number().int(),
  feedbackId: z.number().int(),
  content: z.string(),
  authorId: z.string(),
  authorName: z.string().nullable(),
  authorFirstName: z.string().nullable(),
  authorLastName: z.string().nullable(),
  authorImage: z.string().nullable(),
  /** The members it mentions, in the order first written. */
  mentions: z.array(mentionDtoSchema),
  /** ISO 8601 */
  createdAt: z.string(),
  /** Present, and true, only for its author: hidden pending review by moderation. */
  hidden: z.boolean().optional(),
  /** ISO 8601, when its author last changed the text (possible for FEEDBACK_LIMITS.replyEditMinutes). */
  editedAt: z.string().nullable(),
});
export type FeedbackReplyDto = z.infer<typeof feedbackReplyDtoSchema>;

/** A piece of feedback on a video, as the video page lists it (spec section 3, "Feedback"). */
export const feedbackDtoSchema = z.object({
  /** The moment or range it is about, when the author pinned one. */
  timecode: feedbackTimecodeDtoSchema.nullable(),
  /** The drawing over one frame, when the author made one. */
  drawing: feedbackDrawingDtoSchema.nullable(),
  id: z.number().int(),
  videoId: z.number().int(),
  content: z.string(),
  authorId: z.string(),
  /** "First Last", falling back to the first name, then null. */
  authorName: z.string().nullable(),
  authorFirstName: z.string().nullable(),
  authorLastName: z.string().nullable(),
  authorImage: z.string().nullable(),
  /** Mean of the ratings it received; 0 when unrated. Derived from the rating rows with each vote and rating. */
  averageRating: z.number(),
  totalRatings: z.number().int(),
  helpfulVotes: z.number().int(),
  /** ISO 8601 */
  createdAt: z.string(),
  /** Whether the signed-in member asking has marked it helpful (false for visitors). */
  viewerVoted: z.boolean(),
  /** The stars the signed-in member asking gave it, or null. */
  viewerRating: z.number().int().nullable(),
  /** Present, and true, only for its author: hidden pending review by moderation. */
  hidden: z.boolean().optional(),
  /** ISO 8601: when the uploader marked it applied (they put it into practice), or null. */
  appliedAt: z.string().nullable(),
  /** The conversation under it, oldest first (one level deep: a reply to a reply joins it). */
  replies: z.array(feedbackReplyDtoSchema),
  replyCount: z.number().int(),
});
export type FeedbackDto = z.infer<typeof feedbackDtoSchema>;

/** What POST/DELETE /api/feedback/{id}/applied answer. */
export const feedbackAppliedDtoSchema = z.object({ feedbackId: z.number().int(), appliedAt: z.string().nullable() });
export type FeedbackAppliedDto = z.infer<typeof feedbackAppliedDtoSchema>;

/**
 * A piece of feedback's own numbers, derived from its vote and rating rows in the transaction that
 * stored the vote or rating, so the answer already includes it.
 */
export const feedbackNumbersDtoSchema = z.object({
  helpfulVotes: z.number().int(),
  /** Mean of the ratings it received; 0 when unrated. */
  averageRating: z.number(),
  totalRatings: z.number().int(),
});
export type FeedbackNumbersDto = z.infer<typeof feedbackNumbersDtoSchema>;

/** What POST /api/feedback/{id}/vote answers (201): the vote and the feedback's numbers with it. */
export const feedbackVoteDtoSchema = feedbackNumbersDtoSchema.extend({
  feedbackId: z.number().int(),
  userId: z.string(),
  createdAt: z.string(),
});
export type FeedbackVoteDto = z.infer<typeof feedbackVoteDtoSchema>;

/** What POST /api/feedback/{id}/rate answers (201): the rating and the feedback's numbers with it. */
export const feedbackRatingDtoSchema = feedbackNumbersDtoSchema.extend({
  feedbackId: z.number().int(),
  raterId: z.string(),
  rating: z.number().int(),
  createdAt: z.string(),
});
export type FeedbackRatingDto = z.infer<typeof feedbackRatingDtoSchema>;
