import type { CreateFeedbackBody, FeedbackDrawing, FeedbackTimecode } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getUserFeedbackQueryOptions } from '@/features/feedback/api/get-user-feedback';
import { getUserFeedbackStatsQueryOptions } from '@/features/feedback/api/get-user-feedback-stats';
import { getVideoFeedbackQueryOptions, type Feedback } from '@/features/feedback/api/get-video-feedback';
import { api } from '@/lib/api-client';

/** What a member sends: the text, the frame or range it is pinned to, and a drawing over one frame. */
export type NewFeedback = CreateFeedbackBody & { timecode?: FeedbackTimecode; drawing?: FeedbackDrawing };
export type CreateFeedbackInput = NewFeedback & { videoId: number };

/** POST /api/videos/{videoId}/feedback {content, timecode?, drawing?} → 201 with the new feedback. */
export function createFeedback({ videoId, ...body }: CreateFeedbackInput): Promise<Feedback> {
  return api.post<Feedback>(`/api/videos/${encodeURIComponent(String(videoId))}/feedback`, body);
}

export function useCreateFeedback(videoId: number) {
  const queryClient = useQueryClient();
  const listKey = getVideoFeedbackQueryOptions(videoId).queryKey;
  return useMutation({
    mutationFn: (input: NewFeedback) => createFeedback({ ...input, videoId }),
    onSuccess: (created) => {
      // Shown at once, then the list is reloaded in the server's order.
      queryClient.setQueryData(listKey, (list) =>
        list && !list.some((item) => item.id === created.id) ? [...list, created] : list,
      );
      // Not awaited: the form is done as soon as the feedback shows.
      void queryClient.invalidateQueries({ queryKey: listKey });
      void queryClient.invalidateQueries({ queryKey: getUserFeedbackQueryOptions(created.authorId).queryKey });
      void queryClient.invalidateQueries({ queryKey: getUserFeedbackStatsQueryOptions(created.authorId).queryKey });
    },
  });
}
