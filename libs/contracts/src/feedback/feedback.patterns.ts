/** NATS patterns answered by the feedback service. */
export const FEEDBACK_PATTERNS = {
  /** FeedbackByAuthorRequest → UserFeedbackItemDto[], newest first */
  listByAuthor: 'feedback.by-author.list.v1',
  /** FeedbackByAuthorRequest → UserFeedbackStatsDto */
  authorStats: 'feedback.by-author.stats.v1',
} as const;
