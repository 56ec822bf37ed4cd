import type { BookmarkCheckDto } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { BOOKMARKS_URL } from '@/features/bookmarks/api/get-bookmarks';
import { api } from '@/lib/api-client';

/** The screens read only isBookmarked (spec section 3), so the cache holds at least that. */
export type BookmarkCheck = Pick<BookmarkCheckDto, 'isBookmarked'>;

const checkUrl = (videoId: number) => `${BOOKMARKS_URL}/check/${encodeURIComponent(String(videoId))}`;

/** GET /api/bookmarks/check/{videoId} → whether the signed-in member has saved the video. */
export function checkBookmark(videoId: number, options: { signal?: AbortSignal } = {}): Promise<BookmarkCheck> {
  return api.get<BookmarkCheck>(checkUrl(videoId), options);
}

export function getBookmarkCheckQueryOptions(videoId: number) {
  return queryOptions({
    queryKey: [checkUrl(videoId)] as const,
    queryFn: ({ signal }) => checkBookmark(videoId, { signal }),
  });
}

export function useBookmarkCheck(videoId: number, options: { enabled: boolean }) {
  return useQuery({ ...getBookmarkCheckQueryOptions(videoId), enabled: options.enabled });
}
