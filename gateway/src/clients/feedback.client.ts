import { Injectable } from '@nestjs/common';
import {
  FEEDBACK_RPC,
  type Actor,
  type CreateFeedbackBody,
  type FeedbackDto,
  type FeedbackRatingDto,
  type FeedbackVoteDto,
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

  listByAuthor(userId: string, page: AuthorFeedbackPageQuery): Promise<Page<UserFeedbackItemDto>> {
    return this.rpc.call(FEEDBACK_RPC.listByAuthor, { userId, ...page });
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
}
