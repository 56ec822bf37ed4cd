import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PauseIcon, PlayIcon, StepBackIcon, StepForwardIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import type { Video } from '@/features/videos/api/get-videos';
import {
  CompareController,
  type CompareSnapshot,
  type SideIndex,
  type SideSnapshot,
} from '@/features/videos/compare/compare-controller';
import {
  COMPARE_LAYOUTS,
  COMPARE_SPEEDS,
  effectiveLayout,
  roundOpacity,
  sideState,
  STACK_BREAKPOINT_PX,
  withMirror,
  withSync,
  type CompareLayout,
  type CompareSide,
  type CompareState,
} from '@/features/videos/compare/compare-state';
import { FALLBACK_FRAME_RATE, formatFrameTime } from '@/lib/frame-clock';
import { thumbnailSource } from '@/features/videos/components/video-thumbnail';
import {
  actionForKey,
  KEYBOARD_SHORTCUTS,
  targetKeepsKey,
  type PlayerAction,
} from '@/features/videos/player/keyboard-shortcuts';
import { KeyboardShortcutsDialog } from '@/features/videos/player/keyboard-shortcuts-dialog';
import '@/features/videos/player/player.css';
import './compare.css';

const SIDE_INDEX: Record<CompareSide, SideIndex> = { a: 0, b: 1 };

/** The player's shortcuts that make sense for two linked videos (no loop, no fullscreen here). */
const COMPARE_ACTIONS: ReadonlySet<PlayerAction> = new Set<PlayerAction>([
  'togglePlay',
  'pause',
  'playOrFaster',
  'slowerOrBack',
  'previousFrame',
  'nextFrame',
  'backSecond',
  'forwardSecond',
  'help',
]);
export const COMPARE_SHORTCUTS = KEYBOARD_SHORTCUTS.filter((shortcut) => COMPARE_ACTIONS.has(shortcut.action));
const SIDE_NAME: Record<CompareSide, string> = { a: 'A', b: 'B' };

const LAYOUT_LABELS: Record<CompareLayout, string> = {
  auto: 'Auto',
  'side-by-side': 'Side by side',
  stacked: 'Stacked',
  overlay: 'Overlay',
};

/** The frame rate a side steps with: the server's, or the common phone rate while it is unmeasured. */
export function frameRateOf(video: Video): number {
  return video.frameRate && video.frameRate > 0 ? video.frameRate : FALLBACK_FRAME_RATE;
}

/** One controller per page, driving the two elements; gone with the page. */
export function useCompareController(): CompareController {
  const [controller] = useState(() => new CompareController());
  useEffect(() => () => controller.destroy(), [controller]);
  return controller;
}

export function useCompareSnapshot(controller: CompareController): CompareSnapshot {
  return useSyncExternalStore(controller.subscribe, controller.getSnapshot, controller.getSnapshot);
}

function useNarrowScreen(): boolean {
  const query = `(max-width: ${STACK_BREAKPOINT_PX - 1}px)`;
  const [narrow, setNarrow] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const onChange = () => setNarrow(list.matches);
    onChange();
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [query]);
  return narrow;
}

function formatOffset(seconds: number): string {
  const rounded = Math.round(seconds * 100) / 100;
  const sign = rounded > 0 ? '+' : rounded < 0 ? '−' : '±';
  return `${sign}${Math.abs(rounded).toFixed(2)} s from sync`;
}

type CompareViewProps = {
  state: CompareState;
  onChange: (next: CompareState) => void;
  videos: { a: Video; b: Video };
  controller: CompareController;
  /** Laid over the stage (the page's drawing layer); it places itself over one side's picture. */
  overlay?: ReactNode;
  /** Tells the page each side's media element as it mounts and goes (null). */
  onMedia?: (side: CompareSide, element: HTMLVideoElement | null) => void;
};

/**
 * Two file videos on one clock (issue 15 §4): each side gets a sync frame with "Sync here", then
 * one transport plays, steps and changes speed for both. Layouts: side by side, stacked (the
 * automatic choice on a narrow screen) and overlay with an opacity slider; each side can be
 * mirrored. Everything the person sets goes to `onChange` (the address).
 */
export function CompareView({ state, onChange, videos, controller, overlay, onMedia }: CompareViewProps) {
  const snapshot = useCompareSnapshot(controller);
  const narrow = useNarrowScreen();
  const layout = effectiveLayout(state.layout, narrow);
  const rateA = frameRateOf(videos.a);
  const rateB = frameRateOf(videos.b);

  useEffect(() => {
    controller.configure(
      [
        { frameRate: rateA, frameCount: videos.a.frameCount, syncFrame: state.syncA },
        { frameRate: rateB, frameCount: videos.b.frameCount, syncFrame: state.syncB },
      ],
      state.speed,
    );
  }, [controller, rateA, rateB, videos.a.frameCount, videos.b.frameCount, state.syncA, state.syncB, state.speed]);

  // The player's keys, for both videos at once once linked; `?` shows them. Not while typing or in a dialog.
  const latest = useRef({ state, onChange });
  latest.current = { state, onChange };
  const [helpOpen, setHelpOpen] = useState(false);
  useEffect(() => {
    const changeSpeed = (direction: 1 | -1) => {
      const { state: current, onChange: change } = latest.current;
      const index = COMPARE_SPEEDS.indexOf(current.speed) + direction;
      const speed = COMPARE_SPEEDS[Math.max(0, Math.min(COMPARE_SPEEDS.length - 1, index))];
      if (speed !== undefined && speed !== current.speed) change({ ...current, speed });
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const action = actionForKey(event);
      if (action === null || !COMPARE_ACTIONS.has(action) || targetKeepsKey(event.target, event.key)) return;
      if (document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      if (action !== 'help' && !controller.getSnapshot().linked) return;
      event.preventDefault();
      const playing = controller.getSnapshot().playing;
      switch (action) {
        case 'togglePlay':
          return controller.togglePlay();
        case 'pause':
          return controller.pause();
        case 'playOrFaster':
          return playing ? changeSpeed(1) : controller.play();
        case 'slowerOrBack':
          return playing ? changeSpeed(-1) : controller.step(-1);
        case 'previousFrame':
          return controller.step(-1);
        case 'nextFrame':
          return controller.step(1);
        case 'backSecond':
          return controller.seekBy(-1);
        case 'forwardSecond':
          return controller.seekBy(1);
        case 'help':
          return setHelpOpen(true);
        case 'loopStart':
        case 'loopEnd':
        case 'fullscreen':
          return;
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [controller]);

  const setSync = (side: CompareSide, frame: number | null) => onChange(withSync(state, side, frame));

  return (
    <section
      className={`compare compare--${layout}`}
      aria-label="Compare videos"
      data-testid="compare-view"
      data-layout={layout}
      data-linked={snapshot.linked}
    >
      <CompareToolbar state={state} onChange={onChange} layout={layout} onHelp={() => setHelpOpen(true)} />
      <div className="compare__stage">
        {(['a', 'b'] as const).map((side) => (
          <CompareScreen
            key={side}
            side={side}
            video={videos[side]}
            mirror={sideState(state, side).mirror}
            opacity={side === 'b' && layout === 'overlay' ? state.opacity : 1}
            controller={controller}
            snapshot={snapshot.sides[SIDE_INDEX[side]]}
            onMedia={onMedia}
          />
        ))}
        {overlay}
        {(['a', 'b'] as const).map((side) => (
          <SideControls
            key={side}
            side={side}
            video={videos[side]}
            frameRate={side === 'a' ? rateA : rateB}
            sync={sideState(state, side).sync}
            mirror={sideState(state, side).mirror}
            linked={snapshot.linked}
            snapshot={snapshot.sides[SIDE_INDEX[side]]}
            controller={controller}
            onSync={(frame) => setSync(side, frame)}
            onMirror={(mirror) => onChange(withMirror(state, side, mirror))}
          />
        ))}
      </div>
      <Transport
        snapshot={snapshot}
        controller={controller}
        slowerRate={Math.min(rateA, rateB)}
        bothSynced={state.syncA !== null && state.syncB !== null}
      />
      <KeyboardShortcutsDialog open={helpOpen} onClose={() => setHelpOpen(false)} shortcuts={COMPARE_SHORTCUTS} />
    </section>
  );
}

function CompareToolbar({
  state,
  onChange,
  layout,
  onHelp,
}: {
  state: CompareState;
  onChange: (next: CompareState) => void;
  layout: Exclude<CompareLayout, 'auto'>;
  onHelp: () => void;
}) {
  const opacityId = useId();
  return (
    <div className="compare__toolbar coach-controls">
      <div className="coach-controls__group" role="group" aria-label="Layout">
        <span className="coach-controls__label" aria-hidden="true">
          Layout
        </span>
        {COMPARE_LAYOUTS.map((option) => (
          <button
            key={option}
            type="button"
            className={option === state.layout ? 'chip chip--active' : 'chip'}
            aria-pressed={option === state.layout}
            onClick={() => onChange({ ...state, layout: option })}
          >
            {LAYOUT_LABELS[option]}
          </button>
        ))}
      </div>
      {layout === 'overlay' && (
        <div className="coach-controls__group compare__opacity">
          <label htmlFor={opacityId} className="coach-controls__label">
            Opacity of B
          </label>
          <input
            id={opacityId}
            type="range"
            min={0}
            max={100}
            step={5}
            value={Math.round(state.opacity * 100)}
            aria-valuetext={`${Math.round(state.opacity * 100)}%`}
            onChange={(event) => onChange({ ...state, opacity: roundOpacity(Number(event.target.value) / 100) })}
            data-testid="compare-opacity"
          />
        </div>
      )}
      <div className="coach-controls__group" role="group" aria-label="Playback speed">
        <span className="coach-controls__label" aria-hidden="true">
          Speed
        </span>
        {COMPARE_SPEEDS.map((speed) => (
          <button
            key={speed}
            type="button"
            className={speed === state.speed ? 'chip chip--active' : 'chip'}
            aria-pressed={speed === state.speed}
            onClick={() => onChange({ ...state, speed })}
          >
            {speed}×
          </button>
        ))}
      </div>
      <button type="button" className="chip" onClick={onHelp} aria-haspopup="dialog">
        Keyboard shortcuts
      </button>
    </div>
  );
}

function CompareScreen({
  side,
  video,
  mirror,
  opacity,
  controller,
  snapshot,
  onMedia,
}: {
  side: CompareSide;
  video: Video;
  mirror: boolean;
  opacity: number;
  controller: CompareController;
  snapshot: SideSnapshot;
  onMedia: ((side: CompareSide, element: HTMLVideoElement | null) => void) | undefined;
}) {
  const index = SIDE_INDEX[side];
  const attach = useCallback(
    (element: HTMLVideoElement | null) => {
      controller.attach(index, element);
      onMedia?.(side, element);
    },
    [controller, index, onMedia, side],
  );
  return (
    <div
      className={`compare__screen compare__screen--${side}`}
      style={opacity < 1 ? { opacity } : undefined}
      data-testid={`compare-screen-${side}`}
      data-frame={snapshot.frame}
      data-settled={snapshot.settled}
      data-presented={snapshot.presentedFrame ?? undefined}
      data-ready={snapshot.ready}
    >
      <video
        ref={attach}
        className="compare__video"
        src={video.videoUrl ?? undefined}
        poster={thumbnailSource(video) ?? undefined}
        preload="auto"
        playsInline
        disablePictureInPicture
        // One audible side: B would echo A.
        muted={side === 'b'}
        style={mirror ? { transform: 'scaleX(-1)' } : undefined}
        aria-label={`Video ${SIDE_NAME[side]}: ${video.title}`}
        data-testid={`compare-video-${side}`}
      />
      <span className="compare__badge" aria-hidden="true">
        {SIDE_NAME[side]}
      </span>
    </div>
  );
}

function SideControls({
  side,
  video,
  frameRate,
  sync,
  mirror,
  linked,
  snapshot,
  controller,
  onSync,
  onMirror,
}: {
  side: CompareSide;
  video: Video;
  frameRate: number;
  sync: number | null;
  mirror: boolean;
  linked: boolean;
  snapshot: SideSnapshot;
  controller: CompareController;
  onSync: (frame: number | null) => void;
  onMirror: (mirror: boolean) => void;
}) {
  const index = SIDE_INDEX[side];
  const name = SIDE_NAME[side];
  const positionId = useId();
  const disabled = !snapshot.ready;
  return (
    <div
      className={`compare__side compare__side--${side}`}
      role="group"
      aria-label={`Video ${name} controls`}
      data-testid={`compare-side-${side}`}
    >
      <p className="compare__side-title">
        <span className="compare__side-badge" aria-hidden="true">
          {name}
        </span>
        <Link to={paths.video(video.id)} className="compare__side-link">
          {video.title}
        </Link>
      </p>
      <p className="compare__readout">
        <span data-testid={`compare-frame-${side}`}>Frame {snapshot.frame}</span>
        <span aria-hidden="true"> · </span>
        <span>{formatFrameTime(snapshot.frame, frameRate)}</span>
        <span aria-hidden="true"> · </span>
        <span data-testid={`compare-sync-${side}`}>{sync === null ? 'No sync frame' : `Sync frame ${sync}`}</span>
      </p>
      {!video.frameRate && (
        <p className="compare__note">Frame rate not measured yet: steps assume {FALLBACK_FRAME_RATE} fps.</p>
      )}
      <div className="compare__side-buttons">
        {!linked && (
          <>
            <IconButton
              label={snapshot.playing ? `Pause video ${name}` : `Play video ${name}`}
              disabled={disabled}
              onClick={() => controller.toggleSide(index)}
            >
              {snapshot.playing ? <PauseIcon size={16} /> : <PlayIcon size={16} />}
            </IconButton>
            <IconButton
              label={`Previous frame of video ${name}`}
              disabled={disabled}
              onClick={() => controller.stepSide(index, -1)}
            >
              <StepBackIcon size={16} />
            </IconButton>
            <IconButton
              label={`Next frame of video ${name}`}
              disabled={disabled}
              onClick={() => controller.stepSide(index, 1)}
            >
              <StepForwardIcon size={16} />
            </IconButton>
            <button
              type="button"
              className="btn btn--primary btn--sm"
              disabled={disabled}
              onClick={() => onSync(controller.currentFrame(index))}
              data-testid={`compare-sync-here-${side}`}
            >
              {/* Named "Sync video A here" in words that include what it shows (WCAG 2.5.3, label in name). */}
              Sync <span className="visually-hidden">video {name} </span>here
            </button>
          </>
        )}
        {linked && (
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            aria-label={`Change the sync frame of video ${name}`}
            onClick={() => onSync(null)}
          >
            Change sync
          </button>
        )}
        <button
          type="button"
          className={mirror ? 'chip chip--active' : 'chip'}
          aria-pressed={mirror}
          aria-label={`Mirror video ${name}`}
          onClick={() => onMirror(!mirror)}
        >
          Mirror
        </button>
      </div>
      {!linked && snapshot.ready && snapshot.lastFrame !== null && (
        <div className="compare__position">
          <label htmlFor={positionId} className="visually-hidden">
            Position in video {name}
          </label>
          <input
            id={positionId}
            type="range"
            min={0}
            max={snapshot.lastFrame}
            step={1}
            value={snapshot.frame}
            aria-valuetext={`Frame ${snapshot.frame}, ${formatFrameTime(snapshot.frame, frameRate)}`}
            onChange={(event) => controller.seekSide(index, (Number(event.target.value) + 0.5) / frameRate)}
          />
        </div>
      )}
    </div>
  );
}

function IconButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="chip chip--icon"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

function Transport({
  snapshot,
  controller,
  slowerRate,
  bothSynced,
}: {
  snapshot: CompareSnapshot;
  controller: CompareController;
  slowerRate: number;
  bothSynced: boolean;
}) {
  const positionId = useId();
  if (!snapshot.linked || snapshot.range === null || snapshot.offset === null) {
    return (
      <p className="compare__hint" data-testid="compare-hint">
        {bothSynced
          ? 'Loading both videos…'
          : 'Step each video to the same moment (for example the moment of contact) and press “Sync here” on both. Then one set of controls plays, steps and slows both.'}
      </p>
    );
  }
  const { range, offset } = snapshot;
  const steps = Math.round((range.end - range.start) * slowerRate);
  const position = Math.round((offset - range.start) * slowerRate);
  return (
    <div
      className="compare__transport coach-controls"
      role="group"
      aria-label="Both videos"
      data-testid="compare-transport"
    >
      <div className="coach-controls__group">
        <button
          type="button"
          className="btn btn--primary btn--sm"
          aria-label={snapshot.playing ? 'Pause both' : 'Play both'}
          onClick={() => controller.togglePlay()}
          data-testid="compare-play"
        >
          {snapshot.playing ? <PauseIcon size={16} /> : <PlayIcon size={16} />}
          {snapshot.playing ? 'Pause' : 'Play'}
        </button>
        <IconButton label="Previous frame, both videos" onClick={() => controller.step(-1)}>
          <StepBackIcon size={16} />
        </IconButton>
        <IconButton label="Next frame, both videos" onClick={() => controller.step(1)}>
          <StepForwardIcon size={16} />
        </IconButton>
        <button type="button" className="btn btn--secondary btn--sm" onClick={() => controller.goToSync()}>
          Back to sync
        </button>
      </div>
      <div className="compare__position compare__position--linked">
        <label htmlFor={positionId} className="visually-hidden">
          Position of both videos
        </label>
        <input
          id={positionId}
          type="range"
          min={0}
          max={Math.max(0, steps - 1)}
          step={1}
          value={Math.max(0, Math.min(position, steps - 1))}
          aria-valuetext={formatOffset(offset)}
          onChange={(event) => controller.seekOffset(range.start + Number(event.target.value) / slowerRate)}
        />
      </div>
      <p className="compare__readout" data-testid="compare-offset">
        {formatOffset(offset)}
        {snapshot.waiting && ' · waiting for video…'}
      </p>
    </div>
  );
}
