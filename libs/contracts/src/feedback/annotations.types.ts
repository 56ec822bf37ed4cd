/**
 * What a coach pins to a piece of feedback: a moment or range of the video (`timecode`) and a
 * drawing over one frame (`drawing`). Points are normalised 0..1 to the picture itself (not the
 * player box), so letterboxing, resizing and fullscreen never move them.
 */

/** Seconds from the start of the video; `end`, when given, is after `start`. Both within the video. */
export interface FeedbackTimecode {
  start: number;
  end?: number;
}

export const DRAWING_SHAPE_TYPES = ['arrow', 'line', 'circle', 'rectangle', 'freehand', 'text', 'angle'] as const;
export type DrawingShapeType = (typeof DRAWING_SHAPE_TYPES)[number];

/** [x, y], each 0..1 of the picture's width and height; [0, 0] is its top-left corner. */
export type DrawingPoint = [number, number];

/**
 * One mark. Points per type:
 * - arrow: [tail, head]; line: [from, to]; rectangle: [corner, opposite corner];
 * - circle: [centre, a point on the rim] (round in the picture's pixels, not in 0..1 units);
 * - angle: [end of first arm, vertex, end of second arm], the degrees measured in the video's pixels;
 * - freehand: the stroke, 2 points or more; text: [anchor], with `label` required.
 * `label` is plain text; `color` is `#rrggbb`.
 */
export interface DrawingShape {
  type: DrawingShapeType;
  points: DrawingPoint[];
  color: string;
  label?: string;
}

/** A drawing over one frame (0-based, of the playback file). */
export interface FeedbackDrawing {
  frame: number;
  shapes: DrawingShape[];
}

export const ANNOTATION_LIMITS = {
  maxShapes: 50,
  /** Summed over every shape of one drawing. */
  maxPoints: 5000,
  /**
   * The drawing's JSON, in UTF-8 bytes, as stored: unknown keys dropped, colours lower-cased,
   * labels trimmed. With every coordinate written out in full (0.123456789…, ~40 bytes a point)
   * this binds long before maxPoints; rounded to 4 decimals (`[0.1234,0.5678],`, 16 bytes) about
   * 2,000 points fit.
   */
  maxDrawingBytes: 32 * 1024,
  maxLabelLength: 80,
  /**
   * The latest time code accepted when the video's duration is unknown (a YouTube link): 24 h.
   * When it is known, the time code must lie within it.
   */
  maxTimecodeSeconds: 24 * 60 * 60,
  /** Points each fixed-size shape has; freehand has 2..maxPoints. */
  pointsPerShape: { arrow: 2, line: 2, rectangle: 2, circle: 2, angle: 3, text: 1 },
} as const;
