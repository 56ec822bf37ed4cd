import { useEffect, useRef, useState, type RefObject } from 'react';
import type { Feedback } from '@/features/feedback/api/get-video-feedback';
import type { FeedbackPlayer } from '@/features/feedback/types';

/** A piece of feedback a link points at (`?feedback=<id>`), once per navigation (`key`). */
export type FeedbackFocus = { id: number; key: string };

/** How long the piece a link points at stays highlighted. */
export const FEEDBACK_HIGHLIGHT_MS = 5000;

type FocusList = {
  /** The feedback loaded so far; undefined while the first page loads. */
  data: Feedback[] | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** Loading a further page failed: the search stops there. */
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
};

/**
 * Brings the feedback a link points at into view: loads further pages until it is there (or the
 * list ends), scrolls to it, highlights it for a few seconds, and shows its time code in the
 * player once the player is there. Each step happens once per navigation.
 * Returns the id to show highlighted.
 */
export function useFeedbackFocus(
  focus: FeedbackFocus | null,
  list: FocusList,
  player: FeedbackPlayer | null,
  container: RefObject<HTMLElement | null>,
): number | null {
  const [highlight, setHighlight] = useState<{ id: number; key: string } | null>(null);
  const revealed = useRef<string | null>(null);
  const shown = useRef<string | null>(null);
  const focusKey = focus ? `${focus.key}:${focus.id}` : null;
  const target = focus && list.data ? (list.data.find((item) => item.id === focus.id) ?? null) : null;
  const { data: items, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = list;

  // Not among the loaded pages yet: load the next one.
  useEffect(() => {
    if (!focusKey || !items || target || revealed.current === focusKey) return;
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [focusKey, items, target, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  useEffect(() => {
    if (!focusKey || !target || revealed.current === focusKey) return;
    revealed.current = focusKey;
    const element = container.current?.querySelector(`[data-feedback-id="${target.id}"]`);
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    element?.scrollIntoView({ block: 'center', behavior: reduceMotion ? 'auto' : 'smooth' });
    setHighlight({ id: target.id, key: focusKey });
  }, [focusKey, target, container]);

  useEffect(() => {
    if (!highlight) return;
    const timer = window.setTimeout(() => setHighlight(null), FEEDBACK_HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, [highlight]);

  // The player may arrive after the list (a file video's element): its time code is shown then.
  const timecode = target?.timecode ?? null;
  useEffect(() => {
    if (!focusKey || !timecode || !player || shown.current === focusKey) return;
    shown.current = focusKey;
    // Its moment, paused there; the page stays at the feedback rather than jumping to the player.
    player.showTimecode({ start: timecode.start }, { reveal: false });
  }, [focusKey, timecode, player]);

  return highlight?.key === focusKey ? highlight.id : null;
}
