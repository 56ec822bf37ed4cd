import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A piece of feedback a member gave, as their profile lists it (spec section 3). */
export type UserFeedbackItem = {
  id: number | string;
  videoId?: number | string;
  videoTitle: string | null;
  categoryName: string | null;
  categoryIcon: string | null;
  content: string;
  averageRating: number;
  totalRatings: number;
  helpfulVotes: number;
  createdAt: string;
};

/** GET /api/feedback/user/{userId} */
export async function getUserFeedback(
  userId: string,
  options: { signal?: AbortSignal } = {},
): Promise<UserFeedbackItem[]> {
  try {
    return await api.get<UserFeedbackItem[]>(`/api/feedback/user/${encodeURIComponent(userId)}`, options);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new Error('Failed to fetch user feedback', { cause: error });
  }
}

export function getUserFeedbackQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [`/api/feedback/user/${encodeURIComponent(userId)}`] as const,
    queryFn: ({ signal }) => getUserFeedback(userId, { signal }),
  });
}

export function useUserFeedback(userId: string) {
  return useQuery(getUserFeedbackQueryOptions(userId));
}
