import type { PersonSummary } from '@app/contracts';

/**
 * How a person is named on screen (spec section 2): their name (built once, by personSummary),
 * else their email when the screen may show it, else 'Unknown User'.
 */
export function displayName(person: Pick<PersonSummary, 'name'>, email?: string | null): string {
  return person.name || email?.trim() || 'Unknown User';
}

const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
const shortDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const count = new Intl.NumberFormat('en-US');

function toDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "November 21, 2026", or null when the value is missing or not a date. */
export function formatLongDate(value: string | null | undefined): string | null {
  const date = toDate(value);
  return date ? longDate.format(date) : null;
}

/** "Nov 21, 2026", or null when the value is missing or not a date. */
export function formatShortDate(value: string | null | undefined): string | null {
  const date = toDate(value);
  return date ? shortDate.format(date) : null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The spec's relative date (section 4): 'Today' within the first day, '1 day ago', 'N days ago'
 * under a week, 'N weeks ago' under 30 days, otherwise the short date. Null when not a date.
 */
export function formatRelativeDate(value: string | null | undefined, now: Date = new Date()): string | null {
  const date = toDate(value);
  if (!date) return null;
  // A clock slightly ahead of the server's still reads as today, not as a date in the future.
  const days = Math.max(0, Math.floor((now.getTime() - date.getTime()) / DAY_MS));
  if (days < 1) return 'Today';
  if (days === 1) return '1 day ago';
  if (days < 7) return `${days} days ago`;
  if (days < 30) {
    const weeks = Math.floor(days / 7);
    return weeks === 1 ? '1 week ago' : `${weeks} weeks ago`;
  }
  return shortDate.format(date);
}

/** "12,345" */
export function formatCount(value: number): string {
  return count.format(value);
}

/** One decimal, as the spec shows ratings: "4.0". */
export function formatRating(value: number | null | undefined): string {
  return (Number.isFinite(value) ? (value as number) : 0).toFixed(1);
}

/** "1 video" / "3 videos" */
export function pluralize(value: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(value)} ${value === 1 ? singular : plural}`;
}
