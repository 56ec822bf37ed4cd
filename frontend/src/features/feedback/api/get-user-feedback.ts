import type { UserFeedbackItemDto } from '@app/contracts';
import { useMemo } from 'react';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, apiGetPage, type ApiPage } from '@/lib/api-client';

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

/** One page of GET /api/feedback/user/{userId}, from the first page's URL or a `next` link. */
async function getUserFeedbackPage(
  url: string,
  options: { signal?: AbortSignal } = {},
): Promise<ApiPage<UserFeedbackItem>> {
  try {
    return await apiGetPage<UserFeedbackItem>(url, options);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new Error('Failed to fetch user feedback', { cause: error });
  }
}

/** The list read page by page ("Load more"), under the same key root, so feedback invalidations reach it. */
export function getInfiniteUserFeedbackQueryOptions(userId: string) {
  const url = `/api/feedback/user/${encodeURIComponent(userId)}`;
  return infiniteQueryOptions({
    queryKey: [url, 'pages'] as const,
    queryFn: ({ pageParam, signal }) => getUserFeedbackPage(pageParam, { signal }),
    initialPageParam: url,
    getNextPageParam: (lastPage) => lastPage.nextUrl ?? undefined,
  });
}

/** The feedback loaded so far, newest first, and how to load more. */
export function useInfiniteUserFeedback(userId: string) {
  const query = useInfiniteQuery(getInfiniteUserFeedbackQueryOptions(userId));
  const items = useMemo(() => (query.data?.pages ?? []).flatMap((page) => page.items), [query.data]);
  return { ...query, items };
}
