/**
 * Two clips on one clock, as pure arithmetic: the compare view reads both media elements every
 * animation frame, hands the readings to `tick`, and applies the plans it returns. Nothing here
 * touches the DOM, so every rule below is unit-tested.
 *
 * Each side has a sync frame (the same moment in both, e.g. ball contact). The transport's
 * position is an offset in seconds from the start of the sync frames: at offset o side X should
 * show time syncTime(X) + o. Side A (index 0, the audible one) is the master while it plays
 * within its own range: its media clock is the truth and it is never corrected, so it never
 * seeks audibly. Outside its range (before its first or after its last frame), or while it
 * waits for data, a virtual clock anchored to the last trusted reading drives both. Side B is
 * kept on the master by nudging its playback rate for small drift and seeking for large drift.
 */
import { frameSeekTime } from '@/lib/frame-clock';

/** What syncing needs to know of one side. */
export type SideTiming = {
  /** Frames per second of the playback file. */
  frameRate: number;
  /** Index of the last frame. */
  lastFrame: number;
  /** The frame that shows the same moment as the other side's sync frame. */
  syncFrame: number;
};

/** One side's media element, read at one instant. */
export type MediaReading = {
  /** currentTime, seconds. */
  time: number;
  paused: boolean;
  seeking: boolean;
  /** readyState ≥ HAVE_FUTURE_DATA: it can play on without waiting for data. */
  canPlay: boolean;
};

/** The transport: playing or not, the linked speed, and its position `offset` at `atMs`. */
export type Transport = {
  playing: boolean;
  speed: number;
  offset: number;
  /** performance.now() of the reading `offset` comes from. */
  atMs: number;
};

/** What to do with one side's element now. */
export type SidePlan = {
  play: boolean;
  /** The playbackRate it should have. */
  rate: number;
  /** Where to seek first; null to stay. */
  seekTo: number | null;
  /** Media seconds ahead (+) or behind (−) where the transport wants it; null when not playing in range. */
  drift: number | null;
};

export type TickResult = {
  transport: Transport;
  plans: [SidePlan, SidePlan];
  /** Both elements are held while one of them waits for data. */
  waiting: boolean;
  /** The transport reached the end of both clips and stopped. */
  ended: boolean;
};

export const SYNC_TUNING = {
  /** Drift (media seconds) is removed over about this much wall time by nudging the rate. */
  horizonSeconds: 0.5,
  /** The most a nudge changes the rate, as a share of the speed. */
  maxNudge: 0.3,
  /** Drift below this is left alone (media seconds). */
  deadbandSeconds: 0.001,
  /** Nudged rates are rounded to this share of the speed, so the element is not reset every frame. */
  rateStep: 0.002,
  /** A held element closer than this share of a frame to its frame's middle is left where it is. */
  holdToleranceFrames: 0.1,
} as const;

/** Frames within this share of a frame of a boundary count as on it (browsers round times to the µs). */
const FRAME_EPSILON = 1e-3;

/** Drift (media seconds) above which a side seeks instead of being nudged: longer at higher speeds. */
export function seekThreshold(speed: number): number {
  return Math.min(0.5, Math.max(0.1, 0.5 * speed));
}

/** Where a side's sync frame starts, seconds. */
export function syncTime(side: SideTiming): number {
  return side.syncFrame / side.frameRate;
}

/** The transport offset a side's media time stands for. */
export function offsetOf(side: SideTiming, mediaTime: number): number {
  return mediaTime - syncTime(side);
}

/** Where a side's picture ends: the end of its last frame, seconds. */
export function endTime(side: SideTiming): number {
  return (side.lastFrame + 1) / side.frameRate;
}

/** Offsets at which at least one side has a picture: from the earlier first frame to the later end. */
export function transportRange(a: SideTiming, b: SideTiming): { start: number; end: number } {
  return {
    start: Math.min(-syncTime(a), -syncTime(b)),
    end: Math.max(endTime(a) - syncTime(a), endTime(b) - syncTime(b)),
  };
}

/** The rate linked steps use: one frame of the slower clip moves both. */
export function stepRate(a: SideTiming, b: SideTiming): number {
  return Math.min(a.frameRate, b.frameRate);
}

function clamp(value: number, low: number, high: number): number {
  return Math.max(low, Math.min(high, value));
}

/** The frame a side shows at `offset`, kept within its first and last frame. */
export function frameAtOffset(side: SideTiming, offset: number): number {
  const unclamped = side.syncFrame + Math.floor(offset * side.frameRate + FRAME_EPSILON);
  return clamp(unclamped, 0, side.lastFrame);
}

/** Where a paused side is put for `offset`: the middle of the frame it shows then. */
export function holdTime(side: SideTiming, offset: number): number {
  return frameSeekTime(frameAtOffset(side, offset), side.frameRate);
}

/**
 * The offset `frames` frames of a clip at `rate` away from the frame `offset` lies in, on that
 * clip's frame grid and within `range` (so a step never leaves both pictures behind).
 */
export function stepOffset(
  offset: number,
  frames: number,
  rate: number,
  range: { start: number; end: number },
): number {
  const current = Math.floor(offset * rate + FRAME_EPSILON);
  const first = Math.ceil(range.start * rate - FRAME_EPSILON);
  const last = Math.ceil(range.end * rate - FRAME_EPSILON) - 1;
  return clamp(current + frames, first, Math.max(first, last)) / rate;
}

/** The offset where a transport that ran off the end stops: the last linked step within the range. */
export function finalOffset(a: SideTiming, b: SideTiming): number {
  const range = transportRange(a, b);
  return stepOffset(range.end, 0, stepRate(a, b), range);
}

/** The offset the virtual clock has reached at `nowMs`. */
export function clockOffset(transport: Transport, nowMs: number): number {
  if (!transport.playing) return transport.offset;
  return transport.offset + (Math.max(0, nowMs - transport.atMs) / 1000) * transport.speed;
}

/** The rate that brings a side `drift` media seconds off back onto the clock within the horizon. */
export function nudgedRate(speed: number, drift: number): number {
  if (Math.abs(drift) < SYNC_TUNING.deadbandSeconds) return speed;
  const wanted = speed - drift / SYNC_TUNING.horizonSeconds;
  const limited = clamp(wanted, speed * (1 - SYNC_TUNING.maxNudge), speed * (1 + SYNC_TUNING.maxNudge));
  return Math.round(limited / speed / SYNC_TUNING.rateStep) * SYNC_TUNING.rateStep * speed;
}

/** Whether a side has a picture at `offset`. */
function inRange(side: SideTiming, offset: number): boolean {
  const target = syncTime(side) + offset;
  return target >= -FRAME_EPSILON / side.frameRate && target < endTime(side);
}

/** Paused on the frame the offset names (seeking only when not already on that frame's middle). */
export function holdPlan(side: SideTiming, reading: MediaReading, offset: number, speed: number): SidePlan {
  const target = holdTime(side, offset);
  const tolerance = SYNC_TUNING.holdToleranceFrames / side.frameRate;
  return {
    play: false,
    rate: speed,
    seekTo: Math.abs(reading.time - target) > tolerance ? target : null,
    drift: null,
  };
}

/** Playing in range: started if paused, nudged for small drift, sought for large drift. */
function followPlan(side: SideTiming, reading: MediaReading, offset: number, speed: number): SidePlan {
  const target = syncTime(side) + offset;
  const drift = reading.time - target;
  if (Math.abs(drift) > seekThreshold(speed)) return { play: true, rate: speed, seekTo: target, drift };
  if (reading.paused) return { play: true, rate: speed, seekTo: null, drift };
  return { play: true, rate: nudgedRate(speed, drift), seekTo: null, drift };
}

/** Whether a side that should be playing has to wait for data. */
function stalled(reading: MediaReading): boolean {
  return reading.seeking || !reading.canPlay;
}

/**
 * One step of the linked transport at `nowMs`: where the clock is, and what each side must do.
 * Paused: both held on the frames the offset names. Playing: the master's reading (or the
 * virtual clock) sets the offset, sides out of range hold their first or last frame, and when a
 * side in range must wait for data both are held until it can play, so neither runs ahead.
 */
export function tick(input: {
  transport: Transport;
  sides: readonly [SideTiming, SideTiming];
  readings: readonly [MediaReading, MediaReading];
  nowMs: number;
}): TickResult {
  const { transport, sides, readings, nowMs } = input;
  const [a, b] = sides;
  if (!transport.playing) {
    return {
      transport,
      plans: [
        holdPlan(a, readings[0], transport.offset, transport.speed),
        holdPlan(b, readings[1], transport.offset, transport.speed),
      ],
      waiting: false,
      ended: false,
    };
  }

  const master = readings[0];
  const masterTrusted = inRange(a, offsetOf(a, master.time)) && !master.paused && !stalled(master);
  const offset = masterTrusted ? offsetOf(a, master.time) : clockOffset(transport, nowMs);

  if (offset >= transportRange(a, b).end) {
    const stop = finalOffset(a, b);
    return {
      transport: { ...transport, playing: false, offset: stop, atMs: nowMs },
      plans: [holdPlan(a, readings[0], stop, transport.speed), holdPlan(b, readings[1], stop, transport.speed)],
      waiting: false,
      ended: true,
    };
  }

  const due = [inRange(a, offset), inRange(b, offset)] as const;
  const waiting = sides.some((_, index) => due[index] && stalled(readings[index]!));
  if (waiting) {
    // The clock stands still where it was last read; a side that is far off seeks there meanwhile.
    const frozen = masterTrusted ? offset : transport.offset;
    const plans = sides.map((side, index): SidePlan => {
      const reading = readings[index]!;
      if (!due[index]) return holdPlan(side, reading, frozen, transport.speed);
      const target = syncTime(side) + frozen;
      const far = Math.abs(reading.time - target) > seekThreshold(transport.speed);
      return { play: false, rate: transport.speed, seekTo: far ? target : null, drift: reading.time - target };
    }) as [SidePlan, SidePlan];
    return { transport: { ...transport, offset: frozen, atMs: nowMs }, plans, waiting: true, ended: false };
  }

  const plans = sides.map((side, index): SidePlan => {
    const reading = readings[index]!;
    if (!due[index]) return holdPlan(side, reading, offset, transport.speed);
    if (index === 0 && !master.paused) return { play: true, rate: transport.speed, seekTo: null, drift: 0 };
    return followPlan(side, reading, offset, transport.speed);
  }) as [SidePlan, SidePlan];
  return { transport: { ...transport, offset, atMs: nowMs }, plans, waiting: false, ended: false };
}
