import { z } from 'zod';
import { userCleanupMessageSchema, type UserCleanupResult } from '../admin/admin.contracts.js';
import type { Page } from '../paging/page-cursor.js';
import { defineRpc } from '../rpc/define-rpc.js';
import {
  createFeedbackMessageSchema,
  feedbackByAuthorRequestSchema,
  listAuthorFeedbackMessageSchema,
  listVideoFeedbackMessageSchema,
  rateFeedbackMessageSchema,
  voteFeedbackMessageSchema,
} from './feedback.schemas.js';
import type {
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
  /** A step of the admin service's user deletion: the member's feedback, votes and ratings. */
  deleteAllOfMember: defineRpc('feedback.by-user.delete.v1', {
    request: userCleanupMessageSchema,
    response: z.custom<UserCleanupResult>(),
  }),
} as const;
