import type { FeedbackDrawing } from '@app/contracts';
import { useCallback, useEffect, useReducer, useState, type Dispatch } from 'react';
import { usePlaybackFrame, type PlaybackFrame } from '@/features/annotations/hooks/use-playback-frame';
import {
  drawingEditorReducer,
  initialDrawingEditorState,
  type DrawingEditorAction,
  type DrawingEditorState,
} from '@/features/annotations/utils/drawing-editor';
import type { Size } from '@/features/annotations/utils/drawing-geometry';
import { frameAtTime, frameSeekTime as timeOfFrame } from '@/lib/frame-clock';

/** A stored drawing shown over the player on its frame (until playback moves on). */
export type ShownDrawing = { key: number; drawing: FeedbackDrawing };

export type DrawingSession = {
  media: HTMLVideoElement | null;
  frameRate: number | null;
  /** A frame can be found and drawn on: a file video whose frame rate is known, its element mounted. */
  ready: boolean;
  playback: PlaybackFrame;
  /** The video's own pixels once its metadata is in. */
  videoSize: Size | null;
  editor: DrawingEditorState;
  dispatch: Dispatch<DrawingEditorAction>;
  shown: ShownDrawing | null;
  /** Opens the tools on the paused frame (pausing first; an attached drawing goes back to its frame). */
  start: () => void;
  /** "Done": the drawing, on the frame shown now, is attached to the next feedback. */
  finish: () => void;
  /** Seeks to the drawing's frame, pauses and shows it there. */
  show: (key: number, drawing: FeedbackDrawing) => void;
  /** Forgets the attached drawing (removed, or posted with the feedback). */
  detach: () => void;
};

/** Brings the player into view, for a control further down the page (a feedback card, the form). */
function revealPlayer(media: HTMLVideoElement) {
  if (typeof media.scrollIntoView !== 'function') return;
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  media.scrollIntoView({ block: 'nearest', behavior: reduceMotion ? 'auto' : 'smooth' });
}

/**
 * How the session stops the picture and moves it to a frame. By default it works the element
 * itself; a page whose element is driven by something else (compare mode's linked transport,
 * which would start it again) hands in its own.
 */
export type DrawingPlayback = {
  /** Stops on the frame on screen. */
  hold: () => void;
  /** Pauses on `frame`. */
  goToFrame: (frame: number) => void;
};

function elementPlayback(media: HTMLVideoElement, frameRate: number): DrawingPlayback {
  return {
    hold: () => media.pause(),
    goToFrame: (frame) => {
      media.pause();
      if (frameAtTime(media.currentTime, frameRate) !== frame) media.currentTime = timeOfFrame(frame, frameRate);
    },
  };
}

/**
 * Drawing on the page's file player: the editor's state, the frame it is on, and the stored
 * drawing being shown. The route hands it to the overlay, the toolbar, the form and the cards.
 */
export function useDrawingSession({
  media,
  frameRate,
  playback: drivenBy,
}: {
  media: HTMLVideoElement | null;
  frameRate: number | null;
  playback?: DrawingPlayback;
}): DrawingSession {
  const [editor, dispatch] = useReducer(drawingEditorReducer, initialDrawingEditorState);
  const [shown, setShown] = useState<ShownDrawing | null>(null);
  const [videoSize, setVideoSize] = useState<Size | null>(null);
  const playback = usePlaybackFrame(media, frameRate);
  const ready = media !== null && frameRate !== null && frameRate > 0;

  useEffect(() => {
    if (!media) {
      setVideoSize(null);
      return;
    }
    const update = () =>
      setVideoSize((current) => {
        if (!media.videoWidth || !media.videoHeight) return null;
        return current?.width === media.videoWidth && current.height === media.videoHeight
          ? current
          : { width: media.videoWidth, height: media.videoHeight };
      });
    update();
    media.addEventListener('loadedmetadata', update);
    media.addEventListener('resize', update);
    return () => {
      media.removeEventListener('loadedmetadata', update);
      media.removeEventListener('resize', update);
    };
  }, [media]);

  // A shown drawing goes as soon as playback starts or the time leaves its frame. The seek that
  // shows it has already moved currentTime, so every later event sees the target frame.
  useEffect(() => {
    if (!shown || !media || !frameRate) return;
    const check = () => {
      if (!media.paused || frameAtTime(media.currentTime, frameRate) !== shown.drawing.frame) setShown(null);
    };
    const events = ['play', 'seeking', 'seeked', 'timeupdate'] as const;
    for (const event of events) media.addEventListener(event, check);
    return () => {
      for (const event of events) media.removeEventListener(event, check);
    };
  }, [shown, media, frameRate]);

  const start = useCallback(() => {
    if (!media || !frameRate) return;
    const control = drivenBy ?? elementPlayback(media, frameRate);
    if (editor.attached) control.goToFrame(editor.attached.frame);
    else control.hold();
    revealPlayer(media);
    dispatch({ type: 'start' });
  }, [media, frameRate, editor.attached, drivenBy]);

  const finish = useCallback(() => {
    if (!media || !frameRate) return;
    dispatch({
      type: 'finish',
      frame: frameAtTime(media.currentTime, frameRate),
      video: { width: media.videoWidth, height: media.videoHeight },
    });
  }, [media, frameRate]);

  const show = useCallback(
    (key: number, drawing: FeedbackDrawing) => {
      if (!media || !frameRate) return;
      (drivenBy ?? elementPlayback(media, frameRate)).goToFrame(drawing.frame);
      revealPlayer(media);
      setShown({ key, drawing });
    },
    [media, frameRate, drivenBy],
  );

  const detach = useCallback(() => dispatch({ type: 'detach' }), []);

  return { media, frameRate, ready, playback, videoSize, editor, dispatch, shown, start, finish, show, detach };
}
