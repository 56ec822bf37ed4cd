import { useCallback, useEffect, useRef, useState } from 'react';
import { AlertCircleIcon, StepBackIcon, StepForwardIcon } from '@/components/ui/icons';
import type { Video } from '@/features/videos/api/get-videos';
import { thumbnailSource } from '@/features/videos/components/video-thumbnail';
import { youtubeEmbedUrl } from '@/lib/youtube';

/** Speeds a coach can slow a technique down to, or speed through a warm-up with. */
export const PLAYBACK_RATES = [0.25, 0.5, 0.75, 1, 1.5, 2] as const;
/** One frame at the 30 fps most phones record. */
export const FRAME_SECONDS = 1 / 30;

const formatRate = (rate: number) => `${rate}×`;

/** A still behind a status message; a missing or broken picture simply leaves the dark frame. */
function StatusBackdrop({ video }: { video: Video }) {
  const source = thumbnailSource(video);
  const [failed, setFailed] = useState(false);
  if (!source || failed) return null;
  return <img className="player__backdrop" src={source} alt="" onError={() => setFailed(true)} />;
}

type StatusProps = {
  video: Video;
  title: string;
  text: string;
  testId: string;
  tone?: 'info' | 'error';
  busy?: boolean;
  action?: { label: string; onClick: () => void };
};

function PlayerStatus({ video, title, text, testId, tone = 'error', busy = false, action }: StatusProps) {
  return (
    <div className="player player--status" data-testid={testId}>
      <StatusBackdrop video={video} />
      <div className="player__status" role={tone === 'error' ? 'alert' : 'status'}>
        {busy ? (
          <span className="spinner spinner--lg" aria-hidden="true" />
        ) : (
          <AlertCircleIcon size={36} className="player__status-icon" />
        )}
        <p className="player__status-title">{title}</p>
        <p className="player__status-text">{text}</p>
        {action && (
          <button type="button" className="btn btn--secondary btn--sm" onClick={action.onClick}>
            {action.label}
          </button>
        )}
      </div>
    </div>
  );
}

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

type MediaElementCallback = (element: HTMLVideoElement | null) => void;

function FilePlayer({
  video,
  src,
  onMediaElement,
}: {
  video: Video;
  src: string;
  onMediaElement?: MediaElementCallback;
}) {
  const player = useRef<HTMLVideoElement>(null);
  const attach = useCallback(
    (element: HTMLVideoElement | null) => {
      player.current = element;
      onMediaElement?.(element);
    },
    [onMediaElement],
  );
  const [rate, setRate] = useState(1);
  const [loadFailed, setLoadFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const poster = thumbnailSource(video) ?? undefined;

  // A new source resets the element's rate, so it is applied again once metadata arrives.
  const applyRate = () => {
    const element = player.current;
    if (!element) return;
    element.defaultPlaybackRate = rate;
    element.playbackRate = rate;
  };
  useEffect(applyRate);

  const step = (frames: number) => {
    const element = player.current;
    if (!element) return;
    element.pause();
    const end = Number.isFinite(element.duration) ? element.duration : Number.POSITIVE_INFINITY;
    element.currentTime = Math.min(end, Math.max(0, element.currentTime + frames * FRAME_SECONDS));
  };

  // ',' and '.' step a frame back and forward, as in most video editors; not while typing or in a dialog.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== ',' && event.key !== '.') return;
      if (event.altKey || event.ctrlKey || event.metaKey || isTypingTarget(event.target)) return;
      if (document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      event.preventDefault();
      step(event.key === ',' ? -1 : 1);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  if (loadFailed) {
    return (
      <PlayerStatus
        video={video}
        title="Video Load Error"
        text="The video could not be loaded. Check your connection and try again."
        testId="video-load-error"
        action={{
          label: 'Try again',
          onClick: () => {
            setLoadFailed(false);
            setAttempt((count) => count + 1);
          },
        }}
      />
    );
  }

  return (
    <div className="player-with-controls">
      <div className="player">
        <video
          key={`${src}#${attempt}`}
          ref={attach}
          className="player__video"
          src={src}
          poster={poster}
          controls
          playsInline
          preload="metadata"
          onLoadedMetadata={applyRate}
          onError={() => setLoadFailed(true)}
          aria-label={`Video: ${video.title}`}
          data-testid="video-player"
        />
      </div>
      <div className="coach-controls" data-testid="coach-controls">
        <div className="coach-controls__group" role="group" aria-label="Playback speed">
          <span className="coach-controls__label" aria-hidden="true">
            Speed
          </span>
          {PLAYBACK_RATES.map((option) => (
            <button
              key={option}
              type="button"
              className={option === rate ? 'chip chip--active' : 'chip'}
              aria-pressed={option === rate}
              onClick={() => setRate(option)}
            >
              {formatRate(option)}
            </button>
          ))}
        </div>
        <div className="coach-controls__group" role="group" aria-label="Frame by frame">
          <span className="coach-controls__label" aria-hidden="true">
            Frame
          </span>
          <button
            type="button"
            className="chip chip--icon"
            aria-label="Previous frame"
            title="Previous frame (,)"
            onClick={() => step(-1)}
          >
            <StepBackIcon size={16} />
          </button>
          <button
            type="button"
            className="chip chip--icon"
            aria-label="Next frame"
            title="Next frame (.)"
            onClick={() => step(1)}
          >
            <StepForwardIcon size={16} />
          </button>
          <span className="coach-controls__hint">
            Keys <kbd>,</kbd> and <kbd>.</kbd>
          </span>
        </div>
      </div>
    </div>
  );
}

function YoutubePlayer({ video, embedUrl }: { video: Video; embedUrl: string }) {
  return (
    <div className="player">
      <iframe
        className="player__video"
        src={embedUrl}
        title={`YouTube video: ${video.title}`}
        allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
        referrerPolicy="strict-origin-when-cross-origin"
        allowFullScreen
        data-testid="youtube-player"
      />
    </div>
  );
}

/**
 * The spec's display rules (section 2): a damaged file shows 'Video Temporarily Unavailable'; a
 * YouTube link is embedded; a file still being processed shows that; otherwise the file plays.
 * `onMediaElement` receives the file player's element (and null when it goes), so the page can
 * seek it from time-coded feedback.
 */
export function VideoPlayer({ video, onMediaElement }: { video: Video; onMediaElement?: MediaElementCallback }) {
  if (video.hasFileError) {
    return (
      <PlayerStatus
        video={video}
        title="Video Temporarily Unavailable"
        text="The video file is missing or damaged. Please check back later."
        testId="video-unavailable"
      />
    );
  }

  if (video.youtubeUrl) {
    const embedUrl = youtubeEmbedUrl(video.youtubeUrl);
    if (embedUrl) return <YoutubePlayer video={video} embedUrl={embedUrl} />;
    return (
      <PlayerStatus
        video={video}
        title="Video Load Error"
        text="This YouTube link cannot be played here."
        testId="video-load-error"
      />
    );
  }

  if (video.processingState === 'processing') {
    return (
      <PlayerStatus
        video={video}
        title="Processing your video…"
        text="It will play here as soon as it is ready. This page updates by itself."
        testId="processing-state"
        tone="info"
        busy
      />
    );
  }

  if (video.processingState === 'failed' || !video.videoUrl) {
    return (
      <PlayerStatus
        video={video}
        title="Video Temporarily Unavailable"
        text="This video could not be prepared for playback. Please check back later."
        testId="video-unavailable"
      />
    );
  }

  return <FilePlayer key={video.id} video={video} src={video.videoUrl} onMediaElement={onMediaElement} />;
}
