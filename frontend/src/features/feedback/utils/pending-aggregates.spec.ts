import { describe, expect, it } from '@jest/globals';
import { applyPendingAggregates, PendingAggregateRegistry, withHelpfulVote, withRating } from './pending-aggregates';

const feedback = (id: number, helpfulVotes = 0, averageRating = 0, totalRatings = 0) => ({
  id,
  helpfulVotes,
  averageRating,
  totalRatings,
});

describe('optimistic numbers', () => {
  it('adds a helpful vote', () => {
    expect(withHelpfulVote(feedback(1, 2))).toMatchObject({ helpfulVotes: 3 });
  });

  it('folds a rating into the mean', () => {
    expect(withRating(feedback(1), 5)).toMatchObject({ averageRating: 5, totalRatings: 1 });
    expect(withRating(feedback(1, 0, 4, 3), 2)).toMatchObject({ averageRating: 3.5, totalRatings: 4 });
  });
});

describe('applyPendingAggregates', () => {
  const now = 1_000;

  it('keeps a shown vote until the server’s count includes it, then lets the server’s numbers win', () => {
    const pending = new Map([[1, { helpfulVotes: 3, expiresAt: now + 5_000 }]]);
    const behind = applyPendingAggregates([feedback(1, 2), feedback(2, 7)], pending, now);
    expect(behind.feedback).toEqual([feedback(1, 3), feedback(2, 7)]);
    expect(behind.open.get(1)).toEqual({ helpfulVotes: 3, expiresAt: now + 5_000 });

    const caughtUp = applyPendingAggregates([feedback(1, 4)], behind.open, now);
    expect(caughtUp.feedback).toEqual([feedback(1, 4)]);
    expect(caughtUp.open.size).toBe(0);
  });

  it('keeps a shown rating (average and count) until the server counts it', () => {
    const pending = new Map([[1, { rating: { averageRating: 5, totalRatings: 1 }, expiresAt: now + 5_000 }]]);
    expect(applyPendingAggregates([feedback(1, 0, 0, 0)], pending, now).feedback).toEqual([feedback(1, 0, 5, 1)]);
    const settled = applyPendingAggregates([feedback(1, 0, 4.5, 2)], pending, now);
    expect(settled.feedback).toEqual([feedback(1, 0, 4.5, 2)]);
    expect(settled.open.size).toBe(0);
  });

  it('settles a vote and a rating on the same feedback separately', () => {
    const pending = new Map([
      [1, { helpfulVotes: 1, rating: { averageRating: 4, totalRatings: 1 }, expiresAt: now + 5_000 }],
    ]);
    const result = applyPendingAggregates([feedback(1, 1, 0, 0)], pending, now);
    expect(result.feedback).toEqual([feedback(1, 1, 4, 1)]);
    expect(result.open.get(1)).toEqual({ rating: { averageRating: 4, totalRatings: 1 }, expiresAt: now + 5_000 });
  });

  it('gives up on an expectation once it has expired', () => {
    const pending = new Map([[1, { helpfulVotes: 3, expiresAt: now }]]);
    const result = applyPendingAggregates([feedback(1, 2)], pending, now);
    expect(result.feedback).toEqual([feedback(1, 2)]);
    expect(result.open.size).toBe(0);
  });
});

describe('PendingAggregateRegistry', () => {
  it('merges expectations per feedback and drops them one aspect at a time', () => {
    const registry = new PendingAggregateRegistry();
    registry.expect(9, 1, { helpfulVotes: 2 }, 100);
    registry.expect(9, 1, { rating: { averageRating: 5, totalRatings: 1 } }, 200);
    expect(registry.forVideo(9).get(1)).toEqual({
      helpfulVotes: 2,
      rating: { averageRating: 5, totalRatings: 1 },
      expiresAt: 200,
    });
    expect(registry.hasPending(9)).toBe(true);
    expect(registry.hasPending(10)).toBe(false);

    registry.drop(9, 1, 'rating');
    expect(registry.forVideo(9).get(1)).toMatchObject({ helpfulVotes: 2 });
    registry.drop(9, 1, 'helpfulVotes');
    expect(registry.hasPending(9)).toBe(false);
  });
});
