import { Link } from 'react-router';
import { EyeIcon, MessageIcon, StarIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import type { Video } from '@/features/videos/api/get-videos';
import { VideoThumbnail } from '@/features/videos/components/video-thumbnail';
import { formatCount, formatRating, formatShortDate } from '@/lib/format';

export function VideoCard({ video }: { video: Video }) {
  const date = formatShortDate(video.createdAt);
  const rating = video.averageRating ?? 0;
  return (
    <article className="video-card" data-testid="video-card">
      <Link to={paths.video(video.id)} className="video-card__link">
        <VideoThumbnail video={video} />
        {video.categoryName && (
          <span className="video-card__category">
            {video.categoryIcon && <span aria-hidden="true">{video.categoryIcon} </span>}
            {video.categoryName}
          </span>
        )}
        <div className="video-card__body">
          <h3 className="video-card__title">{video.title}</h3>
          {date && <p className="video-card__date">{date}</p>}
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
    </article>
  );
}

export function VideoGrid({ videos }: { videos: Video[] }) {
  return (
    <ul className="video-grid">
      {videos.map((video) => (
        <li key={video.id}>
          <VideoCard video={video} />
        </li>
      ))}
    </ul>
  );
}
