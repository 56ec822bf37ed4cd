import { useEffect, useState, useSyncExternalStore } from 'react';
import { PauseIcon, PlayIcon } from '@/components/ui/icons';
import { HERO_ROTATE_INTERVAL_MS } from '@/config/constants';
import './hero-slideshow.css';

export type SlideImage = { src: string; alt: string };

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function prefersReducedMotion(): boolean {
  return window.matchMedia(REDUCED_MOTION).matches;
}

type HeroSlideshowProps = {
  images: readonly SlideImage[];
  label: string;
  intervalMs?: number;
};

/**
 * Rotating images with a dot per image. It advances on its own every few seconds, except when the
 * person prefers reduced motion (until they press play) or has paused it; picking a dot restarts the wait.
 * Only the first image loads eagerly; another one is put in the page (loading lazily) when it is next
 * after the image on show and that has arrived, or when it is shown, so a first visit downloads the
 * image it shows and the next one, not all of them.
 */
export function HeroSlideshow({ images, label, intervalMs = HERO_ROTATE_INTERVAL_MS }: HeroSlideshowProps) {
  const [current, setCurrent] = useState(0);
  // null until the person uses the play/pause button: then their choice wins over the default.
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  // Bumped on every manual pick, so the next automatic step waits a full interval again.
  const [pickCount, setPickCount] = useState(0);
  const reducedMotion = useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => false);
  const rotating = images.length > 1 && (playChoice ?? !reducedMotion);
  // The images that have arrived: they stay in the page, so one fades out when left.
  const [loaded, setLoaded] = useState<ReadonlySet<number>>(() => new Set());
  const arrived = (index: number) => setLoaded((seen) => (seen.has(index) ? seen : new Set(seen).add(index)));
  // The next image is fetched ahead of its turn, once the one on show is there.
  const upNext = loaded.has(current) ? (current + 1) % images.length : null;

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(() => {
      setCurrent((index) => (index + 1) % images.length);
    }, intervalMs);
    return () => window.clearInterval(timer);
  }, [rotating, images.length, intervalMs, pickCount]);

  if (images.length === 0) return null;

  const pick = (index: number) => {
    setCurrent(index);
    setPickCount((count) => count + 1);
  };

  return (
    <div
      className="slideshow"
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      data-testid="hero-slideshow"
    >
      <div className="slideshow__frame" aria-live={rotating ? 'off' : 'polite'}>
        {images.map((image, index) => {
          const active = index === current;
          if (!active && !loaded.has(index) && index !== upNext) return null;
          return (
            <img
              key={image.src}
              src={image.src}
              alt={image.alt}
              className={active ? 'slideshow__image slideshow__image--active' : 'slideshow__image'}
              aria-hidden={active ? undefined : true}
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : 'low'}
              decoding="async"
              data-testid={active ? 'hero-image-active' : 'hero-image'}
              draggable={false}
              onLoad={() => arrived(index)}
            />
          );
        })}
      </div>
      <div className="slideshow__controls">
        <div className="slideshow__dots" role="group" aria-label="Choose an image">
          {images.map((image, index) => (
            <button
              key={image.src}
              type="button"
              className={index === current ? 'slideshow__dot slideshow__dot--active' : 'slideshow__dot'}
              aria-label={`Show image ${index + 1} of ${images.length}`}
              aria-current={index === current ? 'true' : undefined}
              data-testid="hero-dot"
              onClick={() => pick(index)}
            />
          ))}
        </div>
        {images.length > 1 && (
          <button
            type="button"
            className="slideshow__toggle"
            aria-label={rotating ? 'Pause slideshow' : 'Play slideshow'}
            onClick={() => setPlayChoice(!rotating)}
          >
            {rotating ? <PauseIcon size={14} /> : <PlayIcon size={14} />}
          </button>
        )}
      </div>
    </div>
  );
}
