import type { FeedbackDto } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A piece of feedback on a video (spec section 3). */
export type Feedback = FeedbackDto;

export const videoFeedbackUrl = (videoId: number) => `/api/feedback/video/${encodeURIComponent(String(videoId))}`;

/** GET /api/feedback/video/{videoId} → most helpful first. Public. */
export async function getVideoFeedback(videoId: number, options: { signal?: AbortSignal } = {}): Promise<Feedback[]> {
  try {
    return await api.get<Feedback[]>(videoFeedbackUrl(videoId), options);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new Error('Failed to fetch feedback', { cause: error });
  }
}

export function getVideoFeedbackQueryOptions(videoId: number) {
  return queryOptions({
    queryKey: [videoFeedbackUrl(videoId)] as const,
    queryFn: ({ signal }) => getVideoFeedback(videoId, { signal }),
  });
}

export function useVideoFeedback(videoId: number) {
  return useQuery(getVideoFeedbackQueryOptions(videoId));
}
