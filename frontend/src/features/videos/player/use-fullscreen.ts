import { useCallback, useEffect, useState, type RefObject } from 'react';

/**
 * Fullscreen for a container (the player with its overlay and controls, not the bare video, so
 * a drawing layer stays on top). Where the page cannot go fullscreen (iPhone Safari only lets a
 * bare video do so), the container fills the window instead.
 */
export function useFullscreen(container: RefObject<HTMLElement | null>) {
  const [native, setNative] = useState(false);
  const [filled, setFilled] = useState(false);

  useEffect(() => {
    const onChange = () =>
      setNative(document.fullscreenElement !== null && document.fullscreenElement === container.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [container]);

  // The window-filling fallback leaves with Escape, as real fullscreen does.
  useEffect(() => {
    if (!filled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setFilled(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [filled]);

  const exit = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    setFilled(false);
  }, []);

  const toggle = useCallback(() => {
    const element = container.current;
    if (!element) return;
    if (document.fullscreenElement === element || filled) {
      exit();
      return;
    }
    if (document.fullscreenEnabled && typeof element.requestFullscreen === 'function') {
      element.requestFullscreen().catch(() => setFilled(true));
    } else {
      setFilled(true);
    }
  }, [container, filled, exit]);

  return { isFullscreen: native || filled, filled, toggle, exit };
}
