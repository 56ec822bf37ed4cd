import type { FeedbackRatingDto } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  getVideoFeedbackQueryOptions,
  pendingAggregates,
  type Feedback,
} from '@/features/feedback/api/get-video-feedback';
import { expectAggregates, settleVideoFeedback } from '@/features/feedback/api/settle-feedback';
import type { FeedbackMutationCallbacks } from '@/features/feedback/api/vote-feedback';
import { isAlreadyDone } from '@/features/feedback/utils/feedback-errors';
import { withRating } from '@/features/feedback/utils/pending-aggregates';
import { api, getServerMessage } from '@/lib/api-client';

export type RateFeedbackInput = { feedback: Feedback; rating: number };

/** POST /api/feedback/{id}/rate {rating}: whole stars 1..5 for someone else's feedback, once. */
export function rateFeedback(feedbackId: number, rating: number): Promise<FeedbackRatingDto> {
  return api.post<FeedbackRatingDto>(`/api/feedback/${encodeURIComponent(String(feedbackId))}/rate`, { rating });
}

export function useRateFeedback(videoId: number, callbacks: FeedbackMutationCallbacks<RateFeedbackInput> = {}) {
  const queryClient = useQueryClient();
  const listKey = getVideoFeedbackQueryOptions(videoId).queryKey;
  const update = (feedbackId: number, change: (item: Feedback) => Feedback) =>
    queryClient.setQueryData(listKey, (list) => list?.map((item) => (item.id === feedbackId ? change(item) : item)));

  return useMutation({
    mutationFn: ({ feedback, rating }: RateFeedbackInput) => rateFeedback(feedback.id, rating),
    // The rating and the average show at once; the server's own average follows asynchronously.
    onMutate: async ({ feedback, rating }) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const before = queryClient.getQueryData(listKey)?.find((item) => item.id === feedback.id) ?? feedback;
      const shown = { ...withRating(before, rating), viewerRating: rating };
      update(feedback.id, () => shown);
      expectAggregates(videoId, feedback.id, {
        rating: { averageRating: shown.averageRating, totalRatings: shown.totalRatings },
      });
      return {
        before: { averageRating: before.averageRating, totalRatings: before.totalRatings },
        viewerRatingBefore: before.viewerRating,
      };
    },
    onError: (error, input, context) => {
      pendingAggregates.drop(videoId, input.feedback.id, 'rating');
      // "Already rated": the member's earlier rating stands, so the control stays done and a reload
      // brings the stars they gave then. Otherwise the rating is taken back.
      const alreadyRated = isAlreadyDone('rate', getServerMessage(error));
      if (context) {
        update(input.feedback.id, (item) => ({
          ...item,
          ...context.before,
          viewerRating: alreadyRated ? item.viewerRating : context.viewerRatingBefore,
        }));
      }
      if (alreadyRated) void queryClient.invalidateQueries({ queryKey: listKey });
      callbacks.onError?.(error, input);
    },
    onSuccess: async (_rating, { feedback, rating }) => {
      // A reload that read the list before the rating was stored must not take viewerRating away again.
      await queryClient.cancelQueries({ queryKey: listKey });
      update(feedback.id, (item) => ({ ...item, viewerRating: rating }));
      settleVideoFeedback(queryClient, videoId, feedback.authorId);
    },
  });
}
