import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getVideoQueryOptions } from '@/features/videos/api/get-video';
import { VIDEOS_QUERY_KEY_ROOT, type Video } from '@/features/videos/api/get-videos';
import type { UploadRequest } from '@/features/videos/utils/upload-validation';
import { apiUpload, type UploadOptions } from '@/lib/api-client';

/**
 * POST /api/videos, multipart: title, description, categoryId and either the file (`video`, after
 * its length in `videoSize`) or `youtubeUrl`, reporting the bytes sent as they go (the dialog's progress) and cut off when the
 * signal aborts (its Cancel). The answer may come before the file is processed
 * (processingState 'processing').
 */
export function createVideo(request: UploadRequest, options: UploadOptions = {}): Promise<Video> {
  const form = new FormData();
  form.append('title', request.title);
  form.append('description', request.description ?? '');
  form.append('categoryId', String(request.categoryId));
  if (request.mode === 'file') {
    // Its length before the file: the gateway then stores it in one streaming PUT.
    form.append('videoSize', String(request.file.size));
    form.append('video', request.file, request.file.name);
  } else form.append('youtubeUrl', request.youtubeUrl);
  return apiUpload<Video>('/api/videos', form, options);
}

export function useCreateVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, ...options }: UploadOptions & { request: UploadRequest }) => createVideo(request, options),
    onSuccess: async (video) => {
      queryClient.setQueryData(getVideoQueryOptions(video.id).queryKey, video);
      await queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY_ROOT });
    },
  });
}
