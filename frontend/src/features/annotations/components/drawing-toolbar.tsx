import { useState } from 'react';
import { createPortal } from 'react-dom';
import { BrushIcon, ToolIcon, UndoIcon } from '@/features/annotations/components/tool-icons';
import { useFullscreenHost } from '@/features/annotations/hooks/use-fullscreen-element';
import type { DrawingSession } from '@/features/annotations/hooks/use-drawing-session';
import {
  DRAWING_COLORS,
  DRAWING_TOOLS,
  type DrawingEditorState,
  type DrawingTool,
} from '@/features/annotations/utils/drawing-editor';
import { angleDegrees, formatDegrees, type Size } from '@/features/annotations/utils/drawing-geometry';
import '@/features/annotations/annotations.css';

const TOOL_HINTS: Record<DrawingTool, string> = {
  arrow: 'Drag from the tail to the point of the arrow.',
  line: 'Drag from one end of the line to the other.',
  circle: 'Drag from the centre out to the rim.',
  rectangle: 'Drag from one corner to the opposite corner.',
  freehand: 'Draw with your finger, pen or mouse.',
  text: 'Tap where the label goes, type it and press Enter.',
  angle: 'Click the end of the first arm, then the vertex, then the end of the second arm.',
};

/** The angle being placed (live, with the pointer as its last point), else the last one placed. */
function angleReadout(editor: DrawingEditorState, video: Size | null): number | null {
  if (!video) return null;
  const pending = editor.pending;
  if (pending?.kind === 'angle') {
    const points = pending.cursor ? [...pending.placed, pending.cursor] : pending.placed;
    return points.length === 3 ? angleDegrees(points[0]!, points[1]!, points[2]!, video) : null;
  }
  const last = [...editor.shapes].reverse().find((shape) => shape.type === 'angle');
  return last ? angleDegrees(last.points[0]!, last.points[1]!, last.points[2]!, video) : null;
}

function angleStep(editor: DrawingEditorState): string | null {
  if (editor.tool !== 'angle') return null;
  const placed = editor.pending?.kind === 'angle' ? editor.pending.placed.length : 0;
  return ['Click the end of the first arm.', 'Click the vertex.', 'Click the end of the second arm.'][placed] ?? null;
}

function EditingTools({ session, compact }: { session: DrawingSession; compact: boolean }) {
  const { editor, dispatch, playback } = session;
  const degrees = angleReadout(editor, session.videoSize);
  const canUndo = editor.history.length > 0 || editor.pending !== null;
  const hasText = editor.pending?.kind === 'text' && editor.pending.label.trim() !== '';
  let status: string | null;
  if (!playback.paused) status = 'Pause the video to draw on a frame.';
  // Over a fullscreen picture only what needs saying: a refusal, or the angle's next point.
  else status = editor.notice ?? angleStep(editor) ?? (compact ? null : TOOL_HINTS[editor.tool]);

  return (
    <>
      <div className="drawing-toolbar__row">
        <div className="drawing-toolbar__group" role="group" aria-label="Drawing tools">
          {DRAWING_TOOLS.map(({ tool, label }) => (
            <button
              key={tool}
              type="button"
              className={tool === editor.tool ? 'drawing-tool drawing-tool--active' : 'drawing-tool'}
              aria-pressed={tool === editor.tool}
              title={compact ? label : undefined}
              data-tool={tool}
              onClick={() => dispatch({ type: 'select-tool', tool })}
            >
              <ToolIcon tool={tool} size={16} />
              {/* Over the fullscreen picture the tools keep to their icons; the name stays for assistive tech and as a tooltip. */}
              <span className={compact ? 'visually-hidden' : undefined}>{label}</span>
            </button>
          ))}
        </div>
        <div className="drawing-toolbar__group" role="group" aria-label="Colour">
          {DRAWING_COLORS.map(({ color, label }) => (
            <button
              key={color}
              type="button"
              className={color === editor.color ? 'drawing-swatch drawing-swatch--active' : 'drawing-swatch'}
              aria-pressed={color === editor.color}
              aria-label={label}
              title={label}
              style={{ backgroundColor: color }}
              onClick={() => dispatch({ type: 'select-color', color })}
            />
          ))}
        </div>
      </div>
      <div className="drawing-toolbar__row">
        <p className="drawing-toolbar__status" role="status" data-testid="drawing-status">
          <span className="drawing-toolbar__frame" data-testid="drawing-frame">
            Frame {playback.frame}
          </span>
          {degrees !== null && (
            <output className="drawing-toolbar__angle" data-testid="angle-readout" aria-label="Angle">
              {formatDegrees(degrees)}
            </output>
          )}
          {status && <span>{status}</span>}
        </p>
        <div className="drawing-toolbar__group drawing-toolbar__actions">
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            disabled={!canUndo}
            onClick={() => dispatch({ type: 'undo' })}
          >
            <UndoIcon size={16} />
            Undo
          </button>
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            disabled={editor.shapes.length === 0 && !editor.pending}
            onClick={() => dispatch({ type: 'clear' })}
          >
            Clear
          </button>
          <button type="button" className="btn btn--secondary btn--sm" onClick={() => dispatch({ type: 'cancel' })}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn--primary btn--sm"
            data-testid="drawing-done"
            disabled={!playback.paused || (editor.shapes.length === 0 && !hasText)}
            onClick={session.finish}
          >
            Done
          </button>
        </div>
      </div>
    </>
  );
}

/**
 * "Draw" and, once drawing, the tools: shape, colour, Undo, Clear, Cancel and Done. Below the
 * player normally; inside it while the player is fullscreen, so the tools stay at hand there.
 */
export function DrawingToolbar({ session }: { session: DrawingSession }) {
  const host = useFullscreenHost(session.media);
  const floating = host !== null;
  // In a host that lays its children out in a column (the player above its controls), the tools
  // take their own row instead of covering the top of the picture.
  const docked = host !== null && getComputedStyle(host).display.includes('flex');
  // Over a fullscreen picture the tools can be folded away to see the whole frame.
  const [folded, setFolded] = useState(false);
  if (!session.ready) return null;

  const attached = session.editor.attached;
  const content = (
    <div
      className={
        floating
          ? `drawing-toolbar drawing-toolbar--floating${docked ? ' drawing-toolbar--docked' : ''}`
          : 'drawing-toolbar'
      }
      data-testid="drawing-toolbar"
      aria-label="Drawing"
      role="region"
    >
      {floating && session.editor.editing && (
        <button
          type="button"
          className="btn btn--secondary btn--sm drawing-toolbar__fold"
          aria-expanded={!folded}
          onClick={() => setFolded((value) => !value)}
        >
          {folded ? 'Show drawing tools' : 'Hide drawing tools'}
        </button>
      )}
      {session.editor.editing ? (
        !(floating && folded) && <EditingTools session={session} compact={floating} />
      ) : (
        <div className="drawing-toolbar__row">
          <button type="button" className="btn btn--secondary btn--sm" onClick={session.start}>
            <BrushIcon size={16} />
            {attached ? 'Edit drawing' : 'Draw'}
          </button>
          <p className="drawing-toolbar__status">
            {attached
              ? `Your drawing on frame ${attached.frame} goes with your feedback.`
              : 'Pause on the moment that matters and draw on it.'}
          </p>
        </div>
      )}
    </div>
  );
  return host ? createPortal(content, host) : content;
}
