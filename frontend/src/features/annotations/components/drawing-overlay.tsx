import type { DrawingPoint, DrawingShape } from '@app/contracts';
import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { DrawingShapes } from '@/features/annotations/components/drawing-shapes';
import type { DrawingSession } from '@/features/annotations/hooks/use-drawing-session';
import { usePictureRect, type PictureGeometry } from '@/features/annotations/hooks/use-picture-rect';
import { pendingPreview, type PictureSizes } from '@/features/annotations/utils/drawing-editor';
import { clampUnit, mirrorPoint, mirrorShapes, type Rect } from '@/features/annotations/utils/drawing-geometry';
import { ANNOTATION_LIMITS } from '@app/contracts';
import '@/features/annotations/annotations.css';

const placement = (rect: Rect) => ({ left: rect.x, top: rect.y, width: rect.width, height: rect.height });

/** An SVG laid exactly over the picture, its user units the picture's CSS pixels. */
function PictureSvg({
  geometry,
  shapes,
  className,
  label,
  testId,
}: {
  geometry: PictureGeometry;
  shapes: DrawingShape[];
  className: string;
  label: string;
  testId: string;
}) {
  const { rect, video } = geometry;
  return (
    <svg
      className={className}
      style={placement(rect)}
      width={rect.width}
      height={rect.height}
      role="img"
      aria-label={label}
      data-testid={testId}
    >
      <DrawingShapes shapes={shapes} size={rect} video={video} />
    </svg>
  );
}

function EditorLayer({
  session,
  geometry,
  mirrored,
}: {
  session: DrawingSession;
  geometry: PictureGeometry;
  mirrored: boolean;
}) {
  const { editor, dispatch } = session;
  const { rect, video } = geometry;
  const svg = useRef<SVGSVGElement>(null);
  const sizes: PictureSizes = { display: rect, video };

  // Read from the SVG's own box at the moment of the event, so nothing cached can drift.
  const toPoint = (event: { clientX: number; clientY: number }): DrawingPoint => {
    const box = svg.current!.getBoundingClientRect();
    const seen: DrawingPoint = [
      clampUnit((event.clientX - box.left) / box.width),
      clampUnit((event.clientY - box.top) / box.height),
    ];
    return mirrored ? mirrorPoint(seen) : seen;
  };

  const onPointerDown = (event: ReactPointerEvent<SVGSVGElement>) => {
    if (!event.isPrimary || (event.pointerType === 'mouse' && event.button !== 0)) return;
    // No text selection, no scrolling, no emulated mouse events: the gesture is a drawing.
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    dispatch({ type: 'press', pointerId: event.pointerId, point: toPoint(event) });
  };
  const onPointerMove = (event: ReactPointerEvent<SVGSVGElement>) => {
    if (!event.isPrimary) return;
    // A fast stroke delivers several positions per frame; all of them belong to it.
    const coalesced = event.nativeEvent.getCoalescedEvents?.() ?? [];
    const points = (coalesced.length > 0 ? coalesced : [event]).map(toPoint);
    dispatch({ type: 'move', pointerId: event.pointerId, points });
  };
  const onPointerUp = (event: ReactPointerEvent<SVGSVGElement>) => {
    if (!event.isPrimary) return;
    dispatch({ type: 'release', pointerId: event.pointerId, point: toPoint(event), sizes });
  };
  const onPointerCancel = (event: ReactPointerEvent<SVGSVGElement>) =>
    dispatch({ type: 'pointer-cancel', pointerId: event.pointerId });

  const preview = pendingPreview(editor.pending, editor.color);
  const stored = preview ? [...editor.shapes, preview] : editor.shapes;
  const shapes = mirrored ? mirrorShapes(stored) : stored;
  const pending = editor.pending;
  const labelAnchor = pending?.kind === 'text' ? (mirrored ? mirrorPoint(pending.anchor) : pending.anchor) : null;

  return (
    <>
      <svg
        ref={svg}
        className="drawing-surface drawing-surface--editing"
        style={placement(rect)}
        width={rect.width}
        height={rect.height}
        role="application"
        aria-label="Drawing surface: drag to draw on the paused frame"
        data-testid="drawing-editor"
        data-tool={editor.tool}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
      >
        <DrawingShapes shapes={shapes} size={rect} video={video} />
      </svg>
      {pending?.kind === 'text' && labelAnchor && (
        <input
          // A new anchor is a new field, focused at once.
          key={`${pending.anchor[0]},${pending.anchor[1]}`}
          className="drawing-text-input"
          style={{
            left: rect.x + labelAnchor[0] * rect.width,
            top: rect.y + labelAnchor[1] * rect.height,
            // Near the right edge the field opens leftwards, as the label will.
            transform: labelAnchor[0] > 0.66 ? 'translate(-100%, -50%)' : 'translateY(-50%)',
            borderColor: editor.color,
          }}
          type="text"
          aria-label="Text label"
          placeholder="Type a label"
          data-testid="drawing-text-input"
          maxLength={ANNOTATION_LIMITS.maxLabelLength}
          autoFocus
          value={pending.label}
          onChange={(event) => dispatch({ type: 'text-change', label: event.target.value })}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              dispatch({ type: 'text-commit', sizes });
            } else if (event.key === 'Escape') {
              event.preventDefault();
              dispatch({ type: 'text-cancel' });
            }
          }}
          onBlur={() => dispatch({ type: 'text-commit', sizes })}
        />
      )}
    </>
  );
}

/**
 * What lies over the player's picture: the drawing tools' surface while drawing on a paused frame,
 * and a stored drawing shown on its frame. Rendered in the player's overlay slot, so it goes
 * fullscreen with the player; it measures the picture itself (bars excluded) and follows resizes.
 * Over a mirrored picture (compare mode) it shows and takes points mirrored, storing them against
 * the picture as recorded, so the drawing lands on the same spot in every view.
 */
export function DrawingOverlay({ session, mirrored = false }: { session: DrawingSession; mirrored?: boolean }) {
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  const geometry = usePictureRect(session.media, host);
  const drawingHere = session.editor.editing && session.playback.paused && session.ready;

  return (
    <div ref={setHost} className="drawing-overlay" data-testid="drawing-overlay">
      {geometry && session.shown && (
        <PictureSvg
          geometry={geometry}
          shapes={mirrored ? mirrorShapes(session.shown.drawing.shapes) : session.shown.drawing.shapes}
          className="drawing-surface"
          label={`Drawing on frame ${session.shown.drawing.frame}`}
          testId="drawing-shown"
        />
      )}
      {geometry && drawingHere && <EditorLayer session={session} geometry={geometry} mirrored={mirrored} />}
    </div>
  );
}
