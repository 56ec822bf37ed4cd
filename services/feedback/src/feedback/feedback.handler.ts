import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  FEEDBACK_PATTERNS,
  feedbackByAuthorRequestSchema,
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
}
