import type { VideoDto, VideoListSort } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A video as the screens see it (spec section 3); `isBookmarked` is set on the client for saved videos. */
export type Video = VideoDto & { isBookmarked?: boolean };

export type { VideoListSort };

export type GetVideosParams = {
  limit?: number;
  categoryId?: number;
  uploaderId?: string;
  /** Server-side order; newest first when absent. */
  sort?: VideoListSort;
  /** Only videos whose title contains this (case-insensitive); blank means all. */
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
