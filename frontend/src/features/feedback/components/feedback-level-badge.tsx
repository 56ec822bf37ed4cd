import { AwardIcon } from '@/components/ui/icons';
import { feedbackLevelHint, feedbackLevelProgress } from '@/features/feedback/utils/feedback-level';
import '@/features/feedback/feedback.css';

/** Amateur, Pro or Expert from the number of feedback items given (spec section 4). */
export function FeedbackLevelBadge({ feedbackGiven }: { feedbackGiven: number }) {
  const { level } = feedbackLevelProgress(feedbackGiven);
  return (
    <span
      className={`level-badge level-badge--${level.toLowerCase()}`}
      data-testid="profile-level-badge"
      title={feedbackLevelHint(feedbackGiven)}
    >
      <AwardIcon size={14} />
      {level}
    </span>
  );
}
