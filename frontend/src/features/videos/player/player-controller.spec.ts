import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { PlayerController, type PlayerMedia } from '@/features/videos/player/player-controller';

type FrameCallback = (now: number, metadata: { mediaTime: number }) => void;

/**
 * A video element on a simulated clock: seeks take a few milliseconds and then present the frame
 * at the new time; playback advances the time every 16 ms (a 60 Hz screen) at the playback rate
 * and presents each new frame, as Chromium does. `presented` records every frame put on screen.
 */
class FakeVideo implements PlayerMedia {
  readyState = 4;
  paused = true;
  seeking = false;
  ended = false;
  playbackRate = 1;
  defaultPlaybackRate = 1;
  muted = false;
  readonly presented: number[] = [];
  readonly assignments: number[] = [];
  /** When set, a seek presents this frame instead of the right one (a browser's rounding slip). */
  slip: ((frame: number) => number) | null = null;
  requestVideoFrameCallback?: (callback: FrameCallback) => number;

  private time = 0;
  private onScreen = 0;
  private seekTimer: ReturnType<typeof setTimeout> | null = null;
  private ticker: ReturnType<typeof setInterval> | null = null;
  private readonly listeners = new Map<string, Set<() => void>>();
  private readonly frameCallbacks = new Map<number, FrameCallback>();
  private nextHandle = 1;

  constructor(
    readonly rate: number,
    readonly frames: number,
    options: { watchFrames?: boolean; seekMs?: number; busyMs?: number } = {},
  ) {
    this.seekMs = options.seekMs ?? 8;
    if (options.busyMs) setInterval(() => this.runFrameCallbacks(), options.busyMs);
    this.busy = Boolean(options.busyMs);
    if (options.watchFrames !== false) {
      this.requestVideoFrameCallback = (callback) => {
        const handle = this.nextHandle++;
        this.frameCallbacks.set(handle, callback);
        return handle;
      };
    }
  }

  private readonly seekMs: number;
  /**
   * A busy page (busyMs): frame callbacks run only that often, once for the latest picture
   * presented since they last ran, as a main thread that is busy between its turns has them.
   */
  private readonly busy: boolean;
  private undelivered = false;

  get duration() {
    return this.frames / this.rate;
  }

  get currentTime() {
    return this.time;
  }

  set currentTime(seconds: number) {
    this.assignments.push(seconds);
    this.time = Math.max(0, Math.min(seconds, this.duration));
    this.ended = false;
    this.seeking = true;
    this.fire('seeking');
    if (this.seekTimer) clearTimeout(this.seekTimer);
    this.seekTimer = setTimeout(() => {
      this.seekTimer = null;
      this.seeking = false;
      const frame = this.frameAt(this.time);
      this.fire('seeked');
      this.present(this.slip ? this.slip(frame) : frame);
    }, this.seekMs);
  }

  /** The frame on screen now. */
  get shown() {
    return this.onScreen;
  }

  frameAt(seconds: number) {
    return Math.min(this.frames - 1, Math.floor(seconds * this.rate + 1e-9));
  }

  play() {
    if (this.paused) {
      this.paused = false;
      this.queue('play');
      this.ticker = setInterval(() => this.tick(), 16);
    }
    return Promise.resolve();
  }

  pause() {
    if (this.paused) return;
    this.paused = true;
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
    this.queue('pause');
  }

  addEventListener(type: string, listener: () => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }

  removeEventListener(type: string, listener: () => void) {
    this.listeners.get(type)?.delete(listener);
  }

  cancelVideoFrameCallback(handle: number) {
    this.frameCallbacks.delete(handle);
  }

  fire(type: string) {
    for (const listener of [...(this.listeners.get(type) ?? [])]) listener();
  }

  private queue(type: string) {
    setTimeout(() => this.fire(type), 0);
  }

  /** Until this time the pipeline holds still while playing (a starved decoder). */
  stalledUntil = 0;

  private tick() {
    if (this.seeking) return; // the pipeline holds still while it seeks
    if (performance.now() < this.stalledUntil) return;
    this.time += 0.016 * this.playbackRate;
    if (this.time >= this.duration) {
      this.time = this.duration;
      this.present(this.frames - 1);
      this.paused = true;
      this.ended = true;
      if (this.ticker) clearInterval(this.ticker);
      this.ticker = null;
      this.fire('pause');
      this.fire('ended');
      return;
    }
    this.fire('timeupdate');
    this.present(this.frameAt(this.time));
  }

  private present(frame: number) {
    if (frame === this.onScreen && this.presented.length > 0) return;
    this.onScreen = frame;
    this.presented.push(frame);
    this.undelivered = true;
    if (!this.busy) this.runFrameCallbacks();
  }

  private runFrameCallbacks() {
    if (!this.undelivered) return;
    this.undelivered = false;
    const callbacks = [...this.frameCallbacks.values()];
    this.frameCallbacks.clear();
    // Media times reach the page rounded to the microsecond.
    const mediaTime = Math.floor((this.onScreen / this.rate) * 1e6) / 1e6;
    for (const callback of callbacks) callback(performance.now(), { mediaTime });
  }
}

const settle = () => jest.advanceTimersByTimeAsync(1000);

/** The frame shown before each jump back (a loop's wrap), in the order presented. */
const framesBeforeWraps = (frames: readonly number[]) =>
  frames.filter((frame, index) => index + 1 < frames.length && frames[index + 1]! < frame);

describe('PlayerController', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('steps with the real rate: each step seeks to the middle of the next frame and shows it', async () => {
    const video = new FakeVideo(25, 150);
    const player = new PlayerController(video, { frameRate: 25, frameCount: 150 });
    expect(player.frameRateAssumed).toBe(false);
    for (let expected = 1; expected <= 100; expected += 1) {
      player.step(1);
      expect(player.getSnapshot()).toMatchObject({ frame: expected, settled: false });
      await settle();
      expect(player.getSnapshot()).toMatchObject({ frame: expected, settled: true, paused: true });
      expect(video.shown).toBe(expected);
      expect(video.currentTime).toBeCloseTo((expected + 0.5) / 25, 9);
    }
    for (let expected = 99; expected >= 0; expected -= 1) {
      player.step(-1);
      await settle();
      expect(player.getSnapshot().frame).toBe(expected);
      expect(video.shown).toBe(expected);
    }
  });

  it('queues rapid steps: 100 presses before any seek finishes move exactly 100 frames', async () => {
    const ntsc = 30000 / 1001;
    const video = new FakeVideo(ntsc, 300, { seekMs: 40 });
    const player = new PlayerController(video, { frameRate: ntsc, frameCount: 300 });
    for (let press = 0; press < 100; press += 1) player.step(1);
    expect(player.getSnapshot().frame).toBe(100);
    await settle();
    expect(player.getSnapshot()).toMatchObject({ frame: 100, settled: true });
    expect(video.shown).toBe(100);
    for (let press = 0; press < 100; press += 1) {
      player.step(-1);
      // Some presses land while a seek is under way, some after it finished.
      if (press % 7 === 0) await jest.advanceTimersByTimeAsync(45);
    }
    await settle();
    expect(player.getSnapshot()).toMatchObject({ frame: 0, settled: true });
    expect(video.shown).toBe(0);
  });

  it('keeps steps within the clip', async () => {
    const video = new FakeVideo(30, 10);
    const player = new PlayerController(video, { frameRate: 30, frameCount: 10 });
    player.step(-1);
    await settle();
    expect(player.getSnapshot().frame).toBe(0);
    expect(video.assignments).toEqual([]);
    player.step(25);
    await settle();
    expect(player.getSnapshot()).toMatchObject({ frame: 9, lastFrame: 9 });
    expect(video.shown).toBe(9);
  });

  it('steps a second with Shift: a whole second of frames at the real rate', async () => {
    const video = new FakeVideo(60, 600);
    const player = new PlayerController(video, { frameRate: 60, frameCount: 600 });
    player.stepSeconds(1);
    player.stepSeconds(1);
    await settle();
    expect(player.getSnapshot().frame).toBe(120);
    player.stepSeconds(-1);
    await settle();
    expect(video.shown).toBe(60);
  });

  it('assumes 30 fps only when the rate is unknown, and says so', async () => {
    const video = new FakeVideo(30, 90);
    const player = new PlayerController(video, { frameRate: null, frameCount: null });
    expect(player).toMatchObject({ frameRate: 30, frameRateAssumed: true });
    // The last frame comes from the element's duration.
    expect(player.lastFrame()).toBe(89);
    player.step(3);
    await settle();
    expect(video.shown).toBe(3);
  });

  it('falls back to the element time where requestVideoFrameCallback is missing', async () => {
    const video = new FakeVideo(30, 150, { watchFrames: false });
    const player = new PlayerController(video, { frameRate: 30, frameCount: 150 });
    for (let press = 0; press < 40; press += 1) player.step(1);
    await settle();
    expect(player.getSnapshot()).toMatchObject({ frame: 40, settled: true });
    expect(video.shown).toBe(40);
  });

  it('corrects a seek that presented a neighbour, staying inside the target frame', async () => {
    const video = new FakeVideo(30, 150);
    const player = new PlayerController(video, { frameRate: 30, frameCount: 150 });
    let slips = 1;
    video.slip = (frame) => (slips-- > 0 ? frame - 1 : frame);
    player.step(10);
    await settle();
    expect(player.getSnapshot()).toMatchObject({ frame: 10, settled: true });
    expect(video.shown).toBe(10);
    expect(video.assignments).toHaveLength(2);
    expect(Math.floor(video.assignments[1]! * 30)).toBe(10);
  });

  it('shows the presented frame after a pause, with the time settled on it', async () => {
    const video = new FakeVideo(30, 300);
    const player = new PlayerController(video, { frameRate: 30, frameCount: 300 });
    await player.play();
    await jest.advanceTimersByTimeAsync(500);
    expect(player.getSnapshot().paused).toBe(false);
    player.pause();
    await settle();
    const snapshot = player.getSnapshot();
    expect(snapshot).toMatchObject({ paused: true, settled: true });
    expect(snapshot.frame).toBe(video.shown);
    expect(Math.floor(video.currentTime * 30)).toBe(video.shown);
    // Stepping goes on from the frame that was on screen.
    player.step(1);
    await settle();
    expect(video.shown).toBe(snapshot.frame + 1);
  });

  it('waits for the metadata before seeking', async () => {
    const video = new FakeVideo(30, 150);
    video.readyState = 0;
    const player = new PlayerController(video, { frameRate: 30, frameCount: 150 });
    player.seekToFrame(42);
    expect(video.assignments).toEqual([]);
    video.readyState = 1;
    video.fire('loadedmetadata');
    await settle();
    expect(player.getSnapshot()).toMatchObject({ frame: 42, settled: true, ready: true });
  });

  it('changes speed along 0.1×, 0.25×, 0.5×, 1×, 2× and keeps it on the element', () => {
    const video = new FakeVideo(30, 150);
    const player = new PlayerController(video, { frameRate: 30, frameCount: 150 });
    player.changeSpeed('slower');
    expect(video.playbackRate).toBe(0.5);
    player.changeSpeed('slower');
    player.changeSpeed('slower');
    player.changeSpeed('slower');
    expect(player.getSnapshot().playbackRate).toBe(0.1);
    player.changeSpeed('faster');
    expect(video.playbackRate).toBe(0.25);
    player.setPlaybackRate(2);
    player.changeSpeed('faster');
    expect(video.playbackRate).toBe(2);
    video.playbackRate = 1;
    video.fire('loadedmetadata');
    expect(video.playbackRate).toBe(2);
  });

  it('sets the loop from either end, in order and within the clip', () => {
    const video = new FakeVideo(30, 150);
    const player = new PlayerController(video, { frameRate: 30, frameCount: 150 });
    player.setLoopStart(40);
    expect(player.getSnapshot().loop).toEqual({ start: 40, end: 149 });
    player.setLoopEnd(60);
    expect(player.getSnapshot().loop).toEqual({ start: 40, end: 60 });
    player.setLoopStart(70);
    expect(player.getSnapshot().loop).toEqual({ start: 70, end: 70 });
    player.setLoop(null);
    player.setLoopEnd(20);
    expect(player.getSnapshot().loop).toEqual({ start: 0, end: 20 });
    player.setLoop({ start: 500, end: -4 });
    expect(player.getSnapshot().loop).toEqual({ start: 0, end: 149 });
  });

  it.each([1, 0.25, 2])(
    'loops A–B at %d× from the loop end straight back to its start, without drift',
    async (speed) => {
      const video = new FakeVideo(30, 300);
      const player = new PlayerController(video, { frameRate: 30, frameCount: 300 });
      player.setLoop({ start: 30, end: 45 });
      player.setPlaybackRate(speed);
      await player.play();
      // Play starts from the loop's start; run long enough for several rounds.
      await jest.advanceTimersByTimeAsync((16 / 30 / speed) * 1000 * 4.5);
      player.pause();
      await settle();
      const frames = video.presented;
      const wraps: [number, number][] = [];
      for (let index = 1; index < frames.length; index += 1) {
        if (frames[index]! < frames[index - 1]!) wraps.push([frames[index - 1]!, frames[index]!]);
      }
      expect(wraps.length).toBeGreaterThanOrEqual(3);
      for (const [from, to] of wraps) {
        expect(Math.abs(from - 45)).toBeLessThanOrEqual(1);
        // Paused on the loop's first frame until it is presented, then playing on from it.
        expect(to).toBe(30);
      }
      // Nothing outside the loop once it started.
      const fromStart = frames.slice(frames.indexOf(30));
      expect(Math.max(...fromStart)).toBeLessThanOrEqual(46);
      expect(Math.min(...fromStart)).toBeGreaterThanOrEqual(29);
    },
  );

  it.each([8, 40])(
    'wraps within a frame of the loop end at 2× on a busy page (frame callbacks late and merged, seeks of %d ms)',
    async (seekMs) => {
      const video = new FakeVideo(30, 300, { busyMs: 45, seekMs });
      const player = new PlayerController(video, { frameRate: 30, frameCount: 300 });
      player.setLoop({ start: 30, end: 45 });
      player.setPlaybackRate(2);
      await player.play();
      await jest.advanceTimersByTimeAsync(2500);
      const frames = [...video.presented];
      player.pause();
      await settle();
      const wrapEnds = framesBeforeWraps(frames);
      expect(wrapEnds.length).toBeGreaterThanOrEqual(3);
      expect(wrapEnds.filter((frame) => Math.abs(frame - 45) > 1)).toEqual([]);
    },
  );

  it('does not wrap early when the media clock stalls on the way to the loop end', async () => {
    const video = new FakeVideo(30, 300);
    const player = new PlayerController(video, { frameRate: 30, frameCount: 300 });
    player.setLoop({ start: 30, end: 45 });
    player.setPlaybackRate(2);
    await player.play();
    // Every time the picture reaches frame 42, the decoder falls behind for 80 ms.
    const frames: number[] = [];
    for (let ms = 0; ms < 2500; ms += 4) {
      await jest.advanceTimersByTimeAsync(4);
      if (video.shown === 42 && frames.at(-1) !== 42) video.stalledUntil = performance.now() + 80;
      frames.push(video.shown);
    }
    player.pause();
    await settle();
    const wrapEnds = framesBeforeWraps(frames);
    expect(wrapEnds.length).toBeGreaterThanOrEqual(3);
    expect(wrapEnds.filter((frame) => Math.abs(frame - 45) > 1)).toEqual([]);
  });

  it('stays paused when paused in the middle of a wrap, on the frame it shows', async () => {
    const video = new FakeVideo(30, 300, { seekMs: 30 });
    const player = new PlayerController(video, { frameRate: 30, frameCount: 300 });
    player.setLoop({ start: 30, end: 35 });
    await player.play();
    // Run until a wrap is under way: the element is paused and seeking back to the start.
    for (let tick = 0; tick < 2000 && !(video.paused && video.seeking); tick += 1) {
      await jest.advanceTimersByTimeAsync(1);
    }
    expect([video.paused, video.seeking, player.isPaused()]).toEqual([true, true, false]);
    player.pause();
    await settle();
    expect(video.paused).toBe(true);
    expect(player.getSnapshot()).toMatchObject({ paused: true, settled: true, frame: video.shown });
  });

  it('restarts the loop when it ends at the clip’s last frame', async () => {
    const video = new FakeVideo(30, 60);
    const player = new PlayerController(video, { frameRate: 30, frameCount: 60 });
    player.setLoop({ start: 50, end: 59 });
    await player.play();
    await jest.advanceTimersByTimeAsync(1500);
    expect(video.paused).toBe(false);
    const wrapsToStart = video.presented.filter((frame, index) => index > 0 && frame === 50).length;
    expect(wrapsToStart).toBeGreaterThanOrEqual(3);
    player.setLoop(null);
    player.pause();
  });

  it('notifies subscribers only when what it shows changes', async () => {
    const video = new FakeVideo(30, 150);
    const player = new PlayerController(video, { frameRate: 30, frameCount: 150 });
    const seen: number[] = [];
    const unsubscribe = player.subscribe(() => seen.push(player.getSnapshot().frame));
    player.step(1);
    await settle();
    const before = player.getSnapshot();
    video.fire('durationchange');
    expect(player.getSnapshot()).toBe(before);
    unsubscribe();
    player.step(1);
    await settle();
    expect(seen).toEqual([1, 1]);
    player.dispose();
  });
});
