import type { UserFeedbackStatsDto } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Over the member's rated feedback; averageRating is 0 when none is rated. */
export type UserFeedbackStats = UserFeedbackStatsDto;

/** GET /api/feedback/user/{userId}/stats */
export async function getUserFeedbackStats(
  userId: string,
  options: { signal?: AbortSignal } = {},
): Promise<UserFeedbackStats> {
  try {
    return await api.get<UserFeedbackStats>(`/api/feedback/user/${encodeURIComponent(userId)}/stats`, options);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new Error('Failed to fetch feedback quality stats', { cause: error });
  }
}

export function getUserFeedbackStatsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [`/api/feedback/user/${encodeURIComponent(userId)}/stats`] as const,
    queryFn: ({ signal }) => getUserFeedbackStats(userId, { signal }),
  });
}

export function useUserFeedbackStats(userId: string) {
  return useQuery(getUserFeedbackStatsQueryOptions(userId));
}
