import { describe, expect, it } from '@jest/globals';
import { personSummary } from '@app/contracts';
import { displayName, formatCount, formatLongDate, formatRating, formatRelativeDate, formatShortDate } from './format';

describe('format', () => {
  it('writes the long date the profile shows after "Joined"', () => {
    expect(formatLongDate('2026-11-21T12:00:00.000Z')).toBe('November 21, 2026');
    expect(formatLongDate(null)).toBeNull();
    expect(formatLongDate('not a date')).toBeNull();
  });

  it('writes dates and counts exactly as en-US Intl formatters do, in the viewer’s time zone', () => {
    const long = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
    const short = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
    // Every month, first and last days, around midnight UTC (where a time zone changes the day).
    for (let month = 0; month < 12; month += 1) {
      for (const iso of [
        new Date(Date.UTC(2026, month, 1, 0, 30)),
        new Date(Date.UTC(2025, month, 28, 23, 30)),
        new Date(Date.UTC(2024, month, 15, 12)),
      ].map((date) => date.toISOString())) {
        expect(formatLongDate(iso)).toBe(long.format(new Date(iso)));
        expect(formatShortDate(iso)).toBe(short.format(new Date(iso)));
      }
    }
    const count = new Intl.NumberFormat('en-US');
    for (const value of [0, 7, 999, 1000, 12_345, 999_999, 1_000_000, 1_234_567_890, -1, -1234, 2.5, 1234.5678]) {
      expect(formatCount(value)).toBe(count.format(value));
    }
  });

  it('shows ratings with one decimal', () => {
    expect(formatRating(4)).toBe('4.0');
    expect(formatRating(4.44)).toBe('4.4');
    expect(formatRating(undefined)).toBe('0.0');
  });
});

describe('displayName', () => {
  const person = (firstName: string | null, lastName: string | null) =>
    personSummary({ id: 'u1', firstName, lastName, image: null });

  it('uses the full name', () => {
    expect(displayName(person(' Ada ', 'Lovelace'), 'ada@example.com')).toBe('Ada Lovelace');
  });

  it('uses whichever name part exists', () => {
    expect(displayName(person(null, 'Lovelace'), 'ada@example.com')).toBe('Lovelace');
  });

  it('falls back to the email, then to Unknown User', () => {
    expect(displayName(person('', ' '), ' ada@example.com ')).toBe('ada@example.com');
    expect(displayName(person(null, null))).toBe('Unknown User');
  });
});

describe('formatRelativeDate', () => {
  const now = new Date('2026-11-21T12:00:00.000Z');
  const daysAgo = (days: number, extraHours = 0) =>
    new Date(now.getTime() - days * 86_400_000 - extraHours * 3_600_000).toISOString();

  it('says Today within the first day, also for a timestamp slightly in the future', () => {
    expect(formatRelativeDate(daysAgo(0, 23), now)).toBe('Today');
    expect(formatRelativeDate(daysAgo(0, -1), now)).toBe('Today');
  });

  it("counts days under a week: '1 day ago', 'N days ago'", () => {
    expect(formatRelativeDate(daysAgo(1), now)).toBe('1 day ago');
    expect(formatRelativeDate(daysAgo(1, 23), now)).toBe('1 day ago');
    expect(formatRelativeDate(daysAgo(2), now)).toBe('2 days ago');
    expect(formatRelativeDate(daysAgo(6, 23), now)).toBe('6 days ago');
  });

  it("counts whole weeks under 30 days: 'N weeks ago'", () => {
    expect(formatRelativeDate(daysAgo(7), now)).toBe('1 week ago');
    expect(formatRelativeDate(daysAgo(14), now)).toBe('2 weeks ago');
    expect(formatRelativeDate(daysAgo(29, 23), now)).toBe('4 weeks ago');
  });

  it('writes the date from 30 days on', () => {
    expect(formatRelativeDate(daysAgo(30), now)).toBe('Oct 22, 2026');
    expect(formatRelativeDate('2025-01-05T12:00:00.000Z', now)).toBe('Jan 5, 2025');
  });

  it('gives null for a missing or broken value', () => {
    expect(formatRelativeDate(null, now)).toBeNull();
    expect(formatRelativeDate('soon', now)).toBeNull();
  });
});
