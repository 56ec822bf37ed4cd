import { DrawingPreview } from '@/features/annotations/components/drawing-preview';
import { BrushIcon } from '@/features/annotations/components/tool-icons';
import type { DrawingSession } from '@/features/annotations/hooks/use-drawing-session';
import '@/features/annotations/annotations.css';

/**
 * The feedback form's part of drawing: add one, or see, edit and remove the one that goes with
 * the feedback.
 */
export function DrawingAttachment({ session, thumbnail }: { session: DrawingSession; thumbnail: string | null }) {
  if (!session.ready) return null;
  const { attached, editing } = session.editor;

  if (attached) {
    return (
      <div className="drawing-attachment" data-testid="drawing-attachment">
        <DrawingPreview
          drawing={attached}
          thumbnail={thumbnail}
          video={session.videoSize}
          onShow={() => session.show(0, attached)}
        />
        <div className="drawing-attachment__text">
          <p className="drawing-attachment__title">
            Drawing on frame {attached.frame} ({attached.shapes.length}{' '}
            {attached.shapes.length === 1 ? 'mark' : 'marks'})
          </p>
          <div className="drawing-attachment__actions">
            <button type="button" className="btn btn--secondary btn--sm" onClick={session.start} disabled={editing}>
              Edit drawing
            </button>
            <button type="button" className="btn btn--secondary btn--sm" onClick={session.detach} disabled={editing}>
              Remove drawing
            </button>
          </div>
        </div>
      </div>
    );
  }
  if (editing) {
    return (
      <p className="drawing-attachment drawing-attachment__text field__hint" data-testid="drawing-attachment">
        Drawing on the video: press Done there to add it to your feedback.
      </p>
    );
  }
  return (
    <div className="drawing-attachment" data-testid="drawing-attachment">
      <button type="button" className="btn btn--secondary btn--sm" onClick={session.start}>
        <BrushIcon size={16} />
        Add a drawing
      </button>
      <span className="field__hint">Pause on a frame and draw on it: arrows, circles, angles…</span>
    </div>
  );
}
