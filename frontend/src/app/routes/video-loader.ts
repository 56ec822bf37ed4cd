import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { getVideoFeedbackQueryOptions } from '@/features/feedback/api/get-video-feedback';
import { getVideoQueryOptions } from '@/features/videos/api/get-video';
import { thumbnailSource } from '@/features/videos/components/video-thumbnail';

/**
 * What the video page shows first, asked for as soon as its address is known, beside the page's
 * own code instead of once that has arrived: the video, its first page of feedback, and the file
 * player's poster (the largest thing on the screen), which then comes from the cache.
 */
export function videoPageLoader(client: QueryClient) {
  return ({ params }: LoaderFunctionArgs): null => {
    const id = params.id ?? '';
    client
      .fetchQuery(getVideoQueryOptions(id))
      .then((video) => {
        const poster = video.youtubeUrl ? null : thumbnailSource(video);
        if (poster && !poster.startsWith('data:')) preloadImage(poster);
      })
      .catch(() => undefined); // the page itself shows the error
    if (/^\d{1,15}$/.test(id)) void client.prefetchInfiniteQuery(getVideoFeedbackQueryOptions(Number(id)));
    return null;
  };
}

function preloadImage(src: string): void {
  const image = new Image();
  image.fetchPriority = 'high';
  image.src = src;
}
