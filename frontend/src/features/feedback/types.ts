/** What the feedback section may do with the page's file player (time-coded feedback). */
export type FeedbackPlayer = {
  /** Jumps to the moment and plays from there. */
  seek: (seconds: number) => void;
  /** Where playback is now, in seconds. */
  currentTime: () => number;
  /** The video's length in seconds when known; later time codes stay plain text. */
  duration: number | null;
};
