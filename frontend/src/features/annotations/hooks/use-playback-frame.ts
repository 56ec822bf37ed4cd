import { useEffect, useState } from 'react';
import { frameAtTime } from '@/lib/frame-clock';

export type PlaybackFrame = { paused: boolean; frame: number };

const EVENTS = ['play', 'pause', 'seeking', 'seeked', 'timeupdate', 'loadedmetadata', 'ended', 'emptied'] as const;

/**
 * Whether the player is paused, and on which frame, as its events report them. The frame is only
 * followed while paused (drawing needs no more): during playback nothing changes, so the page
 * that holds the drawing session is not rendered again on every time update.
 */
export function usePlaybackFrame(media: HTMLVideoElement | null, frameRate: number | null): PlaybackFrame {
  const [state, setState] = useState<PlaybackFrame>({ paused: true, frame: 0 });

  useEffect(() => {
    if (!media || !frameRate) return;
    const update = () => {
      setState((current) => {
        if (!media.paused) return current.paused ? { ...current, paused: false } : current;
        const frame = frameAtTime(media.currentTime, frameRate);
        return current.paused && current.frame === frame ? current : { paused: true, frame };
      });
    };
    update();
    for (const event of EVENTS) media.addEventListener(event, update);
    return () => {
      for (const event of EVENTS) media.removeEventListener(event, update);
    };
  }, [media, frameRate]);

  return state;
}
