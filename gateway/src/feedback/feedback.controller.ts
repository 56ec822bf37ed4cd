import { Body, Controller, Get, HttpStatus, NotFoundException, Param, Post, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import {
  AUTH_MESSAGES,
  createFeedbackBodySchema,
  FEEDBACK_MESSAGES,
  feedbackByAuthorRequestSchema,
  rateFeedbackBodySchema,
  VIDEO_MESSAGES,
  type CreateFeedbackBody,
  type FeedbackByAuthorRequest,
  type FeedbackDto,
  type FeedbackRatingDto,
  type FeedbackVoteDto,
  type RateFeedbackBody,
  type UserDto,
  type UserFeedbackItemDto,
  type UserFeedbackStatsDto,
} from '@app/contracts';
import { CurrentUser, SignedInGuard } from '../auth/signed-in.guard.js';
import { hasHttpStatus } from '../auth/session.setup.js';
import { AuthClient } from '../clients/auth.client.js';
import { FeedbackClient } from '../clients/feedback.client.js';
import { RowIdPipe } from '../http/row-id.pipe.js';
import { ZodBodyPipe } from '../http/zod-body.pipe.js';
import { ZodParamsPipe } from '../http/zod-params.pipe.js';
import { LimitWrites } from '../throttle/write-limit.guard.js';

const byAuthor = new ZodParamsPipe(feedbackByAuthorRequestSchema);
const FeedbackIdPipe = new RowIdPipe(FEEDBACK_MESSAGES.feedbackNotFound);
const VideoIdPipe = new RowIdPipe(VIDEO_MESSAGES.notFound);
const actorOf = (user: UserDto) => ({ id: user.id, isAdmin: user.isAdmin });

@Controller('api/feedback')
export class FeedbackController {
  constructor(
    private readonly feedback: FeedbackClient,
    private readonly auth: AuthClient,
  ) {}

  /** Public: the feedback a member gave, newest first, for their profile. 404 for no such member. */
  @Get('user/:userId')
  async listByAuthor(@Param(byAuthor) params: FeedbackByAuthorRequest): Promise<UserFeedbackItemDto[]> {
    const [items] = await Promise.all([this.feedback.listByAuthor(params.userId), this.requireMember(params.userId)]);
    return items;
  }

  /** Public: how that feedback was received. 404 for no such member. */
  @Get('user/:userId/stats')
  async authorStats(@Param(byAuthor) params: FeedbackByAuthorRequest): Promise<UserFeedbackStatsDto> {
    const [stats] = await Promise.all([this.feedback.authorStats(params.userId), this.requireMember(params.userId)]);
    return stats;
  }

  /** Public: a video's feedback, most helpful first; a signed-in viewer sees their own votes and ratings. */
  @Get('video/:videoId')
  listByVideo(@Param('videoId', VideoIdPipe) videoId: number, @Req() req: Request): Promise<FeedbackDto[]> {
    return this.feedback.listByVideo(videoId, req.user?.id ?? null);
  }

  /** Once per member, never on one's own feedback. 201 with the vote. */
  @Post(':id/vote')
  @UseGuards(SignedInGuard)
  @LimitWrites()
  vote(@Param('id', FeedbackIdPipe) id: number, @CurrentUser() user: UserDto): Promise<FeedbackVoteDto> {
    return this.feedback.vote(actorOf(user), id);
  }

  /** Whole stars 1..5, once per member, never on one's own feedback. 201 with the rating. */
  @Post(':id/rate')
  @UseGuards(SignedInGuard)
  @LimitWrites()
  rate(
    @Param('id', FeedbackIdPipe) id: number,
    @CurrentUser() user: UserDto,
    @Body(new ZodBodyPipe(rateFeedbackBodySchema)) body: RateFeedbackBody,
  ): Promise<FeedbackRatingDto> {
    return this.feedback.rate(actorOf(user), id, body.rating);
  }

  // The feedback service does not keep accounts: the auth service says whether the member exists.
  private async requireMember(userId: string): Promise<void> {
    try {
      await this.auth.getUser(userId, null);
    } catch (error) {
      if (hasHttpStatus(error, HttpStatus.NOT_FOUND))
        throw new NotFoundException({ message: AUTH_MESSAGES.userNotFound });
      throw error;
    }
  }
}

@Controller('api/videos/:videoId/feedback')
export class VideoFeedbackController {
  constructor(private readonly feedback: FeedbackClient) {}

  /**
   * Signed in, not on one's own video; content trimmed, 1..500 characters, with an optional time
   * code and drawing (checked against the video by the feedback service). 201 with the feedback.
   */
  @Post()
  @UseGuards(SignedInGuard)
  @LimitWrites()
  create(
    @Param('videoId', VideoIdPipe) videoId: number,
    @CurrentUser() user: UserDto,
    @Body(new ZodBodyPipe(createFeedbackBodySchema)) body: CreateFeedbackBody,
  ): Promise<FeedbackDto> {
    return this.feedback.create(actorOf(user), videoId, body);
  }
}
