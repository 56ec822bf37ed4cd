import type { PersonSummary } from '@app/contracts';

/**
 * How a person is named on screen (spec section 2): their name (built once, by personSummary),
 * else their email when the screen may show it, else 'Unknown User'.
 */
export function displayName(person: Pick<PersonSummary, 'name'>, email?: string | null): string {
  return person.name || email?.trim() || 'Unknown User';
}

// Dates and counts are written by hand, in en-US (the only language the spec shows) and the
// viewer's time zone, as Intl.DateTimeFormat and Intl.NumberFormat write them: the first Intl
// formatter a page makes loads the locale's data, 30–65 ms of main thread here before the first
// paint (130–260 ms on the phone Lighthouse emulates), on every page, for a few words.
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const monthName = (date: Date): string => MONTHS[date.getMonth()] ?? '';
const longDate = (date: Date) => `${monthName(date)} ${date.getDate()}, ${date.getFullYear()}`;
const shortDate = (date: Date) => `${monthName(date).slice(0, 3)} ${date.getDate()}, ${date.getFullYear()}`;

/** Made only for a count that is not a whole number (none is, on screen today). */
let fractionalCount: Intl.NumberFormat | undefined;

function toDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "November 21, 2026", or null when the value is missing or not a date. */
export function formatLongDate(value: string | null | undefined): string | null {
  const date = toDate(value);
  return date ? longDate(date) : null;
}

/** "Nov 21, 2026", or null when the value is missing or not a date. */
export function formatShortDate(value: string | null | undefined): string | null {
  const date = toDate(value);
  return date ? shortDate(date) : null;
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
  return shortDate(date);
}

/** "12,345" */
export function formatCount(value: number): string {
  if (!Number.isSafeInteger(value)) return (fractionalCount ??= new Intl.NumberFormat('en-US')).format(value);
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return value < 0 ? `-${digits}` : digits;
}

/** One decimal, as the spec shows ratings: "4.0". */
export function formatRating(value: number | null | undefined): string {
  return (Number.isFinite(value) ? (value as number) : 0).toFixed(1);
}

/** "1 video" / "3 videos" */
export function pluralize(value: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(value)} ${value === 1 ? singular : plural}`;
}
