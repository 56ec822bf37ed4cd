import { useEffect, useState } from 'react';
import { pictureRectIn, type PictureFit, type Rect, type Size } from '@/features/annotations/utils/drawing-geometry';

export type PictureGeometry = {
  /** The picture's rectangle in the host's CSS pixels (bars excluded). */
  rect: Rect;
  /** The video's own pixels (videoWidth × videoHeight). */
  video: Size;
};

const FITS: readonly PictureFit[] = ['contain', 'cover', 'fill'];

const px = (value: string) => Number.parseFloat(value) || 0;

/** Where the video's picture is drawn, measured from `host`'s top-left corner; null until known. */
export function measurePicture(media: HTMLVideoElement, host: HTMLElement): PictureGeometry | null {
  const video = { width: media.videoWidth, height: media.videoHeight };
  const style = getComputedStyle(media);
  const hostBox = host.getBoundingClientRect();
  const mediaBox = media.getBoundingClientRect();
  // The picture is drawn in the content box: inside borders and padding.
  const left = px(style.borderLeftWidth) + px(style.paddingLeft);
  const top = px(style.borderTopWidth) + px(style.paddingTop);
  const content = {
    width: mediaBox.width - left - px(style.borderRightWidth) - px(style.paddingRight),
    height: mediaBox.height - top - px(style.borderBottomWidth) - px(style.paddingBottom),
  };
  const fit = FITS.find((candidate) => candidate === style.objectFit) ?? 'contain';
  const inner = pictureRectIn(content, video, fit);
  if (!inner) return null;
  return {
    rect: {
      x: mediaBox.left + left - hostBox.left + inner.x,
      y: mediaBox.top + top - hostBox.top + inner.y,
      width: inner.width,
      height: inner.height,
    },
    video,
  };
}

const sameGeometry = (a: PictureGeometry | null, b: PictureGeometry | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.rect.x === b.rect.x &&
    a.rect.y === b.rect.y &&
    a.rect.width === b.rect.width &&
    a.rect.height === b.rect.height &&
    a.video.width === b.video.width &&
    a.video.height === b.video.height);

/**
 * The video's picture rectangle relative to `host`, kept up to date through resizes of either
 * element, fullscreen, rotation and new metadata (a different picture size).
 */
export function usePictureRect(media: HTMLVideoElement | null, host: HTMLElement | null): PictureGeometry | null {
  const [geometry, setGeometry] = useState<PictureGeometry | null>(null);

  useEffect(() => {
    if (!media || !host) {
      setGeometry(null);
      return;
    }
    const update = () => {
      const next = measurePicture(media, host);
      setGeometry((current) => (sameGeometry(current, next) ? current : next));
    };
    // Measured where the browser lays the page out anyway: in a ResizeObserver's callback (its
    // first comes after the first layout) or in the next animation frame. Measuring at once,
    // right after React's commit or in a media event, forced extra layouts of the whole page
    // while it was being built: 187 ms of main thread in a profile of a video page's load at
    // Lighthouse's 4× slower phone CPU.
    let frame = 0;
    const updateInFrame = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        update();
      });
    };
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    if (observer) {
      observer.observe(media);
      observer.observe(host);
    } else updateInFrame();
    const mediaEvents = ['loadedmetadata', 'resize'] as const;
    for (const event of mediaEvents) media.addEventListener(event, updateInFrame);
    document.addEventListener('fullscreenchange', updateInFrame);
    window.addEventListener('resize', updateInFrame);
    window.addEventListener('orientationchange', updateInFrame);
    return () => {
      observer?.disconnect();
      cancelAnimationFrame(frame);
      for (const event of mediaEvents) media.removeEventListener(event, updateInFrame);
      document.removeEventListener('fullscreenchange', updateInFrame);
      window.removeEventListener('resize', updateInFrame);
      window.removeEventListener('orientationchange', updateInFrame);
    };
  }, [media, host]);

  return geometry;
}
