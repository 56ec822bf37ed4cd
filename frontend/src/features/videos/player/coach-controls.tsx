import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  KeyboardIcon,
  MaximizeIcon,
  MinimizeIcon,
  PauseIcon,
  PlayIcon,
  RepeatIcon,
  StepBackIcon,
  StepForwardIcon,
  VolumeIcon,
  VolumeOffIcon,
} from '@/components/ui/icons';
import { FALLBACK_FRAME_RATE, formatFrameTime, parseFrameTime, realTimeShare } from '@/lib/frame-clock';
import {
  PLAYBACK_SPEEDS,
  type PlayerController,
  type PlayerSnapshot,
} from '@/features/videos/player/player-controller';
import './player.css';

const formatSpeed = (speed: number) => `${speed}×`;

/** "29.97 fps", "240 fps". */
const formatFrameRate = (rate: number) => `${Number(rate.toFixed(2))} fps`;

type LoopTimeInputProps = {
  label: string;
  frame: number;
  rate: number;
  /** Why the edited frame cannot be this end of the loop, or null to accept it. */
  check: (frame: number) => string | null;
  onCommit: (frame: number) => void;
};

/** One end of the loop as `m:ss.ff`, editable; applied on Enter or when leaving the field. */
function LoopTimeInput({ label, frame, rate, check, onCommit }: LoopTimeInputProps) {
  const id = useId();
  const shown = formatFrameTime(frame, rate);
  const [draft, setDraft] = useState(shown);
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // While not being edited, the field follows the loop (set by keys, buttons or a feedback's range).
  useEffect(() => {
    if (!editing) setDraft(shown);
  }, [shown, editing]);

  const commit = () => {
    setEditing(false);
    const parsed = parseFrameTime(draft, rate);
    if (parsed === null) {
      setError(`Use m:ss.ff, e.g. ${formatFrameTime(Math.round(rate * 3) + 12, rate)}`);
      return;
    }
    const problem = check(parsed);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    onCommit(parsed);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    commit();
  };

  return (
    <form className="loop-time" onSubmit={onSubmit} noValidate>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        className="loop-time__input"
        value={draft}
        inputMode="text"
        autoComplete="off"
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onFocus={() => setEditing(true)}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
      />
      {error && (
        <span id={`${id}-error`} className="loop-time__error" role="alert">
          {error}
        </span>
      )}
    </form>
  );
}

function LoopControls({ controller, snapshot }: { controller: PlayerController; snapshot: PlayerSnapshot }) {
  const { loop } = snapshot;
  const rate = controller.frameRate;
  return (
    <div className="coach-controls__group" role="group" aria-label="A–B loop" data-testid="loop-controls">
      <span className="coach-controls__label" aria-hidden="true">
        Loop
      </span>
      <button
        type="button"
        className="chip"
        aria-label="Set loop start"
        title="Set loop start at this frame ([)"
        onClick={() => controller.setLoopStart()}
      >
        Loop start
      </button>
      <button
        type="button"
        className="chip"
        aria-label="Set loop end"
        title="Set loop end at this frame (])"
        onClick={() => controller.setLoopEnd()}
      >
        Loop end
      </button>
      {loop && (
        <span className="loop-range" data-testid="loop-range">
          <RepeatIcon size={16} className="loop-range__icon" />
          <LoopTimeInput
            label="Loop start time"
            frame={loop.start}
            rate={rate}
            check={(frame) => (frame > loop.end ? 'The loop start must not be after its end' : null)}
            onCommit={(frame) => controller.setLoop({ start: frame, end: loop.end })}
          />
          <span aria-hidden="true">–</span>
          <LoopTimeInput
            label="Loop end time"
            frame={loop.end}
            rate={rate}
            check={(frame) => (frame < loop.start ? 'The loop end must not be before its start' : null)}
            onCommit={(frame) => controller.setLoop({ start: loop.start, end: frame })}
          />
          <button type="button" className="chip" onClick={() => controller.setLoop(null)}>
            Clear loop
          </button>
        </span>
      )}
    </div>
  );
}

/** How often the position follows playback (the slider and time; steps and pauses show at once). */
const PLAYHEAD_REFRESH_MS = 100;

/**
 * The position in whole frames: a slider (arrow keys move one frame) and the time. Native video
 * controls are not used: Chromium's flash a loading spinner over the picture on every seek, which
 * is every step here.
 */
function Scrubber({ controller, snapshot }: { controller: PlayerController; snapshot: PlayerSnapshot }) {
  const rate = controller.frameRate;
  const last = snapshot.lastFrame;
  const [playhead, setPlayhead] = useState(snapshot.frame);

  useEffect(() => {
    if (snapshot.paused) {
      setPlayhead(snapshot.frame);
      return;
    }
    const timer = setInterval(() => setPlayhead(controller.currentFrame()), PLAYHEAD_REFRESH_MS);
    return () => clearInterval(timer);
  }, [controller, snapshot.paused, snapshot.frame]);

  const position = last === null ? playhead : Math.min(playhead, last);
  return (
    <div className="scrubber">
      <input
        type="range"
        className="scrubber__range"
        min={0}
        max={last ?? 0}
        step={1}
        value={position}
        disabled={last === null}
        aria-label="Position"
        aria-valuetext={`Frame ${position}, ${formatFrameTime(position, rate)}`}
        onChange={(event) => {
          const frame = Number(event.target.value);
          setPlayhead(frame);
          controller.seekToFrame(frame);
        }}
      />
      <span className="scrubber__time" data-testid="player-position">
        {formatFrameTime(position, rate)}
        {last !== null && <span className="scrubber__duration"> / {formatFrameTime(last, rate)}</span>}
      </span>
    </div>
  );
}

type CoachControlsProps = {
  controller: PlayerController;
  snapshot: PlayerSnapshot;
  isFullscreen: boolean;
  onToggleFullscreen: () => void;
  onShowShortcuts: () => void;
};

/** The coach's controls under the picture: play, frame steps and read-out, speed, A–B loop, help, fullscreen. */
export function CoachControls({
  controller,
  snapshot,
  isFullscreen,
  onToggleFullscreen,
  onShowShortcuts,
}: CoachControlsProps) {
  const rate = controller.frameRate;
  const share = realTimeShare(rate, snapshot.playbackRate);
  return (
    <div className="coach-controls" data-testid="coach-controls">
      <Scrubber controller={controller} snapshot={snapshot} />
      <div className="coach-controls__group" role="group" aria-label="Frame by frame">
        <button
          type="button"
          className="chip chip--icon"
          aria-label={snapshot.paused ? 'Play' : 'Pause'}
          title={snapshot.paused ? 'Play (Space)' : 'Pause (Space)'}
          onClick={() => controller.togglePlay()}
        >
          {snapshot.paused ? <PlayIcon size={16} /> : <PauseIcon size={16} />}
        </button>
        <button
          type="button"
          className="chip chip--icon"
          aria-label="Previous frame"
          title="Previous frame (, or ←)"
          onClick={() => controller.step(-1)}
        >
          <StepBackIcon size={16} />
        </button>
        <button
          type="button"
          className="chip chip--icon"
          aria-label="Next frame"
          title="Next frame (. or →)"
          onClick={() => controller.step(1)}
        >
          <StepForwardIcon size={16} />
        </button>
        <button
          type="button"
          className="chip chip--icon"
          aria-label={snapshot.muted ? 'Unmute' : 'Mute'}
          aria-pressed={snapshot.muted}
          title={snapshot.muted ? 'Unmute' : 'Mute'}
          onClick={() => controller.setMuted(!snapshot.muted)}
        >
          {snapshot.muted ? <VolumeOffIcon size={16} /> : <VolumeIcon size={16} />}
        </button>
        <span
          className="coach-controls__readout"
          data-testid="player-readout"
          // Announced while paused (each step); not ten times a second while playing.
          aria-live={snapshot.paused ? 'polite' : 'off'}
          aria-atomic="true"
        >
          {snapshot.paused ? (
            <>
              Frame <strong data-testid="player-frame">{snapshot.frame}</strong>{' '}
              <span className="coach-controls__timecode" data-testid="player-timecode">
                {formatFrameTime(snapshot.frame, rate)}
              </span>
            </>
          ) : (
            'Playing'
          )}
        </span>
      </div>

      <div className="coach-controls__group" role="group" aria-label="Playback speed">
        <span className="coach-controls__label" aria-hidden="true">
          Speed
        </span>
        {PLAYBACK_SPEEDS.map((speed) => (
          <button
            key={speed}
            type="button"
            className={speed === snapshot.playbackRate ? 'chip chip--active' : 'chip'}
            aria-pressed={speed === snapshot.playbackRate}
            onClick={() => controller.setPlaybackRate(speed)}
          >
            {formatSpeed(speed)}
          </button>
        ))}
        {share && (
          <span className="coach-controls__hint" data-testid="speed-real-time">
            {share}
          </span>
        )}
      </div>

      <LoopControls controller={controller} snapshot={snapshot} />

      <div className="coach-controls__group coach-controls__tools">
        <span
          className="coach-controls__rate"
          data-testid="player-frame-rate"
          title={controller.frameRateAssumed ? 'The frame rate has not been measured yet' : 'Frames per second'}
        >
          {controller.frameRateAssumed
            ? `Rate not measured: steps of 1/${FALLBACK_FRAME_RATE} s`
            : formatFrameRate(rate)}
        </span>
        <button
          type="button"
          className="chip"
          onClick={onShowShortcuts}
          aria-keyshortcuts="?"
          title="Keyboard shortcuts (?)"
        >
          <KeyboardIcon size={16} />
          <span className="coach-controls__tool-text">Keyboard shortcuts</span>
        </button>
        <button
          type="button"
          className="chip"
          onClick={onToggleFullscreen}
          aria-keyshortcuts="F"
          title={isFullscreen ? 'Exit fullscreen (F or Esc)' : 'Fullscreen (F)'}
        >
          {isFullscreen ? <MinimizeIcon size={16} /> : <MaximizeIcon size={16} />}
          <span className="coach-controls__tool-text">{isFullscreen ? 'Exit fullscreen' : 'Fullscreen'}</span>
        </button>
      </div>
    </div>
  );
}
