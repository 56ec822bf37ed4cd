import { clampFrame, FALLBACK_FRAME_RATE, frameAtTime, frameSeekTime, lastFrameIndex } from '@/lib/frame-clock';

/** The speeds a coach picks from, slowest first. */
export const PLAYBACK_SPEEDS = [0.1, 0.25, 0.5, 1, 2] as const;

/** An A–B loop: both frames included. */
export type FrameLoop = { start: number; end: number };

/** What the player shows, for React (`useSyncExternalStore`); a new object only when something changed. */
export type PlayerSnapshot = {
  /** The frame on screen, or the one a step is on its way to (see `settled`); stale while playing. */
  frame: number;
  paused: boolean;
  /** No step or seek of ours is under way: `frame` is the picture on screen. */
  settled: boolean;
  loop: FrameLoop | null;
  playbackRate: number;
  /** Null until the frame count or the duration is known. */
  lastFrame: number | null;
  /** The element knows its duration and size (metadata loaded). */
  ready: boolean;
  muted: boolean;
};

/** What `requestVideoFrameCallback` reports of a presented frame. */
type PresentedFrameMetadata = { mediaTime: number };

/** The parts of an HTMLVideoElement the controller uses (a fake stands in for it in unit tests). */
export interface PlayerMedia {
  currentTime: number;
  readonly duration: number;
  readonly paused: boolean;
  readonly seeking: boolean;
  readonly ended: boolean;
  readonly readyState: number;
  playbackRate: number;
  defaultPlaybackRate: number;
  muted: boolean;
  play(): Promise<void>;
  pause(): void;
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
  requestVideoFrameCallback?(callback: (now: number, metadata: PresentedFrameMetadata) => void): number;
  cancelVideoFrameCallback?(handle: number): void;
}

/** How long a seek may wait for its frame to be presented before the element's time is trusted. */
const CONFIRM_TIMEOUT_MS = 300;
/** Re-seeks within the target frame when the browser presented a neighbour. */
const MAX_CORRECTIONS = 2;
/** A loop wrap starts at most this early, to cover its own latency… */
const MAX_WRAP_LEAD_MS = 100;
/** …and this early before the first wrap has been measured (a typical seek back within a short clip). */
const FIRST_WRAP_LEAD_MS = 30;
/** A wrap is timed from the frames shown within this long of the loop's end. */
const WRAP_TIMING_HORIZON_MS = 120;
/** How long a wrap waits for the loop's first frame to be presented before playing on anyway. */
const WRAP_FRAME_TIMEOUT_MS = 150;
const HAVE_METADATA = 1;

/**
 * Frame-exact control of one file player: steps seek to the middle of the target frame and are
 * confirmed by the frame the browser presents (`requestVideoFrameCallback`, falling back to the
 * element's time where it is missing); steps given while one is under way queue onto its target,
 * so N presses move exactly N frames. Also keeps an A–B loop while playing, wrapping on the
 * presented frames so it does not drift at any speed.
 */
export class PlayerController {
  readonly frameRate: number;
  /** The server has not measured the file: stepping assumes FALLBACK_FRAME_RATE. */
  readonly frameRateAssumed: boolean;

  private readonly frameCount: number | null;
  private readonly listeners = new Set<() => void>();
  private readonly canWatchFrames: boolean;
  private snapshot: PlayerSnapshot;
  private shownFrame = 0;
  private target: number | null = null;
  /** Counts our assignments to currentTime, so a presented frame can be told apart from an older one. */
  private generation = 0;
  private seekedGeneration = -1;
  private awaitingMetadata = false;
  private presented: { frame: number; generation: number } | null = null;
  private corrections = 0;
  private confirmTimer: ReturnType<typeof setTimeout> | null = null;
  private frameHandle: number | null = null;
  private loop: FrameLoop | null = null;
  private speed = 1;
  /** A wrap is under way: paused on purpose, seeking to the loop's start, to play on once it shows. */
  private wrapping = false;
  private wrapSeeked = false;
  private wrapStartPresented = false;
  private wrapStartedAt = 0;
  private wrapTimer: ReturnType<typeof setTimeout> | null = null;
  private resumeTimer: ReturnType<typeof setTimeout> | null = null;
  /** Measured time a wrap's seek takes, so the next one can start that much before the loop's end. */
  private wrapLatencyMs = FIRST_WRAP_LEAD_MS;
  private disposed = false;

  constructor(
    readonly media: PlayerMedia,
    video: { frameRate: number | null; frameCount: number | null },
  ) {
    const measured = video.frameRate !== null && Number.isFinite(video.frameRate) && video.frameRate > 0;
    this.frameRate = measured ? (video.frameRate as number) : FALLBACK_FRAME_RATE;
    this.frameRateAssumed = !measured;
    this.frameCount = video.frameCount;
    this.canWatchFrames = typeof media.requestVideoFrameCallback === 'function';
    this.shownFrame = frameAtTime(media.currentTime, this.frameRate);
    this.snapshot = this.buildSnapshot();
    for (const [type, listener] of this.handlers) media.addEventListener(type, listener);
    this.applySpeed();
    this.watchFrames();
  }

  // ---- reading ----

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): PlayerSnapshot => this.snapshot;

  /** The frame now: a pending step's target, the presented frame while playing, else the one shown. */
  currentFrame(): number {
    if (this.target !== null) return this.target;
    if (this.wrapping && this.loop) return this.loop.start;
    if (!this.media.paused) {
      return this.canWatchFrames && this.presented
        ? this.presented.frame
        : frameAtTime(this.media.currentTime, this.frameRate);
    }
    return this.shownFrame;
  }

  /** Paused by the viewer (a loop wrap's own short pause does not count). */
  isPaused(): boolean {
    return this.media.paused && !this.wrapping;
  }

  lastFrame(): number | null {
    const duration = Number.isFinite(this.media.duration) ? this.media.duration : null;
    return lastFrameIndex(this.frameCount, duration, this.frameRate);
  }

  // ---- stepping and seeking ----

  /** Moves `frames` frames (negative: back) and pauses; queued onto a step still under way. */
  step(frames: number): void {
    this.seekToFrame((this.target ?? this.currentFrame()) + frames);
  }

  /** Moves by a time (Shift+arrow: one second), landing on a whole frame, and pauses. */
  stepSeconds(seconds: number): void {
    const from = this.target ?? this.currentFrame();
    this.seekToFrame(frameAtTime(frameSeekTime(from, this.frameRate) + seconds, this.frameRate));
  }

  /** Shows frame `frame` (clamped to the clip), paused unless `play`. */
  seekToFrame(frame: number, options: { play?: boolean } = {}): void {
    const target = clampFrame(frame, this.lastFrame());
    this.cancelWrap();
    this.endWrap();
    if (!options.play && !this.media.paused) this.media.pause();
    const alreadyShown =
      this.target === null &&
      this.media.paused &&
      !this.media.seeking &&
      target === this.shownFrame &&
      frameAtTime(this.media.currentTime, this.frameRate) === target;
    if (alreadyShown) {
      this.publish();
    } else {
      this.target = target;
      this.corrections = 0;
      this.assignTime(frameSeekTime(target, this.frameRate));
      this.publish();
    }
    if (options.play) void this.play();
  }

  /** Shows the frame a time lies in. */
  seekToTime(seconds: number, options: { play?: boolean } = {}): void {
    this.seekToFrame(frameAtTime(seconds, this.frameRate), options);
  }

  // ---- playback ----

  async play(): Promise<void> {
    const loop = this.loop;
    if (loop && this.target === null) {
      const frame = this.currentFrame();
      if (frame < loop.start || frame >= loop.end) this.seekToFrame(loop.start, { play: false });
    }
    // Playing can be refused (autoplay rules): the picture simply stays.
    await this.media.play().catch(() => undefined);
  }

  pause(): void {
    const wasWrapping = this.wrapping;
    this.cancelWrap();
    this.endWrap();
    this.media.pause();
    // The element was already paused by the wrap: settle on the frame it shows.
    if (wasWrapping) this.onPause();
  }

  togglePlay(): void {
    if (this.isPaused()) void this.play();
    else this.pause();
  }

  setPlaybackRate(rate: number): void {
    this.speed = rate;
    this.applySpeed();
    this.publish();
  }

  setMuted(muted: boolean): void {
    this.media.muted = muted;
    this.publish();
  }

  /** The next speed up (`faster`) or down the list, staying at its ends. */
  changeSpeed(direction: 'faster' | 'slower'): void {
    const index = PLAYBACK_SPEEDS.findIndex((speed) => speed >= this.speed);
    const at = index === -1 ? PLAYBACK_SPEEDS.length - 1 : index;
    const next = direction === 'faster' ? Math.min(at + 1, PLAYBACK_SPEEDS.length - 1) : Math.max(at - 1, 0);
    this.setPlaybackRate(PLAYBACK_SPEEDS[next] ?? 1);
  }

  // ---- A–B loop ----

  /** Loop from `frame` (default: the current one); the end stays, or is the clip's last frame. */
  setLoopStart(frame = this.currentFrame()): void {
    const end = Math.max(this.loop?.end ?? this.lastFrame() ?? frame, frame);
    this.setLoop({ start: frame, end });
  }

  /** Loop up to `frame` (default: the current one); the start stays, or is the first frame. */
  setLoopEnd(frame = this.currentFrame()): void {
    const start = Math.min(this.loop?.start ?? 0, frame);
    this.setLoop({ start, end: frame });
  }

  /** Sets (or with null clears) the loop; its frames are put in order and within the clip. */
  setLoop(loop: FrameLoop | null): void {
    this.cancelWrap();
    if (loop === null) {
      this.loop = null;
    } else {
      const last = this.lastFrame();
      const start = clampFrame(Math.min(loop.start, loop.end), last);
      const end = clampFrame(Math.max(loop.start, loop.end), last);
      this.loop = { start, end };
    }
    this.publish();
  }

  getLoop(): FrameLoop | null {
    return this.loop;
  }

  dispose(): void {
    this.disposed = true;
    for (const [type, listener] of this.handlers) this.media.removeEventListener(type, listener);
    if (this.frameHandle !== null) this.media.cancelVideoFrameCallback?.(this.frameHandle);
    this.frameHandle = null;
    this.clearConfirm();
    this.cancelWrap();
    this.endWrap();
    this.listeners.clear();
  }

  // ---- internals ----

  private readonly handlers: [string, () => void][] = [
    ['loadedmetadata', () => this.onMetadata()],
    ['durationchange', () => this.publish()],
    ['play', () => this.onPlay()],
    ['pause', () => this.onPause()],
    ['seeked', () => this.onSeeked()],
    ['ratechange', () => this.publish()],
    ['volumechange', () => this.publish()],
    ['ended', () => this.onEnded()],
    ['timeupdate', () => this.onTimeUpdate()],
  ];

  private applySpeed(): void {
    this.media.defaultPlaybackRate = this.speed;
    this.media.playbackRate = this.speed;
  }

  private assignTime(seconds: number): void {
    this.generation += 1;
    this.seekedGeneration = -1;
    this.clearConfirm();
    if (this.media.readyState < HAVE_METADATA) {
      // A time set before the metadata is only a start position, with no seek events: wait for it.
      this.awaitingMetadata = true;
      return;
    }
    this.media.currentTime = seconds;
    this.watchFrames();
  }

  private onMetadata(): void {
    // A new source resets the element's speed.
    this.applySpeed();
    if (this.awaitingMetadata) {
      this.awaitingMetadata = false;
      if (this.target !== null) this.assignTime(frameSeekTime(this.target, this.frameRate));
    }
    this.publish();
  }

  private watchFrames(): void {
    if (!this.canWatchFrames || this.disposed || this.frameHandle !== null) return;
    this.frameHandle = this.media.requestVideoFrameCallback!((_now, metadata) => this.onFrame(metadata));
  }

  private onFrame(metadata: PresentedFrameMetadata): void {
    this.frameHandle = null;
    if (this.disposed) return;
    this.watchFrames();
    const frame = frameAtTime(metadata.mediaTime, this.frameRate);
    this.presented = { frame, generation: this.generation };
    if (this.target !== null) {
      const seeked = this.seekedGeneration === this.generation;
      // Playing on from a seek (play from outside the loop): on a busy page the target frame's own
      // callback may be merged into a later one, which shows the seek landed just as well.
      const playedPast = !this.media.paused && frame > this.target;
      if (seeked && (frame === this.target || playedPast)) this.settle(frame);
      if (!playedPast || !seeked) return;
    }
    if (this.wrapping) {
      if (frame === this.loop?.start) {
        this.wrapStartPresented = true;
        if (this.wrapSeeked) this.resumeAfterWrap();
      }
      return;
    }
    if (!this.media.paused) {
      this.keepInLoop(frame, metadata.mediaTime);
      return;
    }
    // Paused: what the browser presents is the truth (e.g. after a seek from the native scrubber).
    if (frame !== this.shownFrame) {
      this.shownFrame = frame;
      this.publish();
    }
  }

  private onSeeked(): void {
    if (this.media.seeking) return; // another seek has begun since
    if (this.wrapping) {
      this.wrapSeeked = true;
      this.measureWrapLatency();
      // Play on once the loop's first frame is on screen (already, or soon; without frame
      // callbacks, at once).
      if (this.wrapStartPresented || !this.canWatchFrames) this.resumeAfterWrap();
      else this.resumeTimer = setTimeout(() => this.resumeAfterWrap(), WRAP_FRAME_TIMEOUT_MS);
      return;
    }
    if (this.target === null) {
      // Someone else moved the element (the native scrubber).
      this.generation += 1;
      if (this.media.paused) {
        this.shownFrame = frameAtTime(this.media.currentTime, this.frameRate);
        this.publish();
      }
      return;
    }
    this.seekedGeneration = this.generation;
    if (!this.canWatchFrames) {
      this.settle(frameAtTime(this.media.currentTime, this.frameRate));
      return;
    }
    const presented = this.presented;
    if (presented && presented.generation === this.generation && presented.frame === this.target) {
      this.settle(this.target);
      return;
    }
    this.clearConfirm();
    this.confirmTimer = setTimeout(() => this.judgeSeek(), CONFIRM_TIMEOUT_MS);
  }

  /** No presented frame matched the target in time: trust the element, or correct a neighbour. */
  private judgeSeek(): void {
    this.confirmTimer = null;
    const target = this.target;
    if (target === null) return;
    const presented = this.presented?.generation === this.generation ? this.presented.frame : null;
    if (presented === null || presented === target || !this.media.paused) {
      this.settle(presented ?? frameAtTime(this.media.currentTime, this.frameRate));
    } else if (this.corrections < MAX_CORRECTIONS) {
      this.corrections += 1;
      // Still inside the target frame, nudged away from the neighbour that was shown.
      const within = presented < target ? 0.8 : 0.2;
      this.assignTime((target + within) / this.frameRate);
    } else {
      this.settle(presented);
    }
  }

  private settle(frame: number): void {
    this.clearConfirm();
    this.target = null;
    this.corrections = 0;
    this.shownFrame = frame;
    this.publish();
  }

  private onPlay(): void {
    this.watchFrames();
    this.publish();
  }

  private onPause(): void {
    if (this.wrapping) return; // the wrap's own pause
    this.cancelWrap();
    // A step paused the element (its target is set), or the loop will restart from the end.
    if (this.target !== null || (this.loop && this.media.ended)) {
      this.publish();
      return;
    }
    const presented = this.canWatchFrames && this.presented ? this.presented.frame : null;
    const atTime = frameAtTime(this.media.currentTime, this.frameRate);
    const frame = clampFrame(presented ?? atTime, this.lastFrame());
    if (frame !== atTime) {
      // The clock ran ahead of the picture (or past the end): settle the time on the frame shown.
      this.seekToFrame(frame);
      return;
    }
    this.shownFrame = frame;
    this.publish();
  }

  private onEnded(): void {
    if (this.loop) this.wrap();
  }

  private onTimeUpdate(): void {
    // Without presented frames, the loop is kept on the element's (coarser) time.
    if (this.canWatchFrames || this.media.paused || this.wrapping || this.target !== null) return;
    const frame = frameAtTime(this.media.currentTime, this.frameRate);
    const loop = this.loop;
    if (loop && (frame > loop.end || frame < loop.start)) this.wrap();
  }

  private keepInLoop(frame: number, mediaTime: number): void {
    const loop = this.loop;
    if (!loop) return;
    if (frame > loop.end || frame < loop.start) {
      this.wrap();
      return;
    }
    // Leave the last frame on screen for its share of time, less what the seek back takes, but
    // never less than half of it: a wrap that starts earlier would cut the end frame (or more, at
    // 2×) off the loop. The wrap is timed from every frame near the end, each one correcting the
    // last: on a busy page frame callbacks come late and merged, and the end frame's own may come
    // only once the picture has moved past it.
    const remainingMs = this.msToLoopEnd(loop, mediaTime);
    if (remainingMs <= WRAP_TIMING_HORIZON_MS || frame === loop.end) this.scheduleWrap(remainingMs);
  }

  /** Wall time until the loop's end frame has had its share, from a media time. */
  private msToLoopEnd(loop: FrameLoop, mediaTime: number): number {
    return (((loop.end + 1) / this.frameRate - mediaTime) / this.media.playbackRate) * 1000;
  }

  private scheduleWrap(remainingMs: number): void {
    this.cancelWrap();
    const frameMs = 1000 / this.frameRate / this.media.playbackRate;
    const delay = Math.max(0, remainingMs - Math.min(this.wrapLatencyMs, frameMs / 2));
    this.wrapTimer = setTimeout(() => {
      this.wrapTimer = null;
      const loop = this.loop;
      if (this.media.paused || !loop || this.target !== null) return;
      // The media clock may have fallen behind the wall clock since (a starved decoder): wrap only
      // once it has reached the end frame, else time the wrap again from where it is.
      const left = this.msToLoopEnd(loop, this.media.currentTime);
      if (left > frameMs) this.scheduleWrap(left);
      else this.wrap();
    }, delay);
  }

  /**
   * Back to the loop's start: paused, seeking to the middle of its first frame, and playing on
   * once that frame is presented. (A seek while playing restarts Chromium's clock before the first
   * picture arrives, so the loop's first frame would be skipped.)
   */
  private wrap(): void {
    const loop = this.loop;
    if (!loop) return;
    this.cancelWrap();
    this.wrapping = true;
    this.wrapSeeked = false;
    this.wrapStartPresented = false;
    this.wrapStartedAt = performance.now();
    this.generation += 1;
    if (!this.media.paused) this.media.pause();
    this.media.currentTime = frameSeekTime(loop.start, this.frameRate);
    this.watchFrames();
  }

  private resumeAfterWrap(): void {
    if (!this.wrapping) return;
    this.endWrap();
    void this.media.play().catch(() => undefined);
  }

  /**
   * The wrap's seek took this long (pause to 'seeked'): the next wrap starts that much before the
   * loop's end. Not up to the first frame's callback, which a busy page runs late: the lead would
   * grow with the page's load and wrap early.
   */
  private measureWrapLatency(): void {
    const latency = performance.now() - this.wrapStartedAt;
    this.wrapLatencyMs = Math.min(MAX_WRAP_LEAD_MS, this.wrapLatencyMs * 0.5 + latency * 0.5);
  }

  private endWrap(): void {
    this.wrapping = false;
    if (this.resumeTimer !== null) clearTimeout(this.resumeTimer);
    this.resumeTimer = null;
  }

  private cancelWrap(): void {
    if (this.wrapTimer !== null) clearTimeout(this.wrapTimer);
    this.wrapTimer = null;
  }

  private clearConfirm(): void {
    if (this.confirmTimer !== null) clearTimeout(this.confirmTimer);
    this.confirmTimer = null;
  }

  private buildSnapshot(): PlayerSnapshot {
    return {
      frame: this.target ?? this.shownFrame,
      paused: this.media.paused && !this.wrapping,
      settled: this.target === null,
      loop: this.loop,
      playbackRate: this.speed,
      lastFrame: this.lastFrame(),
      ready: this.media.readyState >= HAVE_METADATA,
      muted: this.media.muted,
    };
  }

  private publish(): void {
    if (this.disposed) return;
    const next = this.buildSnapshot();
    const current = this.snapshot;
    const same =
      next.frame === current.frame &&
      next.paused === current.paused &&
      next.settled === current.settled &&
      next.loop === current.loop &&
      next.playbackRate === current.playbackRate &&
      next.lastFrame === current.lastFrame &&
      next.ready === current.ready &&
      next.muted === current.muted;
    if (same) return;
    this.snapshot = next;
    for (const listener of [...this.listeners]) listener();
  }
}
