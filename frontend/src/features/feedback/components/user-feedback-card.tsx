import { Link } from 'react-router';
import { StarRatingDisplay } from '@/components/ui/star-rating';
import { ThumbsUpIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import type { UserFeedbackItem } from '@/features/feedback/api/get-user-feedback';
import { formatCount, formatRating, formatShortDate } from '@/lib/format';
import '@/components/ui/star-rating.css';
import '@/features/feedback/feedback.css';

/** One piece of feedback a member gave, as listed on their profile (spec section 2). */
export function UserFeedbackCard({ item }: { item: UserFeedbackItem }) {
  const date = formatShortDate(item.createdAt);
  const rating = item.averageRating ?? 0;
  const ratings = item.totalRatings ?? 0;
  const helpful = item.helpfulVotes ?? 0;
  return (
    <article className="card feedback-card" data-testid="user-feedback-card">
      <header className="feedback-card__header">
        <div className="feedback-card__heading">
          <h3 className="feedback-card__video">
            <Link to={paths.video(item.videoId)} className="feedback-card__video-link">
              {item.videoTitle || 'Untitled video'}
            </Link>
          </h3>
          {item.categoryName && (
            <p className="feedback-card__category">
              {item.categoryIcon && <span aria-hidden="true">{item.categoryIcon}</span>}
              {item.categoryName}
            </p>
          )}
        </div>
        <div className="feedback-card__rating">
          <StarRatingDisplay value={rating} />
          {date && (
            <time className="feedback-card__date" dateTime={item.createdAt}>
              {date}
            </time>
          )}
        </div>
      </header>
      <p className="feedback-card__content">{item.content}</p>
      <footer className="feedback-card__footer">
        <span data-testid="user-feedback-rating">
          {ratings > 0
            ? `Rated ${formatRating(rating)}/5 stars (${formatCount(ratings)} ${ratings === 1 ? 'rating' : 'ratings'})`
            : 'Not yet rated'}
        </span>
        <span className="feedback-card__helpful" data-testid="user-feedback-helpful">
          <ThumbsUpIcon size={15} />
          {formatCount(helpful)} found this helpful
        </span>
      </footer>
    </article>
  );
}
