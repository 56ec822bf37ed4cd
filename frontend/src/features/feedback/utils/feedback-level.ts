import { feedbackLevel, type FeedbackLevel } from '@app/contracts';

/** Where each level starts, in feedback items given (spec sections 4 and 9). */
export const FEEDBACK_LEVEL_STARTS: readonly { level: FeedbackLevel; from: number }[] = [
  { level: 'Amateur', from: 0 },
  { level: 'Pro', from: 20 },
  { level: 'Expert', from: 50 },
];

export type FeedbackLevelProgress = {
  level: FeedbackLevel;
  /** The next level and how many more feedback items reach it; null at the top. */
  next: { level: FeedbackLevel; remaining: number } | null;
};

/** The member's level (the shared rule) and the way to the next one. */
export function feedbackLevelProgress(feedbackGiven: number): FeedbackLevelProgress {
  const given = Math.max(0, Math.floor(Number.isFinite(feedbackGiven) ? feedbackGiven : 0));
  const level = feedbackLevel(given);
  const next = FEEDBACK_LEVEL_STARTS.find((step) => step.from > given);
  return { level, next: next ? { level: next.level, remaining: next.from - given } : null };
}

/** The badge's hint: "Amateur · 17 more feedback to reach Pro". */
export function feedbackLevelHint(feedbackGiven: number): string {
  const { level, next } = feedbackLevelProgress(feedbackGiven);
  if (!next) return `${level} · the highest feedback level`;
  return `${level} · ${next.remaining} more feedback to reach ${next.level}`;
}
