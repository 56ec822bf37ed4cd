import { describe, expect, it } from '@jest/globals';
import { act, renderHook } from '@testing-library/react';
import { usePlaybackFrame } from '@/features/annotations/hooks/use-playback-frame';

/** A jsdom video whose position and paused state the test sets, then announces with an event. */
function mediaAt(time: number) {
  const media = document.createElement('video');
  let paused = true;
  let currentTime = time;
  Object.defineProperty(media, 'paused', { get: () => paused });
  Object.defineProperty(media, 'currentTime', { get: () => currentTime });
  return {
    media,
    set(next: { paused?: boolean; time?: number }, event: string) {
      paused = next.paused ?? paused;
      currentTime = next.time ?? currentTime;
      act(() => {
        media.dispatchEvent(new Event(event));
      });
    },
  };
}

describe('usePlaybackFrame', () => {
  it('follows the frame while paused and stays still during playback', () => {
    const player = mediaAt(10.5 / 30);
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return usePlaybackFrame(player.media, 30);
    });
    expect(result.current).toEqual({ paused: true, frame: 10 });

    player.set({ paused: false }, 'play');
    expect(result.current.paused).toBe(false);
    const rendersWhenPlaying = renders;
    // A minute of time updates (four a second) while playing: no new state, so no render per
    // update (React may render once more before it bails out of an unchanged state).
    for (let update = 1; update <= 240; update += 1) player.set({ time: 10.5 / 30 + update / 4 }, 'timeupdate');
    expect(renders - rendersWhenPlaying).toBeLessThanOrEqual(1);

    player.set({ paused: true, time: 1810.5 / 30 }, 'pause');
    expect(result.current).toEqual({ paused: true, frame: 1810 });
    player.set({ time: 1811.5 / 30 }, 'seeked');
    expect(result.current).toEqual({ paused: true, frame: 1811 });
  });
});
