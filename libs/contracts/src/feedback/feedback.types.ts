/** A piece of feedback a member gave, as their profile lists it (spec section 3, "Feedback item"). */
export interface UserFeedbackItemDto {
  id: number;
  /** The video it was given on, so a screen can link to it. */
  videoId: number;
  videoTitle: string;
  /** Null when the video has no category. */
  categoryName: string | null;
  categoryIcon: string | null;
  content: string;
  /** Mean of the ratings it received; 0 when unrated. */
  averageRating: number;
  totalRatings: number;
  helpfulVotes: number;
  /** ISO 8601 */
  createdAt: string;
}

/** A member's feedback quality (API-DECISIONS "Feedback, votes, ratings"). */
export interface UserFeedbackStatsDto {
  /** Mean of averageRating over their feedback that has at least one rating; 0 when none has. */
  averageRating: number;
  totalFeedback: number;
  /** Ratings received, summed over their feedback. */
  totalRatings: number;
  /** Helpful votes received, summed over their feedback. */
  helpfulVotes: number;
}
