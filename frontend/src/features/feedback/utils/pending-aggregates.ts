/**
 * The server derives helpfulVotes, averageRating and totalRatings asynchronously (they converge a
 * second or two after a vote or rating). A member's own vote or rating is shown at once; until the
 * server's numbers include it, a refetch must not take it away again. These are those expectations.
 * (viewerVoted and viewerRating need none: the server reads them from the stored vote and rating.)
 */

type Aggregates = { helpfulVotes: number; averageRating: number; totalRatings: number };

export type PendingAggregate = {
  /** Shown until the server's helpfulVotes reaches it. */
  helpfulVotes?: number;
  /** Shown until the server's totalRatings reaches `totalRatings`. */
  rating?: { averageRating: number; totalRatings: number };
  /** After this (epoch ms) the server's numbers win regardless. */
  expiresAt: number;
};

/** Helpful vote shown at once: one more. */
export function withHelpfulVote<F extends Aggregates>(feedback: F): F {
  return { ...feedback, helpfulVotes: feedback.helpfulVotes + 1 };
}

/** A rating shown at once: folded into the mean. */
export function withRating<F extends Aggregates>(feedback: F, rating: number): F {
  const totalRatings = feedback.totalRatings + 1;
  const averageRating = (feedback.averageRating * feedback.totalRatings + rating) / totalRatings;
  return { ...feedback, averageRating, totalRatings };
}

/**
 * The server's list with the expectations it does not meet yet laid over it, and the expectations
 * still open afterwards (met or expired ones are dropped).
 */
export function applyPendingAggregates<F extends Aggregates & { id: number }>(
  fresh: readonly F[],
  pending: ReadonlyMap<number, PendingAggregate>,
  now: number,
): { feedback: F[]; open: Map<number, PendingAggregate> } {
  const open = new Map<number, PendingAggregate>();
  const feedback = fresh.map((item) => {
    const expected = pending.get(item.id);
    if (!expected || expected.expiresAt <= now) return item;
    let next = item;
    const still: PendingAggregate = { expiresAt: expected.expiresAt };
    if (expected.helpfulVotes !== undefined && item.helpfulVotes < expected.helpfulVotes) {
      next = { ...next, helpfulVotes: expected.helpfulVotes };
      still.helpfulVotes = expected.helpfulVotes;
    }
    if (expected.rating && item.totalRatings < expected.rating.totalRatings) {
      next = { ...next, ...expected.rating };
      still.rating = expected.rating;
    }
    if (still.helpfulVotes !== undefined || still.rating) open.set(item.id, still);
    return next;
  });
  return { feedback, open };
}

/** Expectations per video, kept for the page's lifetime (module state, like the query cache). */
export class PendingAggregateRegistry {
  private readonly byVideo = new Map<number, Map<number, PendingAggregate>>();

  forVideo(videoId: number): ReadonlyMap<number, PendingAggregate> {
    return this.byVideo.get(videoId) ?? new Map();
  }

  /** Adds to whatever is already expected of that feedback. */
  expect(videoId: number, feedbackId: number, expectation: Omit<PendingAggregate, 'expiresAt'>, expiresAt: number) {
    const perVideo = this.byVideo.get(videoId) ?? new Map<number, PendingAggregate>();
    const current = perVideo.get(feedbackId);
    perVideo.set(feedbackId, { ...current, ...expectation, expiresAt });
    this.byVideo.set(videoId, perVideo);
  }

  /** Withdraws one expectation, e.g. when the request it anticipated failed. */
  drop(videoId: number, feedbackId: number, aspect: 'helpfulVotes' | 'rating') {
    const perVideo = this.byVideo.get(videoId);
    const current = perVideo?.get(feedbackId);
    if (!perVideo || !current) return;
    const rest: PendingAggregate = { ...current, [aspect]: undefined };
    if (rest.helpfulVotes === undefined && rest.rating === undefined) perVideo.delete(feedbackId);
    else perVideo.set(feedbackId, rest);
    if (perVideo.size === 0) this.byVideo.delete(videoId);
  }

  replace(videoId: number, open: Map<number, PendingAggregate>) {
    if (open.size === 0) this.byVideo.delete(videoId);
    else this.byVideo.set(videoId, open);
  }

  hasPending(videoId: number): boolean {
    return (this.byVideo.get(videoId)?.size ?? 0) > 0;
  }
}
