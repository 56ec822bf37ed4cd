import type { FeedbackTimecode } from '@app/contracts';
import { formatTimestamp } from '@/features/feedback/utils/timestamps';

/**
 * A feedback's time code as text: "0:03.12", or "0:03.12–0:04.02" for a range, in the player's
 * `m:ss.ff`; without a file player (a link), whole seconds.
 */
export function formatTimecode(
  timecode: FeedbackTimecode,
  format: (seconds: number) => string = formatTimestamp,
): string {
  const start = format(timecode.start);
  return timecode.end === undefined ? start : `${start}–${format(timecode.end)}`;
}

/** A time code as the server may send it: `end` absent or null for a single moment. */
export function isRange(timecode: FeedbackTimecode): timecode is Required<FeedbackTimecode> {
  return timecode.end !== undefined && timecode.end !== null;
}
