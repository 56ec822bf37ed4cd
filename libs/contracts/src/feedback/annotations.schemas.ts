import { z } from 'zod';
import { characterCount } from '../catalog/params.js';
import { hasForbiddenCharacter, isInvisibleText } from '../text/plain-text.js';
import {
  ANNOTATION_LIMITS,
  DRAWING_SHAPE_TYPES,
  type DrawingShape,
  type DrawingShapeType,
  type FeedbackDrawing,
  type FeedbackTimecode,
} from './annotations.types.js';

const { maxShapes, maxPoints, maxDrawingBytes, maxLabelLength, maxTimecodeSeconds, pointsPerShape } = ANNOTATION_LIMITS;

/** What the feedback form shows when a time code or drawing breaks a rule (issue 15, points 2 and 3). */
export const ANNOTATION_MESSAGES = {
  timecodeInvalid: 'Time code must have a start time in seconds',
  timecodeStartInvalid: 'Time code start must be a number of seconds, 0 or more',
  timecodeEndInvalid: 'Time code end must be a number of seconds',
  timecodeEndBeforeStart: 'Time code end must be after its start',
  timecodeBeyondVideo: 'Time code must be within the video',
  drawingInvalid: 'Drawing must have a frame and a list of shapes',
  drawingFrameInvalid: 'Drawing frame must be a whole number, 0 or more',
  drawingFrameBeyondVideo: 'Drawing frame must be within the video',
  drawingOnLinkedVideo: 'Drawings can only be made on uploaded videos, not on YouTube links',
  shapesInvalid: 'Drawing shapes must be a list',
  shapesEmpty: 'A drawing needs at least one shape',
  tooManyShapes: `A drawing can have at most ${maxShapes} shapes`,
  tooManyPoints: `A drawing can have at most ${maxPoints.toLocaleString('en-US')} points`,
  drawingTooLarge: `A drawing must be ${maxDrawingBytes / 1024} KB or less`,
  shapeInvalid: 'Each drawing shape must have a type, points and a color',
  shapeTypeInvalid: `Shape type must be one of ${DRAWING_SHAPE_TYPES.join(', ')}`,
  pointsInvalid: 'Shape points must be a list of [x, y] points',
  pointInvalid: 'Each point must be a pair of numbers [x, y]',
  coordinateOutOfRange: 'Point coordinates must be from 0 to 1',
  pointCount: {
    arrow: 'An arrow must have exactly 2 points',
    line: 'A line must have exactly 2 points',
    rectangle: 'A rectangle must have exactly 2 points',
    circle: 'A circle must have exactly 2 points',
    angle: 'An angle must have exactly 3 points',
    text: 'A text must have exactly 1 point',
    freehand: 'A freehand stroke must have at least 2 points',
  } satisfies Record<DrawingShapeType, string>,
  colorInvalid: 'Shape color must be a hex color like #ff0000',
  labelInvalid: 'Shape label must be text',
  labelTooLong: `Shape label must be ${maxLabelLength} characters or less`,
  labelControlCharacter: 'Shape label must be a single line without control characters',
  textLabelRequired: 'A text shape needs a label',
} as const;
const M = ANNOTATION_MESSAGES;

const COLOR = /^#[0-9a-f]{6}$/i;

/** The drawing's size as the limit counts it: its JSON in UTF-8 bytes. */
export const drawingByteLength = (drawing: FeedbackDrawing): number =>
  new TextEncoder().encode(JSON.stringify(drawing)).length;

/** The points a shape of this type must have, or null for a freehand stroke (2 or more). */
export const requiredPointCount = (type: DrawingShapeType): number | null =>
  type === 'freehand' ? null : pointsPerShape[type];

/** Absent and null both mean "none" (as for every optional field); the output has no null. */
const noneAsUndefined = <T extends z.ZodType>(schema: T) => schema.nullish().transform((value) => value ?? undefined);

const seconds = (message: string) =>
  z.number({ error: message }).min(0, message).max(maxTimecodeSeconds, M.timecodeBeyondVideo);

/**
 * `{ start, end? }` in seconds; `end`, when given, after `start`. Whether both lie within the
 * video is the feedback service's check, which knows the video's duration.
 */
export const feedbackTimecodeSchema = z
  .object(
    {
      start: seconds(M.timecodeStartInvalid),
      end: noneAsUndefined(seconds(M.timecodeEndInvalid)),
    },
    { error: M.timecodeInvalid },
  )
  .superRefine(({ start, end }, ctx) => {
    if (end !== undefined && end <= start)
      ctx.addIssue({ code: 'custom', message: M.timecodeEndBeforeStart, path: ['end'] });
  })
  .transform(({ start, end }): FeedbackTimecode => (end === undefined ? { start } : { start, end }));

const coordinate = z.number({ error: M.pointInvalid }).min(0, M.coordinateOutOfRange).max(1, M.coordinateOutOfRange);

const point = z.tuple([coordinate, coordinate], { error: M.pointInvalid });

/** Plain text on one line, trimmed; blank is no label. */
const label = noneAsUndefined(
  z
    .string({ error: M.labelInvalid })
    .trim()
    .refine((text) => !hasForbiddenCharacter(text, 'single-line'), M.labelControlCharacter)
    .refine((text) => characterCount(text) <= maxLabelLength, M.labelTooLong)
    .transform((text) => (isInvisibleText(text) ? undefined : text)),
);

const shape = z
  .object(
    {
      type: z.enum(DRAWING_SHAPE_TYPES, { error: M.shapeTypeInvalid }),
      // Capped here too, so a huge list is refused before each of its points is looked at.
      points: z.array(point, { error: M.pointsInvalid }).max(maxPoints, M.tooManyPoints),
      color: z.string({ error: M.colorInvalid }).regex(COLOR, M.colorInvalid),
      label,
    },
    { error: M.shapeInvalid },
  )
  .superRefine(({ type, points, label }, ctx) => {
    const required = requiredPointCount(type);
    if (required === null ? points.length < 2 : points.length !== required)
      ctx.addIssue({ code: 'custom', message: M.pointCount[type], path: ['points'] });
    if (type === 'text' && label === undefined)
      ctx.addIssue({ code: 'custom', message: M.textLabelRequired, path: ['label'] });
  })
  .transform(({ type, points, color, label }): DrawingShape => ({
    type,
    points,
    // One spelling stored, so equal drawings compare equal.
    color: color.toLowerCase(),
    ...(label === undefined ? {} : { label }),
  }));

/**
 * `{ frame, shapes }`: known shape types with their exact number of points, every coordinate
 * within [0, 1], `#rrggbb` colours, plain single-line labels. Unknown keys are dropped, as in
 * every request body; the limits (shapes, points in all, bytes) are counted on what is kept,
 * which is what is stored and served. Whether the frame exists, and whether the video is a file
 * one can draw on, is the feedback service's check.
 */
export const feedbackDrawingSchema = z
  .object(
    {
      frame: z.number({ error: M.drawingFrameInvalid }).int(M.drawingFrameInvalid).min(0, M.drawingFrameInvalid),
      shapes: z.array(shape, { error: M.shapesInvalid }).min(1, M.shapesEmpty).max(maxShapes, M.tooManyShapes),
    },
    { error: M.drawingInvalid },
  )
  .transform((drawing): FeedbackDrawing => ({ frame: drawing.frame, shapes: drawing.shapes }))
  .superRefine((drawing, ctx) => {
    const points = drawing.shapes.reduce((sum, { points }) => sum + points.length, 0);
    if (points > maxPoints) ctx.addIssue({ code: 'custom', message: M.tooManyPoints, path: ['shapes'] });
    else if (drawingByteLength(drawing) > maxDrawingBytes) ctx.addIssue({ code: 'custom', message: M.drawingTooLarge });
  });

/** The optional annotation fields of a feedback: absent or null means none. */
export const optionalTimecodeSchema = noneAsUndefined(feedbackTimecodeSchema);
export const optionalDrawingSchema = noneAsUndefined(feedbackDrawingSchema);
