import type { FeedbackVoteDto } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  invalidateAuthorFeedback,
  updateVideoFeedbackItem,
  withServerNumbers,
} from '@/features/feedback/api/feedback-cache';
import { getVideoFeedbackQueryOptions, type Feedback } from '@/features/feedback/api/get-video-feedback';
import { isAlreadyDone } from '@/features/feedback/utils/feedback-errors';
import { api, getServerMessage } from '@/lib/api-client';

/** POST /api/feedback/{id}/vote (no body): marks someone else's feedback helpful, once. 201 with its new numbers. */
export function voteFeedback(feedbackId: number): Promise<FeedbackVoteDto> {
  return api.post<FeedbackVoteDto>(`/api/feedback/${encodeURIComponent(String(feedbackId))}/vote`);
}

/** Hook-level callbacks run even when the item has gone from the screen by the time the answer comes. */
export type FeedbackMutationCallbacks<Input> = {
  onError?: (error: Error, input: Input) => void;
};

export function useVoteFeedback(videoId: number, callbacks: FeedbackMutationCallbacks<Feedback> = {}) {
  const queryClient = useQueryClient();
  const listKey = getVideoFeedbackQueryOptions(videoId).queryKey;
  const update = (feedbackId: number, change: (item: Feedback) => Feedback) =>
    updateVideoFeedbackItem(queryClient, videoId, feedbackId, change);

  return useMutation({
    mutationFn: (feedback: Feedback) => voteFeedback(feedback.id),
    // Shown at once; the answer then brings the server's count.
    onMutate: async (feedback) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      update(feedback.id, (item) => ({ ...item, helpfulVotes: item.helpfulVotes + 1, viewerVoted: true }));
    },
    onError: (error, feedback) => {
      // The refused vote is not counted, but "already voted" means the member's earlier one stands:
      // the control stays done and the list is read again for the count that includes it.
      const alreadyVoted = isAlreadyDone('vote', getServerMessage(error));
      update(feedback.id, (item) => ({
        ...item,
        helpfulVotes: Math.max(0, item.helpfulVotes - 1),
        viewerVoted: alreadyVoted,
      }));
      if (alreadyVoted) void queryClient.invalidateQueries({ queryKey: listKey });
      callbacks.onError?.(error, feedback);
    },
    onSuccess: async (answer, feedback) => {
      // A list read that started before the vote was stored must not overwrite the answer.
      await queryClient.cancelQueries({ queryKey: listKey });
      update(feedback.id, (item) => ({ ...withServerNumbers(item, answer), viewerVoted: true }));
      invalidateAuthorFeedback(queryClient, feedback.authorId);
    },
  });
}
