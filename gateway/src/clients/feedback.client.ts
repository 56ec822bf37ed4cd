import { Injectable } from '@nestjs/common';
import {
  FEEDBACK_PATTERNS,
  type Actor,
  type CreateFeedbackMessage,
  type FeedbackByAuthorRequest,
  type FeedbackDto,
  type FeedbackRatingDto,
  type FeedbackVoteDto,
  type ListVideoFeedbackMessage,
  type RateFeedbackMessage,
  type UserFeedbackItemDto,
  type UserFeedbackStatsDto,
  type VoteFeedbackMessage,
} from '@app/contracts';
import { RpcClient } from './rpc.client.js';

@Injectable()
export class FeedbackClient {
  constructor(private readonly rpc: RpcClient) {}

  listByAuthor(userId: string): Promise<UserFeedbackItemDto[]> {
    return this.rpc.send<UserFeedbackItemDto[], FeedbackByAuthorRequest>('feedback', FEEDBACK_PATTERNS.listByAuthor, {
      userId,
    });
  }

  authorStats(userId: string): Promise<UserFeedbackStatsDto> {
    return this.rpc.send<UserFeedbackStatsDto, FeedbackByAuthorRequest>('feedback', FEEDBACK_PATTERNS.authorStats, {
      userId,
    });
  }

  listByVideo(videoId: number, viewerId: string | null): Promise<FeedbackDto[]> {
    return this.rpc.send<FeedbackDto[], ListVideoFeedbackMessage>('feedback', FEEDBACK_PATTERNS.listByVideo, {
      videoId,
      viewerId,
    });
  }

  create(actor: Actor, videoId: number, content: string): Promise<FeedbackDto> {
    return this.rpc.send<FeedbackDto, CreateFeedbackMessage>('feedback', FEEDBACK_PATTERNS.create, {
      actor,
      videoId,
      content,
    });
  }

  vote(actor: Actor, id: number): Promise<FeedbackVoteDto> {
    return this.rpc.send<FeedbackVoteDto, VoteFeedbackMessage>('feedback', FEEDBACK_PATTERNS.vote, { actor, id });
  }

  rate(actor: Actor, id: number, rating: number): Promise<FeedbackRatingDto> {
    return this.rpc.send<FeedbackRatingDto, RateFeedbackMessage>('feedback', FEEDBACK_PATTERNS.rate, {
      actor,
      id,
      rating,
    });
  }
}
