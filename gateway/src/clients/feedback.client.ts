import { Injectable } from '@nestjs/common';
import {
  FEEDBACK_PATTERNS,
  type FeedbackByAuthorRequest,
  type UserFeedbackItemDto,
  type UserFeedbackStatsDto,
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
}
