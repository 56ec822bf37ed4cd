import { DrawingAttachment } from '@/features/annotations/components/drawing-attachment';
import { DrawingPreview } from '@/features/annotations/components/drawing-preview';
import type { DrawingSession } from '@/features/annotations/hooks/use-drawing-session';
import type { FeedbackSectionProps } from '@/features/feedback/components/feedback-section';

/**
 * What a page's feedback section needs from its drawing session (the video page and each side of
 * compare mode): the drawing that goes with the next feedback, and a card's preview that shows a
 * stored drawing on its frame. Features do not know each other, so routes compose them here.
 */
export function feedbackDrawingProps(
  session: DrawingSession,
  thumbnail: string | null,
  canDraw: boolean,
): Pick<FeedbackSectionProps, 'drawingAttachment' | 'renderDrawing'> {
  return {
    drawingAttachment: canDraw
      ? {
          drawing: session.editor.attached,
          control: <DrawingAttachment session={session} thumbnail={thumbnail} />,
          onPosted: session.detach,
        }
      : undefined,
    renderDrawing: ({ id, drawing: stored }) =>
      stored && (
        <DrawingPreview
          drawing={stored}
          thumbnail={thumbnail}
          video={session.videoSize}
          onShow={session.ready ? () => session.show(id, stored) : undefined}
        />
      ),
  };
}
