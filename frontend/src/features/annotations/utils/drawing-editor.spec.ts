import { describe, expect, it } from '@jest/globals';
import { ANNOTATION_LIMITS, type DrawingPoint } from '@app/contracts';
import {
  cleanLabel,
  DRAWING_NOTICES,
  drawingEditorReducer,
  initialDrawingEditorState,
  pendingPreview,
  type DrawingEditorAction,
  type DrawingEditorState,
  type DrawingTool,
} from './drawing-editor';

const sizes = { display: { width: 1040, height: 585 }, video: { width: 640, height: 360 } };
const run = (state: DrawingEditorState, ...actions: DrawingEditorAction[]) =>
  actions.reduce(drawingEditorReducer, state);
const editing = (tool: DrawingTool = 'arrow') =>
  run(initialDrawingEditorState, { type: 'start' }, { type: 'select-tool', tool });

/** A press, a move and a release with one pointer: a drag from `from` to `to`. */
const drag = (from: DrawingPoint, to: DrawingPoint, pointerId = 1): DrawingEditorAction[] => [
  { type: 'press', pointerId, point: from },
  { type: 'move', pointerId, points: [to] },
  { type: 'release', pointerId, point: to, sizes },
];
const click = (point: DrawingPoint, pointerId = 1): DrawingEditorAction[] => [
  { type: 'press', pointerId, point },
  { type: 'release', pointerId, point, sizes },
];

describe('the drawing editor', () => {
  it('drags out arrows, lines, circles and rectangles in the chosen colour', () => {
    let state = editing('arrow');
    state = run(state, ...drag([0.1, 0.2], [0.4, 0.5]));
    state = run(state, { type: 'select-tool', tool: 'circle' }, { type: 'select-color', color: '#22c55e' });
    state = run(
      state,
      { type: 'press', pointerId: 1, point: [0.5, 0.5] },
      { type: 'move', pointerId: 1, points: [[0.55, 0.5]] },
    );
    // While dragging, the circle shows where it would land.
    expect(pendingPreview(state.pending, state.color)).toEqual({
      type: 'circle',
      points: [
        [0.5, 0.5],
        [0.55, 0.5],
      ],
      color: '#22c55e',
    });
    state = run(state, { type: 'release', pointerId: 1, point: [0.6, 0.5], sizes });
    expect(state.shapes).toEqual([
      {
        type: 'arrow',
        points: [
          [0.1, 0.2],
          [0.4, 0.5],
        ],
        color: '#ef4444',
      },
      {
        type: 'circle',
        points: [
          [0.5, 0.5],
          [0.6, 0.5],
        ],
        color: '#22c55e',
      },
    ]);
  });

  it('ignores a stray tap and another pointer while one draws', () => {
    let state = run(editing('line'), ...click([0.5, 0.5]));
    expect(state.shapes).toEqual([]);
    state = run(
      state,
      { type: 'press', pointerId: 1, point: [0.1, 0.1] },
      { type: 'move', pointerId: 2, points: [[0.9, 0.9]] },
      { type: 'release', pointerId: 2, point: [0.9, 0.9], sizes },
      { type: 'release', pointerId: 1, point: [0.3, 0.1], sizes },
    );
    expect(state.shapes).toEqual([
      {
        type: 'line',
        points: [
          [0.1, 0.1],
          [0.3, 0.1],
        ],
        color: '#ef4444',
      },
    ]);
  });

  it('collects a freehand stroke from every move', () => {
    const state = run(
      editing('freehand'),
      { type: 'press', pointerId: 7, point: [0.1, 0.1] },
      {
        type: 'move',
        pointerId: 7,
        points: [
          [0.12, 0.1],
          [0.14, 0.11],
        ],
      },
      { type: 'move', pointerId: 7, points: [[0.2, 0.15]] },
      { type: 'release', pointerId: 7, point: [0.25, 0.2], sizes },
    );
    expect(state.shapes[0]?.points).toEqual([
      [0.1, 0.1],
      [0.12, 0.1],
      [0.14, 0.11],
      [0.2, 0.15],
      [0.25, 0.2],
    ]);
  });

  it('places an angle by three clicks, its live arm following the pointer', () => {
    let state = run(editing('angle'), ...click([0.8, 0.7]), ...click([0.25, 0.7]));
    state = run(state, { type: 'move', pointerId: 1, points: [[0.6, 0.2]] });
    expect(pendingPreview(state.pending, state.color)).toEqual({
      type: 'angle',
      points: [
        [0.8, 0.7],
        [0.25, 0.7],
        [0.6, 0.2],
      ],
      color: '#ef4444',
    });
    // Undo takes back the last placed point before any shape.
    state = run(state, { type: 'undo' });
    expect(state.pending).toMatchObject({ kind: 'angle', placed: [[0.8, 0.7]] });
    state = run(state, ...click([0.25, 0.7]), ...click([0.6, 0.2]));
    expect(state.pending).toBeNull();
    expect(state.shapes).toEqual([
      {
        type: 'angle',
        points: [
          [0.8, 0.7],
          [0.25, 0.7],
          [0.6, 0.2],
        ],
        color: '#ef4444',
      },
    ]);
  });

  it('places a text label where the coach taps, as plain text of at most 80 characters', () => {
    let state = run(editing('text'), ...click([0.3, 0.4]));
    expect(state.pending).toEqual({ kind: 'text', anchor: [0.3, 0.4], label: '' });
    state = run(state, { type: 'text-change', label: ' Hips\nopen\u202e too early ' }, { type: 'text-commit', sizes });
    expect(state.shapes).toEqual([
      { type: 'text', points: [[0.3, 0.4]], color: '#ef4444', label: 'Hips open too early' },
    ]);
    // A blank label is dropped.
    state = run(state, ...click([0.5, 0.5]), { type: 'text-change', label: '   ' }, { type: 'text-commit', sizes });
    expect(state.shapes).toHaveLength(1);
    expect(cleanLabel('x'.repeat(100))).toHaveLength(ANNOTATION_LIMITS.maxLabelLength);
  });

  it('undoes shapes one by one, and undoes a clear', () => {
    let state = run(editing('line'), ...drag([0.1, 0.1], [0.5, 0.1]), ...drag([0.1, 0.2], [0.5, 0.2]));
    state = run(state, { type: 'clear' });
    expect(state.shapes).toEqual([]);
    state = run(state, { type: 'undo' });
    expect(state.shapes).toHaveLength(2);
    state = run(state, { type: 'undo' });
    expect(state.shapes).toHaveLength(1);
    state = run(state, { type: 'undo' }, { type: 'undo' });
    expect(state.shapes).toEqual([]);
  });

  it('attaches the drawing with its frame on Done, rounded, and edits it again from there', () => {
    let state = run(editing('line'), ...drag([0.123456, 0.1], [0.5, 0.1]));
    state = run(state, { type: 'finish', frame: 42, video: sizes.video });
    expect(state.editing).toBe(false);
    expect(state.attached).toEqual({
      frame: 42,
      shapes: [
        {
          type: 'line',
          points: [
            [0.1235, 0.1],
            [0.5, 0.1],
          ],
          color: '#ef4444',
        },
      ],
    });
    state = run(state, { type: 'start' });
    expect(state.shapes).toEqual(state.attached!.shapes);
    // Cancel leaves the attached drawing as it was.
    state = run(state, { type: 'clear' }, { type: 'cancel' });
    expect(state.attached?.shapes).toHaveLength(1);
    state = run(state, { type: 'detach' });
    expect(state.attached).toBeNull();
  });

  it('keeps a label still being typed when Done is pressed', () => {
    const state = run(
      editing('text'),
      ...click([0.3, 0.4]),
      { type: 'text-change', label: 'Knee' },
      { type: 'finish', frame: 3, video: sizes.video },
    );
    expect(state.attached?.shapes).toEqual([{ type: 'text', points: [[0.3, 0.4]], color: '#ef4444', label: 'Knee' }]);
  });

  it('refuses a shape beyond the limit and says why', () => {
    let state = editing('line');
    for (let index = 0; index < ANNOTATION_LIMITS.maxShapes; index += 1) {
      state = run(state, ...drag([0.1, index / 60], [0.5, index / 60]));
    }
    expect(state.shapes).toHaveLength(ANNOTATION_LIMITS.maxShapes);
    state = run(state, ...drag([0.1, 0.95], [0.5, 0.95]));
    expect(state.shapes).toHaveLength(ANNOTATION_LIMITS.maxShapes);
    expect(state.notice).toBe(DRAWING_NOTICES.tooManyShapes);
  });

  it('does not draw while the tools are closed', () => {
    const state = run(initialDrawingEditorState, ...drag([0.1, 0.1], [0.5, 0.5]));
    expect(state).toEqual(initialDrawingEditorState);
  });
});
