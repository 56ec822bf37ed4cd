import { useMemo } from 'react';
import type { VideoDto, VideoListSort } from '@app/contracts';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, apiGetPage, type ApiPage } from '@/lib/api-client';

/** A video as the screens see it (spec section 3); `isBookmarked` is set on the client for saved videos. */
export type Video = VideoDto & { isBookmarked?: boolean };

export type { VideoListSort };

export type GetVideosParams = {
  limit?: number;
  categoryId?: number;
  uploaderId?: string;
  /** Server-side order; newest first when absent, best match first for a search. */
  sort?: VideoListSort;
  /**
   * A server-side search of titles, descriptions, uploaders' and categories' names, tolerating a
   * typo in longer words; blank means all.
   */
  q?: string;
};

/** While a listed video is still being processed, the list asks again this often to pick up the change. */
const PROCESSING_REFETCH_MS = 5000;

function toSearch(params: GetVideosParams): string {
  const search = new URLSearchParams();
  if (params.limit !== undefined) search.set('limit', String(params.limit));
  if (params.categoryId !== undefined) search.set('categoryId', String(params.categoryId));
  if (params.uploaderId !== undefined) search.set('uploaderId', params.uploaderId);
  if (params.sort !== undefined) search.set('sort', params.sort);
  if (params.q !== undefined && params.q.trim() !== '') search.set('q', params.q.trim());
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** GET /api/videos?limit&categoryId&uploaderId&sort&q → newest first unless sorted otherwise. */
export async function getVideos(params: GetVideosParams, options: { signal?: AbortSignal } = {}): Promise<Video[]> {
  try {
    return await api.get<Video[]>(`/api/videos${toSearch(params)}`, options);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new Error('Failed to fetch videos', { cause: error });
  }
}

/** Every video list shares this prefix, so one invalidation refreshes them all. */
export const VIDEOS_QUERY_KEY_ROOT = ['/api/videos'] as const;

export function getVideosQueryOptions(params: GetVideosParams = {}) {
  return queryOptions({
    queryKey: [...VIDEOS_QUERY_KEY_ROOT, params] as const,
    queryFn: ({ signal }) => getVideos(params, { signal }),
    // Lists are otherwise never refetched on a timer (spec section 7); a video that is still
    // processing would keep its badge until a reload.
    refetchInterval: (query) =>
      query.state.data?.some((video) => video.processingState === 'processing') ? PROCESSING_REFETCH_MS : false,
  });
}

export function useVideos(params: GetVideosParams = {}, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getVideosQueryOptions(params), enabled: options.enabled ?? true });
}

/** The first page's URL of a list; the next ones come from the server's Link header. */
export const videosUrl = (params: GetVideosParams) => `/api/videos${toSearch(params)}`;

/** One page of GET /api/videos, from the first page's URL or a `next` link. */
export async function getVideosPage(url: string, options: { signal?: AbortSignal } = {}): Promise<ApiPage<Video>> {
  try {
    return await apiGetPage<Video>(url, options);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new Error('Failed to fetch videos', { cause: error });
  }
}

/** A list read page by page ("Load more"): under the same key root, so video invalidations reach it. */
export function getInfiniteVideosQueryOptions(params: GetVideosParams = {}) {
  return infiniteQueryOptions({
    queryKey: [...VIDEOS_QUERY_KEY_ROOT, 'pages', params] as const,
    queryFn: ({ pageParam, signal }) => getVideosPage(pageParam, { signal }),
    initialPageParam: videosUrl(params),
    getNextPageParam: (lastPage) => lastPage.nextUrl ?? undefined,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some((video) => video.processingState === 'processing'))
        ? PROCESSING_REFETCH_MS
        : false,
  });
}

/** The videos loaded so far, in the server's order (a video seen on two pages is shown once), and how to load more. */
export function useInfiniteVideos(params: GetVideosParams = {}, options: { enabled?: boolean } = {}) {
  const query = useInfiniteQuery({ ...getInfiniteVideosQueryOptions(params), enabled: options.enabled ?? true });
  const videos = useMemo(() => {
    const seen = new Set<number>();
    return (query.data?.pages ?? []).flatMap((page) =>
      page.items.filter((video) => !seen.has(video.id) && seen.add(video.id)),
    );
  }, [query.data]);
  return { ...query, videos };
}
