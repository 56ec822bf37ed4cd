import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A video as the screens see it (spec section 3). */
export type Video = {
  id: number | string;
  title: string;
  description: string | null;
  categoryId: number | null;
  categoryName: string | null;
  categoryIcon?: string | null;
  uploaderId: string;
  uploaderName: string | null;
  uploaderFirstName: string | null;
  uploaderLastName: string | null;
  uploaderImage: string | null;
  views: number;
  createdAt: string;
  feedbackCount: number;
  averageRating: number | null;
  youtubeUrl: string | null;
  videoUrl: string | null;
  /** Base64 JPEG. */
  thumbnailData: string | null;
  thumbnailUrl: string | null;
  /** The stored file is missing or corrupt. */
  hasFileError?: boolean;
  /** Set on the client for saved videos. */
  isBookmarked?: boolean;
};

export type GetVideosParams = {
  limit?: number;
  categoryId?: number;
  uploaderId?: string;
};

function toSearch(params: GetVideosParams): string {
  const search = new URLSearchParams();
  if (params.limit !== undefined) search.set('limit', String(params.limit));
  if (params.categoryId !== undefined) search.set('categoryId', String(params.categoryId));
  if (params.uploaderId !== undefined) search.set('uploaderId', params.uploaderId);
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** GET /api/videos?limit&categoryId&uploaderId → newest first. */
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
  });
}

export function useVideos(params: GetVideosParams = {}, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getVideosQueryOptions(params), enabled: options.enabled ?? true });
}
