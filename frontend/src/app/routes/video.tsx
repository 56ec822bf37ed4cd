import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { DocumentTitle } from '@/components/ui/document-title';
import { AlertCircleIcon, ArrowLeftIcon, CalendarIcon, EyeIcon, PencilIcon, ShareIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useVideo } from '@/features/videos/api/get-video';
import type { Video } from '@/features/videos/api/get-videos';
import { EditDescriptionDialog } from '@/features/videos/components/edit-description-dialog';
import { VideoPlayer } from '@/features/videos/components/video-player';
import { shareVideo } from '@/features/videos/utils/share-video';
import { useCurrentUser } from '@/lib/auth';
import { formatCount, formatPersonName, formatRelativeDate } from '@/lib/format';

function VideoNotFound() {
  return (
    <div className="status-page">
      <DocumentTitle title="Video Not Found" />
      <div className="card status-card">
        <div className="status-card__header">
          <AlertCircleIcon className="status-card__icon" size={32} />
          <h1 className="status-card__title">Video Not Found</h1>
        </div>
        <p className="status-card__text">The video you&apos;re looking for doesn&apos;t exist or has been removed.</p>
        <Link to={paths.home} className="btn btn--primary">
          <ArrowLeftIcon size={18} />
          Browse videos
        </Link>
      </div>
    </div>
  );
}

function VideoPageSkeleton() {
  return (
    <div className="video-page" role="status" aria-label="Loading video">
      <DocumentTitle title="Video" />
      <div className="container video-page__content" aria-hidden="true">
        <div className="player skeleton" />
        <div className="video-info">
          <span className="skeleton skeleton--line video-info__skeleton-title" />
          <span className="skeleton skeleton--line skeleton--short" />
        </div>
      </div>
    </div>
  );
}

function uploaderName(video: Video): string {
  return (
    video.uploaderName?.trim() ||
    formatPersonName({ firstName: video.uploaderFirstName, lastName: video.uploaderLastName }) ||
    'Unknown User'
  );
}

function VideoDetails({ video, isUploader, onEdit }: { video: Video; isUploader: boolean; onEdit: () => void }) {
  const date = formatRelativeDate(video.createdAt);
  const name = uploaderName(video);
  const description = video.description?.trim();

  return (
    <section className="video-info" aria-labelledby="video-title">
      <h1 id="video-title" className="video-info__title" data-testid="video-title">
        {video.title}
      </h1>

      <div className="video-info__meta">
        <span className="video-info__meta-item" data-testid="video-views">
          <EyeIcon size={16} />
          {formatCount(video.views ?? 0)} {video.views === 1 ? 'view' : 'views'}
        </span>
        {date && (
          <span className="video-info__meta-item">
            <CalendarIcon size={16} />
            <time dateTime={video.createdAt}>{date}</time>
          </span>
        )}
        {video.categoryName && (
          <span className="category-badge" data-testid="video-category">
            {video.categoryIcon && <span aria-hidden="true">{video.categoryIcon}</span>}
            {video.categoryName}
          </span>
        )}
      </div>

      <div className="video-info__bar">
        <Link to={paths.profile(video.uploaderId)} className="uploader-link" data-testid="uploader-link">
          <Avatar
            id={video.uploaderId}
            firstName={video.uploaderFirstName}
            lastName={video.uploaderLastName}
            imageUrl={video.uploaderImage}
            size="md"
            decorative
          />
          <span className="uploader-link__text">
            <span className="uploader-link__label">Uploaded by</span>
            <span className="uploader-link__name">{name}</span>
          </span>
        </Link>
        <div className="video-info__actions">
          <button type="button" className="btn btn--secondary btn--sm" onClick={() => void shareVideo(video)}>
            <ShareIcon size={16} />
            Share
          </button>
          {/* Save arrives with bookmarks */}
          {isUploader && (
            <button type="button" className="btn btn--secondary btn--sm" onClick={onEdit}>
              <PencilIcon size={16} />
              Edit Description
            </button>
          )}
        </div>
      </div>

      <div className="video-info__description">
        <h2 className="visually-hidden">Description</h2>
        <p
          className={description ? 'video-info__text' : 'video-info__text video-info__text--empty'}
          data-testid="video-description"
        >
          {description || 'No description provided.'}
        </p>
      </div>
    </section>
  );
}

export function VideoRoute() {
  const { id = '' } = useParams();
  const video = useVideo(id);
  const { user } = useCurrentUser();
  const [editing, setEditing] = useState(false);

  if (video.isPending) return <VideoPageSkeleton />;
  if (video.isError) return <VideoNotFound />;

  const data = video.data;
  const isUploader = user !== null && user.id === data.uploaderId;

  return (
    <div className="video-page">
      <DocumentTitle title={data.title} />
      <div className="container video-page__content">
        <VideoPlayer video={data} />
        <VideoDetails video={data} isUploader={isUploader} onEdit={() => setEditing(true)} />
        {/* The feedback section arrives with feedback on videos. */}
      </div>
      {isUploader && <EditDescriptionDialog video={editing ? data : null} onClose={() => setEditing(false)} />}
    </div>
  );
}
