import {
  ANNOTATION_LIMITS,
  isInvisibleText,
  type DrawingPoint,
  type DrawingShape,
  type DrawingShapeType,
  type FeedbackDrawing,
} from '@app/contracts';
import { fitDrawingToLimits, isMeaningfulShape, type Size } from '@/features/annotations/utils/drawing-geometry';

export type DrawingTool = DrawingShapeType;

/** The tools in toolbar order, with their visible names. */
export const DRAWING_TOOLS: readonly { tool: DrawingTool; label: string }[] = [
  { tool: 'arrow', label: 'Arrow' },
  { tool: 'line', label: 'Line' },
  { tool: 'circle', label: 'Circle' },
  { tool: 'rectangle', label: 'Rectangle' },
  { tool: 'freehand', label: 'Freehand' },
  { tool: 'text', label: 'Text' },
  { tool: 'angle', label: 'Angle' },
];

/** Colours that read on grass, courts, ice and skin alike; red first, the coach's pen. */
export const DRAWING_COLORS: readonly { color: string; label: string }[] = [
  { color: '#ef4444', label: 'Red' },
  { color: '#facc15', label: 'Yellow' },
  { color: '#22c55e', label: 'Green' },
  { color: '#3b82f6', label: 'Blue' },
  { color: '#ffffff', label: 'White' },
  { color: '#111827', label: 'Black' },
];

export const DRAWING_NOTICES = {
  tooManyShapes: `A drawing holds at most ${ANNOTATION_LIMITS.maxShapes} shapes. Undo one to add another.`,
  full: 'This drawing is full. Undo a stroke or clear the drawing to add more.',
} as const;

/** A shape being placed: dragged out, stroked, clicked point by point (angle) or typed (text). */
export type PendingShape =
  | {
      kind: 'drag';
      type: 'arrow' | 'line' | 'circle' | 'rectangle';
      pointerId: number;
      points: [DrawingPoint, DrawingPoint];
    }
  | { kind: 'stroke'; pointerId: number; points: DrawingPoint[] }
  /** Points placed so far, and where the pointer is now (the live arm). */
  | { kind: 'angle'; pointerId: number | null; placed: DrawingPoint[]; cursor: DrawingPoint | null }
  | { kind: 'text'; anchor: DrawingPoint; label: string };

export type DrawingEditorState = {
  /** The tools are open on the paused frame. */
  editing: boolean;
  tool: DrawingTool;
  color: string;
  shapes: DrawingShape[];
  /** Earlier `shapes`, newest last, for Undo (Clear is undoable too). */
  history: DrawingShape[][];
  pending: PendingShape | null;
  /** What "Done" produced: sent with the next feedback. */
  attached: FeedbackDrawing | null;
  /** Why the last action did nothing, for the toolbar's status line. */
  notice: string | null;
};

export const initialDrawingEditorState: DrawingEditorState = {
  editing: false,
  tool: 'arrow',
  color: DRAWING_COLORS[0]!.color,
  shapes: [],
  history: [],
  pending: null,
  attached: null,
  notice: null,
};

/** The picture's size as shown (for "was that a real drag?") and the video's own pixels (for the limits). */
export type PictureSizes = { display: Size; video: Size };

export type DrawingEditorAction =
  | { type: 'start' }
  | { type: 'cancel' }
  | { type: 'finish'; frame: number; video: Size }
  | { type: 'detach' }
  | { type: 'select-tool'; tool: DrawingTool }
  | { type: 'select-color'; color: string }
  | { type: 'undo' }
  | { type: 'clear' }
  | { type: 'press'; pointerId: number; point: DrawingPoint }
  /** A move with the pointer down (`pointerId` of the press) or hovering (mouse, pen). */
  | { type: 'move'; pointerId: number; points: DrawingPoint[] }
  | { type: 'release'; pointerId: number; point: DrawingPoint; sizes: PictureSizes }
  | { type: 'pointer-cancel'; pointerId: number }
  | { type: 'text-change'; label: string }
  | { type: 'text-commit'; sizes: PictureSizes }
  | { type: 'text-cancel' };

/** Control characters and bidirectional overrides, which plain text never holds (contracts' plain-text rule). */
const isControlOrBidi = (code: number) =>
  code < 0x20 ||
  (code >= 0x7f && code <= 0x9f) ||
  (code >= 0x202a && code <= 0x202e) ||
  (code >= 0x2066 && code <= 0x2069);

/** A label as it is kept: plain text on one line, trimmed, at most the limit's characters. */
export function cleanLabel(text: string): string {
  const plain = Array.from(text, (character) => (isControlOrBidi(character.codePointAt(0) ?? 0) ? ' ' : character));
  const single = plain.join('').replace(/\s+/gu, ' ').trim();
  return Array.from(single).slice(0, ANNOTATION_LIMITS.maxLabelLength).join('').trim();
}

/** Adds a finished shape if it is a real one and the drawing still fits the limits. */
function addShape(state: DrawingEditorState, shape: DrawingShape, sizes: PictureSizes): DrawingEditorState {
  const settled = { ...state, pending: null };
  if (!isMeaningfulShape(shape, sizes.display)) return settled;
  if (state.shapes.length >= ANNOTATION_LIMITS.maxShapes) return { ...settled, notice: DRAWING_NOTICES.tooManyShapes };
  const shapes = [...state.shapes, shape];
  if (!fitDrawingToLimits({ frame: 0, shapes }, sizes.video)) return { ...settled, notice: DRAWING_NOTICES.full };
  return { ...settled, shapes, history: [...state.history, state.shapes], notice: null };
}

/** The shape a pending one becomes, or shows as while placed (null: nothing to show yet). */
export function pendingPreview(pending: PendingShape | null, color: string): DrawingShape | null {
  if (!pending) return null;
  switch (pending.kind) {
    case 'drag':
      return { type: pending.type, points: pending.points, color };
    case 'stroke':
      return pending.points.length >= 2 ? { type: 'freehand', points: pending.points, color } : null;
    case 'angle': {
      const points = pending.cursor ? [...pending.placed, pending.cursor] : pending.placed;
      if (points.length === 3) return { type: 'angle', points, color };
      // The first arm alone, while the vertex is being placed.
      return points.length === 2 ? { type: 'line', points, color } : null;
    }
    case 'text':
      return null;
  }
}

export function drawingEditorReducer(state: DrawingEditorState, action: DrawingEditorAction): DrawingEditorState {
  switch (action.type) {
    case 'start':
      // Editing an attached drawing starts from its shapes.
      return {
        ...state,
        editing: true,
        shapes: state.attached?.shapes ?? [],
        history: [],
        pending: null,
        notice: null,
      };
    case 'cancel':
      return { ...state, editing: false, shapes: [], history: [], pending: null, notice: null };
    case 'finish': {
      if (!state.editing) return state;
      let shapes = state.shapes;
      // A label still being typed is part of what the coach sees, so it is kept.
      if (state.pending?.kind === 'text' && cleanLabel(state.pending.label)) {
        shapes = [
          ...shapes,
          { type: 'text', points: [state.pending.anchor], color: state.color, label: cleanLabel(state.pending.label) },
        ];
      }
      if (shapes.length === 0)
        return { ...state, editing: false, attached: null, history: [], pending: null, notice: null };
      const drawing = fitDrawingToLimits({ frame: action.frame, shapes }, action.video);
      if (!drawing) return { ...state, notice: DRAWING_NOTICES.full };
      return { ...state, editing: false, attached: drawing, shapes: [], history: [], pending: null, notice: null };
    }
    case 'detach':
      return { ...state, attached: null };
    case 'select-tool':
      return { ...state, tool: action.tool, pending: null, notice: null };
    case 'select-color':
      return { ...state, color: action.color };
    case 'undo': {
      // An angle being placed loses its last point first.
      if (state.pending?.kind === 'angle' && state.pending.placed.length > 0) {
        const placed = state.pending.placed.slice(0, -1);
        return { ...state, pending: placed.length > 0 ? { ...state.pending, placed, pointerId: null } : null };
      }
      if (state.pending) return { ...state, pending: null };
      const previous = state.history.at(-1);
      if (!previous) return state;
      return { ...state, shapes: previous, history: state.history.slice(0, -1), notice: null };
    }
    case 'clear':
      if (state.shapes.length === 0 && !state.pending) return state;
      return { ...state, shapes: [], history: [...state.history, state.shapes], pending: null, notice: null };
    case 'press': {
      if (!state.editing) return state;
      const { point, pointerId } = action;
      switch (state.tool) {
        case 'arrow':
        case 'line':
        case 'circle':
        case 'rectangle':
          return { ...state, pending: { kind: 'drag', type: state.tool, pointerId, points: [point, point] } };
        case 'freehand':
          return { ...state, pending: { kind: 'stroke', pointerId, points: [point] } };
        case 'angle': {
          const placed = state.pending?.kind === 'angle' ? state.pending.placed : [];
          return { ...state, pending: { kind: 'angle', pointerId, placed, cursor: point } };
        }
        case 'text':
          // A label being typed is kept when the coach taps elsewhere; the new tap is handled on release.
          return state;
      }
      return state;
    }
    case 'move': {
      const pending = state.pending;
      const last = action.points.at(-1);
      if (!pending || !last) return state;
      if (pending.kind === 'drag' && pending.pointerId === action.pointerId) {
        return { ...state, pending: { ...pending, points: [pending.points[0], last] } };
      }
      if (pending.kind === 'stroke' && pending.pointerId === action.pointerId) {
        return { ...state, pending: { ...pending, points: [...pending.points, ...action.points] } };
      }
      // An angle's live arm follows a hovering mouse or pen as well as a finger held down.
      if (pending.kind === 'angle' && (pending.pointerId === null || pending.pointerId === action.pointerId)) {
        return { ...state, pending: { ...pending, cursor: last } };
      }
      return state;
    }
    case 'release': {
      const pending = state.pending;
      if (!state.editing) return state;
      if (state.tool === 'text') {
        if (pending?.kind === 'text' && cleanLabel(pending.label)) {
          const kept = addShape(
            state,
            { type: 'text', points: [pending.anchor], color: state.color, label: cleanLabel(pending.label) },
            action.sizes,
          );
          return { ...kept, pending: { kind: 'text', anchor: action.point, label: '' } };
        }
        return { ...state, pending: { kind: 'text', anchor: action.point, label: '' } };
      }
      if (!pending) return state;
      if (pending.kind === 'drag' && pending.pointerId === action.pointerId) {
        return addShape(
          state,
          { type: pending.type, points: [pending.points[0], action.point], color: state.color },
          action.sizes,
        );
      }
      if (pending.kind === 'stroke' && pending.pointerId === action.pointerId) {
        return addShape(
          state,
          { type: 'freehand', points: [...pending.points, action.point], color: state.color },
          action.sizes,
        );
      }
      if (pending.kind === 'angle' && pending.pointerId === action.pointerId) {
        const placed = [...pending.placed, action.point];
        if (placed.length < 3)
          return { ...state, pending: { kind: 'angle', pointerId: null, placed, cursor: action.point } };
        return addShape(state, { type: 'angle', points: placed, color: state.color }, action.sizes);
      }
      return state;
    }
    case 'pointer-cancel': {
      const pending = state.pending;
      if (!pending || pending.kind === 'text') return state;
      if (pending.pointerId !== action.pointerId) return state;
      // A cancelled press (the browser took the gesture) places nothing; an angle keeps its points.
      if (pending.kind === 'angle') return { ...state, pending: { ...pending, pointerId: null, cursor: null } };
      return { ...state, pending: null };
    }
    case 'text-change':
      if (state.pending?.kind !== 'text') return state;
      return { ...state, pending: { ...state.pending, label: action.label } };
    case 'text-commit': {
      const pending = state.pending;
      if (pending?.kind !== 'text') return state;
      const label = cleanLabel(pending.label);
      if (!label || isInvisibleText(label)) return { ...state, pending: null };
      return addShape(state, { type: 'text', points: [pending.anchor], color: state.color, label }, action.sizes);
    }
    case 'text-cancel':
      return state.pending?.kind === 'text' ? { ...state, pending: null } : state;
  }
}
