import { Injectable } from '@nestjs/common';
import type { UserFeedbackItemDto, UserFeedbackStatsDto } from '@app/contracts';
import { FeedbackRepository } from './feedback.repository.js';
import { toUserFeedbackItemDto, toUserFeedbackStatsDto } from './feedback.mapper.js';

/**
 * Feedback as a member's profile shows it. Public; someone who never gave feedback (or does not
 * exist) looks the same: no items, zero stats.
 */
@Injectable()
export class FeedbackService {
  constructor(private readonly feedback: FeedbackRepository) {}

  async listByAuthor(authorId: string): Promise<UserFeedbackItemDto[]> {
    const rows = await this.feedback.findByAuthorNewestFirst(authorId);
    return rows.map(toUserFeedbackItemDto);
  }

  async authorStats(authorId: string): Promise<UserFeedbackStatsDto> {
    return toUserFeedbackStatsDto(await this.feedback.totalsForAuthor(authorId));
  }
}
