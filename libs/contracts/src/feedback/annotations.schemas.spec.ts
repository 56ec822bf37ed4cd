import { describe, expect, it } from '@jest/globals';
import { ANNOTATION_MESSAGES as M, drawingByteLength } from './annotations.schemas.js';
import { ANNOTATION_LIMITS, type DrawingShape, type FeedbackDrawing } from './annotations.types.js';
import { createFeedbackBodySchema, createFeedbackMessageSchema, FEEDBACK_MESSAGES } from './feedback.schemas.js';

const body = (fields: Record<string, unknown>) => ({ content: 'Elbow up here', ...fields });
const parse = (fields: Record<string, unknown>) => createFeedbackBodySchema.safeParse(body(fields));
const messageOf = (fields: Record<string, unknown>) => {
  const result = parse(fields);
  return result.success ? null : result.error.issues[0]!.message;
};

const arrow: DrawingShape = {
  type: 'arrow',
  points: [
    [0.1, 0.2],
    [0.3, 0.4],
  ],
  color: '#ff0000',
};
/** One shape of every type, with the points each must have. */
const EVERY_TYPE: DrawingShape[] = [
  arrow,
  {
    type: 'line',
    points: [
      [0, 0],
      [1, 1],
    ],
    color: '#00ff00',
  },
  {
    type: 'circle',
    points: [
      [0.5, 0.5],
      [0.6, 0.5],
    ],
    color: '#0000ff',
  },
  {
    type: 'rectangle',
    points: [
      [0.25, 0.25],
      [0.75, 0.5],
    ],
    color: '#123abc',
  },
  {
    type: 'freehand',
    points: [
      [0.1, 0.1],
      [0.12, 0.15],
      [0.2, 0.3],
    ],
    color: '#ffffff',
  },
  { type: 'text', points: [[0.4, 0.9]], color: '#000000', label: 'Knee over toe 👍' },
  {
    type: 'angle',
    points: [
      [0.2, 0.8],
      [0.5, 0.5],
      [0.8, 0.8],
    ],
    color: '#fa8072',
    label: 'hip',
  },
];
const drawing = (shapes: unknown[] = [arrow], frame: unknown = 12) => ({ frame, shapes });
const withShape = (fields: Record<string, unknown>) => ({ drawing: drawing([{ ...arrow, ...fields }]) });
const freehand = (points: number, coordinate: (i: number) => number = () => 0.5) => ({
  type: 'freehand',
  color: '#ff0000',
  points: Array.from({ length: points }, (_, i) => [coordinate(i), coordinate(i + 1)]),
});

describe('the feedback body with a time code and a drawing', () => {
  it('keeps a time code and a drawing of every type exactly as given', () => {
    const given = { timecode: { start: 1.25, end: 3.5 }, drawing: drawing(EVERY_TYPE, 37) };
    expect(createFeedbackBodySchema.parse(body(given))).toEqual({ content: 'Elbow up here', ...given });
  });

  it('takes absent and null as none, and a time code without an end as a moment', () => {
    for (const none of [{}, { timecode: null, drawing: null }, { timecode: undefined, drawing: undefined }]) {
      const parsed = createFeedbackBodySchema.parse(body(none));
      expect([parsed.timecode, parsed.drawing]).toEqual([undefined, undefined]);
    }
    for (const end of [undefined, null]) {
      const parsed = createFeedbackBodySchema.parse(body({ timecode: { start: 0, end } }));
      expect(parsed.timecode).toStrictEqual({ start: 0 });
    }
  });

  it('still needs content of 1 to 500 characters: a drawing comes with a short comment', () => {
    expect(createFeedbackBodySchema.safeParse({ content: 'Here', drawing: drawing() }).success).toBe(true);
    expect(createFeedbackBodySchema.safeParse({ content: 'x', timecode: { start: 2 } }).success).toBe(true);
    for (const content of [undefined, '', '   ']) {
      const result = createFeedbackBodySchema.safeParse({ content, drawing: drawing(), timecode: { start: 1 } });
      expect(result.success ? null : result.error.issues[0]!.message).toBe(FEEDBACK_MESSAGES.contentRequired);
    }
    const long = createFeedbackBodySchema.safeParse({ content: 'x'.repeat(501), drawing: drawing() });
    expect(long.success ? null : long.error.issues[0]!.message).toBe(FEEDBACK_MESSAGES.contentTooLong);
  });

  it('drops unknown keys at every level, as every request body does, and stores colours in one spelling', () => {
    const parsed = createFeedbackBodySchema.parse(
      body({
        timecode: { start: 1, end: 2, loop: true },
        drawing: { frame: 3, zoom: 2, shapes: [{ ...arrow, color: '#FFaa00', width: 4, points: arrow.points }] },
      }),
    );
    expect(parsed.timecode).toStrictEqual({ start: 1, end: 2 });
    expect(parsed.drawing).toStrictEqual({ frame: 3, shapes: [{ ...arrow, color: '#ffaa00' }] });
  });

  it('is checked again on the message the feedback service receives', () => {
    const message = {
      videoId: 4,
      actor: { id: '0d4f8a9e-1111-4c3b-9a7e-2b5f0c1d2e3f', isAdmin: false },
      content: 'Look',
      timecode: { start: 2, end: 1 },
    };
    const result = createFeedbackMessageSchema.safeParse(message);
    expect(result.success ? null : result.error.issues[0]!.message).toBe(M.timecodeEndBeforeStart);
  });
});

describe('time codes', () => {
  it('are seconds from 0, with an end after the start', () => {
    expect(parse({ timecode: { start: 0, end: 0.04 } }).data?.timecode).toEqual({ start: 0, end: 0.04 });
    expect(parse({ timecode: { start: 119.96 } }).data?.timecode).toEqual({ start: 119.96 });
  });

  it.each([
    ['a string', 'x', M.timecodeInvalid],
    ['a number', 3, M.timecodeInvalid],
    ['a list', [1, 2], M.timecodeInvalid],
    ['no start', { end: 3 }, M.timecodeStartInvalid],
    ['a start in a string', { start: '1' }, M.timecodeStartInvalid],
    ['a start before 0', { start: -0.5 }, M.timecodeStartInvalid],
    ['a start of Infinity', { start: Infinity }, M.timecodeStartInvalid],
    ['a start of NaN', { start: NaN }, M.timecodeStartInvalid],
    ['a start past a day', { start: ANNOTATION_LIMITS.maxTimecodeSeconds + 1 }, M.timecodeBeyondVideo],
    ['an end in a string', { start: 1, end: '2' }, M.timecodeEndInvalid],
    ['an end equal to the start', { start: 1, end: 1 }, M.timecodeEndBeforeStart],
    ['an end before the start', { start: 2, end: 1.5 }, M.timecodeEndBeforeStart],
  ])('refuses %s', (_, timecode, message) => {
    expect(messageOf({ timecode })).toBe(message);
  });
});

describe('drawings', () => {
  it.each([
    ['a string', 'arrow', M.drawingInvalid],
    ['a list', [arrow], M.drawingInvalid],
    ['no frame', { shapes: [arrow] }, M.drawingFrameInvalid],
    ['a frame in a string', drawing([arrow], '3'), M.drawingFrameInvalid],
    ['a negative frame', drawing([arrow], -1), M.drawingFrameInvalid],
    ['a fractional frame', drawing([arrow], 2.5), M.drawingFrameInvalid],
    ['an unsafe frame', drawing([arrow], 2 ** 53), M.drawingFrameInvalid],
    ['no shapes', { frame: 1 }, M.shapesInvalid],
    ['shapes that are not a list', { frame: 1, shapes: { 0: arrow } }, M.shapesInvalid],
    ['an empty list of shapes', drawing([]), M.shapesEmpty],
    ['51 shapes', drawing(Array.from({ length: 51 }, () => arrow)), M.tooManyShapes],
  ])('refuses %s', (_, given, message) => {
    expect(messageOf({ drawing: given })).toBe(message);
  });

  it('takes up to 50 shapes', () => {
    expect(parse({ drawing: drawing(Array.from({ length: 50 }, () => arrow)) }).success).toBe(true);
  });

  it.each([
    ['null', null, M.shapeInvalid],
    ['a string', 'arrow', M.shapeInvalid],
    ['a list', [arrow.points], M.shapeInvalid],
    ['an unknown type', { ...arrow, type: 'star' }, M.shapeTypeInvalid],
    ['a type in capitals', { ...arrow, type: 'Arrow' }, M.shapeTypeInvalid],
    ['no type', { points: arrow.points, color: '#ff0000' }, M.shapeTypeInvalid],
    ['no points', { type: 'line', color: '#ff0000' }, M.pointsInvalid],
    ['points that are not a list', { ...arrow, points: '0.1,0.2 0.3,0.4' }, M.pointsInvalid],
    ['no color', { type: 'line', points: arrow.points }, M.colorInvalid],
  ])('refuses a shape that is %s', (_, shape, message) => {
    expect(messageOf({ drawing: drawing([arrow, shape]) })).toBe(message);
  });

  it('needs the exact number of points of each type, and two or more for freehand', () => {
    const point = [0.5, 0.5];
    const counts = { arrow: 2, line: 2, circle: 2, rectangle: 2, angle: 3, text: 1 } as const;
    for (const [type, count] of Object.entries(counts)) {
      const shape = (n: number) => ({
        type,
        color: '#ff0000',
        label: 'L',
        points: Array.from({ length: n }, () => point),
      });
      expect({ type, ok: parse({ drawing: drawing([shape(count)]) }).success }).toEqual({ type, ok: true });
      for (const wrong of [0, count - 1, count + 1].filter((n) => n >= 0 && n !== count)) {
        expect({ type, wrong, message: messageOf({ drawing: drawing([shape(wrong)]) }) }).toEqual({
          type,
          wrong,
          message: M.pointCount[type as keyof typeof counts],
        });
      }
    }
    expect(messageOf({ drawing: drawing([freehand(1)]) })).toBe(M.pointCount.freehand);
    expect(messageOf({ drawing: drawing([freehand(0)]) })).toBe(M.pointCount.freehand);
    expect(parse({ drawing: drawing([freehand(2)]) }).success).toBe(true);
  });

  it.each([
    ['a single number', [0.5], M.pointInvalid],
    ['three numbers', [0.5, 0.5, 0.5], M.pointInvalid],
    ['an object', { x: 0.5, y: 0.5 }, M.pointInvalid],
    ['a string', '0.5,0.5', M.pointInvalid],
    ['null', null, M.pointInvalid],
    ['numbers in strings', ['0.5', '0.5'], M.pointInvalid],
    ['NaN as a string', ['NaN', 0.5], M.pointInvalid],
    ['Infinity as a string', [0.5, 'Infinity'], M.pointInvalid],
    ['a null coordinate', [0.5, null], M.pointInvalid],
    ['a nested list', [[0.5], [0.5]], M.pointInvalid],
    ['NaN', [NaN, 0.5], M.pointInvalid],
    ['Infinity', [0.5, Infinity], M.pointInvalid],
    ['a coordinate below 0', [-0.001, 0.5], M.coordinateOutOfRange],
    ['a coordinate above 1', [0.5, 1.0001], M.coordinateOutOfRange],
    ['a coordinate in pixels', [640, 360], M.coordinateOutOfRange],
  ])('refuses a point that is %s', (_, point, message) => {
    expect(messageOf(withShape({ points: [[0.1, 0.1], point] }))).toBe(message);
  });

  it('takes the picture’s edges and corners', () => {
    expect(
      parse(
        withShape({
          points: [
            [0, 0],
            [1, 1],
          ],
        }),
      ).success,
    ).toBe(true);
    expect(
      parse(
        withShape({
          points: [
            [0, 1],
            [1, 0],
          ],
        }),
      ).success,
    ).toBe(true);
  });

  it.each([
    ['a colour name', 'red'],
    ['a short hex colour', '#f00'],
    ['hex with alpha', '#ff0000ff'],
    ['hex without #', 'ff0000'],
    ['a non-hex digit', '#ff00g0'],
    ['an rgb() colour', 'rgb(255, 0, 0)'],
    ['a number', 0xff0000],
    ['null', null],
    ['surrounding spaces', ' #ff0000'],
  ])('refuses a colour that is %s', (_, color) => {
    expect(messageOf(withShape({ color }))).toBe(M.colorInvalid);
  });

  it('takes labels as plain text on one line: trimmed, at most 80 characters', () => {
    const shapes = parse(
      withShape({ type: 'text', points: [[0.5, 0.5]], label: `  ${'🎾'.repeat(ANNOTATION_LIMITS.maxLabelLength)}  ` }),
    ).data?.drawing?.shapes;
    expect(shapes).toEqual([{ type: 'text', points: [[0.5, 0.5]], color: '#ff0000', label: '🎾'.repeat(80) }]);
    // A blank label on a shape that does not need one is no label.
    expect(parse(withShape({ label: ' \u200b ' })).data?.drawing?.shapes).toStrictEqual([arrow]);
    expect(parse(withShape({ label: null })).data?.drawing?.shapes).toStrictEqual([arrow]);
  });

  it.each([
    ['too long', 'x'.repeat(81), M.labelTooLong],
    ['a line break', 'knee\nangle', M.labelControlCharacter],
    ['a tab', 'knee\tangle', M.labelControlCharacter],
    ['NUL', 'a\u0000', M.labelControlCharacter],
    ['an escape sequence', '\u001b[31mred', M.labelControlCharacter],
    ['a right-to-left override', '\u202eevil', M.labelControlCharacter],
    ['a number', 42, M.labelInvalid],
    ['a list', ['a'], M.labelInvalid],
  ])('refuses a label that is %s', (_, label, message) => {
    expect(messageOf(withShape({ label }))).toBe(message);
  });

  it('needs a visible label on a text shape', () => {
    for (const label of [undefined, null, '', '   ', '\u200b\u200d']) {
      expect(messageOf(withShape({ type: 'text', points: [[0.5, 0.5]], label }))).toBe(M.textLabelRequired);
    }
  });

  it('takes at most 5,000 points in all', () => {
    // Coordinates 0 and 1 keep the JSON small, so the points are what is counted.
    const corner = (i: number) => i % 2;
    const shapes = (counts: number[]) => drawing(counts.map((count) => freehand(count, corner)));
    expect(parse({ drawing: shapes([2500, 2500]) }).success).toBe(true);
    expect(messageOf({ drawing: shapes([2500, 2501]) })).toBe(M.tooManyPoints);
    expect(messageOf({ drawing: shapes([5001]) })).toBe(M.tooManyPoints);
  });

  it('takes at most 32 KB of JSON, counted in UTF-8 bytes of what is stored', () => {
    const limit = ANNOTATION_LIMITS.maxDrawingBytes;
    const sized = (bytes: number): FeedbackDrawing => {
      // Points of 10 bytes each ("[0.5,0.5],"), then a text label fills the remainder.
      const text = (label: string): DrawingShape => ({ type: 'text', points: [[0, 0]], color: '#000000', label });
      const base = (points: number, label: string): FeedbackDrawing => ({
        frame: 0,
        shapes: [freehand(points) as DrawingShape, text(label)],
      });
      const points = Math.floor((bytes - drawingByteLength(base(2, 'x'))) / 10) - 1;
      const rest = bytes - drawingByteLength(base(points, ''));
      const shaped = base(points, 'x'.repeat(rest));
      expect(drawingByteLength(shaped)).toBe(bytes);
      return shaped;
    };
    expect(parse({ drawing: sized(limit) }).success).toBe(true);
    expect(messageOf({ drawing: sized(limit + 1) })).toBe(M.drawingTooLarge);
    // Full-precision coordinates: 1,000 points are over the limit while far under 5,000.
    expect(messageOf({ drawing: drawing([freehand(1000, (i) => Math.sqrt(i + 2) % 1)]) })).toBe(M.drawingTooLarge);
    // Keys that are dropped do not count.
    const padded = { ...sized(limit), notes: 'x'.repeat(limit) };
    expect(parse({ drawing: padded }).success).toBe(true);
  });

  it('says each rule in plain words', () => {
    expect(M.tooManyPoints).toBe('A drawing can have at most 5,000 points');
    expect(M.tooManyShapes).toBe('A drawing can have at most 50 shapes');
    expect(M.drawingTooLarge).toBe('A drawing must be 32 KB or less');
    expect(M.labelTooLong).toBe('Shape label must be 80 characters or less');
    expect(M.shapeTypeInvalid).toBe('Shape type must be one of arrow, line, circle, rectangle, freehand, text, angle');
  });
});
