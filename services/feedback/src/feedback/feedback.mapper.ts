import type { UserFeedbackItemDto, UserFeedbackStatsDto } from '@app/contracts';
import type { AuthorFeedbackRow, AuthorFeedbackTotalsRow } from './feedback.repository.js';

export const toUserFeedbackItemDto = (row: AuthorFeedbackRow): UserFeedbackItemDto => ({
  id: row.id,
  videoId: row.videoId,
  videoTitle: row.videoTitle,
  categoryName: row.categoryName,
  categoryIcon: row.categoryIcon,
  content: row.content,
  averageRating: row.averageRating,
  totalRatings: row.totalRatings,
  helpfulVotes: row.helpfulVotes,
  createdAt: row.createdAt.toISOString(),
});

export const toUserFeedbackStatsDto = (totals: AuthorFeedbackTotalsRow): UserFeedbackStatsDto => ({
  averageRating: totals.averageRating,
  totalFeedback: totals.totalFeedback,
  totalRatings: totals.totalRatings,
  helpfulVotes: totals.helpfulVotes,
});
