/**
 * Frames and times of a constant-rate playback file whose first frame is at 0: frame k is on
 * screen during [k / rate, (k + 1) / rate). Pure arithmetic, shared by the player, its controls
 * and the time codes on feedback.
 */

/** What stepping assumes while the server has not measured the file (a link, or not yet probed). */
export const FALLBACK_FRAME_RATE = 30;

/** From this rate on a clip is slow-motion footage: its speeds read better as a share of real time. */
export const HIGH_FRAME_RATE = 100;

/**
 * Slack in frames when turning a time into a frame: browsers report media times rounded to the
 * microsecond, so the start of frame k (k / rate) can read a hair below it.
 */
const FRAME_EPSILON = 1e-3;

/** The frame on screen at `seconds` (never below 0). */
export function frameAtTime(seconds: number, rate: number): number {
  if (!Number.isFinite(seconds) || seconds <= 0) return 0;
  return Math.max(0, Math.floor(seconds * rate + FRAME_EPSILON));
}

/** Where frame `frame` starts. */
export function frameStartTime(frame: number, rate: number): number {
  return frame / rate;
}

/**
 * The time to seek to for frame `frame`: its middle, so neither rounding in the browser nor in
 * the file's timestamps can land on a neighbour.
 */
export function frameSeekTime(frame: number, rate: number): number {
  return (frame + 0.5) / rate;
}

/**
 * The last frame's index: from the server's frame count when known, else from the element's
 * duration; null while neither is known.
 */
export function lastFrameIndex(
  frameCount: number | null | undefined,
  duration: number | null,
  rate: number,
): number | null {
  if (frameCount !== null && frameCount !== undefined && frameCount > 0) return frameCount - 1;
  if (duration === null || !Number.isFinite(duration) || duration <= 0) return null;
  return Math.max(0, Math.ceil(duration * rate - FRAME_EPSILON) - 1);
}

/** `frame` kept within [0, lastFrame] (no upper bound while the last frame is unknown). */
export function clampFrame(frame: number, lastFrame: number | null): number {
  const whole = Math.round(frame);
  const upper = lastFrame ?? Number.POSITIVE_INFINITY;
  return Math.max(0, Math.min(whole, upper));
}

/** The first frame that starts within second `second` (at 29.97 fps second 1 starts with frame 30). */
function firstFrameOfSecond(second: number, rate: number): number {
  return Math.ceil(second * rate - FRAME_EPSILON);
}

/** Digits of the frame part: two up to 100 fps, three above. */
function frameDigits(rate: number): number {
  return Math.max(2, String(Math.max(0, Math.ceil(rate) - 1)).length);
}

function formatClock(wholeSeconds: number): string {
  const hours = Math.floor(wholeSeconds / 3600);
  const minutes = Math.floor((wholeSeconds % 3600) / 60);
  const seconds = String(wholeSeconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/**
 * "m:ss.ff": the whole second frame `frame` starts in, and the frame's place within that second
 * (zero-padded; 0 is the second's first frame). "h:mm:ss.ff" from an hour on.
 */
export function formatFrameTime(frame: number, rate: number): string {
  const index = Math.max(0, Math.round(frame));
  const second = Math.floor((index + FRAME_EPSILON) / rate);
  const withinSecond = index - firstFrameOfSecond(second, rate);
  return `${formatClock(second)}.${String(withinSecond).padStart(frameDigits(rate), '0')}`;
}

/** The frame a time lies in, formatted as `m:ss.ff`. */
export function formatTimeAsFrame(seconds: number, rate: number): string {
  return formatFrameTime(frameAtTime(seconds, rate), rate);
}

const FRAME_TIME = /^(?:(\d{1,2}):([0-5]\d)|(\d{1,3})):([0-5]\d)(?:\.(\d{1,3}))?$/;

/**
 * The frame an edited time names: `m:ss.ff` (or `h:mm:ss.ff`, or `m:ss` for the second's first
 * frame), as `formatFrameTime` writes it. Null when the text is not such a time or names a frame
 * the second does not have.
 */
export function parseFrameTime(text: string, rate: number): number | null {
  const match = FRAME_TIME.exec(text.trim());
  if (!match) return null;
  const [, hours, minutesAfterHours, minutes, seconds, frames] = match;
  const wholeSeconds =
    hours !== undefined
      ? Number(hours) * 3600 + Number(minutesAfterHours) * 60 + Number(seconds)
      : Number(minutes) * 60 + Number(seconds);
  const first = firstFrameOfSecond(wholeSeconds, rate);
  const inSecond = firstFrameOfSecond(wholeSeconds + 1, rate) - first;
  const offset = frames === undefined ? 0 : Number(frames);
  if (offset >= inSecond) return null;
  return first + offset;
}

/**
 * The seconds a feedback time code stores for a frame: its middle, to the microsecond, so any
 * reader's `floor(t × rate)` names the same frame.
 */
export function timecodeSecondsForFrame(frame: number, rate: number): number {
  return Math.round(frameSeekTime(frame, rate) * 1e6) / 1e6;
}

/**
 * For slow-motion footage (≥ HIGH_FRAME_RATE), what a speed means: its share of real time and
 * how many of the recorded frames pass each second. Null for ordinary clips.
 */
export function realTimeShare(rate: number, playbackRate: number): string | null {
  if (rate < HIGH_FRAME_RATE) return null;
  const percent = Math.round(playbackRate * 1000) / 10;
  const framesPerSecond = Math.round(rate * playbackRate);
  return `${percent}% of real time, ${framesPerSecond} of its ${Math.round(rate)} frames a second`;
}
