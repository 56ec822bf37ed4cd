import type { FeedbackVoteDto } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  getVideoFeedbackQueryOptions,
  pendingAggregates,
  type Feedback,
} from '@/features/feedback/api/get-video-feedback';
import { expectAggregates, settleVideoFeedback } from '@/features/feedback/api/settle-feedback';
import { isAlreadyDone } from '@/features/feedback/utils/feedback-errors';
import { withHelpfulVote } from '@/features/feedback/utils/pending-aggregates';
import { api, getServerMessage } from '@/lib/api-client';

/** POST /api/feedback/{id}/vote (no body): marks someone else's feedback helpful, once. */
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
    queryClient.setQueryData(listKey, (list) => list?.map((item) => (item.id === feedbackId ? change(item) : item)));

  return useMutation({
    mutationFn: (feedback: Feedback) => voteFeedback(feedback.id),
    // The vote shows at once; the server's own count follows asynchronously.
    onMutate: async (feedback) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      update(feedback.id, (item) => ({ ...withHelpfulVote(item), viewerVoted: true }));
      const shown = queryClient.getQueryData(listKey)?.find((item) => item.id === feedback.id);
      expectAggregates(videoId, feedback.id, { helpfulVotes: shown?.helpfulVotes ?? feedback.helpfulVotes + 1 });
    },
    onError: (error, feedback) => {
      pendingAggregates.drop(videoId, feedback.id, 'helpfulVotes');
      // The refused vote is not counted, but "already voted" means the member's earlier one stands.
      const viewerVoted = isAlreadyDone('vote', getServerMessage(error));
      update(feedback.id, (item) => ({ ...item, helpfulVotes: Math.max(0, item.helpfulVotes - 1), viewerVoted }));
      callbacks.onError?.(error, feedback);
    },
    onSuccess: async (_vote, feedback) => {
      // A reload that read the list before the vote was stored must not take viewerVoted away again.
      await queryClient.cancelQueries({ queryKey: listKey });
      update(feedback.id, (item) => ({ ...item, viewerVoted: true }));
      settleVideoFeedback(queryClient, videoId, feedback.authorId);
    },
  });
}
