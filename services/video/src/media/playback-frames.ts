import type { PlaybackFrames } from '@app/contracts';

/** Largest value of an `integer` column. */
const MAX_INT = 2_147_483_647;

const positiveInt = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && value <= MAX_INT;

/**
 * The frames a 'ready' verdict reports of the playback file, when they are a playable rate, a
 * frame count and a start time; null otherwise (an older worker's verdict, a forged job): the
 * video is still published, its player then steps at an assumed rate.
 */
export function validPlaybackFrames(frames: unknown): PlaybackFrames | null {
  const candidate = frames as Partial<PlaybackFrames> | null | undefined;
  if (typeof candidate !== 'object' || candidate === null) return null;
  const { frameRate, frameCount, startTime } = candidate;
  if (typeof frameRate !== 'object' || frameRate === null) return null;
  if (!positiveInt(frameRate.num) || !positiveInt(frameRate.den) || !positiveInt(frameCount)) return null;
  // The input limits stop at 240 fps; a rate beyond a thousand is no video's.
  if (frameRate.num / frameRate.den > 1000) return null;
  if (typeof startTime !== 'number' || !Number.isFinite(startTime) || Math.abs(startTime) > 3600) return null;
  return { frameRate: { num: frameRate.num, den: frameRate.den }, frameCount, startTime };
}
