import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getVideoQueryOptions } from '@/features/videos/api/get-video';
import { VIDEOS_QUERY_KEY_ROOT, type Video } from '@/features/videos/api/get-videos';
import type { UploadRequest } from '@/features/videos/utils/upload-validation';
import { ApiError, handleUnauthorized } from '@/lib/api-client';

export interface CreateVideoOptions {
  /** Bytes of the request body sent so far, of its total; called as they go out. */
  onProgress?: (loaded: number, total: number) => void;
  /** Every byte is sent: from now on the server is storing and checking the file. */
  onSent?: () => void;
  /** Aborting cuts the transfer off; the promise rejects with an AbortError. */
  signal?: AbortSignal;
}

/** Raised when the connection fails before an answer arrives (not a server's refusal). */
export class UploadConnectionError extends Error {
  constructor() {
    super('The connection was lost during the upload. Please try again.');
    this.name = 'UploadConnectionError';
  }
}

/**
 * POST /api/videos, multipart: title, description, categoryId and either the file (`video`) or
 * `youtubeUrl`. The answer may come before the file is processed (processingState 'processing').
 * Sent with XMLHttpRequest, the one browser API that reports how much of a request body has gone
 * out; errors follow the API client's rules ("{status}: {body}", a 401 sends the member to sign in).
 */
export function createVideo(request: UploadRequest, options: CreateVideoOptions = {}): Promise<Video> {
  const form = new FormData();
  form.append('title', request.title);
  form.append('description', request.description ?? '');
  form.append('categoryId', String(request.categoryId));
  if (request.mode === 'file') form.append('video', request.file, request.file.name);
  else form.append('youtubeUrl', request.youtubeUrl);

  return new Promise<Video>((resolve, reject) => {
    const { signal } = options;
    const aborted = () => new DOMException('The upload was cancelled', 'AbortError');
    if (signal?.aborted) {
      reject(aborted());
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbortSignal = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', onAbortSignal);

    xhr.open('POST', '/api/videos');
    xhr.withCredentials = true;
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded, event.total);
    });
    xhr.upload.addEventListener('load', () => options.onSent?.());
    xhr.addEventListener('load', () => {
      settle();
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as Video);
        } catch {
          reject(new ApiError(xhr.status, xhr.statusText, xhr.responseText));
        }
        return;
      }
      if (xhr.status === 401) handleUnauthorized();
      reject(new ApiError(xhr.status, xhr.statusText, xhr.responseText));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(aborted());
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(new UploadConnectionError());
    });
    signal?.addEventListener('abort', onAbortSignal, { once: true });
    xhr.send(form);
  });
}

/** True for the rejection of an upload the member cancelled. */
export const isUploadCancelled = (error: unknown): boolean =>
  error instanceof DOMException && error.name === 'AbortError';

export function useCreateVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, ...options }: CreateVideoOptions & { request: UploadRequest }) =>
      createVideo(request, options),
    onSuccess: async (video) => {
      queryClient.setQueryData(getVideoQueryOptions(video.id).queryKey, video);
      await queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY_ROOT });
    },
  });
}
