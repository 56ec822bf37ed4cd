import { useEffect, useState } from 'react';

// Undefined, not null, where the Fullscreen API is missing (an iPhone's Safari).
const current = (): Element | null => (typeof document === 'undefined' ? null : (document.fullscreenElement ?? null));

/** The element shown fullscreen now, or null. */
export function useFullscreenElement(): Element | null {
  const [element, setElement] = useState<Element | null>(current);
  useEffect(() => {
    const update = () => setElement(current());
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  return element;
}

/** The nearest ancestor fixed to the window: a player filling it where real fullscreen is missing. */
function fixedAncestor(media: Element): Element | null {
  for (let element = media.parentElement; element && element !== document.body; element = element.parentElement) {
    if (getComputedStyle(element).position === 'fixed') return element;
  }
  return null;
}

/**
 * The element that holds the player while it covers the screen: the fullscreen element around
 * the video, or the player's container filling the window instead (iPhone Safari cannot
 * fullscreen anything but a bare video). Null while the player sits in the page.
 */
export function useFullscreenHost(media: HTMLElement | null): Element | null {
  const fullscreen = useFullscreenElement();
  const [filled, setFilled] = useState<Element | null>(null);

  useEffect(() => {
    if (!media) {
      setFilled(null);
      return;
    }
    // Filling the window resizes the video, so its resizes are the moments to look again.
    const update = () => setFilled(fixedAncestor(media));
    update();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(media);
    return () => observer?.disconnect();
  }, [media, fullscreen]);

  if (!media) return null;
  if (fullscreen && fullscreen !== media && fullscreen.contains(media)) return fullscreen;
  return filled;
}
