import { describe, expect, it } from '@jest/globals';
import { formatLongDate, formatPersonName, formatRating } from './format';

describe('format', () => {
  it('writes the long date the profile shows after "Joined"', () => {
    expect(formatLongDate('2026-11-21T12:00:00.000Z')).toBe('November 21, 2026');
    expect(formatLongDate(null)).toBeNull();
    expect(formatLongDate('not a date')).toBeNull();
  });

  it('shows ratings with one decimal', () => {
    expect(formatRating(4)).toBe('4.0');
    expect(formatRating(4.44)).toBe('4.4');
    expect(formatRating(undefined)).toBe('0.0');
  });

  it('joins whichever name parts exist', () => {
    expect(formatPersonName({ firstName: 'Alex', lastName: 'Morgan' })).toBe('Alex Morgan');
    expect(formatPersonName({ firstName: ' ', lastName: 'Morgan' })).toBe('Morgan');
    expect(formatPersonName({})).toBe('');
  });
});
