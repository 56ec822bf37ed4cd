import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getVideoQueryOptions, videoUrl } from '@/features/videos/api/get-video';
import { VIDEOS_QUERY_KEY_ROOT, type Video } from '@/features/videos/api/get-videos';
import { api } from '@/lib/api-client';

export type UpdateVideoInput = { videoId: number; description: string };

/** PATCH /api/videos/{id} {description}: the uploader changes the description. */
export function updateVideo({ videoId, description }: UpdateVideoInput): Promise<Video> {
  return api.patch<Video>(videoUrl(videoId), { description });
}

export function useUpdateVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVideo,
    onSuccess: async (video, { videoId }) => {
      const key = getVideoQueryOptions(videoId).queryKey;
      // Merged over what is cached, so fields the answer leaves out (the embedded thumbnail) stay.
      queryClient.setQueryData(key, (cached) => (cached ? { ...cached, ...video } : video));
      await queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY_ROOT });
    },
  });
}
