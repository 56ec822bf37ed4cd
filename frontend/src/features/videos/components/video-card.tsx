import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BookmarkIcon, EyeIcon, MessageIcon, StarIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import type { Video } from '@/features/videos/api/get-videos';
import { VideoThumbnail } from '@/features/videos/components/video-thumbnail';
import { formatCount, formatRating, formatRelativeDate } from '@/lib/format';
import '@/features/videos/videos.css';

type VideoCardProps = {
  video: Video;
  /** Controls beside the link (e.g. an action menu); kept outside it, as links cannot hold buttons. */
  actions?: ReactNode;
};

export function VideoCard({ video, actions }: VideoCardProps) {
  const date = formatRelativeDate(video.createdAt);
  const rating = video.averageRating ?? 0;
  const processing = video.processingState === 'processing';
  const unavailable = !processing && (video.hasFileError || video.processingState === 'failed');
  return (
    <article
      className={actions ? 'video-card video-card--with-actions' : 'video-card'}
      data-testid="video-card"
      data-video-id={video.id}
      data-processing-state={video.processingState}
      data-bookmarked={video.isBookmarked ? 'true' : undefined}
    >
      <Link to={paths.video(video.id)} className="video-card__link">
        <div className="video-card__media">
          <VideoThumbnail video={video} />
          {video.categoryName && (
            <span className="video-card__category">
              {video.categoryIcon && <span aria-hidden="true">{video.categoryIcon} </span>}
              {video.categoryName}
            </span>
          )}
          {video.hidden && (
            <span className="video-card__badge hidden-badge" data-testid="hidden-badge">
              Hidden pending review
            </span>
          )}
          {video.isBookmarked && (
            <span className="video-card__saved" data-testid="bookmarked-badge" title="Saved">
              <BookmarkIcon size={14} fill="currentColor" />
              <span className="visually-hidden">Saved</span>
            </span>
          )}
          {processing && (
            <span className="video-card__badge" data-testid="processing-badge">
              <span className="spinner spinner--sm" aria-hidden="true" />
              Processing…
            </span>
          )}
          {unavailable && (
            <span className="video-card__badge video-card__badge--warning" data-testid="unavailable-badge">
              Unavailable
            </span>
          )}
        </div>
        <div className="video-card__body">
          <h3 className="video-card__title">{video.title}</h3>
          {date && (
            <p className="video-card__date">
              <time dateTime={video.createdAt}>{date}</time>
            </p>
          )}
          <ul className="video-card__stats">
            <li>
              <EyeIcon size={15} />
              <span>
                {formatCount(video.views ?? 0)} <span className="visually-hidden">views</span>
              </span>
            </li>
            <li>
              <MessageIcon size={15} />
              <span>
                {formatCount(video.feedbackCount ?? 0)} <span className="visually-hidden">feedback</span>
              </span>
            </li>
            {rating > 0 && (
              <li>
                <StarIcon size={15} filled className="video-card__star" />
                <span>
                  {formatRating(rating)} <span className="visually-hidden">average rating</span>
                </span>
              </li>
            )}
          </ul>
        </div>
      </Link>
      {actions && <div className="video-card__actions">{actions}</div>}
    </article>
  );
}

type VideoGridProps = {
  videos: Video[];
  renderActions?: (video: Video) => ReactNode;
  /** 'columns': 1 to 4 columns by width, never more (Saved Videos). */
  layout?: 'fill' | 'columns';
  testId?: string;
};

export function VideoGrid({ videos, renderActions, layout = 'fill', testId }: VideoGridProps) {
  return (
    <ul className={layout === 'columns' ? 'video-grid video-grid--columns' : 'video-grid'} data-testid={testId}>
      {videos.map((video) => (
        <li key={video.id}>
          <VideoCard video={video} actions={renderActions?.(video)} />
        </li>
      ))}
    </ul>
  );
}

/** Placeholder cards while a grid loads. */
export function VideoGridSkeleton({
  count = 8,
  label = 'Loading videos',
  layout = 'fill',
}: {
  count?: number;
  label?: string;
  layout?: VideoGridProps['layout'];
}) {
  return (
    <div
      className={layout === 'columns' ? 'video-grid video-grid--columns' : 'video-grid'}
      role="status"
      aria-label={label}
      data-testid="video-grid-skeleton"
    >
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="video-card video-card--skeleton" aria-hidden="true">
          <span className="video-thumb skeleton" />
          <div className="video-card__body">
            <span className="skeleton skeleton--line" />
            <span className="skeleton skeleton--line skeleton--short" />
          </div>
        </div>
      ))}
    </div>
  );
}
