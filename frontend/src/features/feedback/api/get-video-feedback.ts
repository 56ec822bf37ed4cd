import { useMemo } from 'react';
import type { FeedbackDto } from '@app/contracts';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { apiGetPage, type ApiPage } from '@/lib/api-client';

/** A piece of feedback on a video (spec section 3). */
export type Feedback = FeedbackDto;

export const videoFeedbackUrl = (videoId: number) => `/api/feedback/video/${encodeURIComponent(String(videoId))}`;

/** One page of GET /api/feedback/video/{videoId} (most helpful first; public), from its URL or a `next` link. */
export async function getVideoFeedbackPage(
  url: string,
  options: { signal?: AbortSignal } = {},
): Promise<ApiPage<Feedback>> {
  try {
    return await apiGetPage<Feedback>(url, options);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new Error('Failed to fetch feedback', { cause: error });
  }
}

/** The list read page by page ("Load more"): the first page is the server's 100, the next follow its Link. */
export function getVideoFeedbackQueryOptions(videoId: number) {
  return infiniteQueryOptions({
    queryKey: [videoFeedbackUrl(videoId)] as const,
    queryFn: ({ pageParam, signal }) => getVideoFeedbackPage(pageParam, { signal }),
    initialPageParam: videoFeedbackUrl(videoId),
    getNextPageParam: (lastPage) => lastPage.nextUrl ?? undefined,
  });
}

/** The pages as one list (a piece seen on two pages, once). */
export function loadedVideoFeedback(data: InfiniteData<ApiPage<Feedback>> | undefined): Feedback[] | undefined {
  if (!data) return undefined;
  const seen = new Set<number>();
  return data.pages.flatMap((page) => page.items.filter((item) => !seen.has(item.id) && seen.add(item.id)));
}

/** Changes the loaded pages of a video's feedback (nothing when the list is not loaded). */
export function updateLoadedVideoFeedback(
  queryClient: QueryClient,
  videoId: number,
  change: (items: Feedback[], page: number, pages: number) => Feedback[],
): void {
  queryClient.setQueryData(getVideoFeedbackQueryOptions(videoId).queryKey, (data) =>
    data
      ? { ...data, pages: data.pages.map((page, i) => ({ ...page, items: change(page.items, i, data.pages.length) })) }
      : data,
  );
}

/** The feedback loaded so far as `data`, and how to load more. */
export function useVideoFeedback(videoId: number) {
  const query = useInfiniteQuery(getVideoFeedbackQueryOptions(videoId));
  const data = useMemo(() => loadedVideoFeedback(query.data), [query.data]);
  return { ...query, data };
}
