/** "First Last", falling back to whichever part exists; empty when the person has no name. */
export function formatPersonName(person: { firstName?: string | null; lastName?: string | null }): string {
  return [person.firstName, person.lastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
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
