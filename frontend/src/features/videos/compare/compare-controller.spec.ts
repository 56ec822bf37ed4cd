import { describe, expect, it, jest } from '@jest/globals';
import { CompareController, type SideSetup } from '@/features/videos/compare/compare-controller';

/**
 * Just enough of a media element for the controller: a position that seeks (finished by the
 * test), play and pause, a playback rate and events. No animation frames run here, so every
 * change is the direct answer to a call.
 */
class FakeVideo {
  currentTime = 0;
  paused = true;
  seeking = false;
  muted = false;
  readyState = 4;
  duration = 80;
  playbackRate = 1;
  defaultPlaybackRate = 1;
  private readonly listeners = new Map<string, Set<() => void>>();

  /** The browser moves the element by itself (no seek of ours, no event). */
  readonly jumpTo: (seconds: number) => void;

  constructor() {
    let time = 0;
    this.jumpTo = (seconds) => {
      time = seconds;
    };
    Object.defineProperty(this, 'currentTime', {
      get: () => time,
      set: (value: number) => {
        time = value;
        this.seeking = true;
      },
    });
  }

  play(): Promise<void> {
    this.paused = false;
    this.emit('play');
    return Promise.resolve();
  }

  pause(): void {
    if (this.paused) return;
    this.paused = true;
    this.emit('pause');
  }

  finishSeek(): void {
    this.seeking = false;
    this.emit('seeked');
  }

  addEventListener(name: string, listener: () => void): void {
    if (!this.listeners.has(name)) this.listeners.set(name, new Set());
    this.listeners.get(name)!.add(listener);
  }

  removeEventListener(name: string, listener: () => void): void {
    this.listeners.get(name)?.delete(listener);
  }

  private emit(name: string): void {
    for (const listener of this.listeners.get(name) ?? []) listener();
  }
}

/** A media element that also reports presented frames, as Chromium does. */
class FrameReportingVideo extends FakeVideo {
  private callbacks = new Map<number, VideoFrameRequestCallback>();
  private nextHandle = 1;

  requestVideoFrameCallback(callback: VideoFrameRequestCallback): number {
    const handle = this.nextHandle++;
    this.callbacks.set(handle, callback);
    return handle;
  }

  cancelVideoFrameCallback(handle: number): void {
    this.callbacks.delete(handle);
  }

  /** The browser puts the picture of media time `mediaTime` on screen. */
  present(mediaTime: number): void {
    const waiting = [...this.callbacks.values()];
    this.callbacks.clear();
    for (const callback of waiting) callback(0, { mediaTime } as VideoFrameCallbackMetadata);
  }
}

const setups = (syncA: number | null, syncB: number | null): [SideSetup, SideSetup] => [
  { frameRate: 30, frameCount: 2400, syncFrame: syncA },
  { frameRate: 60, frameCount: 4800, syncFrame: syncB },
];

function compare(syncA: number | null, syncB: number | null, speed = 1) {
  let nowMs = 0;
  const controller = new CompareController(() => nowMs);
  const a = new FakeVideo();
  const b = new FakeVideo();
  controller.attach(0, a as unknown as HTMLVideoElement);
  controller.attach(1, b as unknown as HTMLVideoElement);
  controller.configure(setups(syncA, syncB), speed);
  const settle = () => {
    a.finishSeek();
    b.finishSeek();
  };
  return { controller, a, b, settle, advance: (ms: number) => (nowMs += ms) };
}

describe('CompareController', () => {
  it('links once both sides have a sync frame, showing both sync frames', () => {
    const { controller, a, b, settle } = compare(30, 150);
    controller.goToSync();
    settle();
    expect(controller.getSnapshot().linked).toBe(true);
    expect(a.currentTime).toBeCloseTo(30.5 / 30, 12);
    expect(b.currentTime).toBeCloseTo(150.5 / 60, 12);
    expect(controller.getSnapshot().sides.map((side) => [side.frame, side.settled])).toEqual([
      [30, true],
      [150, true],
    ]);
    expect(controller.getSnapshot().offset).toBe(0);
  });

  it('steps both by one frame of the slower clip', () => {
    const { controller, a, b, settle } = compare(30, 150);
    for (let step = 0; step < 3; step += 1) {
      controller.step(1);
      settle();
    }
    expect(a.currentTime).toBeCloseTo(33.5 / 30, 12);
    expect(b.currentTime).toBeCloseTo(156.5 / 60, 12);
    controller.step(-1);
    settle();
    expect([controller.currentFrame(0), controller.currentFrame(1)]).toEqual([32, 154]);
  });

  it('plays and pauses both at the linked speed, pausing on the frames of the moment reached', () => {
    const { controller, a, b, settle, advance } = compare(30, 150, 0.5);
    controller.goToSync();
    settle();
    controller.play();
    expect([a.paused, b.paused]).toEqual([false, false]);
    expect([a.playbackRate, b.playbackRate]).toEqual([0.5, 0.5]);
    expect(controller.getSnapshot().playing).toBe(true);

    // Both clocks ran for 2 s of wall time at 0.5×; A (the master) says where the transport is.
    advance(2000);
    (a as { currentTime: number }).currentTime = 30.5 / 30 + 1;
    (b as { currentTime: number }).currentTime = 150.5 / 60 + 1;
    settle();
    controller.pause();
    settle();
    expect([a.paused, b.paused]).toEqual([true, true]);
    expect([controller.currentFrame(0), controller.currentFrame(1)]).toEqual([60, 211]);
    expect(controller.getSnapshot().playing).toBe(false);
  });

  it('seeks both again on pause, settling only when the frames the time names are presented', () => {
    let nowMs = 0;
    const controller = new CompareController(() => nowMs);
    const a = new FrameReportingVideo();
    const b = new FrameReportingVideo();
    controller.attach(0, a as unknown as HTMLVideoElement);
    controller.attach(1, b as unknown as HTMLVideoElement);
    controller.configure(setups(30, 150), 1);
    controller.goToSync();
    a.finishSeek();
    b.finishSeek();
    a.present(30.5 / 30);
    b.present(150.5 / 60);
    controller.play();
    nowMs += 1000;
    // Paused while A's clock is already in the middle of frame 60 but its picture still shows
    // frame 59 (the last one presented): no seek would be needed to reach the time, yet the
    // picture is wrong, so it must not count as settled.
    (a as { currentTime: number }).currentTime = 60.5 / 30;
    (b as { currentTime: number }).currentTime = 210.5 / 60;
    a.finishSeek();
    b.finishSeek();
    a.present(59.5 / 30);
    b.present(209.5 / 60);
    controller.pause();
    expect([a.seeking, b.seeking]).toEqual([true, true]);
    a.finishSeek();
    b.finishSeek();
    expect(controller.getSnapshot().sides.map((side) => side.settled)).toEqual([false, false]);
    // B seeks to the frame holding the same moment: 1.0167 s past its sync frame is frame 211.
    a.present(60.5 / 30);
    b.present(211.5 / 60);
    expect(controller.getSnapshot().sides.map((side) => [side.frame, side.settled])).toEqual([
      [60, true],
      [211, true],
    ]);
    controller.destroy();
  });

  it('puts a paused side back on its frame when the browser moves it, without animation frames or events', () => {
    jest.useFakeTimers();
    try {
      const { controller, b, settle } = compare(30, 150);
      controller.goToSync();
      settle();
      expect(controller.getSnapshot().sides.map((side) => side.settled)).toEqual([true, true]);
      // Resumed on a keyframe after the browser suspended the idle player.
      b.jumpTo(2);
      jest.advanceTimersByTime(500);
      expect(b.seeking).toBe(true);
      expect(b.currentTime).toBeCloseTo(150.5 / 60, 12);
      settle();
      expect(controller.getSnapshot().sides.map((side) => [side.frame, side.settled])).toEqual([
        [30, true],
        [150, true],
      ]);
      controller.destroy();
    } finally {
      jest.useRealTimers();
    }
  });

  it('lets each side play and step on its own until both are synced', () => {
    const { controller, a, b } = compare(30, null);
    expect(controller.getSnapshot().linked).toBe(false);
    controller.stepSide(1, 5);
    expect(b.currentTime).toBeCloseTo(5.5 / 60, 12);
    expect(a.currentTime).toBe(0);
    controller.seekSide(0, 2.01);
    expect(a.currentTime).toBeCloseTo(60.5 / 30, 12);
    controller.toggleSide(1);
    expect([a.paused, b.paused]).toEqual([true, false]);
    // The linked transport does nothing while unlinked.
    controller.play();
    expect(a.paused).toBe(true);
  });

  it('goes back to both sync frames when a sync frame moves, and applies a new speed to both', () => {
    const { controller, a, b, settle } = compare(30, 150);
    controller.step(10);
    settle();
    controller.configure(setups(30, 151), 2);
    settle();
    expect(a.currentTime).toBeCloseTo(30.5 / 30, 12);
    expect(b.currentTime).toBeCloseTo(151.5 / 60, 12);
    expect([a.playbackRate, b.playbackRate]).toEqual([2, 2]);
  });

  it('seeks both so that one side shows a feedback time code', () => {
    const { controller, a, b, settle } = compare(30, 150);
    controller.seekSide(1, 4.51);
    settle();
    // B at 4.51 s is 2.01 s past its sync frame: A shows the same moment.
    expect(controller.currentFrame(1)).toBe(270);
    expect(controller.currentFrame(0)).toBe(90);
    expect(a.paused && b.paused).toBe(true);
  });
});
