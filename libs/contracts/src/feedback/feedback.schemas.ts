import { z } from 'zod';
import { cursorRowId, newestFirstCursorSchema, pageCursorParam, pageLimitParam } from '../paging/page-cursor.js';
import { UUID_PATTERN } from '../ids.js';
import { actorSchema } from '../auth/actor.schema.js';
import { characterCount, rowIdParam } from '../catalog/params.js';
import { VIDEO_MESSAGES } from '../catalog/video.schemas.js';
import { hasForbiddenCharacter, isInvisibleText } from '../text/plain-text.js';
import { optionalDrawingSchema, optionalTimecodeSchema } from './annotations.schemas.js';
import { FEEDBACK_LIMITS, FEEDBACK_MESSAGES } from './feedback.rules.js';

// The limits, messages and levels are in feedback.rules, without zod, for screens that only show them.
export * from './feedback.rules.js';

/**
 * GET /api/feedback/user/{userId}[/stats], checked by the gateway and again by the feedback
 * service. A well-formed id of someone who never gave feedback is not an error: it has no items.
 */
export const feedbackByAuthorRequestSchema = z.object({
  userId: z.string({ error: FEEDBACK_MESSAGES.userIdInvalid }).regex(UUID_PATTERN, FEEDBACK_MESSAGES.userIdInvalid),
});
export type FeedbackByAuthorRequest = z.infer<typeof feedbackByAuthorRequestSchema>;

/** `{id}` in /api/feedback/{id}/vote and /rate. */
export const feedbackIdParamsSchema = z.object({ id: rowIdParam(FEEDBACK_MESSAGES.feedbackIdInvalid) });
export type FeedbackIdParams = z.output<typeof feedbackIdParamsSchema>;

/** `{videoId}` in GET /api/feedback/video/{videoId} and POST /api/videos/{videoId}/feedback. */
export const feedbackVideoParamsSchema = z.object({ videoId: rowIdParam(VIDEO_MESSAGES.idInvalid) });
export type FeedbackVideoParams = z.output<typeof feedbackVideoParamsSchema>;

/**
 * POST /api/videos/{videoId}/feedback: content trimmed, 1..500 characters (a drawing with a short
 * comment still needs the comment); optionally a time code and a drawing (absent or null: none).
 */
export const createFeedbackBodySchema = z.object({
  content: z
    .string({ error: FEEDBACK_MESSAGES.contentRequired })
    .trim()
    .refine((text) => !isInvisibleText(text), FEEDBACK_MESSAGES.contentRequired)
    .refine((text) => characterCount(text) <= FEEDBACK_LIMITS.contentMax, FEEDBACK_MESSAGES.contentTooLong)
    // Line breaks and tabs are part of written advice.
    .refine((text) => !hasForbiddenCharacter(text, 'multi-line'), FEEDBACK_MESSAGES.contentControlCharacter),
  timecode: optionalTimecodeSchema,
  drawing: optionalDrawingSchema,
});
export type CreateFeedbackBody = z.infer<typeof createFeedbackBodySchema>;

/**
 * POST /api/feedback/{id}/replies and PATCH /api/feedback/replies/{replyId}: the same text rules as
 * feedback; `mentions`, the ids of the members the text names with "@", each notified once.
 */
export const replyBodySchema = z.object({
  content: createFeedbackBodySchema.shape.content,
  mentions: z
    .array(z.string().regex(UUID_PATTERN, FEEDBACK_MESSAGES.mentionsInvalid), {
      error: FEEDBACK_MESSAGES.mentionsInvalid,
    })
    .max(FEEDBACK_LIMITS.mentionsMax, FEEDBACK_MESSAGES.mentionsInvalid)
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))])
    .optional()
    .default([]),
});
export type ReplyBody = z.output<typeof replyBodySchema>;

/** `{replyId}` in PATCH /api/feedback/replies/{replyId}. */
export const replyIdParamsSchema = z.object({ replyId: rowIdParam(FEEDBACK_MESSAGES.replyIdInvalid) });

/** POST /api/feedback/{id}/rate: whole stars, 1..5 (a number, not a numeric string). */
export const rateFeedbackBodySchema = z.object({
  rating: z
    .number({ error: FEEDBACK_MESSAGES.ratingInvalid })
    .int(FEEDBACK_MESSAGES.ratingInvalid)
    .min(FEEDBACK_LIMITS.ratingMin, FEEDBACK_MESSAGES.ratingInvalid)
    .max(FEEDBACK_LIMITS.ratingMax, FEEDBACK_MESSAGES.ratingInvalid),
});
export type RateFeedbackBody = z.infer<typeof rateFeedbackBodySchema>;

/** GET /api/feedback/video/{videoId} as a message: who asks decides viewerVoted/viewerRating. */
/**
 * `?limit&cursor` of the feedback lists: 100 to a page by default (and at most), so the first page
 * is a video's or a member's whole list as before unless there is more.
 */
export const FEEDBACK_LIST_LIMIT = { default: 100, min: 1, max: 100 } as const;
export const FEEDBACK_LIST_MESSAGES = { limitInvalid: 'limit must be an integer' } as const;
const feedbackLimit = pageLimitParam(FEEDBACK_LIST_LIMIT, FEEDBACK_LIST_MESSAGES.limitInvalid);

/** A video's feedback is served most helpful first: the position is (helpful votes, id). */
const videoFeedbackCursorSchema = z.object({ k: z.number().int().min(0).max(2_147_483_647), id: cursorRowId });
export type VideoFeedbackCursor = z.output<typeof videoFeedbackCursorSchema>;

/** GET /api/feedback/video/{videoId} `?limit&cursor&status`: `status` keeps the open or the applied ones. */
export const videoFeedbackPageQuerySchema = z.object({
  limit: feedbackLimit,
  cursor: pageCursorParam(videoFeedbackCursorSchema),
  status: z.enum(['open', 'applied'], { error: FEEDBACK_MESSAGES.statusInvalid }).nullish().default(null),
});
export type VideoFeedbackPageQuery = z.output<typeof videoFeedbackPageQuerySchema>;

/** GET /api/feedback/user/{userId} `?limit&cursor`: newest first. */
export const authorFeedbackPageQuerySchema = z.object({
  limit: feedbackLimit,
  cursor: pageCursorParam(newestFirstCursorSchema),
});
export type AuthorFeedbackPageQuery = z.output<typeof authorFeedbackPageQuerySchema>;

export const listVideoFeedbackMessageSchema = feedbackVideoParamsSchema
  .extend({ viewerId: z.string().regex(UUID_PATTERN).nullish() })
  .extend(videoFeedbackPageQuerySchema.shape);

export const listAuthorFeedbackMessageSchema = feedbackByAuthorRequestSchema
  .extend(authorFeedbackPageQuerySchema.shape)
  .extend({ viewerId: z.string().regex(UUID_PATTERN).nullish() });
export type ListVideoFeedbackMessage = z.input<typeof listVideoFeedbackMessageSchema>;

/** NATS payloads, validated again by the feedback service. */
export const createFeedbackMessageSchema = feedbackVideoParamsSchema
  .extend(createFeedbackBodySchema.shape)
  .extend({ actor: actorSchema });
export type CreateFeedbackMessage = z.input<typeof createFeedbackMessageSchema>;

export const voteFeedbackMessageSchema = feedbackIdParamsSchema.extend({ actor: actorSchema });
export type VoteFeedbackMessage = z.input<typeof voteFeedbackMessageSchema>;

export const rateFeedbackMessageSchema = feedbackIdParamsSchema
  .extend(rateFeedbackBodySchema.shape)
  .extend({ actor: actorSchema });
export type RateFeedbackMessage = z.input<typeof rateFeedbackMessageSchema>;

export const replyFeedbackMessageSchema = feedbackIdParamsSchema
  .extend(replyBodySchema.shape)
  .extend({ actor: actorSchema });
export const editReplyMessageSchema = replyIdParamsSchema.extend(replyBodySchema.shape).extend({ actor: actorSchema });
export const markAppliedMessageSchema = feedbackIdParamsSchema.extend({ actor: actorSchema, applied: z.boolean() });
