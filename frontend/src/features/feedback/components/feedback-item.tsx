import { FEEDBACK_LIMITS } from '@app/contracts';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { AwardIcon, CheckIcon, StarIcon, ThumbsUpIcon } from '@/components/ui/icons';
import { StarRatingInput } from '@/components/ui/star-rating';
import { paths } from '@/config/paths';
import type { Feedback } from '@/features/feedback/api/get-video-feedback';
import type { ReactNode } from 'react';
import { FeedbackContent } from '@/features/feedback/components/feedback-content';
import { TimecodeChip } from '@/features/feedback/components/timecode-chip';
import type { FeedbackPlayer } from '@/features/feedback/types';
import { displayName, formatCount, formatRating, formatRelativeDate } from '@/lib/format';
import { personOf } from '@/lib/person';
import '@/components/ui/star-rating.css';
import '@/features/feedback/feedback.css';

type FeedbackItemProps = {
  feedback: Feedback;
  /** The viewer wrote it: it cannot be voted on or rated. */
  isOwn: boolean;
  votePending: boolean;
  ratePending: boolean;
  player: FeedbackPlayer | null;
  /** The preview of its drawing, from the page (which can show it on the player). */
  drawing?: ReactNode;
  /** The piece a link pointed at, marked for a few seconds. */
  highlighted?: boolean;
  /** The uploader's "Applied" control, shown on their own video only. */
  appliedControl?: ReactNode;
  /** The conversation under it. */
  replies?: ReactNode;
  /** "Report feedback", for someone else's. */
  reportControl?: ReactNode;
  onVote: () => void;
  onRate: (stars: number) => void;
};

export function FeedbackItem({
  feedback,
  isOwn,
  votePending,
  ratePending,
  player,
  drawing,
  highlighted = false,
  appliedControl,
  replies,
  reportControl,
  onVote,
  onRate,
}: FeedbackItemProps) {
  const author = personOf(feedback);
  const name = displayName(author);
  const date = formatRelativeDate(feedback.createdAt);
  const isExpert = feedback.averageRating >= FEEDBACK_LIMITS.expertAverageRating;
  // The signed-in member's own vote and rating, as the server reports them (set at once when given).
  const voted = feedback.viewerVoted;
  const rated = feedback.viewerRating !== null;
  const helpfulLabel = isOwn
    ? 'You cannot vote on your own feedback'
    : voted
      ? 'You found this helpful'
      : 'Mark this feedback as helpful';

  return (
    <article
      className={highlighted ? 'feedback-item feedback-item--highlighted' : 'feedback-item'}
      data-testid="feedback-item"
      data-feedback-id={feedback.id}
      data-highlighted={highlighted || undefined}
    >
      <header className="feedback-item__header">
        <Link to={paths.profile(feedback.authorId)} className="feedback-item__author" data-testid="feedback-author">
          <Avatar person={author} size="md" decorative />
          <span className="feedback-item__name">{name}</span>
        </Link>
        {isExpert && (
          <span className="expert-badge" data-testid="feedback-expert-badge" title="Rated 4.5 stars or higher">
            <AwardIcon size={13} />
            Expert
          </span>
        )}
        {isOwn && <span className="feedback-item__own">Your feedback</span>}
        {feedback.appliedAt && (
          <span
            className="applied-badge"
            data-testid="feedback-applied"
            title="The uploader put this advice into practice"
          >
            <CheckIcon size={13} />
            Applied
          </span>
        )}
        {feedback.hidden && (
          <span className="hidden-badge" data-testid="feedback-hidden">
            Hidden pending review
          </span>
        )}
        {date && (
          <time className="feedback-item__date" dateTime={feedback.createdAt}>
            {date}
          </time>
        )}
        <span
          className={
            feedback.totalRatings > 0 ? 'feedback-item__score' : 'feedback-item__score feedback-item__score--unrated'
          }
          title={
            feedback.totalRatings > 0
              ? `Average of ${formatCount(feedback.totalRatings)} ${feedback.totalRatings === 1 ? 'rating' : 'ratings'}`
              : 'Not yet rated'
          }
        >
          <StarIcon size={16} filled={feedback.totalRatings > 0} className="feedback-item__score-star" />
          <span className="visually-hidden">Rating </span>
          <strong data-testid="feedback-average">{formatRating(feedback.averageRating)}</strong>
          <span className="feedback-item__score-count">({formatCount(feedback.totalRatings)})</span>
        </span>
      </header>

      {feedback.timecode && (
        <div className="feedback-item__timecode">
          <TimecodeChip timecode={feedback.timecode} player={player} />
        </div>
      )}
      <FeedbackContent className="feedback-item__content" content={feedback.content} player={player} />
      {drawing}

      <footer className="feedback-item__footer">
        <button
          type="button"
          className={voted ? 'helpful-button helpful-button--on' : 'helpful-button'}
          data-testid="feedback-helpful"
          aria-pressed={voted}
          title={helpfulLabel}
          disabled={isOwn || voted || votePending}
          onClick={onVote}
        >
          <ThumbsUpIcon size={16} />
          Helpful
          <span className="helpful-button__count" data-testid="feedback-helpful-count">
            {formatCount(feedback.helpfulVotes)}
          </span>
        </button>

        {!isOwn && (
          <div className="feedback-item__rate">
            <span className="feedback-item__rate-label" aria-hidden="true">
              {rated ? `You rated ${feedback.viewerRating}/5` : 'Rate quality'}
            </span>
            <StarRatingInput
              label={rated ? 'Your rating of this feedback' : 'Rate the quality of this feedback'}
              value={feedback.viewerRating ?? 0}
              onRate={onRate}
              disabled={rated || ratePending}
              size={18}
              testId="feedback-rating"
            />
          </div>
        )}
        {appliedControl}
        {reportControl}
      </footer>
      {replies}
    </article>
  );
}
