import { describe, expect, it } from '@jest/globals';
import { badgesReached, pointsOf, type MemberActivity } from './reputation-rules.js';

const activity = (overrides: Partial<MemberActivity> = {}): MemberActivity => ({
  feedbackGiven: 0,
  helpfulVotesReceived: 0,
  ratingStarsReceived: 0,
  appliedReceived: 0,
  feedbackStatsRevision: 1,
  publishedVideos: 0,
  totalViews: 0,
  ...overrides,
});

describe('points', () => {
  it('are 5 per feedback given, 2 per helpful vote and 1 per star its ratings received', () => {
    expect(pointsOf(activity())).toBe(0);
    expect(pointsOf(activity({ feedbackGiven: 1 }))).toBe(5);
    expect(pointsOf(activity({ feedbackGiven: 20, helpfulVotesReceived: 1, ratingStarsReceived: 5 }))).toBe(107);
  });

  it('are 10 for each piece of feedback the uploader marked applied, and go again when the mark does', () => {
    expect(pointsOf(activity({ feedbackGiven: 1, appliedReceived: 1 }))).toBe(15);
    expect(pointsOf(activity({ feedbackGiven: 1, appliedReceived: 0 }))).toBe(5);
  });

  it('do not come from videos or views', () => {
    expect(pointsOf(activity({ publishedVideos: 9, totalViews: 5000 }))).toBe(0);
  });

  it('are left as they are until the feedback service has stated the member’s numbers', () => {
    expect(pointsOf(activity({ feedbackStatsRevision: 0, publishedVideos: 3 }))).toBeNull();
  });
});

describe('badges', () => {
  it('are none for a member who has done nothing yet', () => {
    expect(badgesReached(activity())).toEqual([]);
  });

  it('follow published videos, views and feedback given at their thresholds', () => {
    expect(badgesReached(activity({ publishedVideos: 1 }))).toEqual(['first_video']);
    expect(badgesReached(activity({ publishedVideos: 4, totalViews: 99 }))).toEqual(['first_video']);
    expect(badgesReached(activity({ publishedVideos: 5, totalViews: 100 }))).toEqual([
      'first_video',
      'content_creator',
      'popular',
    ]);
    expect(badgesReached(activity({ feedbackGiven: 19 }))).toEqual([]);
    expect(badgesReached(activity({ feedbackGiven: 20 }))).toEqual(['pro']);
    expect(badgesReached(activity({ feedbackGiven: 50 }))).toEqual(['pro', 'expert']);
  });

  it('count views of a member without a published video', () => {
    expect(badgesReached(activity({ totalViews: 150 }))).toEqual(['popular']);
  });
});
