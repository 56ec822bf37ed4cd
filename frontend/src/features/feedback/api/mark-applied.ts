import type { FeedbackAppliedDto } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateVideoFeedbackItem } from '@/features/feedback/api/feedback-cache';
import { api } from '@/lib/api-client';

/** POST (mark) or DELETE (take back) /api/feedback/{id}/applied: the video's uploader only. */
export function setFeedbackApplied(feedbackId: number, applied: boolean): Promise<FeedbackAppliedDto> {
  const url = `/api/feedback/${encodeURIComponent(String(feedbackId))}/applied`;
  return applied ? api.post<FeedbackAppliedDto>(url) : api.delete<FeedbackAppliedDto>(url);
}

export function useMarkApplied(
  videoId: number,
  feedbackId: number,
  callbacks: { onError?: (error: Error) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (applied: boolean) => setFeedbackApplied(feedbackId, applied),
    onSuccess: (answer) =>
      updateVideoFeedbackItem(queryClient, videoId, feedbackId, (item) => ({ ...item, appliedAt: answer.appliedAt })),
    onError: (error) => callbacks.onError?.(error),
  });
}
