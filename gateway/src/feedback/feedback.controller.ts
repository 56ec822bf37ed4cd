import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  NotFoundException,
  Param,
  Patch,
  Post,
  Query,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  AUTH_MESSAGES,
  createFeedbackBodySchema,
  FEEDBACK_MESSAGES,
  feedbackByAuthorRequestSchema,
  authorFeedbackPageQuerySchema,
  rateFeedbackBodySchema,
  videoFeedbackPageQuerySchema,
  type AuthorFeedbackPageQuery,
  type VideoFeedbackPageQuery,
  VIDEO_MESSAGES,
  type CreateFeedbackBody,
  type FeedbackByAuthorRequest,
  type FeedbackDto,
  type FeedbackRatingDto,
  type FeedbackVoteDto,
  type FeedbackAppliedDto,
  type FeedbackReplyDto,
  type ReplyBody,
  replyBodySchema,
  type RateFeedbackBody,
  type UserDto,
  type UserFeedbackItemDto,
  type UserFeedbackStatsDto,
} from '@app/contracts';
import { CurrentUser, SignedInGuard } from '../auth/signed-in.guard.js';
import { hasHttpStatus } from '../auth/session.setup.js';
import { AuthClient } from '../clients/auth.client.js';
import { FeedbackClient } from '../clients/feedback.client.js';
import { sendPage } from '../http/next-page.js';
import { RowIdPipe } from '../http/row-id.pipe.js';
import { ZodBodyPipe } from '../http/zod-body.pipe.js';
import { ZodParamsPipe } from '../http/zod-params.pipe.js';
import { LimitWrites } from '../throttle/write-limit.guard.js';

const byAuthor = new ZodParamsPipe(feedbackByAuthorRequestSchema);
const FeedbackIdPipe = new RowIdPipe(FEEDBACK_MESSAGES.feedbackNotFound);
const VideoIdPipe = new RowIdPipe(VIDEO_MESSAGES.notFound);
const ReplyIdPipe = new RowIdPipe(FEEDBACK_MESSAGES.replyNotFound);
const actorOf = (user: UserDto) => ({ id: user.id, isAdmin: user.isAdmin });

@Controller('api/feedback')
export class FeedbackController {
  constructor(
    private readonly feedback: FeedbackClient,
    private readonly auth: AuthClient,
  ) {}

  /**
   * Public: the feedback a member gave, newest first, for their profile, 100 to a page
   * (`?limit&cursor`, more pages: the `Link` header). 404 for no such member.
   */
  @Get('user/:userId')
  async listByAuthor(
    @Param(byAuthor) params: FeedbackByAuthorRequest,
    @Query(new ZodParamsPipe(authorFeedbackPageQuerySchema)) page: AuthorFeedbackPageQuery,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<UserFeedbackItemDto[]> {
    const [items] = await Promise.all([
      this.feedback.listByAuthor(params.userId, page, req.user?.id ?? null),
      this.requireMember(params.userId),
    ]);
    return sendPage(req, res, items);
  }

  /** Public: how that feedback was received. 404 for no such member. */
  @Get('user/:userId/stats')
  async authorStats(@Param(byAuthor) params: FeedbackByAuthorRequest): Promise<UserFeedbackStatsDto> {
    const [stats] = await Promise.all([this.feedback.authorStats(params.userId), this.requireMember(params.userId)]);
    return stats;
  }

  /**
   * Public: a video's feedback, most helpful first, 100 to a page (`?limit&cursor`, more pages: the
   * `Link` header); a signed-in viewer sees their own votes and ratings.
   */
  @Get('video/:videoId')
  async listByVideo(
    @Param('videoId', VideoIdPipe) videoId: number,
    @Query(new ZodParamsPipe(videoFeedbackPageQuerySchema)) page: VideoFeedbackPageQuery,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<FeedbackDto[]> {
    return sendPage(req, res, await this.feedback.listByVideo(videoId, req.user?.id ?? null, page));
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

  /**
   * Any signed-in member answers in the conversation under a piece of feedback (one level deep:
   * answering a reply is a reply to the same feedback); same text rules as feedback, and
   * `mentions` (member ids) for the members named with "@". 201 with the reply.
   */
  @Post(':id/replies')
  @UseGuards(SignedInGuard)
  @LimitWrites()
  reply(
    @Param('id', FeedbackIdPipe) id: number,
    @CurrentUser() user: UserDto,
    @Body(new ZodBodyPipe(replyBodySchema)) body: ReplyBody,
  ): Promise<FeedbackReplyDto> {
    return this.feedback.reply(actorOf(user), id, body);
  }

  /** Its author changes a reply's text (and mentions) within 10 minutes of posting. */
  @Patch('replies/:replyId')
  @UseGuards(SignedInGuard)
  @LimitWrites()
  editReply(
    @Param('replyId', ReplyIdPipe) replyId: number,
    @CurrentUser() user: UserDto,
    @Body(new ZodBodyPipe(replyBodySchema)) body: ReplyBody,
  ): Promise<FeedbackReplyDto> {
    return this.feedback.editReply(actorOf(user), replyId, body);
  }

  /** The video's uploader marks the feedback applied; marking it again changes nothing. */
  @Post(':id/applied')
  @HttpCode(HttpStatus.OK)
  @UseGuards(SignedInGuard)
  @LimitWrites()
  markApplied(@Param('id', FeedbackIdPipe) id: number, @CurrentUser() user: UserDto): Promise<FeedbackAppliedDto> {
    return this.feedback.markApplied(actorOf(user), id, true);
  }

  /** The uploader takes the mark back (the author's points for it go too). */
  @Delete(':id/applied')
  @UseGuards(SignedInGuard)
  @LimitWrites()
  unmarkApplied(@Param('id', FeedbackIdPipe) id: number, @CurrentUser() user: UserDto): Promise<FeedbackAppliedDto> {
    return this.feedback.markApplied(actorOf(user), id, false);
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
