import { useState } from 'react';
import { PlayIcon } from '@/components/ui/icons';
import type { Video } from '@/features/videos/api/get-videos';

const YOUTUBE_ID = /(?:youtube\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/)|youtu\.be\/)([A-Za-z0-9_-]{11})/;

/** The spec's order: embedded image data, a preview from the video-hosting link, thumbnailUrl, then none. */
export function thumbnailSource(video: Pick<Video, 'thumbnailData' | 'youtubeUrl' | 'thumbnailUrl'>): string | null {
  if (video.thumbnailData) {
    return video.thumbnailData.startsWith('data:')
      ? video.thumbnailData
      : `data:image/jpeg;base64,${video.thumbnailData}`;
  }
  const youtubeId = video.youtubeUrl ? YOUTUBE_ID.exec(video.youtubeUrl)?.[1] : undefined;
  if (youtubeId) return `https://img.youtube.com/vi/${youtubeId}/hqdefault.jpg`;
  return video.thumbnailUrl || null;
}

/** A 16:9 thumbnail that falls back to a neutral placeholder when there is none or it fails to load. */
export function VideoThumbnail({ video }: { video: Video }) {
  const source = thumbnailSource(video);
  const [failed, setFailed] = useState<string | null>(null);

  return (
    <div className="video-thumb">
      {source && failed !== source ? (
        <img
          className="video-thumb__image"
          src={source}
          alt=""
          loading="lazy"
          decoding="async"
          onError={() => setFailed(source)}
        />
      ) : (
        <div className="video-thumb__placeholder" aria-hidden="true">
          <PlayIcon size={28} />
        </div>
      )}
    </div>
  );
}
