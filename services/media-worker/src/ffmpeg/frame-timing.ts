import type { PlaybackFrames, Rational } from '@app/contracts';

/**
 * Frame timing: reading a stream's rate exactly, telling constant from variable rate, and
 * choosing the constant rate and keyframe spacing of the playback file a frame-exact player
 * steps through (issue 15).
 */

/** Longest stretch between keyframes in the playback file: stepping back decodes from the keyframe before. */
export const KEYFRAME_INTERVAL_SECONDS = 0.5;

/** Highest rate the playback file is made at: the input limits refuse faster streams. */
const MAX_PLAYBACK_FPS = 240;

const rational = (num: number, den: number): Rational => reduce({ num, den });

/**
 * Rates cameras and phones record at, for a variable-rate stream's constant playback rate.
 * The NTSC rates (24000/1001 ...) sit beside the whole ones: a clip at 29.97 must not become 30.
 */
export const STANDARD_FRAME_RATES: readonly Rational[] = [
  rational(1, 1),
  rational(2, 1),
  rational(5, 1),
  rational(10, 1),
  rational(12, 1),
  rational(15, 1),
  rational(20, 1),
  rational(24000, 1001),
  rational(24, 1),
  rational(25, 1),
  rational(30000, 1001),
  rational(30, 1),
  rational(48, 1),
  rational(50, 1),
  rational(60000, 1001),
  rational(60, 1),
  rational(90, 1),
  rational(100, 1),
  rational(120000, 1001),
  rational(120, 1),
  rational(240, 1),
];

function gcd(a: number, b: number): number {
  let [x, y] = [Math.abs(a), Math.abs(b)];
  while (y) [x, y] = [y, x % y];
  return x;
}

export function reduce({ num, den }: Rational): Rational {
  const divisor = gcd(num, den) || 1;
  return { num: num / divisor, den: den / divisor };
}

export const fps = (rate: Rational): number => rate.num / rate.den;

/** "30000/1001" (or "25") → {30000, 1001}; null for ffprobe's "0/0", "N/A" and anything not a positive fraction. */
export function parseRational(text: string | undefined | null): Rational | null {
  const match = /^\s*(\d+)(?:\s*\/\s*(\d+))?\s*$/.exec(text ?? '');
  if (!match) return null;
  const num = Number(match[1]);
  const den = match[2] === undefined ? 1 : Number(match[2]);
  if (!Number.isSafeInteger(num) || !Number.isSafeInteger(den) || num <= 0 || den <= 0) return null;
  return reduce({ num, den });
}

/** Whether two rates are the same within `tolerance` (relative). */
const agree = (a: number, b: number, tolerance: number) => Math.abs(a - b) <= tolerance * Math.max(a, b);

/** The standard rate nearest to `value` (by ratio: 14 fps is nearer 15 than 12). */
export function nearestStandardRate(value: number): Rational {
  let best = STANDARD_FRAME_RATES[0];
  for (const candidate of STANDARD_FRAME_RATES) {
    if (Math.abs(Math.log(fps(candidate) / value)) < Math.abs(Math.log(fps(best) / value))) best = candidate;
  }
  return best;
}

/**
 * A measured rate as a fraction: the standard rate it is (within 0.2 %: a mean of rounded
 * timestamps reads 29.965 for 29.97), else itself to a thousandth of a frame per second.
 */
export function rateFromMeasurement(value: number): Rational {
  const standard = nearestStandardRate(value);
  if (agree(fps(standard), value, 0.002)) return standard;
  return rational(Math.max(1, Math.round(value * 1000)), 1000);
}

/** Frames between keyframes in the playback file: at most half a second's worth (29.97 → 15, 25 → 12), at least 1. */
export function keyframeIntervalFrames(rate: Rational): number {
  // The 0.05 lets 29.97 and 59.94 have the same interval as 30 and 60 (0.5005 s).
  return Math.max(1, Math.floor(fps(rate) * KEYFRAME_INTERVAL_SECONDS + 0.05));
}

/** One video packet as the packet scan reads it: presentation time in timebase ticks, keyframe or not. */
export interface ScannedPacket {
  pts: number;
  keyframe: boolean;
}

/** What a packet scan of one video stream read (ffprobe -show_packets, no decoding). */
export interface PacketScan {
  timeBase: Rational;
  /** The file's start time in seconds (ffprobe's format start_time): ffmpeg writes its outputs from there. */
  fileStartTime: number | null;
  /** Presented packets only (an edit list's discarded ones left out), in any order. */
  packets: ScannedPacket[];
}

/** A video stream's frames as stored. */
export interface FrameTiming {
  frameCount: number;
  /** The first frame's presentation time, seconds (as ffprobe and the browser read it). */
  startTime: number;
  /** The first frame's time from the file's start: what a copy of the stream starts at. */
  startOffset: number;
  /** Every frame lasts the same number of ticks: the exact rate; null otherwise (or for a single frame). */
  constantRate: Rational | null;
  /**
   * Frame intervals differ by more than the timebase's rounding: dropped frames, capture jitter
   * (phones record variable rate). A constant rate in 1/1000 s ticks (33, 34, 33 ms) is not variable.
   */
  variable: boolean;
  /** Frames per second over the whole stream (from the mean interval); null for a single frame. */
  meanFps: number | null;
  /** Frames per second of the usual interval (those near the median): dropped frames and pauses do not pull it down. */
  typicalFps: number | null;
  /** Most frames from one keyframe to the next, or to the end, in presentation order. */
  maxKeyframeGap: number;
}

/** Reads frame count, start, rate and keyframe spacing off a packet scan; null when it holds no frame. */
export function analyseFrames(scan: PacketScan): FrameTiming | null {
  const packets = [...scan.packets].sort((a, b) => a.pts - b.pts);
  const first = packets[0];
  if (!first) return null;
  const tick = scan.timeBase.num / scan.timeBase.den;
  const intervals = packets.slice(1).map((packet, i) => packet.pts - packets[i].pts);

  let maxKeyframeGap = 0;
  let lastKeyframe = -1;
  packets.forEach((packet, i) => {
    if (!packet.keyframe) return;
    // Frames before the first keyframe can only be decoded from it too.
    maxKeyframeGap = Math.max(maxKeyframeGap, lastKeyframe < 0 ? i : i - lastKeyframe);
    lastKeyframe = i;
  });
  maxKeyframeGap = Math.max(maxKeyframeGap, lastKeyframe < 0 ? packets.length : packets.length - lastKeyframe);

  let constantRate: Rational | null = null;
  let variable = false;
  let meanFps: number | null = null;
  let typicalFps: number | null = null;
  if (intervals.length) {
    const sorted = [...intervals].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    const mean = (packets[packets.length - 1].pts - first.pts) / intervals.length;
    // The mean of the intervals near the median: jitter averages out, drops and pauses are left out.
    const usual = intervals.filter((interval) => interval >= median * 0.5 && interval <= median * 1.5);
    const usualMean = usual.reduce((sum, interval) => sum + interval, 0) / usual.length;
    if (median > 0) typicalFps = 1 / (usualMean * tick);
    if (mean > 0) meanFps = 1 / (mean * tick);
    if (sorted[0] === sorted[sorted.length - 1] && median > 0) {
      // d ticks of num/den seconds: den / (num * d) frames per second, exactly.
      constantRate = reduce({ num: scan.timeBase.den, den: scan.timeBase.num * median });
    }
    // Rounding to whole ticks makes intervals differ by one tick; finer differences (half a
    // percent) are no frame a player could miss either.
    variable = sorted[sorted.length - 1] - sorted[0] > Math.max(1, median * 0.005) || median <= 0;
  }
  const startTime = first.pts * tick;
  return {
    frameCount: packets.length,
    startTime,
    startOffset: startTime - (scan.fileStartTime ?? startTime),
    constantRate,
    variable,
    meanFps,
    typicalFps,
    maxKeyframeGap,
  };
}

/** The rates ffprobe states in a stream's header. */
export interface StatedRates {
  baseFrameRate?: Rational | null;
  averageFrameRate?: Rational | null;
}

/**
 * The constant rate of the playback file.
 * - Constant as stored (every interval the same number of ticks): that rate, exactly.
 * - Constant up to the timebase's rounding: the stated base rate (r_frame_rate, exact: 30000/1001)
 *   when it agrees with the measured one; r_frame_rate can be a timebase guess (1000/1 for
 *   browser-recorded WebM), which does not agree and is passed over for the measurement.
 * - Variable: the stated base rate when the usual interval agrees with it, else the standard
 *   rate nearest the usual interval's. Not the plain average: a phone's 30 fps clip with dropped
 *   frames averages 27 fps, and made at 25 it would lose real frames.
 * - Not scanned: the stated rates, as above.
 */
export function choosePlaybackRate(stated: StatedRates, timing: FrameTiming | null): Rational {
  const base = stated.baseFrameRate ?? null;
  const average = stated.averageFrameRate ?? null;
  const capped = (rate: Rational) => (fps(rate) > MAX_PLAYBACK_FPS ? rational(MAX_PLAYBACK_FPS, 1) : rate);
  if (timing?.constantRate) return capped(timing.constantRate);
  if (timing?.variable && timing.typicalFps) {
    if (base && agree(fps(base), timing.typicalFps, 0.005)) return capped(base);
    return capped(nearestStandardRate(timing.typicalFps));
  }
  const measured = timing?.meanFps ?? (average ? fps(average) : null);
  if (measured === null) return base ? capped(base) : rational(30, 1);
  if (base && agree(fps(base), measured, 0.005)) return capped(base);
  return capped(rateFromMeasurement(measured));
}

/**
 * Whether a stream may be copied into the playback file as it is: constant rate as stored,
 * keyframes at most KEYFRAME_INTERVAL_SECONDS apart, and its first frame at the file's start (a
 * copy starts where the file does, so frame k then plays from k / rate). Why not, otherwise.
 */
export function frameTimingProblems(timing: FrameTiming | null): string[] {
  if (!timing) return ['frame timing unknown'];
  const problems: string[] = [];
  if (!timing.constantRate) problems.push(timing.variable ? 'variable frame rate' : 'frame rate not exact');
  const measured = timing.typicalFps ?? timing.meanFps;
  const rate = timing.constantRate ?? (measured ? rateFromMeasurement(measured) : null);
  if (rate && timing.maxKeyframeGap > keyframeIntervalFrames(rate)) {
    problems.push(`keyframes ${(timing.maxKeyframeGap / fps(rate)).toFixed(2)} s apart`);
  }
  // Half a millisecond: timestamps read as decimal seconds.
  if (Math.abs(timing.startOffset) > 0.0005) problems.push(`first frame at ${timing.startOffset.toFixed(3)} s`);
  return problems;
}

/**
 * What the browser steps through, from the playback file's own scan: its exact constant rate
 * (the rate it was made at when a scan shows it is not constant after all), its frames and its
 * first frame's time.
 */
export function playbackFramesOf(timing: FrameTiming | null, stated: StatedRates): PlaybackFrames | null {
  if (!timing) return null;
  return {
    frameRate: timing.constantRate ?? choosePlaybackRate(stated, timing),
    frameCount: timing.frameCount,
    startTime: timing.startTime,
  };
}
