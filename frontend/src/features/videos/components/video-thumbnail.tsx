import { useState } from 'react';
import { PlayIcon } from '@/components/ui/icons';
import type { Video } from '@/features/videos/api/get-videos';
import { youtubePreviewUrl } from '@/lib/youtube';
import '@/features/videos/videos.css';

type ThumbnailFields = Pick<Video, 'thumbnailData' | 'youtubeUrl' | 'thumbnailUrl'>;

/** The spec's order (section 3): embedded image data, the YouTube preview, thumbnailUrl, then none. */
export function thumbnailSource(video: ThumbnailFields): string | null {
  if (video.thumbnailData) {
    return video.thumbnailData.startsWith('data:')
      ? video.thumbnailData
      : `data:image/jpeg;base64,${video.thumbnailData}`;
  }
  return youtubePreviewUrl(video.youtubeUrl) ?? (video.thumbnailUrl || null);
}

type VideoThumbnailProps = {
  video: ThumbnailFields;
  /** Alternative text; empty (decorative) by default, as cards name the video in their title. */
  alt?: string;
  className?: string;
};

/** A 16:9 thumbnail that falls back to a neutral placeholder when there is none or it fails to load. */
export function VideoThumbnail({ video, alt = '', className }: VideoThumbnailProps) {
  const source = thumbnailSource(video);
  const [failed, setFailed] = useState<string | null>(null);

  return (
    <div className={['video-thumb', className].filter(Boolean).join(' ')}>
      {source && failed !== source ? (
        <img
          className="video-thumb__image"
          src={source}
          alt={alt}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(source)}
        />
      ) : (
        <div
          className="video-thumb__placeholder"
          role={alt ? 'img' : undefined}
          aria-label={alt || undefined}
          aria-hidden={alt ? undefined : true}
          data-testid="thumbnail-placeholder"
        >
          <PlayIcon size={28} />
        </div>
      )}
    </div>
  );
}
