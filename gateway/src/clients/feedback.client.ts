import { Injectable } from '@nestjs/common';
import {
  FEEDBACK_RPC,
  type Actor,
  type CreateFeedbackBody,
  type FeedbackDto,
  type FeedbackRatingDto,
  type FeedbackVoteDto,
  type FeedbackAppliedDto,
  type FeedbackReplyDto,
  type ReplyBody,
  type UserFeedbackItemDto,
  type UserFeedbackStatsDto,
  type AuthorFeedbackPageQuery,
  type Page,
  type VideoFeedbackPageQuery,
} from '@app/contracts';
import { RpcClient } from '@app/common';

@Injectable()
export class FeedbackClient {
  constructor(private readonly rpc: RpcClient) {}

  listByAuthor(
    userId: string,
    page: AuthorFeedbackPageQuery,
    viewerId: string | null = null,
  ): Promise<Page<UserFeedbackItemDto>> {
    return this.rpc.call(FEEDBACK_RPC.listByAuthor, { userId, ...page, viewerId });
  }

  authorStats(userId: string): Promise<UserFeedbackStatsDto> {
    return this.rpc.call(FEEDBACK_RPC.authorStats, { userId });
  }

  listByVideo(videoId: number, viewerId: string | null, page: VideoFeedbackPageQuery): Promise<Page<FeedbackDto>> {
    return this.rpc.call(FEEDBACK_RPC.listByVideo, { videoId, viewerId, ...page });
  }

  create(actor: Actor, videoId: number, body: CreateFeedbackBody): Promise<FeedbackDto> {
    return this.rpc.call(FEEDBACK_RPC.create, { actor, videoId, ...body });
  }

  vote(actor: Actor, id: number): Promise<FeedbackVoteDto> {
    return this.rpc.call(FEEDBACK_RPC.vote, { actor, id });
  }

  rate(actor: Actor, id: number, rating: number): Promise<FeedbackRatingDto> {
    return this.rpc.call(FEEDBACK_RPC.rate, { actor, id, rating });
  }

  reply(actor: Actor, id: number, body: ReplyBody): Promise<FeedbackReplyDto> {
    return this.rpc.call(FEEDBACK_RPC.reply, { actor, id, ...body });
  }

  editReply(actor: Actor, replyId: number, body: ReplyBody): Promise<FeedbackReplyDto> {
    return this.rpc.call(FEEDBACK_RPC.editReply, { actor, replyId, ...body });
  }

  markApplied(actor: Actor, id: number, applied: boolean): Promise<FeedbackAppliedDto> {
    return this.rpc.call(FEEDBACK_RPC.markApplied, { actor, id, applied });
  }
}
