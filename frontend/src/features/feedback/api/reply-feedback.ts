import type { FeedbackReplyDto, ReplyBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateVideoFeedbackItem } from '@/features/feedback/api/feedback-cache';
import { getVideoFeedbackQueryOptions } from '@/features/feedback/api/get-video-feedback';
import { api } from '@/lib/api-client';

export type FeedbackReply = FeedbackReplyDto;

/** POST /api/feedback/{id}/replies {content, mentions} → 201 with the reply (one level deep). */
export function replyToFeedback(feedbackId: number, body: ReplyBody): Promise<FeedbackReply> {
  return api.post<FeedbackReply>(`/api/feedback/${encodeURIComponent(String(feedbackId))}/replies`, body);
}

export function useReplyToFeedback(videoId: number, feedbackId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReplyBody) => replyToFeedback(feedbackId, body),
    onSuccess: (reply) => {
      // Shown at once under its feedback; the list is read again for everyone else's.
      updateVideoFeedbackItem(queryClient, videoId, feedbackId, (item) =>
        item.replies.some((known) => known.id === reply.id)
          ? item
          : { ...item, replies: [...item.replies, reply], replyCount: item.replyCount + 1 },
      );
      void queryClient.invalidateQueries({ queryKey: getVideoFeedbackQueryOptions(videoId).queryKey });
    },
  });
}

/** PATCH /api/feedback/replies/{replyId} {content, mentions}: its author, within 10 minutes of posting. */
export function editReply(replyId: number, body: ReplyBody): Promise<FeedbackReply> {
  return api.patch<FeedbackReply>(`/api/feedback/replies/${encodeURIComponent(String(replyId))}`, body);
}

export function useEditReply(videoId: number, feedbackId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ replyId, body }: { replyId: number; body: ReplyBody }) => editReply(replyId, body),
    onSuccess: (edited) =>
      updateVideoFeedbackItem(queryClient, videoId, feedbackId, (item) => ({
        ...item,
        replies: item.replies.map((known) => (known.id === edited.id ? edited : known)),
      })),
  });
}
