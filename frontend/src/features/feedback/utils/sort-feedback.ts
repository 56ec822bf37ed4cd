/** The video page's feedback orders (spec sections 2 and 9); Most Helpful is the default. */
export const FEEDBACK_SORTS = [
  { value: 'quality', label: 'Best Quality' },
  { value: 'helpful', label: 'Most Helpful' },
  { value: 'recent', label: 'Most Recent' },
] as const;

export type FeedbackSort = (typeof FEEDBACK_SORTS)[number]['value'];

export const DEFAULT_FEEDBACK_SORT: FeedbackSort = 'helpful';

type SortableFeedback = { id: number; averageRating: number; helpfulVotes: number; createdAt: string };

const time = (value: string) => {
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? 0 : parsed;
};

const byRecent = (a: SortableFeedback, b: SortableFeedback) => time(b.createdAt) - time(a.createdAt) || b.id - a.id;

const COMPARE: Record<FeedbackSort, (a: SortableFeedback, b: SortableFeedback) => number> = {
  // Average rating, then helpful votes (spec section 2); the newer first when both tie.
  quality: (a, b) => b.averageRating - a.averageRating || b.helpfulVotes - a.helpfulVotes || byRecent(a, b),
  helpful: (a, b) => b.helpfulVotes - a.helpfulVotes || byRecent(a, b),
  recent: byRecent,
};

/** A sorted copy; the list given is left as it is. */
export function sortFeedback<F extends SortableFeedback>(feedback: readonly F[], sort: FeedbackSort): F[] {
  return [...feedback].sort(COMPARE[sort]);
}
