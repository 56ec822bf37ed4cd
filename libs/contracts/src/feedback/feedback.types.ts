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

/** A piece of feedback on a video, as the video page lists it (spec section 3, "Feedback"). */
export interface FeedbackDto {
  id: number;
  videoId: number;
  content: string;
  authorId: string;
  /** "First Last", falling back to the first name, then null. */
  authorName: string | null;
  authorFirstName: string | null;
  authorLastName: string | null;
  authorImage: string | null;
  /** Mean of the ratings it received; 0 when unrated. Derived asynchronously from the rating rows. */
  averageRating: number;
  totalRatings: number;
  helpfulVotes: number;
  /** ISO 8601 */
  createdAt: string;
  /** Whether the signed-in member asking has marked it helpful (false for visitors). */
  viewerVoted: boolean;
  /** The stars the signed-in member asking gave it, or null. */
  viewerRating: number | null;
}

/** What POST /api/feedback/{id}/vote answers (201). */
export interface FeedbackVoteDto {
  feedbackId: number;
  userId: string;
  createdAt: string;
}

/** What POST /api/feedback/{id}/rate answers (201). */
export interface FeedbackRatingDto {
  feedbackId: number;
  raterId: string;
  rating: number;
  createdAt: string;
}
