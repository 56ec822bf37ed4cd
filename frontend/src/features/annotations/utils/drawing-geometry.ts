import {
  ANNOTATION_LIMITS,
  type DrawingPoint,
  type DrawingShape,
  type DrawingShapeType,
  type FeedbackDrawing,
} from '@app/contracts';

export type Size = { width: number; height: number };
/** A rectangle in CSS pixels; x and y from the top-left of whatever box it is measured in. */
export type Rect = Size & { x: number; y: number };
export type BoxPoint = [number, number];

/** How a replaced element (a video, an image) draws its picture in its box; browsers default video to 'contain'. */
export type PictureFit = 'contain' | 'cover' | 'fill';

/**
 * Where the picture lands inside a box: centred, scaled uniformly to fit ('contain', leaving bars
 * above and below or at the sides), to fill ('cover', cropped) or stretched ('fill'). Null while
 * either size is unknown (a video before its metadata).
 */
export function pictureRectIn(box: Size, picture: Size, fit: PictureFit = 'contain'): Rect | null {
  if (!(box.width > 0 && box.height > 0 && picture.width > 0 && picture.height > 0)) return null;
  if (fit === 'fill') return { x: 0, y: 0, width: box.width, height: box.height };
  const scaleX = box.width / picture.width;
  const scaleY = box.height / picture.height;
  const scale = fit === 'contain' ? Math.min(scaleX, scaleY) : Math.max(scaleX, scaleY);
  const width = picture.width * scale;
  const height = picture.height * scale;
  return { x: (box.width - width) / 2, y: (box.height - height) / 2, width, height };
}

export const clampUnit = (value: number): number => (value <= 0 ? 0 : value >= 1 ? 1 : value);

/**
 * Four decimals: at most 0.05 ‰ of the picture, a tenth of a pixel even on a 2,000-pixel-wide
 * screen, and it keeps a point's JSON short so long strokes stay inside the size limit.
 */
export const roundCoordinate = (value: number): number => Math.round(value * 10_000) / 10_000;

/** A point in the box's pixels → 0..1 of the picture, clamped onto the picture (a drag may leave it). */
export function boxToPicture([x, y]: BoxPoint, picture: Rect): DrawingPoint {
  return [clampUnit((x - picture.x) / picture.width), clampUnit((y - picture.y) / picture.height)];
}

/**
 * A point as seen in a horizontally mirrored picture (and back: mirroring twice is the identity).
 * Drawings are stored against the picture as recorded, so a mirrored view flips what it shows and
 * what the pointer gives.
 */
export const mirrorPoint = ([x, y]: DrawingPoint): DrawingPoint => [1 - x, y];

/** Shapes as they lie over a mirrored picture. Text stays readable: only its anchor moves. */
export const mirrorShapes = (shapes: DrawingShape[]): DrawingShape[] =>
  shapes.map((shape) => ({ ...shape, points: shape.points.map(mirrorPoint) }));

/** 0..1 of the picture → the box's pixels. */
export function pictureToBox([x, y]: DrawingPoint, picture: Rect): BoxPoint {
  return [picture.x + x * picture.width, picture.y + y * picture.height];
}

/** A point in the picture's own pixels (of the video, or of the rectangle it is shown in). */
const inPixels = ([x, y]: DrawingPoint, size: Size): BoxPoint => [x * size.width, y * size.height];

/** Distance between two normalised points, in the pixels of a picture of this size. */
export function pictureDistance(from: DrawingPoint, to: DrawingPoint, size: Size): number {
  const [ax, ay] = inPixels(from, size);
  const [bx, by] = inPixels(to, size);
  return Math.hypot(bx - ax, by - ay);
}

/**
 * A circle's radius in the pixels of a picture of this size: the rim point's distance from the
 * centre measured in pixels, so the circle stays round whatever the picture's aspect ratio.
 */
export const circleRadius = (centre: DrawingPoint, rim: DrawingPoint, size: Size): number =>
  pictureDistance(centre, rim, size);

/**
 * The angle at `vertex` between the arms to `first` and `second`, 0..180 degrees, measured in
 * the video's pixels (normalised units would bend it whenever the picture is not square).
 * Null while an arm has no length.
 */
export function angleDegrees(first: DrawingPoint, vertex: DrawingPoint, second: DrawingPoint, video: Size) {
  const [vx, vy] = inPixels(vertex, video);
  const [ax, ay] = inPixels(first, video);
  const [bx, by] = inPixels(second, video);
  const ux = ax - vx;
  const uy = ay - vy;
  const wx = bx - vx;
  const wy = by - vy;
  if ((ux === 0 && uy === 0) || (wx === 0 && wy === 0)) return null;
  // atan2 of the cross and dot products stays exact near 0° and 180°, where acos does not.
  return (Math.atan2(Math.abs(ux * wy - uy * wx), ux * wx + uy * wy) * 180) / Math.PI;
}

/** "37.0°": the read-out's one decimal. */
export const formatDegrees = (degrees: number): string => `${degrees.toFixed(1)}°`;

/** The perpendicular distance from p to the segment a–b (all in the same pixels). */
function distanceToSegment(p: BoxPoint, a: BoxPoint, b: BoxPoint): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const lengthSquared = dx * dx + dy * dy;
  if (lengthSquared === 0) return Math.hypot(p[0] - a[0], p[1] - a[1]);
  const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / lengthSquared));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

/**
 * Ramer–Douglas–Peucker: drops the points of a stroke that lie within `tolerance` pixels (of a
 * picture of this size) of the line through their neighbours. Keeps the ends, so never fewer than
 * 2 points from 2 or more.
 */
export function simplifyStroke(points: DrawingPoint[], tolerance: number, size: Size): DrawingPoint[] {
  if (points.length <= 2 || tolerance <= 0) return points.slice();
  const pixels = points.map((point) => inPixels(point, size));
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  // An explicit stack: a long stroke would overflow a recursive one.
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [start, end] = stack.pop()!;
    let farthest = -1;
    let farthestDistance = tolerance;
    for (let index = start + 1; index < end; index += 1) {
      const distance = distanceToSegment(pixels[index]!, pixels[start]!, pixels[end]!);
      if (distance > farthestDistance) {
        farthest = index;
        farthestDistance = distance;
      }
    }
    if (farthest !== -1) {
      keep[farthest] = 1;
      stack.push([start, farthest], [farthest, end]);
    }
  }
  return points.filter((_, index) => keep[index] === 1);
}

export const drawingPointCount = (drawing: FeedbackDrawing): number =>
  drawing.shapes.reduce((sum, shape) => sum + shape.points.length, 0);

/** The drawing's JSON in UTF-8 bytes, as the limit counts it. */
export const drawingBytes = (drawing: FeedbackDrawing): number =>
  new TextEncoder().encode(JSON.stringify(drawing)).length;

export function fitsAnnotationLimits(drawing: FeedbackDrawing): boolean {
  return (
    drawing.shapes.length <= ANNOTATION_LIMITS.maxShapes &&
    drawingPointCount(drawing) <= ANNOTATION_LIMITS.maxPoints &&
    drawingBytes(drawing) <= ANNOTATION_LIMITS.maxDrawingBytes
  );
}

const roundPoint = ([x, y]: DrawingPoint): DrawingPoint => [
  roundCoordinate(clampUnit(x)),
  roundCoordinate(clampUnit(y)),
];

/** Freehand tolerances tried in turn, in the video's pixels: from invisible to coarse. */
const STROKE_TOLERANCES = [0, 0.5, 1, 2, 3, 5, 8, 12, 20, 32];

/**
 * The drawing as it is sent: coordinates clamped and rounded, and its freehand strokes simplified
 * no more than needed to respect the limits (shapes, points, bytes). Null when even the coarsest
 * simplification does not fit (too many shapes, or too much text).
 */
export function fitDrawingToLimits(drawing: FeedbackDrawing, video: Size): FeedbackDrawing | null {
  if (drawing.shapes.length > ANNOTATION_LIMITS.maxShapes) return null;
  const rounded = drawing.shapes.map((shape) => ({ ...shape, points: shape.points.map(roundPoint) }));
  for (const tolerance of STROKE_TOLERANCES) {
    const candidate: FeedbackDrawing = {
      frame: drawing.frame,
      shapes: rounded.map((shape) =>
        shape.type === 'freehand' ? { ...shape, points: simplifyStroke(shape.points, tolerance, video) } : shape,
      ),
    };
    if (fitsAnnotationLimits(candidate)) return candidate;
  }
  return null;
}

/** Points a finished shape of each type has (freehand: 2 or more). */
export function hasValidPointCount(type: DrawingShapeType, count: number): boolean {
  if (type === 'freehand') return count >= 2;
  return count === ANNOTATION_LIMITS.pointsPerShape[type];
}

/** Whether a shape is worth keeping: a drag of a few pixels (a stray tap) is not a shape. */
export function isMeaningfulShape(shape: DrawingShape, picture: Size, minimumPixels = 3): boolean {
  if (!hasValidPointCount(shape.type, shape.points.length)) return false;
  const [first, second] = shape.points as [DrawingPoint, DrawingPoint];
  switch (shape.type) {
    case 'text':
      return Boolean(shape.label?.trim());
    case 'angle':
      return angleDegrees(shape.points[0]!, shape.points[1]!, shape.points[2]!, picture) !== null;
    case 'freehand': {
      let length = 0;
      for (let index = 1; index < shape.points.length; index += 1) {
        length += pictureDistance(shape.points[index - 1]!, shape.points[index]!, picture);
      }
      return length >= minimumPixels;
    }
    case 'rectangle':
      return (
        Math.abs(second[0] - first[0]) * picture.width >= minimumPixels &&
        Math.abs(second[1] - first[1]) * picture.height >= minimumPixels
      );
    case 'arrow':
    case 'line':
    case 'circle':
      return pictureDistance(first, second, picture) >= minimumPixels;
  }
}
