/**
 * Time codes in written feedback ("watch your elbow at 0:42"), so a coach's comment on a file video
 * can jump the player to the moment it is about.
 */

export type ContentSegment = { kind: 'text'; text: string } | { kind: 'time'; text: string; seconds: number };

// m:ss, mm:ss or h:mm:ss, not glued to other digits or colons (so "10:30:15:00" or "3:1" stay text).
const TIMESTAMP = /(?<![\d:])(?:(\d{1,2}):([0-5]\d)|(\d{1,2})):([0-5]\d)(?![\d:])/g;

/** Seconds for "1:05" → 65, "01:02:03" → 3723; null for anything else. */
export function parseTimestamp(text: string): number | null {
  const match = /^(?:(\d{1,2}):([0-5]\d)|(\d{1,2})):([0-5]\d)$/.exec(text.trim());
  if (!match) return null;
  return toSeconds(match);
}

function toSeconds(match: RegExpExecArray): number {
  const [, hours, minutesAfterHours, minutes, seconds] = match;
  if (hours !== undefined) return Number(hours) * 3600 + Number(minutesAfterHours) * 60 + Number(seconds);
  return Number(minutes) * 60 + Number(seconds);
}

/**
 * Splits feedback into plain text and time codes. With `maxSeconds` (the video's length), a time
 * past the end stays plain text: it cannot be about this video.
 */
export function splitTimestamps(content: string, options: { maxSeconds?: number | null } = {}): ContentSegment[] {
  const segments: ContentSegment[] = [];
  const limit = options.maxSeconds ?? Number.POSITIVE_INFINITY;
  let last = 0;
  for (const match of content.matchAll(TIMESTAMP)) {
    const seconds = toSeconds(match);
    if (seconds > limit) continue;
    if (match.index > last) segments.push({ kind: 'text', text: content.slice(last, match.index) });
    segments.push({ kind: 'time', text: match[0], seconds });
    last = match.index + match[0].length;
  }
  if (last < content.length) segments.push({ kind: 'text', text: content.slice(last) });
  return segments;
}

/** "m:ss" under an hour, "h:mm:ss" from an hour on; fractions are dropped (a player's currentTime). */
export function formatTimestamp(totalSeconds: number): string {
  const whole = Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

export type TextInsertion = { value: string; cursor: number };

/**
 * Puts `insert` in place of the selection, with a space on either side where it would otherwise
 * touch a word. Null when the result would not fit in `maxLength`.
 */
export function insertAtSelection(
  value: string,
  selection: { start: number; end: number },
  insert: string,
  maxLength = Number.POSITIVE_INFINITY,
): TextInsertion | null {
  const start = Math.max(0, Math.min(selection.start, value.length));
  const end = Math.max(start, Math.min(selection.end, value.length));
  const before = value.slice(0, start);
  const after = value.slice(end);
  const lead = before === '' || /\s$/.test(before) ? '' : ' ';
  // A trailing space lets the writer carry on typing; none before a space or closing punctuation.
  const trail = /^[\s,.;!?)]/.test(after) ? '' : ' ';
  const spaced = `${before}${lead}${insert}${trail}${after}`;
  if (spaced.length <= maxLength)
    return { value: spaced, cursor: before.length + lead.length + insert.length + trail.length };
  const tight = `${before}${lead}${insert}${after}`;
  if (after === '' && tight.length <= maxLength) return { value: tight, cursor: tight.length };
  return null;
}
