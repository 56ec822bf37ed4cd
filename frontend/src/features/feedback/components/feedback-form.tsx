import { createFeedbackBodySchema, FEEDBACK_LIMITS, type FeedbackTimecode } from '@app/contracts';
import { useId, useLayoutEffect, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { ClockIcon, CloseIcon, FilmIcon, RepeatIcon } from '@/components/ui/icons';
import { toast } from '@/components/ui/toast';
import { useCreateFeedback } from '@/features/feedback/api/create-feedback';
import type { FeedbackDrawingAttachment, FeedbackPlayer } from '@/features/feedback/types';
import { feedbackFailureNotice } from '@/features/feedback/utils/feedback-errors';
import { formatTimecode } from '@/features/feedback/utils/timecode';
import { formatTimestamp, insertAtSelection } from '@/features/feedback/utils/timestamps';
import { getServerMessage, isUnauthorizedError } from '@/lib/api-client';
import '@/features/feedback/feedback.css';

type FeedbackFormProps = {
  videoId: number;
  /** The file player, for "Insert current time" and time codes; null on a YouTube video. */
  player: FeedbackPlayer | null;
  /** A drawing over a frame to send along, with its control; absent where drawing is not possible. */
  drawing?: FeedbackDrawingAttachment;
  onCreated?: () => void;
};

const NO_SUBSCRIPTION = () => () => undefined;
const NO_LOOP = () => false;

/** Whether the player has an A–B loop now (for "Use loop"). */
function usePlayerHasLoop(player: FeedbackPlayer | null): boolean {
  return useSyncExternalStore(player?.subscribe ?? NO_SUBSCRIPTION, player?.hasLoop ?? NO_LOOP);
}

/** Written feedback on someone else's video: at most 500 characters, never blank (spec section 5). */
export function FeedbackForm({ videoId, player, drawing, onCreated }: FeedbackFormProps) {
  const id = useId();
  const input = useRef<HTMLTextAreaElement>(null);
  const pendingCursor = useRef<number | null>(null);
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [posted, setPosted] = useState(false);
  /** The frame or range this feedback is pinned to, sent with it. */
  const [timecode, setTimecode] = useState<FeedbackTimecode | null>(null);
  const hasLoop = usePlayerHasLoop(player);
  const create = useCreateFeedback(videoId);

  // After an insertion, the caret goes right after the inserted time, ready to keep writing.
  useLayoutEffect(() => {
    const cursor = pendingCursor.current;
    if (cursor === null || !input.current) return;
    pendingCursor.current = null;
    input.current.focus();
    input.current.setSelectionRange(cursor, cursor);
  }, [content]);

  const change = (next: string) => {
    setContent(next);
    setPosted(false);
    // Once shown, a message follows the edits (and goes once the text is fine).
    if (error) {
      const result = createFeedbackBodySchema.safeParse({ content: next });
      setError(result.success ? null : (result.error.issues[0]?.message ?? null));
    }
  };

  const insertCurrentTime = () => {
    const element = input.current;
    if (!player || !element) return;
    const inserted = insertAtSelection(
      content,
      { start: element.selectionStart, end: element.selectionEnd },
      formatTimestamp(player.currentTime()),
      FEEDBACK_LIMITS.contentMax,
    );
    if (!inserted) {
      setError(`Feedback must be ${FEEDBACK_LIMITS.contentMax} characters or less`);
      return;
    }
    pendingCursor.current = inserted.cursor;
    change(inserted.value);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const result = createFeedbackBodySchema.safeParse({ content });
    if (!result.success) {
      setError(result.error.issues[0]?.message ?? 'Please provide feedback content');
      input.current?.focus();
      return;
    }
    setError(null);
    const attached = drawing?.drawing ?? null;
    create.mutate(
      { ...result.data, ...(timecode ? { timecode } : {}), ...(attached ? { drawing: attached } : {}) },
      {
        onSuccess: () => {
          setContent('');
          setTimecode(null);
          setPosted(true);
          if (attached) drawing?.onPosted();
          onCreated?.();
        },
        onError: (failure) => {
          // The API client has already reported an ended session.
          if (isUnauthorizedError(failure)) return;
          toast({ ...feedbackFailureNotice('submit', getServerMessage(failure)), variant: 'destructive' });
        },
      },
    );
  };

  const pinLoop = () => {
    const loop = player?.loopTimecode() ?? null;
    if (loop) setTimecode(loop);
  };

  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const timecodeText = timecode ? formatTimecode(timecode, player?.formatTime) : null;
  return (
    <form className="feedback-form" data-testid="feedback-form" noValidate onSubmit={onSubmit}>
      <label htmlFor={id} className="field__label">
        Your feedback
      </label>
      <textarea
        ref={input}
        id={id}
        name="content"
        rows={4}
        className="field__control field__control--textarea feedback-form__input"
        data-testid="feedback-input"
        maxLength={FEEDBACK_LIMITS.contentMax}
        placeholder={
          drawing?.drawing
            ? 'A short comment to go with your drawing.'
            : player
              ? 'What works, and what could be better? Mention a moment like 0:42 and it becomes a link.'
              : 'What works, and what could be better? Be specific and kind.'
        }
        value={content}
        onChange={(event) => change(event.target.value)}
        disabled={create.isPending}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : player ? hintId : undefined}
      />
      <div className="field__meta">
        <div>
          {error ? (
            <p id={errorId} className="field__error" data-testid="feedback-error">
              {error}
            </p>
          ) : (
            player && (
              <p id={hintId} className="field__hint">
                Times like 1:05 turn into links to that moment of the video.
              </p>
            )
          )}
        </div>
        <div className="field__aside">
          <span data-testid="feedback-counter">
            {content.length}/{FEEDBACK_LIMITS.contentMax}
          </span>
        </div>
      </div>
      {timecode && timecodeText && (
        <div className="feedback-form__timecode">
          <span className="field__hint">Pinned to</span>
          <span className="timecode-chip timecode-chip--static" data-testid="feedback-form-timecode">
            {timecode.end === undefined ? <FilmIcon size={13} /> : <RepeatIcon size={13} />}
            {timecodeText}
            <button
              type="button"
              className="timecode-chip__remove"
              aria-label={`Remove time code ${timecodeText}`}
              onClick={() => setTimecode(null)}
              disabled={create.isPending}
            >
              <CloseIcon size={12} />
            </button>
          </span>
        </div>
      )}
      {drawing?.control}
      <div className="feedback-form__actions">
        {player && (
          <div className="feedback-form__tools" role="group" aria-label="Time codes">
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              data-testid="insert-current-time"
              onClick={insertCurrentTime}
              disabled={create.isPending}
            >
              <ClockIcon size={16} />
              Insert current time
            </button>
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              data-testid="use-current-frame"
              title="Pin this feedback to the frame on screen"
              onClick={() => setTimecode(player.currentFrameTimecode())}
              disabled={create.isPending}
            >
              <FilmIcon size={16} />
              Use current frame
            </button>
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              data-testid="use-loop"
              title={hasLoop ? 'Pin this feedback to the A–B loop' : 'Set an A–B loop on the player first ([ and ])'}
              onClick={pinLoop}
              disabled={create.isPending || !hasLoop}
            >
              <RepeatIcon size={16} />
              Use loop
            </button>
          </div>
        )}
        <button
          type="submit"
          className="btn btn--primary btn--sm"
          data-testid="feedback-submit"
          disabled={create.isPending}
        >
          {create.isPending ? 'Submitting...' : 'Submit Feedback'}
        </button>
      </div>
      <p className="visually-hidden" role="status">
        {posted ? 'Your feedback was posted.' : ''}
      </p>
    </form>
  );
}
