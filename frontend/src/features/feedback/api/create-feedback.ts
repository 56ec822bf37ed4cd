import type { CreateFeedbackBody, FeedbackDrawing, FeedbackTimecode } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getUserFeedbackQueryOptions } from '@/features/feedback/api/get-user-feedback';
import { getUserFeedbackStatsQueryOptions } from '@/features/feedback/api/get-user-feedback-stats';
import {
  getVideoFeedbackQueryOptions,
  loadedVideoFeedback,
  updateLoadedVideoFeedback,
  type Feedback,
} from '@/features/feedback/api/get-video-feedback';
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
      const shown = loadedVideoFeedback(queryClient.getQueryData(listKey)) ?? [];
      if (!shown.some((item) => item.id === created.id))
        updateLoadedVideoFeedback(queryClient, videoId, (items, page, pages) =>
          page === pages - 1 ? [...items, created] : items,
        );
      // Not awaited: the form is done as soon as the feedback shows.
      void queryClient.invalidateQueries({ queryKey: listKey });
      void queryClient.invalidateQueries({ queryKey: getUserFeedbackQueryOptions(created.authorId).queryKey });
      void queryClient.invalidateQueries({ queryKey: getUserFeedbackStatsQueryOptions(created.authorId).queryKey });
    },
  });
}
