import type { UserFeedbackItemDto } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A piece of feedback a member gave, as their profile lists it (spec section 3, "Feedback item"). */
export type UserFeedbackItem = UserFeedbackItemDto;

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
