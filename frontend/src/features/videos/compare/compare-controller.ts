/**
 * Drives the two media elements of the compare view. Until both sides have a sync frame each
 * side plays and steps on its own; from then on one transport moves both: every animation frame
 * it reads both elements, asks the sync engine what to do and does it. Screens subscribe to
 * snapshots (useSyncExternalStore), which change at most a few times a second while playing.
 */
import { frameAtTime, frameSeekTime, lastFrameIndex } from '@/lib/frame-clock';
import {
  clockOffset,
  finalOffset,
  frameAtOffset,
  holdTime,
  offsetOf,
  stepOffset,
  stepRate,
  syncTime,
  tick,
  transportRange,
  type MediaReading,
  type SidePlan,
  type SideTiming,
  type Transport,
} from '@/features/videos/compare/sync-engine';

export type SideIndex = 0 | 1;

/** What the screen knows of a side before its element has loaded. */
export type SideSetup = {
  frameRate: number;
  /** From the server; the element's duration stands in while it is unknown. */
  frameCount: number | null;
  syncFrame: number | null;
};

export type SideSnapshot = {
  /** The element has its metadata, so its frames are known. */
  ready: boolean;
  playing: boolean;
  /** The frame on screen (from the last presented frame while playing, from the position while paused). */
  frame: number;
  /** Index of the last frame, once known. */
  lastFrame: number | null;
  /** Paused, done seeking, and showing the frame it should. */
  settled: boolean;
  /** The frame the browser last reported on screen (requestVideoFrameCallback), null when unknown. */
  presentedFrame: number | null;
};

export type CompareSnapshot = {
  /** Both sides have a sync frame and are loaded: one transport drives both. */
  linked: boolean;
  /** The linked transport is playing (false while unlinked). */
  playing: boolean;
  /** Held because one side waits for data. */
  waiting: boolean;
  /** Seconds from the sync frames (linked only). */
  offset: number | null;
  /** The linked transport's range of offsets. */
  range: { start: number; end: number } | null;
  sides: [SideSnapshot, SideSnapshot];
};

/** How long a paused seek waits for its frame to be reported presented before the element's time is trusted. */
const PRESENTATION_WAIT_MS = 400;

/**
 * How often a hold is checked without animation frames: a page the browser does not paint gets
 * none, and a browser may move a paused element on its own (suspending an idle player and
 * resuming it on a keyframe), so a timer also puts a side back on the frame it must show.
 */
const HOLD_CHECK_MS = 500;

/** While playing, snapshots are published at most this often (the frame counters need no more). */
const PLAYING_PUBLISH_MS = 250;

// HTMLMediaElement.readyState values (named here so the controller also runs where there is no DOM).
const HAVE_METADATA = 1;
const HAVE_FUTURE_DATA = 3;

/** Not every browser (nor jsdom) reports presented frames. */
function reportsFrames(element: HTMLVideoElement): boolean {
  return typeof element.requestVideoFrameCallback === 'function';
}

type SideRuntime = {
  setup: SideSetup;
  element: HTMLVideoElement | null;
  /** Frame of the last presented picture (requestVideoFrameCallback), null when unknown. */
  presentedFrame: number | null;
  frameCallback: number | null;
  /** Sought again onto the frame it showed: settled only once a frame is presented. */
  awaitingFrame: boolean;
  cleanup: (() => void) | null;
};

const EMPTY_SIDE: SideSnapshot = {
  ready: false,
  playing: false,
  frame: 0,
  lastFrame: null,
  settled: false,
  presentedFrame: null,
};

function readingOf(element: HTMLVideoElement): MediaReading {
  return {
    time: element.currentTime,
    paused: element.paused,
    seeking: element.seeking,
    canPlay: element.readyState >= HAVE_FUTURE_DATA,
  };
}

function sameSide(a: SideSnapshot, b: SideSnapshot): boolean {
  return (
    a.ready === b.ready &&
    a.playing === b.playing &&
    a.frame === b.frame &&
    a.lastFrame === b.lastFrame &&
    a.settled === b.settled &&
    a.presentedFrame === b.presentedFrame
  );
}

export class CompareController {
  private readonly sides: [SideRuntime, SideRuntime] = [
    {
      setup: { frameRate: 30, frameCount: null, syncFrame: null },
      element: null,
      presentedFrame: null,
      frameCallback: null,
      awaitingFrame: false,
      cleanup: null,
    },
    {
      setup: { frameRate: 30, frameCount: null, syncFrame: null },
      element: null,
      presentedFrame: null,
      frameCallback: null,
      awaitingFrame: false,
      cleanup: null,
    },
  ];
  private transport: Transport = { playing: false, speed: 1, offset: 0, atMs: 0 };
  private waiting = false;
  private linkedBefore = false;
  private frameRequest: number | null = null;
  private holdCheck: ReturnType<typeof setInterval> | null = null;
  private lastPublishMs = 0;
  private snapshot: CompareSnapshot = {
    linked: false,
    playing: false,
    waiting: false,
    offset: null,
    range: null,
    sides: [EMPTY_SIDE, EMPTY_SIDE],
  };
  private readonly listeners = new Set<() => void>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  // --- subscription (useSyncExternalStore) ---

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): CompareSnapshot => this.snapshot;

  // --- wiring ---

  /** Gives the controller a side's element (null when it goes). */
  attach(index: SideIndex, element: HTMLVideoElement | null): void {
    const side = this.sides[index];
    if (side.element === element) return;
    side.cleanup?.();
    side.cleanup = null;
    side.element = element;
    side.presentedFrame = null;
    side.awaitingFrame = false;
    if (element) {
      const refresh = () => this.refresh();
      // timeupdate and emptied too: the browser may move or reload a paused element by itself.
      const events = [
        'loadedmetadata',
        'seeked',
        'pause',
        'play',
        'playing',
        'waiting',
        'canplay',
        'ended',
        'timeupdate',
        'emptied',
      ];
      for (const name of events) element.addEventListener(name, refresh);
      // A paused seek whose frame the browser never reports as presented (Chromium skips the
      // callback now and then on a busy machine) would stay unsettled for ever: a while after the
      // seek completed, the decoder holds the sought frame, so the element's time is trusted.
      // Only after a seek: a pause alone leaves a picture that may lag the time (see pause()).
      let presentationWait: ReturnType<typeof setTimeout> | null = null;
      const trustElementLater = () => {
        if (presentationWait !== null) clearTimeout(presentationWait);
        presentationWait = setTimeout(() => {
          presentationWait = null;
          if (side.element !== element || !element.paused || element.seeking) return;
          side.presentedFrame = frameAtTime(element.currentTime, side.setup.frameRate);
          side.awaitingFrame = false;
          this.refresh();
        }, PRESENTATION_WAIT_MS);
      };
      element.addEventListener('seeked', trustElementLater);
      side.cleanup = () => {
        element.removeEventListener('seeked', trustElementLater);
        if (presentationWait !== null) clearTimeout(presentationWait);
        for (const name of events) element.removeEventListener(name, refresh);
        if (side.frameCallback !== null && reportsFrames(element)) element.cancelVideoFrameCallback(side.frameCallback);
        side.frameCallback = null;
      };
      this.watchFrames(index);
      this.checkHoldsRegularly();
    }
    this.refresh();
  }

  private checkHoldsRegularly(): void {
    if (this.holdCheck !== null) return;
    this.holdCheck = setInterval(() => this.update(), HOLD_CHECK_MS);
    // Node (unit tests) must not stay alive for it.
    (this.holdCheck as { unref?: () => void }).unref?.();
  }

  /** The server's facts and the sync frames from the address; called whenever they change. */
  configure(setups: readonly [SideSetup, SideSetup], speed: number): void {
    const syncChanged = setups.some(
      (setup, index) => setup.syncFrame !== this.sides[index as SideIndex].setup.syncFrame,
    );
    this.sides[0].setup = setups[0];
    this.sides[1].setup = setups[1];
    if (speed !== this.transport.speed) this.setSpeed(speed);
    // A sync frame moved while linked: both go to their sync frames.
    if (syncChanged && this.linkedBefore) this.linkedBefore = false;
    this.update();
  }

  /** On linking (both sync frames set and both loaded), both go to their sync frames; unlinking stops the transport. */
  private followLink(linked: boolean): void {
    if (linked === this.linkedBefore) return;
    this.linkedBefore = linked;
    this.transport = { ...this.transport, playing: false, offset: 0, atMs: this.now() };
    if (linked) this.pauseElements();
  }

  destroy(): void {
    this.stopLoop();
    if (this.holdCheck !== null) clearInterval(this.holdCheck);
    this.holdCheck = null;
    for (const index of [0, 1] as const) this.attach(index, null);
    this.listeners.clear();
  }

  // --- facts ---

  private lastFrame(index: SideIndex): number | null {
    const { setup, element } = this.sides[index];
    const duration = element && Number.isFinite(element.duration) ? element.duration : null;
    if (!element || element.readyState < HAVE_METADATA) return null;
    return lastFrameIndex(setup.frameCount, duration, setup.frameRate);
  }

  /** Both sides' timings when linked; null while a sync frame or an element's metadata is missing. */
  private timings(): readonly [SideTiming, SideTiming] | null {
    const result: SideTiming[] = [];
    for (const index of [0, 1] as const) {
      const { setup } = this.sides[index];
      const lastFrame = this.lastFrame(index);
      if (setup.syncFrame === null || lastFrame === null) return null;
      result.push({ frameRate: setup.frameRate, lastFrame, syncFrame: Math.min(setup.syncFrame, lastFrame) });
    }
    return [result[0]!, result[1]!];
  }

  /** The frame a side shows now (what "Sync here" and a feedback's time code take). */
  currentFrame(index: SideIndex): number {
    const { element, setup, presentedFrame } = this.sides[index];
    if (!element) return 0;
    if (!element.paused && presentedFrame !== null) return presentedFrame;
    return frameAtTime(element.currentTime, setup.frameRate);
  }

  /** A side's media time now, seconds. */
  currentTime(index: SideIndex): number {
    return this.sides[index].element?.currentTime ?? 0;
  }

  // --- linked transport ---

  play(): void {
    const timings = this.timings();
    if (!timings) return;
    const range = transportRange(timings[0], timings[1]);
    // From the end, a new run starts at the beginning.
    let offset = this.transport.offset;
    if (offset >= finalOffset(timings[0], timings[1])) offset = range.start;
    this.transport = { ...this.transport, playing: true, offset, atMs: this.now() };
    // Started here, inside the click, so the browser counts it as the person's own play.
    this.update();
  }

  pause(): void {
    const timings = this.timings();
    if (!timings || !this.transport.playing) return;
    const offset = this.currentOffset(timings);
    this.transport = { ...this.transport, playing: false, offset, atMs: this.now() };
    this.pauseElements();
    // Paused while playing, an element's time can already name the next frame while its picture
    // still shows the one before, and no new frame is presented unless it seeks. So both always
    // seek onto the frames the offset names, and settle only when those frames are presented.
    for (const index of [0, 1] as const) this.repaint(index, holdTime(timings[index], offset));
    this.update();
  }

  /** Seeks a paused side to `time` and forgets its presented frame, so it settles on a fresh one. */
  private repaint(index: SideIndex, time: number): void {
    const side = this.sides[index];
    if (!side.element) return;
    side.presentedFrame = null;
    side.awaitingFrame = true;
    side.element.currentTime = time;
  }

  togglePlay(): void {
    if (this.transport.playing) this.pause();
    else this.play();
  }

  /** Whether the linked transport, or (unlinked) that side, is playing. */
  isPlaying(index: SideIndex): boolean {
    if (this.timings()) return this.transport.playing;
    const element = this.sides[index].element;
    return element !== null && !element.paused;
  }

  /** Stops on the frame now on screen: the linked transport, or (unlinked) that side alone. */
  holdFrame(index: SideIndex): void {
    if (this.timings()) this.pause();
    else if (this.isPlaying(index)) this.toggleSide(index);
  }

  /** Linked: moves both by `seconds` (paused), on the slower clip's frame grid. */
  seekBy(seconds: number): void {
    const timings = this.timings();
    if (timings) this.seekOffset(this.currentOffset(timings) + seconds);
  }

  /** Linked: `frames` frames of the slower clip (the faster side moves as many of its own as fit). */
  step(frames: number): void {
    const timings = this.timings();
    if (!timings) return;
    const offset = this.currentOffset(timings);
    const next = stepOffset(offset, frames, stepRate(timings[0], timings[1]), transportRange(timings[0], timings[1]));
    this.transport = { ...this.transport, playing: false, offset: next, atMs: this.now() };
    this.pauseElements();
    this.update();
  }

  /** Linked: moves both to `offset` seconds from the sync frames (paused). */
  seekOffset(offset: number): void {
    const timings = this.timings();
    if (!timings) return;
    const range = transportRange(timings[0], timings[1]);
    const rate = stepRate(timings[0], timings[1]);
    const next = stepOffset(Math.max(range.start, Math.min(range.end, offset)), 0, rate, range);
    this.transport = { ...this.transport, playing: false, offset: next, atMs: this.now() };
    this.pauseElements();
    this.update();
  }

  /** Linked: back to both sync frames. */
  goToSync(): void {
    this.seekOffset(0);
  }

  setSpeed(speed: number): void {
    const timings = this.timings();
    if (timings && this.transport.playing) {
      // Re-anchored so the virtual clock keeps its place at the new speed.
      this.transport = { ...this.transport, offset: this.currentOffset(timings), atMs: this.now(), speed };
    } else {
      this.transport = { ...this.transport, speed };
    }
    for (const { element } of this.sides) {
      if (!element) continue;
      element.defaultPlaybackRate = speed;
      element.playbackRate = speed;
    }
    this.refresh();
  }

  private currentOffset(timings: readonly [SideTiming, SideTiming]): number {
    if (!this.transport.playing) return this.transport.offset;
    const master = this.sides[0].element;
    if (master && !master.paused && !master.seeking) return offsetOf(timings[0], master.currentTime);
    return clockOffset(this.transport, this.now());
  }

  // --- one side on its own (unlinked) ---

  toggleSide(index: SideIndex): void {
    const element = this.sides[index].element;
    if (!element || this.timings()) return;
    if (element.paused) {
      element.playbackRate = this.transport.speed;
      this.playElement(element);
    } else {
      element.pause();
      this.holdSide(index, this.currentFrame(index));
    }
    this.refresh();
  }

  stepSide(index: SideIndex, frames: number): void {
    const element = this.sides[index].element;
    if (!element || this.timings()) return;
    element.pause();
    this.holdSide(index, this.currentFrame(index) + frames);
  }

  /** Unlinked: that side alone; linked: both move so that side shows `seconds`. */
  seekSide(index: SideIndex, seconds: number): void {
    const timings = this.timings();
    if (timings) {
      this.seekOffset(seconds - syncTime(timings[index]));
      return;
    }
    const element = this.sides[index].element;
    if (!element) return;
    element.pause();
    this.holdSide(index, frameAtTime(seconds, this.sides[index].setup.frameRate));
  }

  private holdSide(index: SideIndex, frame: number): void {
    const { element, setup } = this.sides[index];
    if (!element) return;
    const last = this.lastFrame(index) ?? Number.POSITIVE_INFINITY;
    const target = Math.max(0, Math.min(frame, last));
    element.currentTime = frameSeekTime(target, setup.frameRate);
    this.refresh();
  }

  // --- the loop ---

  private pauseElements(): void {
    for (const { element } of this.sides) element?.pause();
  }

  private playElement(element: HTMLVideoElement): void {
    element.play().catch((error: unknown) => {
      // Sound may not start without a gesture; the picture is what matters here.
      if (error instanceof DOMException && error.name === 'NotAllowedError' && !element.muted) {
        element.muted = true;
        element.play().catch(() => undefined);
      }
    });
  }

  private apply(index: SideIndex, plan: SidePlan): void {
    const element = this.sides[index].element;
    if (!element) return;
    if (plan.seekTo !== null) element.currentTime = plan.seekTo;
    if (element.playbackRate !== plan.rate) element.playbackRate = plan.rate;
    if (plan.play && element.paused) this.playElement(element);
    if (!plan.play && !element.paused) element.pause();
  }

  /** One tick of the linked transport, now. */
  private update(): void {
    const timings = this.timings();
    this.followLink(timings !== null);
    const a = this.sides[0].element;
    const b = this.sides[1].element;
    if (timings && a && b) {
      const result = tick({
        transport: this.transport,
        sides: timings,
        readings: [readingOf(a), readingOf(b)],
        nowMs: this.now(),
      });
      this.transport = result.transport;
      this.waiting = result.waiting;
      this.apply(0, result.plans[0]);
      this.apply(1, result.plans[1]);
    }
    this.refresh();
  }

  /** Whether the loop must keep running: playing, or not yet showing the frames asked for. */
  private busy(): boolean {
    if (this.timings()) return this.transport.playing || !this.snapshot.sides.every((side) => side.settled);
    return this.sides.some(({ element }) => element !== null && !element.paused);
  }

  private startLoop(): void {
    if (this.frameRequest !== null || typeof requestAnimationFrame !== 'function') return;
    const loop = () => {
      this.frameRequest = null;
      this.update();
    };
    this.frameRequest = requestAnimationFrame(loop);
  }

  private stopLoop(): void {
    if (this.frameRequest !== null) cancelAnimationFrame(this.frameRequest);
    this.frameRequest = null;
  }

  /** Follows each presented frame, so the counter and the settled check name what is on screen. */
  private watchFrames(index: SideIndex): void {
    const side = this.sides[index];
    const element = side.element;
    if (!element || !reportsFrames(element)) return;
    const onFrame: VideoFrameRequestCallback = (_now, metadata) => {
      if (side.element !== element) return;
      side.presentedFrame = frameAtTime(metadata.mediaTime, side.setup.frameRate);
      side.awaitingFrame = false;
      side.frameCallback = element.requestVideoFrameCallback(onFrame);
      if (element.paused) this.refresh();
    };
    side.frameCallback = element.requestVideoFrameCallback(onFrame);
  }

  private sideSnapshot(index: SideIndex, timings: readonly [SideTiming, SideTiming] | null): SideSnapshot {
    const side = this.sides[index];
    const element = side.element;
    if (!element || element.readyState < HAVE_METADATA) return EMPTY_SIDE;
    const frame = this.currentFrame(index);
    const lastFrame = this.lastFrame(index);
    let settled = element.paused && !element.seeking;
    if (settled && timings && !this.transport.playing) {
      const wanted = holdTime(timings[index], this.transport.offset);
      settled =
        Math.abs(element.currentTime - wanted) < 0.5 / side.setup.frameRate &&
        frameAtOffset(timings[index], this.transport.offset) === frame;
    }
    // A browser that reports presented frames must have shown the frame too.
    if (settled && reportsFrames(element) && (side.presentedFrame !== null || side.awaitingFrame)) {
      settled = side.presentedFrame === frame;
    }
    return { ready: true, playing: !element.paused, frame, lastFrame, settled, presentedFrame: side.presentedFrame };
  }

  /** Publishes a new snapshot when something visible changed, and keeps the loop running while needed. */
  private refresh(): void {
    const timings = this.timings();
    const linked = timings !== null;
    this.followLink(linked);
    const playing = linked && this.transport.playing;
    const next: CompareSnapshot = {
      linked,
      playing,
      waiting: playing && this.waiting,
      offset: linked ? this.currentOffset(timings) : null,
      range: linked ? transportRange(timings[0], timings[1]) : null,
      sides: [this.sideSnapshot(0, timings), this.sideSnapshot(1, timings)],
    };
    const previous = this.snapshot;
    const changed =
      next.linked !== previous.linked ||
      next.playing !== previous.playing ||
      next.waiting !== previous.waiting ||
      !sameSide(next.sides[0], previous.sides[0]) ||
      !sameSide(next.sides[1], previous.sides[1]) ||
      next.range?.start !== previous.range?.start ||
      next.range?.end !== previous.range?.end ||
      next.offset !== previous.offset;
    const now = this.now();
    const anyPlaying = next.sides.some((side) => side.playing);
    const throttled = anyPlaying && now - this.lastPublishMs < PLAYING_PUBLISH_MS && next.playing === previous.playing;
    if (changed && !throttled) {
      this.snapshot = next;
      this.lastPublishMs = now;
      for (const listener of this.listeners) listener();
    }
    if (this.busy()) this.startLoop();
  }
}
