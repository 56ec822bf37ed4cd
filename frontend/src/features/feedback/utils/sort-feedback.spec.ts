import { describe, expect, it } from '@jest/globals';
import { DEFAULT_FEEDBACK_SORT, FEEDBACK_SORTS, sortFeedback } from './sort-feedback';

const item = (id: number, averageRating: number, helpfulVotes: number, day: number) => ({
  id,
  averageRating,
  helpfulVotes,
  createdAt: `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z`,
});

const ids = (list: { id: number }[]) => list.map((entry) => entry.id);

describe('sortFeedback', () => {
  const feedback = [item(1, 4.5, 1, 1), item(2, 3, 9, 2), item(3, 4.5, 4, 3), item(4, 0, 0, 4), item(5, 3, 9, 5)];

  it('offers the spec’s three orders, Most Helpful by default', () => {
    expect(FEEDBACK_SORTS.map((option) => option.label)).toEqual(['Best Quality', 'Most Helpful', 'Most Recent']);
    expect(DEFAULT_FEEDBACK_SORT).toBe('helpful');
  });

  it('Best Quality: average rating, then helpful votes, then the newer', () => {
    expect(ids(sortFeedback(feedback, 'quality'))).toEqual([3, 1, 5, 2, 4]);
  });

  it('Most Helpful: helpful votes, the newer first on a tie', () => {
    expect(ids(sortFeedback(feedback, 'helpful'))).toEqual([5, 2, 3, 1, 4]);
  });

  it('Most Recent: newest first, the higher id first on the same instant', () => {
    expect(ids(sortFeedback(feedback, 'recent'))).toEqual([5, 4, 3, 2, 1]);
    const sameTime = [item(7, 0, 0, 1), item(8, 0, 0, 1)];
    expect(ids(sortFeedback(sameTime, 'recent'))).toEqual([8, 7]);
  });

  it('leaves the given list untouched', () => {
    const before = ids(feedback);
    sortFeedback(feedback, 'quality');
    expect(ids(feedback)).toEqual(before);
  });
});
