import type { QueryClient } from '@tanstack/react-query';
import { getUserFeedbackQueryOptions } from '@/features/feedback/api/get-user-feedback';
import { getUserFeedbackStatsQueryOptions } from '@/features/feedback/api/get-user-feedback-stats';
import { getVideoFeedbackQueryOptions, pendingAggregates } from '@/features/feedback/api/get-video-feedback';
import type { PendingAggregate } from '@/features/feedback/utils/pending-aggregates';

/** The server's numbers usually include a vote or rating after a second or two. */
export const SETTLE_DELAY_MS = 1500;
/** How long a shown vote or rating is kept when the server's numbers have not caught up. */
export const SETTLE_WINDOW_MS = 12_000;

const running = new Map<number, { authors: Set<string>; until: number }>();

/** Shows a vote or rating before the server's numbers include it (see pending-aggregates). */
export function expectAggregates(
  videoId: number,
  feedbackId: number,
  expectation: Omit<PendingAggregate, 'expiresAt'>,
): void {
  pendingAggregates.expect(videoId, feedbackId, expectation, Date.now() + SETTLE_WINDOW_MS);
}

/**
 * Reloads the video's feedback shortly after a vote or rating, and again while the server has not
 * caught up, so its numbers replace the ones shown at once. The author's profile lists and stats
 * are marked stale each time too, so they show the new numbers when next opened.
 */
export function settleVideoFeedback(queryClient: QueryClient, videoId: number, authorId: string): void {
  const existing = running.get(videoId);
  if (existing) {
    existing.authors.add(authorId);
    existing.until = Date.now() + SETTLE_WINDOW_MS;
    return;
  }
  const state = { authors: new Set([authorId]), until: Date.now() + SETTLE_WINDOW_MS };
  running.set(videoId, state);

  const tick = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: getVideoFeedbackQueryOptions(videoId).queryKey }),
      ...[...state.authors].flatMap((author) => [
        queryClient.invalidateQueries({ queryKey: getUserFeedbackQueryOptions(author).queryKey }),
        queryClient.invalidateQueries({ queryKey: getUserFeedbackStatsQueryOptions(author).queryKey }),
      ]),
    ]);
    if (pendingAggregates.hasPending(videoId) && Date.now() < state.until) {
      window.setTimeout(() => void tick(), SETTLE_DELAY_MS);
    } else {
      running.delete(videoId);
    }
  };
  window.setTimeout(() => void tick(), SETTLE_DELAY_MS);
}
