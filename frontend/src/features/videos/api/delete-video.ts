import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getVideoQueryOptions, videoUrl } from '@/features/videos/api/get-video';
import { VIDEOS_QUERY_KEY_ROOT } from '@/features/videos/api/get-videos';
import { api } from '@/lib/api-client';

/** DELETE /api/videos/{id}: the uploader (or an admin) removes a video. */
export function deleteVideo(videoId: number): Promise<void> {
  return api.delete(videoUrl(videoId));
}

export function useDeleteVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVideo,
    onSuccess: async (_, videoId) => {
      queryClient.removeQueries({ queryKey: getVideoQueryOptions(videoId).queryKey, exact: true });
      await queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY_ROOT });
    },
  });
}
