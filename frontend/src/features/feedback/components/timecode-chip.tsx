import type { FeedbackTimecode } from '@app/contracts';
import { FilmIcon, RepeatIcon } from '@/components/ui/icons';
import type { FeedbackPlayer } from '@/features/feedback/types';
import { formatTimecode, isRange } from '@/features/feedback/utils/timecode';
import '@/features/feedback/feedback.css';

/**
 * The moment or range a feedback is pinned to. With a file player it is a button: a moment
 * shows its frame; a range becomes the player's loop and plays.
 */
export function TimecodeChip({ timecode, player }: { timecode: FeedbackTimecode; player: FeedbackPlayer | null }) {
  const range = isRange(timecode);
  const text = formatTimecode(range ? timecode : { start: timecode.start }, player?.formatTime);
  if (!player) {
    return (
      <span className="timecode-chip timecode-chip--static" data-testid="feedback-timecode">
        {text}
      </span>
    );
  }
  return (
    <button
      type="button"
      className="timecode-chip"
      data-testid="feedback-timecode"
      aria-label={range ? `Loop ${text}` : `Go to ${text}`}
      title={range ? 'Loop this range in the player' : 'Show this frame in the player'}
      onClick={() => player.showTimecode(range ? timecode : { start: timecode.start })}
    >
      {range ? <RepeatIcon size={13} /> : <FilmIcon size={13} />}
      {text}
    </button>
  );
}
