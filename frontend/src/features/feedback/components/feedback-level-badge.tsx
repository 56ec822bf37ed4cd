import { AwardIcon } from '@/components/ui/icons';
import { FEEDBACK_LEVEL_THRESHOLDS } from '@/config/constants';

export type FeedbackLevel = 'Amateur' | 'Pro' | 'Expert';

/** From the number of feedback items given (spec section 4). */
export function feedbackLevel(feedbackGiven: number): FeedbackLevel {
  if (feedbackGiven >= FEEDBACK_LEVEL_THRESHOLDS.expert) return 'Expert';
  if (feedbackGiven >= FEEDBACK_LEVEL_THRESHOLDS.pro) return 'Pro';
  return 'Amateur';
}

export function FeedbackLevelBadge({ feedbackGiven }: { feedbackGiven: number }) {
  const level = feedbackLevel(feedbackGiven);
  return (
    <span className={`level-badge level-badge--${level.toLowerCase()}`} data-testid="level-badge">
      <AwardIcon size={14} />
      {level}
    </span>
  );
}
