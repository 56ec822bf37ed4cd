import type { FeedbackNumbersDto } from '@app/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { getUserFeedbackQueryOptions } from '@/features/feedback/api/get-user-feedback';
import { getUserFeedbackStatsQueryOptions } from '@/features/feedback/api/get-user-feedback-stats';
import { updateLoadedVideoFeedback, type Feedback } from '@/features/feedback/api/get-video-feedback';

/** Rewrites one item of a video's cached feedback list (nothing when the list is not loaded). */
export function updateVideoFeedbackItem(
  queryClient: QueryClient,
  videoId: number,
  feedbackId: number,
  change: (item: Feedback) => Feedback,
): void {
  updateLoadedVideoFeedback(queryClient, videoId, (items) =>
    items.map((item) => (item.id === feedbackId ? change(item) : item)),
  );
}

/** The server's numbers from a vote's or rating's answer: they include it, so they replace what was shown. */
export const withServerNumbers = (item: Feedback, numbers: FeedbackNumbersDto): Feedback => ({
  ...item,
  helpfulVotes: numbers.helpfulVotes,
  averageRating: numbers.averageRating,
  totalRatings: numbers.totalRatings,
});

/**
 * The author's profile list and stats read the same numbers; they are current once the answer has
 * come, so marking them stale once is enough.
 */
export function invalidateAuthorFeedback(queryClient: QueryClient, authorId: string): void {
  void queryClient.invalidateQueries({ queryKey: getUserFeedbackQueryOptions(authorId).queryKey });
  void queryClient.invalidateQueries({ queryKey: getUserFeedbackStatsQueryOptions(authorId).queryKey });
}
