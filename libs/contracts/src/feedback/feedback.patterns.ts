import { z } from 'zod';
import { feedbackSubjectSchema, type ModerationSubjectDto } from '../moderation/moderation.contracts.js';
import { userCleanupMessageSchema, type UserCleanupResult } from '../admin/admin.contracts.js';
import type { Page } from '../paging/page-cursor.js';
import { defineRpc } from '../rpc/define-rpc.js';
import {
  createFeedbackMessageSchema,
  editReplyMessageSchema,
  markAppliedMessageSchema,
  replyFeedbackMessageSchema,
  feedbackByAuthorRequestSchema,
  listAuthorFeedbackMessageSchema,
  listVideoFeedbackMessageSchema,
  rateFeedbackMessageSchema,
  voteFeedbackMessageSchema,
} from './feedback.schemas.js';
import type {
  FeedbackAppliedDto,
  FeedbackReplyDto,
  FeedbackDto,
  FeedbackRatingDto,
  FeedbackVoteDto,
  UserFeedbackItemDto,
  UserFeedbackStatsDto,
} from './feedback.types.js';

/** Calls answered by the feedback service. */
export const FEEDBACK_RPC = {
  /** A page of a member's feedback, newest first (v2: pages). */
  listByAuthor: defineRpc('feedback.by-author.list.v2', {
    request: listAuthorFeedbackMessageSchema,
    response: z.custom<Page<UserFeedbackItemDto>>(),
  }),
  authorStats: defineRpc('feedback.by-author.stats.v1', {
    request: feedbackByAuthorRequestSchema,
    response: z.custom<UserFeedbackStatsDto>(),
  }),
  /** A page of a video's feedback, most helpful first (v2: pages). */
  listByVideo: defineRpc('feedback.by-video.list.v2', {
    request: listVideoFeedbackMessageSchema,
    response: z.custom<Page<FeedbackDto>>(),
  }),
  create: defineRpc('feedback.create.v1', {
    request: createFeedbackMessageSchema,
    response: z.custom<FeedbackDto>(),
  }),
  vote: defineRpc('feedback.vote.v1', {
    request: voteFeedbackMessageSchema,
    response: z.custom<FeedbackVoteDto>(),
  }),
  rate: defineRpc('feedback.rate.v1', {
    request: rateFeedbackMessageSchema,
    response: z.custom<FeedbackRatingDto>(),
  }),
  /** A reply in the conversation under a piece of feedback. */
  reply: defineRpc('feedback.replies.create.v1', {
    request: replyFeedbackMessageSchema,
    response: z.custom<FeedbackReplyDto>(),
  }),
  /** Its author changes a reply's text, within FEEDBACK_LIMITS.replyEditMinutes. */
  editReply: defineRpc('feedback.replies.edit.v1', {
    request: editReplyMessageSchema,
    response: z.custom<FeedbackReplyDto>(),
  }),
  /** The uploader marks a piece of feedback applied, or takes the mark back. */
  markApplied: defineRpc('feedback.applied.set.v1', {
    request: markAppliedMessageSchema,
    response: z.custom<FeedbackAppliedDto>(),
  }),
  /** What a report is about: a feedback's or reply's author and text, the video's title, hidden or not. */
  moderationSubject: defineRpc('feedback.moderation.subject.v1', {
    request: feedbackSubjectSchema,
    response: z.custom<ModerationSubjectDto | null>(),
  }),
  /** Hidden pending review (or restored): lists and counts drop it; only its author still sees it. */
  setHidden: defineRpc('feedback.moderation.hide.v1', {
    request: feedbackSubjectSchema.extend({ hidden: z.boolean() }),
    response: z.custom<{ hidden: boolean; changed: boolean }>(),
  }),
  /** Deleted by moderation, with everything under it; the numbers it counted in are corrected. */
  moderationDelete: defineRpc('feedback.moderation.delete.v1', {
    request: feedbackSubjectSchema,
    response: z.custom<{ removed: number }>(),
  }),
  /** The serial-voting check, now (it also runs on its own, nightly); asked by the admin service. */
  checkSerialVoting: defineRpc('feedback.integrity.serial-voting.v1', {
    request: z.object({}),
    response: z.custom<{ reversed: number }>(),
  }),
  /** A step of the admin service's user deletion: the member's feedback, votes and ratings. */
  deleteAllOfMember: defineRpc('feedback.by-user.delete.v1', {
    request: userCleanupMessageSchema,
    response: z.custom<UserCleanupResult>(),
  }),
} as const;
