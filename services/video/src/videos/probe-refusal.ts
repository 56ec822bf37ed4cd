import { isWithinVideoLengthLimit, VIDEO_UPLOAD_MESSAGES, type ProbeResult } from '@app/contracts';

/**
 * The user-facing reason a probed file is refused, or null when it may be transcoded: the one
 * judgement of a probe verdict (the worker reports facts, the video service decides).
 */
export function probeRefusal(result: ProbeResult): string | null {
  // Absurd sizes, frame rates or stream counts are no phone clip but a decoding bomb.
  if (!result.readable || !result.hasVideo || result.withinInputLimits === false) {
    return VIDEO_UPLOAD_MESSAGES.invalidFile;
  }
  // A length that cannot be measured is not within the limit.
  if (result.durationSeconds === null || !isWithinVideoLengthLimit(result.durationSeconds)) {
    return VIDEO_UPLOAD_MESSAGES.tooLong;
  }
  return null;
}
