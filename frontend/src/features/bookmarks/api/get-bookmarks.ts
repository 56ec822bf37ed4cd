import { queryOptions, useQuery } from '@tanstack/react-query';
import { BOOKMARKS_QUERY_RETRY, BOOKMARKS_QUERY_RETRY_DELAY_MS, BOOKMARKS_QUERY_STALE_MS } from '@/config/constants';
import { normalizeSavedVideos, type BookmarksResponse, type SavedVideo } from '@/features/bookmarks/utils/saved-videos';
import { api } from '@/lib/api-client';

export const BOOKMARKS_URL = '/api/bookmarks';

/** GET /api/bookmarks → the member's saved videos, newest save first, each once and marked bookmarked. */
export async function getBookmarks(options: { signal?: AbortSignal } = {}): Promise<SavedVideo[]> {
  return normalizeSavedVideos(await api.get<BookmarksResponse>(BOOKMARKS_URL, options));
}

export function getBookmarksQueryOptions() {
  return queryOptions({
    queryKey: [BOOKMARKS_URL] as const,
    queryFn: ({ signal }) => getBookmarks({ signal }),
    // The one list the spec lets retry and go stale (sections 7 and 9).
    retry: BOOKMARKS_QUERY_RETRY,
    retryDelay: BOOKMARKS_QUERY_RETRY_DELAY_MS,
    staleTime: BOOKMARKS_QUERY_STALE_MS,
  });
}

/** Sent only for a signed-in member; a visitor gets the login prompt instead. */
export function useBookmarks(options: { enabled: boolean }) {
  return useQuery({ ...getBookmarksQueryOptions(), enabled: options.enabled });
}
