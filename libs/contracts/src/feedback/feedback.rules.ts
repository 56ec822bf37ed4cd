/*
 * Feedback's limits, messages and levels (spec sections 4, 5 and 8), without zod, so a screen
 * that shows feedback does not download the schemas (feedback.schemas) that check it.
 */

/** Spec sections 5 and 8, and API-DECISIONS "Feedback, votes, ratings". */
export const FEEDBACK_LIMITS = {
  contentMax: 500,
  ratingMin: 1,
  ratingMax: 5,
  /** The 'Expert' badge on a piece of feedback. */
  expertAverageRating: 4.5,
  /** A reply's author may change its text for this long after posting. */
  replyEditMinutes: 10,
  /** Members one reply may mention. */
  mentionsMax: 10,
} as const;

export const FEEDBACK_MESSAGES = {
  userIdInvalid: 'userId must be a UUID',
  feedbackIdInvalid: 'Feedback id must be a positive integer',
  feedbackNotFound: 'Feedback not found',
  contentRequired: 'Please provide feedback content',
  contentTooLong: 'Feedback must be 500 characters or less',
  contentControlCharacter: 'Feedback must not contain control characters',
  ownVideo: 'You cannot give feedback on your own video',
  ownFeedbackVote: 'You cannot vote on your own feedback',
  ownFeedbackRating: 'You cannot rate your own feedback',
  alreadyVoted: 'You have already voted on this feedback',
  alreadyRated: 'You have already rated this feedback',
  duplicate: 'You have already given this feedback on this video today',
  ratingInvalid: 'Rating must be a whole number of stars from 1 to 5',
  replyNotFound: 'Reply not found',
  replyIdInvalid: 'Reply id must be a positive integer',
  replyNotYours: 'You can only edit your own reply',
  replyEditExpired: 'A reply can be edited for 10 minutes after posting',
  mentionsInvalid: 'mentions must be a list of at most 10 member ids',
  mentionNotFound: 'A mentioned member was not found',
  appliedNotUploader: 'Only the uploader can mark feedback as applied',
  statusInvalid: 'status must be open or applied',
} as const;

/** The feedback level badge from the number of feedback items given (spec section 4). */
export type FeedbackLevel = 'Amateur' | 'Pro' | 'Expert';
export function feedbackLevel(feedbackGiven: number): FeedbackLevel {
  if (feedbackGiven >= 50) return 'Expert';
  if (feedbackGiven >= 20) return 'Pro';
  return 'Amateur';
}
