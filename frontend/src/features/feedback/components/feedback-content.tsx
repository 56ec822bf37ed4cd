import { Fragment, useMemo } from 'react';
import { PlayIcon } from '@/components/ui/icons';
import type { FeedbackPlayer } from '@/features/feedback/types';
import { splitTimestamps } from '@/features/feedback/utils/timestamps';
import '@/features/feedback/feedback.css';

/** Feedback text; on a file video each time code ("0:42") plays the video from that moment. */
export function FeedbackContent({
  content,
  player,
  className,
}: {
  content: string;
  player: FeedbackPlayer | null;
  className?: string;
}) {
  const duration = player?.duration ?? null;
  // A whole-second duration may be rounded down; the last second still counts.
  const segments = useMemo(
    () => (player ? splitTimestamps(content, { maxSeconds: duration === null ? null : Math.ceil(duration) }) : null),
    [content, player, duration],
  );

  if (!player || !segments) return <p className={className}>{content}</p>;
  return (
    <p className={className}>
      {segments.map((segment, index) =>
        // Segments never move, so their position identifies them.
        segment.kind === 'text' ? (
          <Fragment key={index}>{segment.text}</Fragment>
        ) : (
          <button
            key={index}
            type="button"
            className="timestamp-link"
            data-testid="feedback-timestamp"
            aria-label={`Play the video from ${segment.text}`}
            onClick={() => player.seek(segment.seconds)}
          >
            <PlayIcon size={11} />
            {segment.text}
          </button>
        ),
      )}
    </p>
  );
}
