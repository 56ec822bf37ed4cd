import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { VIDEOS_QUERY_KEY_ROOT, type Video } from '@/features/videos/api/get-videos';
import { api } from '@/lib/api-client';

/** How often an open video that is still processing is asked for again. */
export const VIDEO_PROCESSING_POLL_MS = 2000;

export const videoUrl = (videoId: number | string) => `/api/videos/${encodeURIComponent(String(videoId))}`;

/** GET /api/videos/{id}: one video, with its embedded thumbnail. */
export function getVideo(videoId: number | string, options: { signal?: AbortSignal } = {}): Promise<Video> {
  return api.get<Video>(videoUrl(videoId), options);
}

export function getVideoQueryOptions(videoId: number | string) {
  return queryOptions({
    queryKey: [videoUrl(videoId)] as const,
    queryFn: ({ signal }) => getVideo(videoId, { signal }),
    // The one timed refetch: while the media worker prepares the file, so the player appears by itself.
    refetchInterval: (query) => (query.state.data?.processingState === 'processing' ? VIDEO_PROCESSING_POLL_MS : false),
  });
}

export function useVideo(videoId: number | string) {
  const queryClient = useQueryClient();
  const query = useQuery(getVideoQueryOptions(videoId));
  const state = query.data?.processingState;
  const previous = useRef(state);

  // Once processing ends, the lists still show the video as processing; refresh them.
  useEffect(() => {
    if (previous.current === 'processing' && state !== undefined && state !== 'processing') {
      void queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY_ROOT });
    }
    previous.current = state;
  }, [state, queryClient]);

  return query;
}
