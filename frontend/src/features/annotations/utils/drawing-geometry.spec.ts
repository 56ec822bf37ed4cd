import { describe, expect, it } from '@jest/globals';
import { ANNOTATION_LIMITS, type DrawingPoint, type FeedbackDrawing } from '@app/contracts';
import {
  angleDegrees,
  boxToPicture,
  circleRadius,
  drawingBytes,
  drawingPointCount,
  fitDrawingToLimits,
  formatDegrees,
  isMeaningfulShape,
  mirrorPoint,
  mirrorShapes,
  pictureRectIn,
  pictureToBox,
  simplifyStroke,
} from './drawing-geometry';

const LANDSCAPE = { width: 640, height: 360 };
const PORTRAIT = { width: 360, height: 640 };

describe('pictureRectIn', () => {
  it('fills a box of the same shape', () => {
    expect(pictureRectIn({ width: 1040, height: 585 }, LANDSCAPE)).toEqual({ x: 0, y: 0, width: 1040, height: 585 });
  });

  it('letterboxes a wide picture in a tall box, centred', () => {
    expect(pictureRectIn({ width: 390, height: 844 }, LANDSCAPE)).toEqual({
      x: 0,
      y: (844 - 219.375) / 2,
      width: 390,
      height: 219.375,
    });
  });

  it('pillarboxes a portrait picture in a 16:9 box, centred', () => {
    expect(pictureRectIn({ width: 640, height: 360 }, PORTRAIT)).toEqual({
      x: (640 - 202.5) / 2,
      y: 0,
      width: 202.5,
      height: 360,
    });
  });

  it('crops for cover and stretches for fill', () => {
    expect(pictureRectIn({ width: 640, height: 360 }, PORTRAIT, 'cover')).toEqual({
      x: 0,
      y: (360 - 640 * (640 / 360)) / 2,
      width: 640,
      height: 640 * (640 / 360),
    });
    expect(pictureRectIn({ width: 300, height: 300 }, LANDSCAPE, 'fill')).toEqual({
      x: 0,
      y: 0,
      width: 300,
      height: 300,
    });
  });

  it('is unknown while a size is zero (a video before its metadata)', () => {
    expect(pictureRectIn({ width: 640, height: 360 }, { width: 0, height: 0 })).toBeNull();
    expect(pictureRectIn({ width: 0, height: 360 }, LANDSCAPE)).toBeNull();
  });
});

describe('box pixels and picture coordinates', () => {
  const picture = { x: 218.75, y: 0, width: 202.5, height: 360 };

  it('turn into each other', () => {
    const normalised = boxToPicture([218.75 + 50.625, 90], picture);
    expect(normalised).toEqual([0.25, 0.25]);
    expect(pictureToBox(normalised, picture)).toEqual([269.375, 90]);
  });

  it('keep a point that leaves the picture (into the bars) on its edge', () => {
    expect(boxToPicture([10, -5], picture)).toEqual([0, 0]);
    expect(boxToPicture([639, 400], picture)).toEqual([1, 1]);
    expect(boxToPicture([300, 400], picture)[0]).toBeCloseTo((300 - 218.75) / 202.5, 12);
  });
});

describe('mirroring (a mirrored side in compare mode)', () => {
  it('flips x only, and twice is the identity', () => {
    expect(mirrorPoint([0.25, 0.6])).toEqual([0.75, 0.6]);
    expect(mirrorPoint(mirrorPoint([0.1234, 0.5]))[0]).toBeCloseTo(0.1234, 12);
  });

  it('moves every point of every shape and keeps colour and label', () => {
    const shapes = mirrorShapes([
      {
        type: 'line',
        points: [
          [0, 0.2],
          [1, 0.8],
        ],
        color: '#ff0000',
      },
      { type: 'text', points: [[0.9, 0.1]], color: '#ffffff', label: 'Elbow' },
    ]);
    expect(shapes[0]!.points).toEqual([
      [1, 0.2],
      [0, 0.8],
    ]);
    expect(shapes[1]).toMatchObject({ type: 'text', label: 'Elbow', color: '#ffffff' });
    expect(shapes[1]!.points[0]![0]).toBeCloseTo(0.1, 12);
  });
});

describe('angleDegrees', () => {
  /** A point `length` video pixels from `vertex` at `degrees` above the horizontal, normalised. */
  const armEnd = (vertex: DrawingPoint, degrees: number, length: number, video = LANDSCAPE): DrawingPoint => {
    const radians = (degrees * Math.PI) / 180;
    return [
      vertex[0] + (length * Math.cos(radians)) / video.width,
      vertex[1] - (length * Math.sin(radians)) / video.height,
    ];
  };

  it("measures in the video's pixels, not in 0..1 units", () => {
    const vertex: DrawingPoint = [0.25, 0.75];
    const angle = angleDegrees(armEnd(vertex, 0, 300), vertex, armEnd(vertex, 37, 250), LANDSCAPE)!;
    expect(angle).toBeCloseTo(37, 10);
    // The same normalised points on a square picture would read a different angle.
    expect(
      Math.abs(angleDegrees(armEnd(vertex, 0, 300), vertex, armEnd(vertex, 37, 250), { width: 1, height: 1 })! - 37),
    ).toBeGreaterThan(15);
  });

  it('works on a portrait picture and in either order of the arms', () => {
    const vertex: DrawingPoint = [0.5, 0.5];
    const first = armEnd(vertex, 100, 120, PORTRAIT);
    const second = armEnd(vertex, 10, 90, PORTRAIT);
    expect(angleDegrees(first, vertex, second, PORTRAIT)).toBeCloseTo(90, 10);
    expect(angleDegrees(second, vertex, first, PORTRAIT)).toBeCloseTo(90, 10);
  });

  it('stays exact at 0° and 180°, and is unknown while an arm has no length', () => {
    expect(angleDegrees([0.9, 0.5], [0.1, 0.5], [0.5, 0.5], LANDSCAPE)).toBe(0);
    expect(angleDegrees([0.9, 0.5], [0.5, 0.5], [0.1, 0.5], LANDSCAPE)).toBe(180);
    expect(angleDegrees([0.5, 0.5], [0.5, 0.5], [0.1, 0.5], LANDSCAPE)).toBeNull();
  });

  it('reads with one decimal', () => {
    expect(formatDegrees(36.96)).toBe('37.0°');
    expect(formatDegrees(90)).toBe('90.0°');
  });
});

describe('circleRadius', () => {
  it("is round in the picture's pixels", () => {
    // A rim point a quarter of the width to the right and one a quarter of the height below are
    // different distances on a 16:9 picture.
    expect(circleRadius([0.5, 0.5], [0.75, 0.5], LANDSCAPE)).toBe(160);
    expect(circleRadius([0.5, 0.5], [0.5, 0.75], LANDSCAPE)).toBe(90);
    expect(circleRadius([0.5, 0.5], [0.5, 0.75], { width: 1040, height: 585 })).toBe(146.25);
  });
});

describe('simplifyStroke', () => {
  it('drops points on a straight line and keeps both ends', () => {
    const line: DrawingPoint[] = Array.from({ length: 101 }, (_, index) => [index / 100, 0.5]);
    expect(simplifyStroke(line, 0.5, LANDSCAPE)).toEqual([
      [0, 0.5],
      [1, 0.5],
    ]);
  });

  it('keeps corners further away than the tolerance and drops those within it', () => {
    // A peak 40 px up in the middle; the points either side lie 1 px off the chords to it.
    const zigzag: DrawingPoint[] = [
      [0, 0.5],
      [0.25, (180 + 20 + 1) / 360],
      [0.5, (180 + 40) / 360],
      [0.75, (180 + 20 - 1) / 360],
      [1, 0.5],
    ];
    expect(simplifyStroke(zigzag, 5, LANDSCAPE)).toEqual([zigzag[0], zigzag[2], zigzag[4]]);
    expect(simplifyStroke(zigzag, 0.5, LANDSCAPE)).toEqual(zigzag);
  });

  it('never drops a point further from the simplified stroke than the tolerance', () => {
    const wave: DrawingPoint[] = Array.from({ length: 4000 }, (_, index) => [
      index / 3999,
      0.5 + 0.3 * Math.sin(index / 80) + 0.01 * Math.sin(index / 3),
    ]);
    const tolerance = 2;
    const simplified = simplifyStroke(wave, tolerance, LANDSCAPE);
    expect(simplified.length).toBeLessThan(wave.length / 4);
    const kept = wave.flatMap((point, index) => (simplified.includes(point) ? [index] : []));
    expect(kept).toHaveLength(simplified.length);
    const px = ([x, y]: DrawingPoint) => [x * 640, y * 360] as const;
    let worst = 0;
    for (let k = 1; k < kept.length; k += 1) {
      const [ax, ay] = px(wave[kept[k - 1]!]!);
      const [bx, by] = px(wave[kept[k]!]!);
      for (let index = kept[k - 1]! + 1; index < kept[k]!; index += 1) {
        const [x, y] = px(wave[index]!);
        const t = Math.max(
          0,
          Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)),
        );
        worst = Math.max(worst, Math.hypot(x - (ax + t * (bx - ax)), y - (ay + t * (by - ay))));
      }
    }
    expect(worst).toBeGreaterThan(0);
    expect(worst).toBeLessThanOrEqual(tolerance);
  });
});

describe('fitDrawingToLimits', () => {
  it('keeps a small drawing as drawn, rounded to four decimals', () => {
    const drawing: FeedbackDrawing = {
      frame: 12,
      shapes: [
        {
          type: 'arrow',
          points: [
            [0.123456, 0.5],
            [0.9, 0.333333],
          ],
          color: '#ef4444',
        },
        { type: 'text', points: [[0.5, 0.5]], color: '#ffffff', label: 'Elbow' },
      ],
    };
    expect(fitDrawingToLimits(drawing, LANDSCAPE)).toEqual({
      frame: 12,
      shapes: [
        {
          type: 'arrow',
          points: [
            [0.1235, 0.5],
            [0.9, 0.3333],
          ],
          color: '#ef4444',
        },
        { type: 'text', points: [[0.5, 0.5]], color: '#ffffff', label: 'Elbow' },
      ],
    });
  });

  it('simplifies long freehand strokes until the points and bytes fit', () => {
    const scribble = (offset: number): DrawingPoint[] =>
      Array.from({ length: 3000 }, (_, index) => [
        0.5 + 0.4 * Math.cos(index / 200 + offset) * Math.sin(index / 37),
        0.5 + 0.4 * Math.sin(index / 150 + offset),
      ]);
    const drawing: FeedbackDrawing = {
      frame: 3,
      shapes: [0, 1, 2].map((offset) => ({ type: 'freehand' as const, points: scribble(offset), color: '#22c55e' })),
    };
    expect(drawingPointCount(drawing)).toBeGreaterThan(ANNOTATION_LIMITS.maxPoints);

    const fitted = fitDrawingToLimits(drawing, LANDSCAPE)!;
    expect(drawingPointCount(fitted)).toBeLessThanOrEqual(ANNOTATION_LIMITS.maxPoints);
    expect(drawingBytes(fitted)).toBeLessThanOrEqual(ANNOTATION_LIMITS.maxDrawingBytes);
    fitted.shapes.forEach((shape, index) => {
      const original = drawing.shapes[index]!.points;
      expect(shape.points.length).toBeGreaterThanOrEqual(2);
      expect(shape.points[0]).toEqual(original[0]!.map((value) => Math.round(value * 10_000) / 10_000));
    });
  });

  it('refuses more shapes than allowed', () => {
    const shapes = Array.from({ length: ANNOTATION_LIMITS.maxShapes + 1 }, () => ({
      type: 'line' as const,
      points: [
        [0.1, 0.1],
        [0.2, 0.2],
      ] as DrawingPoint[],
      color: '#ffffff',
    }));
    expect(fitDrawingToLimits({ frame: 0, shapes }, LANDSCAPE)).toBeNull();
    expect(fitDrawingToLimits({ frame: 0, shapes: shapes.slice(1) }, LANDSCAPE)?.shapes).toHaveLength(50);
  });
});

describe('isMeaningfulShape', () => {
  it('drops a stray tap but keeps a real drag, a labelled text and a real angle', () => {
    const tap = {
      type: 'line' as const,
      points: [
        [0.5, 0.5],
        [0.501, 0.5],
      ] as DrawingPoint[],
      color: '#ffffff',
    };
    expect(isMeaningfulShape(tap, LANDSCAPE)).toBe(false);
    expect(
      isMeaningfulShape(
        {
          ...tap,
          points: [
            [0.5, 0.5],
            [0.6, 0.5],
          ],
        },
        LANDSCAPE,
      ),
    ).toBe(true);
    expect(isMeaningfulShape({ type: 'text', points: [[0.5, 0.5]], color: '#ffffff', label: '  ' }, LANDSCAPE)).toBe(
      false,
    );
    expect(isMeaningfulShape({ type: 'text', points: [[0.5, 0.5]], color: '#ffffff', label: 'Hips' }, LANDSCAPE)).toBe(
      true,
    );
    expect(
      isMeaningfulShape(
        {
          type: 'angle',
          points: [
            [0.2, 0.5],
            [0.5, 0.5],
            [0.5, 0.2],
          ],
          color: '#ffffff',
        },
        LANDSCAPE,
      ),
    ).toBe(true);
    expect(
      isMeaningfulShape(
        {
          type: 'angle',
          points: [
            [0.2, 0.5],
            [0.2, 0.5],
            [0.5, 0.2],
          ],
          color: '#ffffff',
        },
        LANDSCAPE,
      ),
    ).toBe(false);
  });
});
