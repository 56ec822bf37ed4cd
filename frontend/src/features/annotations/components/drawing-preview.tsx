import type { FeedbackDrawing } from '@app/contracts';
import { useState } from 'react';
import { DrawingShapes } from '@/features/annotations/components/drawing-shapes';
import { pictureRectIn, type Size } from '@/features/annotations/utils/drawing-geometry';
import '@/features/annotations/annotations.css';

/** The preview's box in CSS pixels (16:9, like the player). */
export const PREVIEW_BOX: Size = { width: 160, height: 90 };
const WIDESCREEN: Size = { width: 16, height: 9 };

type DrawingPreviewProps = {
  drawing: FeedbackDrawing;
  /** The video's thumbnail; without one (or if it fails) the drawing sits on a neutral frame. */
  thumbnail: string | null;
  /** The video's own pixels when the page knows them; else the thumbnail's shape, else 16:9. */
  video: Size | null;
  /** Shows the drawing on the player; without it the preview is only a picture. */
  onShow?: () => void;
};

/** A small picture of a feedback's drawing over the video's thumbnail, for its card. */
export function DrawingPreview({ drawing, thumbnail, video, onShow }: DrawingPreviewProps) {
  const [natural, setNatural] = useState<Size | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const picture = video ?? natural ?? WIDESCREEN;
  const rect = pictureRectIn(PREVIEW_BOX, picture)!;
  const showThumbnail = thumbnail !== null && failed !== thumbnail;
  const frameLabel = `Drawing on frame ${drawing.frame}`;

  const image = (
    <span className="drawing-preview__frame" style={{ width: PREVIEW_BOX.width, height: PREVIEW_BOX.height }}>
      <span
        className={
          showThumbnail ? 'drawing-preview__picture' : 'drawing-preview__picture drawing-preview__picture--neutral'
        }
        style={{ left: rect.x, top: rect.y, width: rect.width, height: rect.height }}
      >
        {showThumbnail && (
          <img
            src={thumbnail}
            alt=""
            loading="lazy"
            decoding="async"
            onLoad={(event) => {
              const { naturalWidth: width, naturalHeight: height } = event.currentTarget;
              if (width > 0 && height > 0) setNatural({ width, height });
            }}
            onError={() => setFailed(thumbnail)}
          />
        )}
        <svg width={rect.width} height={rect.height} aria-hidden="true" data-testid="drawing-preview-svg">
          <DrawingShapes shapes={drawing.shapes} size={rect} video={picture} />
        </svg>
      </span>
    </span>
  );

  if (!onShow) {
    return (
      <figure className="drawing-preview" data-testid="drawing-preview">
        {image}
        <figcaption className="drawing-preview__caption">{frameLabel}</figcaption>
      </figure>
    );
  }
  return (
    <button
      type="button"
      className="drawing-preview drawing-preview--button"
      data-testid="drawing-preview"
      aria-label={`Show the drawing on frame ${drawing.frame} on the video`}
      onClick={onShow}
    >
      {image}
      <span className="drawing-preview__caption" aria-hidden="true">
        {frameLabel} · Show on video
      </span>
    </button>
  );
}
