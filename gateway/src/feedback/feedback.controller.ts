import { Controller, Get, Param } from '@nestjs/common';
import {
  feedbackByAuthorRequestSchema,
  type FeedbackByAuthorRequest,
  type UserFeedbackItemDto,
  type UserFeedbackStatsDto,
} from '@app/contracts';
import { FeedbackClient } from '../clients/feedback.client.js';
import { ZodParamsPipe } from '../http/zod-params.pipe.js';

const byAuthor = new ZodParamsPipe(feedbackByAuthorRequestSchema);

@Controller('api/feedback')
export class FeedbackController {
  constructor(private readonly feedback: FeedbackClient) {}

  /** Public: the feedback a member gave, newest first, for their profile. */
  @Get('user/:userId')
  listByAuthor(@Param(byAuthor) params: FeedbackByAuthorRequest): Promise<UserFeedbackItemDto[]> {
    return this.feedback.listByAuthor(params.userId);
  }

  /** Public: how that feedback was received. */
  @Get('user/:userId/stats')
  authorStats(@Param(byAuthor) params: FeedbackByAuthorRequest): Promise<UserFeedbackStatsDto> {
    return this.feedback.authorStats(params.userId);
  }
}
