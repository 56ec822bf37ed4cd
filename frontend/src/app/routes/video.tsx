import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { DocumentTitle } from '@/components/ui/document-title';
import { AlertCircleIcon, ArrowLeftIcon, CalendarIcon, EyeIcon, PencilIcon, ShareIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useAuthDialog } from '@/features/auth/hooks/use-auth-dialog';
import { SaveButton } from '@/features/bookmarks/components/save-button';
import { FeedbackSection } from '@/features/feedback/components/feedback-section';
import type { FeedbackPlayer } from '@/features/feedback/types';
import { useVideo } from '@/features/videos/api/get-video';
import { VIDEOS_QUERY_KEY_ROOT, type Video } from '@/features/videos/api/get-videos';
import { EditDescriptionDialog } from '@/features/videos/components/edit-description-dialog';
import { VideoPlayer } from '@/features/videos/components/video-player';
import { shareVideo } from '@/features/videos/utils/share-video';
import { uploaderName } from '@/features/videos/utils/video-byline';
import { useCurrentUser } from '@/lib/auth';
import { formatCount, formatRelativeDate } from '@/lib/format';
import { personOf } from '@/lib/person';

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

type VideoDetailsProps = {
  video: Video;
  isUploader: boolean;
  signedIn: boolean;
  onEdit: () => void;
  onRequireLogin: () => void;
};

function VideoDetails({ video, isUploader, signedIn, onEdit, onRequireLogin }: VideoDetailsProps) {
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
          <Avatar person={personOf(video)} size="md" decorative />
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
          <SaveButton videoId={video.id} signedIn={signedIn} onRequireLogin={onRequireLogin} />
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

/** Seeks the page's file player from time-coded feedback, bringing the player into view. */
function useFeedbackPlayer(media: HTMLVideoElement | null, duration: number | null): FeedbackPlayer | null {
  return useMemo(() => {
    if (!media) return null;
    return {
      duration,
      currentTime: () => media.currentTime,
      seek: (seconds) => {
        const end = Number.isFinite(media.duration) ? media.duration : Number.POSITIVE_INFINITY;
        media.currentTime = Math.max(0, Math.min(seconds, end));
        const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        media.scrollIntoView({ block: 'nearest', behavior: reduceMotion ? 'auto' : 'smooth' });
        // Playing can be refused (autoplay rules); the seek alone still shows the moment.
        media.play().catch(() => undefined);
      },
    };
  }, [media, duration]);
}

export function VideoRoute() {
  const { id = '' } = useParams();
  const video = useVideo(id);
  const { user } = useCurrentUser();
  const authDialog = useAuthDialog();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [media, setMedia] = useState<HTMLVideoElement | null>(null);
  const onMediaElement = useCallback((element: HTMLVideoElement | null) => setMedia(element), []);
  // Only a file video has a player to seek; a YouTube embed keeps its feedback as plain text.
  const player = useFeedbackPlayer(video.data?.youtubeUrl ? null : media, video.data?.duration ?? null);

  // Video cards count the feedback each video has.
  const onFeedbackCreated = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY_ROOT });
  }, [queryClient]);

  if (video.isPending) return <VideoPageSkeleton />;
  if (video.isError) return <VideoNotFound />;

  const data = video.data;
  const isUploader = user !== null && user.id === data.uploaderId;

  return (
    <div className="video-page">
      <DocumentTitle title={data.title} />
      <div className="container video-page__content">
        <VideoPlayer video={data} onMediaElement={onMediaElement} />
        <VideoDetails
          video={data}
          isUploader={isUploader}
          signedIn={user !== null}
          onEdit={() => setEditing(true)}
          onRequireLogin={() => authDialog.open('login')}
        />
        <FeedbackSection
          videoId={data.id}
          uploaderId={data.uploaderId}
          player={player}
          onRequireLogin={() => authDialog.open('login')}
          onCreated={onFeedbackCreated}
        />
      </div>
      {isUploader && <EditDescriptionDialog video={editing ? data : null} onClose={() => setEditing(false)} />}
    </div>
  );
}
