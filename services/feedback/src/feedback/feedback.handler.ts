import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  USER_CLEANUP_PATTERNS,
  userCleanupMessageSchema,
  type UserCleanupResult,
  createFeedbackMessageSchema,
  FEEDBACK_PATTERNS,
  feedbackByAuthorRequestSchema,
  listVideoFeedbackMessageSchema,
  rateFeedbackMessageSchema,
  voteFeedbackMessageSchema,
  type FeedbackDto,
  type FeedbackRatingDto,
  type FeedbackVoteDto,
  type UserFeedbackItemDto,
  type UserFeedbackStatsDto,
} from '@app/contracts';
import { parsePayload } from '@app/common';
import { FeedbackService } from './feedback.service.js';

@Controller()
export class FeedbackHandler {
  constructor(private readonly feedback: FeedbackService) {}

  @MessagePattern(FEEDBACK_PATTERNS.listByAuthor)
  listByAuthor(@Payload() payload: unknown): Promise<UserFeedbackItemDto[]> {
    return this.feedback.listByAuthor(parsePayload(feedbackByAuthorRequestSchema, payload).userId);
  }

  @MessagePattern(FEEDBACK_PATTERNS.authorStats)
  authorStats(@Payload() payload: unknown): Promise<UserFeedbackStatsDto> {
    return this.feedback.authorStats(parsePayload(feedbackByAuthorRequestSchema, payload).userId);
  }

  @MessagePattern(FEEDBACK_PATTERNS.listByVideo)
  listByVideo(@Payload() payload: unknown): Promise<FeedbackDto[]> {
    const message = parsePayload(listVideoFeedbackMessageSchema, payload);
    return this.feedback.listForVideo(message.videoId, message.viewerId ?? null);
  }

  @MessagePattern(FEEDBACK_PATTERNS.create)
  create(@Payload() payload: unknown): Promise<FeedbackDto> {
    const message = parsePayload(createFeedbackMessageSchema, payload);
    return this.feedback.create(message.actor, message.videoId, message.content);
  }

  @MessagePattern(FEEDBACK_PATTERNS.vote)
  vote(@Payload() payload: unknown): Promise<FeedbackVoteDto> {
    const message = parsePayload(voteFeedbackMessageSchema, payload);
    return this.feedback.vote(message.actor, message.id);
  }

  @MessagePattern(FEEDBACK_PATTERNS.rate)
  rate(@Payload() payload: unknown): Promise<FeedbackRatingDto> {
    const message = parsePayload(rateFeedbackMessageSchema, payload);
    return this.feedback.rate(message.actor, message.id, message.rating);
  }

  @MessagePattern(USER_CLEANUP_PATTERNS.feedback)
  deleteAllOfMember(@Payload() payload: unknown): Promise<UserCleanupResult> {
    return this.feedback.deleteAllOfMember(parsePayload(userCleanupMessageSchema, payload).userId);
  }
}
