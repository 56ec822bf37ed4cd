import { createContext, useContext, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { PlayerController, type PlayerMedia, type PlayerSnapshot } from '@/features/videos/player/player-controller';

/**
 * The file player's controller, for what is rendered inside the player (its controls and the
 * `overlay`, e.g. a drawing layer): `usePlayerController()` there. Null outside a file player.
 */
export const PlayerControllerContext = createContext<PlayerController | null>(null);

export function usePlayerController(): PlayerController | null {
  return useContext(PlayerControllerContext);
}

const NO_SUBSCRIPTION = () => () => undefined;
const NO_SNAPSHOT = () => null;

/** What the player shows now (frame, paused, loop, speed); re-renders only when that changes. */
export function usePlayerSnapshot(controller: PlayerController | null): PlayerSnapshot | null {
  return useSyncExternalStore(controller?.subscribe ?? NO_SUBSCRIPTION, controller?.getSnapshot ?? NO_SNAPSHOT);
}

/**
 * A controller for the element while it is mounted, measured with the video's frame rate and
 * count; a new one when those change (the server measured the file), disposed when it goes.
 * Made before the browser paints, so the controls it brings appear with the picture instead of
 * pushing the page down a moment later.
 */
export function useCreatePlayerController(
  media: PlayerMedia | null,
  frameRate: number | null,
  frameCount: number | null,
): PlayerController | null {
  const [controller, setController] = useState<PlayerController | null>(null);
  useLayoutEffect(() => {
    if (!media) {
      setController(null);
      return;
    }
    const created = new PlayerController(media, { frameRate, frameCount });
    setController(created);
    return () => created.dispose();
  }, [media, frameRate, frameCount]);
  return controller;
}
