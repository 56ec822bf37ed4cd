import type { FeedbackRatingDto } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  invalidateAuthorFeedback,
  updateVideoFeedbackItem,
  withServerNumbers,
} from '@/features/feedback/api/feedback-cache';
import {
  getVideoFeedbackQueryOptions,
  loadedVideoFeedback,
  type Feedback,
} from '@/features/feedback/api/get-video-feedback';
import type { FeedbackMutationCallbacks } from '@/features/feedback/api/vote-feedback';
import { isAlreadyDone } from '@/features/feedback/utils/feedback-errors';
import { api, getServerMessage } from '@/lib/api-client';

export type RateFeedbackInput = { feedback: Feedback; rating: number };

/** POST /api/feedback/{id}/rate {rating}: whole stars 1..5 for someone else's feedback, once. 201 with its new numbers. */
export function rateFeedback(feedbackId: number, rating: number): Promise<FeedbackRatingDto> {
  return api.post<FeedbackRatingDto>(`/api/feedback/${encodeURIComponent(String(feedbackId))}/rate`, { rating });
}

export function useRateFeedback(videoId: number, callbacks: FeedbackMutationCallbacks<RateFeedbackInput> = {}) {
  const queryClient = useQueryClient();
  const listKey = getVideoFeedbackQueryOptions(videoId).queryKey;
  const update = (feedbackId: number, change: (item: Feedback) => Feedback) =>
    updateVideoFeedbackItem(queryClient, videoId, feedbackId, change);

  return useMutation({
    mutationFn: ({ feedback, rating }: RateFeedbackInput) => rateFeedback(feedback.id, rating),
    // The rating shows at once, folded into the mean; the answer then brings the server's mean.
    onMutate: async ({ feedback, rating }) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const before =
        loadedVideoFeedback(queryClient.getQueryData(listKey))?.find((item) => item.id === feedback.id) ?? feedback;
      update(feedback.id, (item) => {
        const totalRatings = item.totalRatings + 1;
        const averageRating = (item.averageRating * item.totalRatings + rating) / totalRatings;
        return { ...item, averageRating, totalRatings, viewerRating: rating };
      });
      return {
        before: { averageRating: before.averageRating, totalRatings: before.totalRatings },
        viewerRatingBefore: before.viewerRating,
      };
    },
    onError: (error, input, context) => {
      // "Already rated": the member's earlier rating stands, so the control stays done and the list
      // is read again for the stars they gave then. Otherwise the rating is taken back.
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
    onSuccess: async (answer, { feedback, rating }) => {
      // A list read that started before the rating was stored must not overwrite the answer.
      await queryClient.cancelQueries({ queryKey: listKey });
      update(feedback.id, (item) => ({ ...withServerNumbers(item, answer), viewerRating: rating }));
      invalidateAuthorFeedback(queryClient, feedback.authorId);
    },
  });
}
