import type { FeedbackDrawing, FeedbackTimecode } from '@app/contracts';
import type { ReactNode } from 'react';

/** What the feedback section may do with the page's file player (time-coded feedback). */
export type FeedbackPlayer = {
  /** Jumps to the moment and plays from there (an `m:ss` in the text). */
  seek: (seconds: number) => void;
  /** Where playback is now, in seconds. */
  currentTime: () => number;
  /** The video's length in seconds when known; later time codes stay plain text. */
  duration: number | null;
  /** Tells when what the player shows changes (its loop, for "Use loop"). */
  subscribe: (listener: () => void) => () => void;
  /** Whether an A–B loop is set. */
  hasLoop: () => boolean;
  /** The frame on screen as a time code (`{ start }`), pausing on it if it was playing. */
  currentFrameTimecode: () => FeedbackTimecode;
  /** The A–B loop as a time code (`{ start, end }`), or null without one. */
  loopTimecode: () => FeedbackTimecode | null;
  /**
   * Shows a time code: seeks to its frame; for a range, also sets it as the loop and plays it.
   * The player comes into view unless `reveal` is false (a link to a feedback keeps the page there).
   */
  showTimecode: (timecode: FeedbackTimecode, options?: { reveal?: boolean }) => void;
  /** A time as the player shows it, `m:ss.ff`. */
  formatTime: (seconds: number) => string;
};

/**
 * A drawing over one frame that goes with the next feedback (composed by the route from the
 * drawing tools, which this feature does not know).
 */
export type FeedbackDrawingAttachment = {
  /** Sent with the feedback when present. */
  drawing: FeedbackDrawing | null;
  /** The page's control to add, edit or remove it, shown in the form. */
  control: ReactNode;
  /** The feedback carrying it was posted: the page lets it go. */
  onPosted: () => void;
};
