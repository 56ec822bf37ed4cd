import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DocumentTitle } from '@/components/ui/document-title';
import { AlertCircleIcon, ArrowLeftIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useAuthDialog } from '@/features/auth/hooks/use-auth-dialog';
import { useBookmarks } from '@/features/bookmarks/api/get-bookmarks';
import { feedbackDrawingProps } from '@/app/routes/feedback-drawings';
import { DrawingOverlay } from '@/features/annotations/components/drawing-overlay';
import { DrawingToolbar } from '@/features/annotations/components/drawing-toolbar';
import {
  useDrawingSession,
  type DrawingPlayback,
  type DrawingSession,
} from '@/features/annotations/hooks/use-drawing-session';
import { FeedbackSection } from '@/features/feedback/components/feedback-section';
import type { FeedbackPlayer } from '@/features/feedback/types';
import { getVideoQueryOptions } from '@/features/videos/api/get-video';
import { VIDEOS_QUERY_KEY_ROOT, type Video } from '@/features/videos/api/get-videos';
import type { CompareController } from '@/features/videos/compare/compare-controller';
import { compareEligibility } from '@/features/videos/compare/compare-eligibility';
import { ComparePickerDialog } from '@/features/videos/compare/compare-picker-dialog';
import {
  COMPARE_SIDES,
  compareSearch,
  parseCompareState,
  sideState,
  type CompareSide,
  type CompareState,
} from '@/features/videos/compare/compare-state';
import { CompareView, frameRateOf, useCompareController } from '@/features/videos/compare/compare-view';
import { thumbnailSource } from '@/features/videos/components/video-thumbnail';
import { formatTimeAsFrame, frameSeekTime, timecodeSecondsForFrame } from '@/lib/frame-clock';
import { useCurrentUser } from '@/lib/auth';
import '@/features/videos/player/player.css';
import '@/features/videos/compare/compare.css';

const SIDE_NAME: Record<CompareSide, string> = { a: 'A', b: 'B' };

function useCompareVideo(id: number | null) {
  return useQuery({ ...getVideoQueryOptions(id ?? 0), enabled: id !== null });
}

function CompareNotice({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <div className="card status-card compare-notice" role="alert" data-testid="compare-notice">
      <div className="status-card__header">
        <AlertCircleIcon className="status-card__icon" size={28} />
        <h2 className="status-card__title">{title}</h2>
      </div>
      <p className="status-card__text">{text}</p>
      {children}
    </div>
  );
}

/**
 * What feedback may do with one side: read its time or frame (pausing on it), and show a time code
 * there, which in linked mode moves both sides to that moment. There is no loop in compare mode.
 */
function useSidePlayer(controller: CompareController, side: CompareSide, video: Video): FeedbackPlayer {
  return useMemo(() => {
    const index = side === 'a' ? 0 : 1;
    const rate = frameRateOf(video);
    return {
      duration: video.duration,
      currentTime: () => controller.currentTime(index),
      seek: (seconds) => controller.seekSide(index, seconds),
      subscribe: controller.subscribe,
      hasLoop: () => false,
      currentFrameTimecode: () => {
        controller.holdFrame(index);
        return { start: timecodeSecondsForFrame(controller.currentFrame(index), rate) };
      },
      loopTimecode: () => null,
      showTimecode: (timecode) => controller.seekSide(index, timecode.start),
      formatTime: (seconds) => formatTimeAsFrame(seconds, rate),
    };
  }, [controller, side, video]);
}

/** Drawing on one side's paused frame: the compare transport holds and moves the picture. */
function useSideDrawing(
  controller: CompareController,
  side: CompareSide,
  video: Video,
  media: HTMLVideoElement | null,
): DrawingSession {
  const index = side === 'a' ? 0 : 1;
  const rate = frameRateOf(video);
  const playback = useMemo<DrawingPlayback>(
    () => ({
      hold: () => controller.holdFrame(index),
      // Linked, both sides move to the moment; unlinked, that side alone.
      goToFrame: (frame) => controller.seekSide(index, frameSeekTime(frame, rate)),
    }),
    [controller, index, rate],
  );
  return useDrawingSession({ media, frameRate: video.frameRate, playback });
}

type SideMedia = Record<CompareSide, HTMLVideoElement | null>;

/**
 * The two videos in sync, and feedback on either side written with that side's time code and
 * a drawing on its paused frame (over a mirrored side the drawing is stored unmirrored).
 */
function CompareWorkspace({
  state,
  onChange,
  videos,
  controller,
}: {
  state: CompareState;
  onChange: (next: CompareState) => void;
  videos: Record<CompareSide, Video>;
  controller: CompareController;
}) {
  const [side, setSide] = useState<CompareSide>('a');
  const [media, setMedia] = useState<SideMedia>({ a: null, b: null });
  const onMedia = useCallback(
    (which: CompareSide, element: HTMLVideoElement | null) =>
      setMedia((current) => (current[which] === element ? current : { ...current, [which]: element })),
    [],
  );
  const drawings: Record<CompareSide, DrawingSession> = {
    a: useSideDrawing(controller, 'a', videos.a, media.a),
    b: useSideDrawing(controller, 'b', videos.b, media.b),
  };
  const drawing = drawings[side];
  const { user } = useCurrentUser();
  const authDialog = useAuthDialog();
  const queryClient = useQueryClient();
  const video = videos[side];
  const player = useSidePlayer(controller, side, video);
  const onCreated = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY_ROOT });
  }, [queryClient]);
  // Whoever may give feedback on that video may draw with it.
  const canDraw = user !== null && user.id !== video.uploaderId && drawing.ready;
  const thumbnail = thumbnailSource(video);

  return (
    <>
      <CompareView
        state={state}
        onChange={onChange}
        videos={videos}
        controller={controller}
        onMedia={onMedia}
        overlay={<DrawingOverlay key={side} session={drawing} mirrored={sideState(state, side).mirror} />}
      />
      <div className="compare-feedback" data-testid="compare-feedback">
        <div className="coach-controls__group compare-feedback__sides" role="group" aria-label="Feedback on">
          <span className="coach-controls__label" aria-hidden="true">
            Feedback on
          </span>
          {COMPARE_SIDES.map((option) => (
            <button
              key={option}
              type="button"
              className={option === side ? 'chip chip--active' : 'chip'}
              aria-pressed={option === side}
              onClick={() => setSide(option)}
              data-testid={`compare-feedback-side-${option}`}
            >
              {SIDE_NAME[option]}: {videos[option].title}
            </button>
          ))}
        </div>
        {canDraw && <DrawingToolbar key={side} session={drawing} />}
        <FeedbackSection
          key={video.id}
          videoId={video.id}
          uploaderId={video.uploaderId}
          player={player}
          onRequireLogin={() => authDialog.open('login')}
          onCreated={onCreated}
          {...feedbackDrawingProps(drawing, thumbnail, canDraw)}
        />
      </div>
    </>
  );
}

/** /compare?a=&b=: two videos in sync, their state in the address (features/videos/compare). */
export function CompareRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseCompareState(searchParams), [searchParams]);
  const onChange = useCallback(
    (next: CompareState) => setSearchParams(new URLSearchParams(compareSearch(next)), { replace: true }),
    [setSearchParams],
  );
  const controller = useCompareController();
  const a = useCompareVideo(state.a);
  const b = useCompareVideo(state.b);
  const { user } = useCurrentUser();
  const [picking, setPicking] = useState(false);
  const bookmarks = useBookmarks({ enabled: picking && user !== null });

  let body: ReactNode;
  let title = 'Compare videos';
  if (state.a === null) {
    body = (
      <CompareNotice
        title="Pick two videos"
        text="Open a video and choose “Compare with…” to play it in sync beside another one."
      >
        <Link to={paths.home} className="btn btn--primary">
          Browse videos
        </Link>
      </CompareNotice>
    );
  } else if (a.isPending || (state.b !== null && b.isPending)) {
    body = <div className="compare__loading skeleton" role="status" aria-label="Loading videos" />;
  } else if (a.isError || (state.b !== null && b.isError)) {
    body = (
      <CompareNotice title="Video Not Found" text="One of these videos doesn't exist or has been removed.">
        <Link to={paths.home} className="btn btn--primary">
          Browse videos
        </Link>
      </CompareNotice>
    );
  } else {
    const videoA = a.data;
    const videoB = state.b !== null ? b.data : undefined;
    const problem = ([['A', videoA] as const, ['B', videoB] as const] as const)
      .map(([name, video]) => (video ? { name, video, eligibility: compareEligibility(video) } : null))
      .find((entry) => entry !== null && !entry.eligibility.ok);
    if (problem && !problem.eligibility.ok) {
      body = (
        <CompareNotice title={`Video ${problem.name} cannot be compared`} text={problem.eligibility.reason}>
          <Link to={paths.video(problem.video.id)} className="btn btn--secondary">
            Open “{problem.video.title}”
          </Link>
        </CompareNotice>
      );
    } else if (!videoB) {
      body = (
        <CompareNotice title="Pick the second video" text={`Choose a video to play in sync beside “${videoA.title}”.`}>
          <button type="button" className="btn btn--primary" onClick={() => setPicking(true)}>
            Compare with…
          </button>
        </CompareNotice>
      );
    } else {
      const videos = { a: videoA, b: videoB };
      title = `Compare: ${videoA.title} and ${videoB.title}`;
      body = <CompareWorkspace state={state} onChange={onChange} videos={videos} controller={controller} />;
    }
    if (picking) {
      body = (
        <>
          {body}
          <ComparePickerDialog
            open
            onClose={() => setPicking(false)}
            video={videoA}
            userId={user?.id ?? null}
            saved={user ? { videos: bookmarks.data, isPending: bookmarks.isPending, isError: bookmarks.isError } : null}
          />
        </>
      );
    }
  }

  return (
    <div className="compare-page">
      <DocumentTitle title={title} />
      <div className="container compare-page__content">
        <div className="compare-page__header">
          {state.a !== null && (
            <Link to={paths.video(state.a)} className="link-button compare-page__back">
              <ArrowLeftIcon size={16} />
              Back to video
            </Link>
          )}
          <h1 className="page-title">Compare videos</h1>
        </div>
        {body}
      </div>
    </div>
  );
}
