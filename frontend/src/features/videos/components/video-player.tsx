import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { AlertCircleIcon } from '@/components/ui/icons';
import type { Video } from '@/features/videos/api/get-videos';
import { thumbnailSource } from '@/features/videos/components/video-thumbnail';
import { CoachControls } from '@/features/videos/player/coach-controls';
import { actionForKey, targetKeepsKey, type PlayerAction } from '@/features/videos/player/keyboard-shortcuts';
import { KeyboardShortcutsDialog } from '@/features/videos/player/keyboard-shortcuts-dialog';
import {
  PlayerControllerContext,
  useCreatePlayerController,
  usePlayerSnapshot,
} from '@/features/videos/player/player-context';
import type { PlayerController } from '@/features/videos/player/player-controller';
import { useFullscreen } from '@/features/videos/player/use-fullscreen';
import { youtubeEmbedUrl } from '@/lib/youtube';
import '@/features/videos/player/player.css';

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

/**
 * True once the poster is on the screen (loaded or failed, and painted), at once without one.
 * Until then the file player asks for none of the clip: its megabytes would share the connection
 * with the poster, the largest thing on the screen, and hold it back. The poster usually comes
 * from the cache (the page's loader asked for it ahead); a viewer who presses play sooner gets
 * the clip at once all the same.
 */
function usePosterShown(poster: string | undefined): boolean {
  const [shown, setShown] = useState(poster === undefined);
  useEffect(() => {
    if (poster === undefined) return;
    let frame = 0;
    // After the frame that paints it.
    const painted = () => {
      frame = requestAnimationFrame(() => {
        frame = requestAnimationFrame(() => setShown(true));
      });
    };
    const image = new Image();
    image.addEventListener('load', painted, { once: true });
    image.addEventListener('error', painted, { once: true });
    image.src = poster;
    return () => {
      cancelAnimationFrame(frame);
      image.removeEventListener('load', painted);
      image.removeEventListener('error', painted);
    };
  }, [poster]);
  return shown;
}

type MediaElementCallback = (element: HTMLVideoElement | null) => void;
type ControllerCallback = (controller: PlayerController | null) => void;

type FilePlayerProps = {
  video: Video;
  src: string;
  onMediaElement?: MediaElementCallback;
  onController?: ControllerCallback;
  overlay?: ReactNode;
};

function FilePlayer({ video, src, onMediaElement, onController, overlay }: FilePlayerProps) {
  const shell = useRef<HTMLDivElement>(null);
  const [media, setMedia] = useState<HTMLVideoElement | null>(null);
  const attach = useCallback(
    (element: HTMLVideoElement | null) => {
      setMedia(element);
      onMediaElement?.(element);
    },
    [onMediaElement],
  );
  const controller = useCreatePlayerController(media, video.frameRate, video.frameCount);
  const snapshot = usePlayerSnapshot(controller);
  const fullscreen = useFullscreen(shell);
  const [helpOpen, setHelpOpen] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const poster = thumbnailSource(video) ?? undefined;
  const posterShown = usePosterShown(poster);

  useEffect(() => {
    onController?.(controller);
    return () => onController?.(null);
  }, [controller, onController]);

  const exitFullscreen = fullscreen.exit;
  const showShortcuts = useCallback(() => {
    // A dialog opens over the page, which fullscreen would hide.
    exitFullscreen();
    setHelpOpen(true);
  }, [exitFullscreen]);

  // The keys of KEYBOARD_SHORTCUTS, anywhere on the page; not while typing or in a dialog.
  const perform = useRef<(action: PlayerAction) => void>(() => undefined);
  perform.current = (action) => {
    if (!controller) return;
    const paused = controller.isPaused();
    switch (action) {
      case 'togglePlay':
        return controller.togglePlay();
      case 'pause':
        return controller.pause();
      case 'playOrFaster':
        return paused ? void controller.play() : controller.changeSpeed('faster');
      case 'slowerOrBack':
        return paused ? controller.step(-1) : controller.changeSpeed('slower');
      case 'previousFrame':
        return controller.step(-1);
      case 'nextFrame':
        return controller.step(1);
      case 'backSecond':
        return controller.stepSeconds(-1);
      case 'forwardSecond':
        return controller.stepSeconds(1);
      case 'loopStart':
        return controller.setLoopStart();
      case 'loopEnd':
        return controller.setLoopEnd();
      case 'fullscreen':
        return fullscreen.toggle();
      case 'help':
        return showShortcuts();
    }
  };
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = actionForKey(event);
      if (!action || event.defaultPrevented || targetKeepsKey(event.target, event.key)) return;
      if (document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      // Also keeps the focused native video from acting on the same key.
      event.preventDefault();
      perform.current(action);
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
    <div
      ref={shell}
      className={fullscreen.filled ? 'player-with-controls player-with-controls--filled' : 'player-with-controls'}
      data-testid="player-shell"
      data-frame={snapshot?.frame}
      data-settled={snapshot?.settled}
      data-paused={snapshot?.paused}
    >
      <div className="player">
        <video
          key={`${src}#${attempt}`}
          ref={attach}
          className="player__video"
          src={src}
          poster={poster}
          // The coach controls replace the native ones; should a viewer show those (context menu),
          // fullscreen stays the container's (with its overlay), from the Fullscreen button.
          controlsList="nofullscreen"
          playsInline
          // The whole clip (≤ 2 min): steps back and forth then never wait on the network. Once the
          // poster is shown.
          preload={posterShown ? 'auto' : 'none'}
          onError={() => setLoadFailed(true)}
          onClick={() => controller?.togglePlay()}
          aria-label={`Video: ${video.title}`}
          data-testid="video-player"
        />
        {overlay && (
          <PlayerControllerContext.Provider value={controller}>
            <div className="player__overlay" data-testid="player-overlay">
              {overlay}
            </div>
          </PlayerControllerContext.Provider>
        )}
      </div>
      {controller && snapshot && (
        <CoachControls
          controller={controller}
          snapshot={snapshot}
          isFullscreen={fullscreen.isFullscreen}
          onToggleFullscreen={fullscreen.toggle}
          onShowShortcuts={showShortcuts}
        />
      )}
      <KeyboardShortcutsDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
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

type VideoPlayerProps = {
  video: Video;
  /** The file player's element, and null when it goes. */
  onMediaElement?: MediaElementCallback;
  /**
   * The file player's controller (frame, paused, steps, seeks, A–B loop), and null when it goes,
   * so the page can pin feedback to frames and play it back.
   */
  onController?: ControllerCallback;
  /**
   * Drawn over the picture, inside the player box (so it goes fullscreen with it); rendered with
   * the controller in PlayerControllerContext. File videos only.
   */
  overlay?: ReactNode;
};

/**
 * The spec's display rules (section 2): a damaged file shows 'Video Temporarily Unavailable'; a
 * YouTube link is embedded; a file still being processed shows that; otherwise the file plays,
 * with the coach's frame-exact controls.
 */
export function VideoPlayer({ video, onMediaElement, onController, overlay }: VideoPlayerProps) {
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

  return (
    <FilePlayer
      key={video.id}
      video={video}
      src={video.videoUrl}
      onMediaElement={onMediaElement}
      onController={onController}
      overlay={overlay}
    />
  );
}
