import { BADGE_THRESHOLDS, REPUTATION_POINTS, type BadgeType } from '@app/contracts';

/** What a member's points and badges are made of (member_activity). */
export interface MemberActivity {
  feedbackGiven: number;
  helpfulVotesReceived: number;
  ratingStarsReceived: number;
  /** Their feedback the uploader marked applied. */
  appliedReceived: number;
  /** 0 until the feedback service has stated this member's numbers. */
  feedbackStatsRevision: number;
  publishedVideos: number;
  totalViews: number;
}

/**
 * Points (API-DECISIONS "Points and badges"), or null while the feedback service has not stated
 * the member's numbers yet: the points held stay, rather than drop to nothing because the video
 * service's numbers happened to arrive first (an upgrade publishes both services' backfills).
 */
export function pointsOf(activity: MemberActivity): number | null {
  if (activity.feedbackStatsRevision === 0) return null;
  return (
    activity.feedbackGiven * REPUTATION_POINTS.feedbackGiven +
    activity.helpfulVotesReceived * REPUTATION_POINTS.helpfulVoteReceived +
    activity.ratingStarsReceived * REPUTATION_POINTS.perRatingStar +
    activity.appliedReceived * REPUTATION_POINTS.feedbackApplied
  );
}

/** Every badge the member's numbers reach now; one already recorded is kept whatever they become. */
export function badgesReached(activity: MemberActivity): BadgeType[] {
  const measured = {
    videos: activity.publishedVideos,
    views: activity.totalViews,
    feedbackGiven: activity.feedbackGiven,
  };
  return (Object.keys(BADGE_THRESHOLDS) as BadgeType[]).filter((badge) =>
    Object.entries(BADGE_THRESHOLDS[badge]).every(
      ([measure, least]) => measured[measure as keyof typeof measured] >= least,
    ),
  );
}
