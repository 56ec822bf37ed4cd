import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useMemo, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { DocumentTitle } from '@/components/ui/document-title';
import {
  AlertCircleIcon,
  ArrowLeftIcon,
  CalendarIcon,
  EyeIcon,
  FilmIcon,
  PencilIcon,
  ShareIcon,
} from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { feedbackDrawingProps } from '@/app/routes/feedback-drawings';
import { DrawingOverlay } from '@/features/annotations/components/drawing-overlay';
import { DrawingToolbar } from '@/features/annotations/components/drawing-toolbar';
import { useDrawingSession } from '@/features/annotations/hooks/use-drawing-session';
import { useAuthDialog } from '@/features/auth/hooks/use-auth-dialog';
import { useBookmarks } from '@/features/bookmarks/api/get-bookmarks';
import { SaveButton } from '@/features/bookmarks/components/save-button';
import { FeedbackSection } from '@/features/feedback/components/feedback-section';
import { ReportButton } from '@/features/moderation';
import type { FeedbackFocus } from '@/features/feedback/hooks/use-feedback-focus';
import type { FeedbackPlayer } from '@/features/feedback/types';
import { useVideo } from '@/features/videos/api/get-video';
import { VIDEOS_QUERY_KEY_ROOT, type Video } from '@/features/videos/api/get-videos';
import { compareEligibility } from '@/features/videos/compare/compare-eligibility';
import { ComparePickerDialog } from '@/features/videos/compare/compare-picker-dialog';
import { EditDescriptionDialog } from '@/features/videos/components/edit-description-dialog';
import { VideoPlayer } from '@/features/videos/components/video-player';
import { formatTimeAsFrame, frameAtTime, timecodeSecondsForFrame } from '@/lib/frame-clock';
import type { PlayerController } from '@/features/videos/player/player-controller';
import { thumbnailSource } from '@/features/videos/components/video-thumbnail';
import { shareVideo } from '@/features/videos/utils/share-video';
import { uploaderName } from '@/features/videos/utils/video-byline';
import { useCurrentUser } from '@/lib/auth';
import { formatCount, formatRelativeDate } from '@/lib/format';
import { personOf } from '@/lib/person';
import '@/features/videos/player/player.css';
import './video.css';

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

/**
 * The player's place while the video loads, and nothing below it that the loaded page would push
 * down: the page keeps a screen's height, so the footer waits below the fold instead of jumping.
 */
function VideoPageSkeleton() {
  return (
    <div className="video-page video-page--loading" role="status" aria-label="Loading video">
      <DocumentTitle title="Video" />
      <div className="container video-page__content" aria-hidden="true">
        <div className="player skeleton" />
      </div>
    </div>
  );
}

type VideoDetailsProps = {
  video: Video;
  isUploader: boolean;
  signedIn: boolean;
  /** Who is signed in is still being asked. */
  userLoading: boolean;
  onEdit: () => void;
  onRequireLogin: () => void;
  onCompare: () => void;
};

function VideoDetails({
  video,
  isUploader,
  signedIn,
  userLoading,
  onEdit,
  onRequireLogin,
  onCompare,
}: VideoDetailsProps) {
  const compareHintId = useId();
  const compare = compareEligibility(video);
  const date = formatRelativeDate(video.createdAt);
  const name = uploaderName(video);
  const description = video.description?.trim();

  return (
    <section className="video-info" aria-labelledby="video-title">
      {video.hidden && (
        <p className="video-hidden-banner" role="status" data-testid="video-hidden">
          Hidden pending review: only you can see this video until a moderator has looked at the reports.
        </p>
      )}
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
          <SaveButton
            videoId={video.id}
            signedIn={signedIn}
            userLoading={userLoading}
            onRequireLogin={onRequireLogin}
          />
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            onClick={onCompare}
            disabled={!compare.ok}
            aria-describedby={compare.ok ? undefined : compareHintId}
            data-testid="compare-with"
          >
            <FilmIcon size={16} />
            Compare with…
          </button>
          {isUploader && (
            <button type="button" className="btn btn--secondary btn--sm" onClick={onEdit}>
              <PencilIcon size={16} />
              Edit Description
            </button>
          )}
          {signedIn && !isUploader && <ReportButton subjectType="video" subjectId={video.id} label="Report video" />}
        </div>
      </div>
      {!compare.ok && (
        <p id={compareHintId} className="video-info__compare-hint" data-testid="compare-unavailable">
          {compare.reason}
        </p>
      )}

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

/** Brings the player into view, as a feedback's time was chosen further down the page. */
function revealPlayer(media: HTMLVideoElement) {
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  media.scrollIntoView({ block: 'nearest', behavior: reduceMotion ? 'auto' : 'smooth' });
}

/**
 * The page's file player as the feedback section uses it: `m:ss` links play from a moment, and
 * time codes are whole frames (stored as each frame's middle) shown and looped by the controller.
 */
function useFeedbackPlayer(controller: PlayerController | null, duration: number | null): FeedbackPlayer | null {
  return useMemo(() => {
    if (!controller) return null;
    const media = controller.media as HTMLVideoElement;
    const rate = controller.frameRate;
    const seconds = (frame: number) => timecodeSecondsForFrame(frame, rate);
    // Going to a moment outside the loop ends the loop, or playing would jump straight back into it.
    const leaveLoopFor = (frame: number) => {
      const loop = controller.getLoop();
      if (loop && (frame < loop.start || frame > loop.end)) controller.setLoop(null);
    };
    return {
      duration,
      currentTime: () => media.currentTime,
      seek: (time) => {
        leaveLoopFor(frameAtTime(time, rate));
        controller.seekToTime(time, { play: true });
        revealPlayer(media);
      },
      subscribe: controller.subscribe,
      hasLoop: () => controller.getSnapshot().loop !== null,
      currentFrameTimecode: () => {
        const frame = controller.currentFrame();
        // Pinned while playing: stop on that frame, so the coach sees what the feedback points at.
        if (!controller.isPaused()) controller.seekToFrame(frame);
        return { start: seconds(frame) };
      },
      loopTimecode: () => {
        const loop = controller.getLoop();
        if (!loop) return null;
        return loop.end > loop.start
          ? { start: seconds(loop.start), end: seconds(loop.end) }
          : { start: seconds(loop.start) };
      },
      showTimecode: (timecode, options) => {
        const start = frameAtTime(timecode.start, rate);
        if (timecode.end !== undefined) {
          controller.setLoop({ start, end: frameAtTime(timecode.end, rate) });
          controller.seekToFrame(start, { play: true });
        } else {
          leaveLoopFor(start);
          controller.seekToFrame(start);
        }
        if (options?.reveal !== false) revealPlayer(media);
      },
      formatTime: (time) => formatTimeAsFrame(time, rate),
    };
  }, [controller, duration]);
}

/** `?feedback=<id>` (a notification's link): the piece of feedback to bring into view, once per navigation. */
function useFeedbackFocusParam(): FeedbackFocus | null {
  const [searchParams] = useSearchParams();
  const { key } = useLocation();
  const raw = searchParams.get('feedback');
  return useMemo(() => {
    const id = raw !== null && /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
    return id > 0 ? { id, key } : null;
  }, [raw, key]);
}

export function VideoRoute() {
  const { id = '' } = useParams();
  const video = useVideo(id);
  const feedbackFocus = useFeedbackFocusParam();
  const { user, isLoading: userLoading } = useCurrentUser();
  const authDialog = useAuthDialog();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [controller, setController] = useState<PlayerController | null>(null);
  // Only a file video has a player to seek; a YouTube embed keeps its feedback as plain text.
  const [comparing, setComparing] = useState(false);
  const bookmarks = useBookmarks({ enabled: comparing && user !== null });
  const [media, setMedia] = useState<HTMLVideoElement | null>(null);
  const onMediaElement = useCallback((element: HTMLVideoElement | null) => setMedia(element), []);
  const fileMedia = video.data?.youtubeUrl ? null : media;
  const player = useFeedbackPlayer(video.data?.youtubeUrl ? null : controller, video.data?.duration ?? null);
  // Drawing on a paused frame, and showing stored drawings on theirs (file videos with a known frame rate).
  const drawing = useDrawingSession({ media: fileMedia, frameRate: video.data?.frameRate ?? null });

  // Video cards count the feedback each video has.
  const onFeedbackCreated = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY_ROOT });
  }, [queryClient]);

  if (video.isPending) return <VideoPageSkeleton />;
  if (video.isError) return <VideoNotFound />;

  const data = video.data;
  const isUploader = user !== null && user.id === data.uploaderId;
  // Whoever may give feedback here may draw with it.
  const canDraw = user !== null && !isUploader && drawing.ready;
  const thumbnail = thumbnailSource(data);

  return (
    <div className="video-page">
      <DocumentTitle title={data.title} />
      <div className="container video-page__content">
        <VideoPlayer
          video={data}
          onController={setController}
          onMediaElement={onMediaElement}
          overlay={<DrawingOverlay session={drawing} />}
        />
        {canDraw && <DrawingToolbar session={drawing} />}
        <VideoDetails
          video={data}
          isUploader={isUploader}
          signedIn={user !== null}
          userLoading={userLoading}
          onEdit={() => setEditing(true)}
          onRequireLogin={() => authDialog.open('login')}
          onCompare={() => setComparing(true)}
        />
        <FeedbackSection
          videoId={data.id}
          uploaderId={data.uploaderId}
          uploaderName={data.uploaderName}
          renderReport={(subject) => (
            <ReportButton
              subjectType={subject.subjectType}
              subjectId={subject.subjectId}
              label={subject.subjectType === 'reply' ? 'Report' : 'Report feedback'}
            />
          )}
          player={player}
          onRequireLogin={() => authDialog.open('login')}
          onCreated={onFeedbackCreated}
          focus={feedbackFocus}
          {...feedbackDrawingProps(drawing, thumbnail, canDraw)}
        />
      </div>
      <ComparePickerDialog
        open={comparing}
        onClose={() => setComparing(false)}
        video={data}
        userId={user?.id ?? null}
        saved={user ? { videos: bookmarks.data, isPending: bookmarks.isPending, isError: bookmarks.isError } : null}
      />
      {isUploader && <EditDescriptionDialog video={editing ? data : null} onClose={() => setEditing(false)} />}
    </div>
  );
}
