/** NATS patterns answered by the feedback service. */
export const FEEDBACK_PATTERNS = {
  /** FeedbackByAuthorRequest → UserFeedbackItemDto[], newest first */
  listByAuthor: 'feedback.by-author.list.v1',
  /** FeedbackByAuthorRequest → UserFeedbackStatsDto */
  authorStats: 'feedback.by-author.stats.v1',
  /** { videoId, viewerId? } → FeedbackDto[], most helpful first */
  listByVideo: 'feedback.by-video.list.v1',
  /** { actor, videoId, content } → FeedbackDto */
  create: 'feedback.create.v1',
  /** { actor, id } → FeedbackVoteDto */
  vote: 'feedback.vote.v1',
  /** { actor, id, rating } → FeedbackRatingDto */
  rate: 'feedback.rate.v1',
} as const;
