/**
 * The compare view's whole state, kept in the address so a shared or reloaded link shows exactly
 * the same comparison: /compare?a=12&b=34&sa=30&sb=150&speed=0.5&layout=overlay&opacity=0.4&ma=1.
 * Anything missing or malformed falls back to its default, so a hand-edited link still opens.
 */

import { PLAYBACK_SPEEDS } from '@/features/videos/player/player-controller';

/** Linked speeds, slowest first: the player's own. */
export const COMPARE_SPEEDS = PLAYBACK_SPEEDS;
export type CompareSpeed = (typeof COMPARE_SPEEDS)[number];

/** `auto` is side by side on a wide screen and stacked on a narrow one. */
export const COMPARE_LAYOUTS = ['auto', 'side-by-side', 'stacked', 'overlay'] as const;
export type CompareLayout = (typeof COMPARE_LAYOUTS)[number];

export type CompareSide = 'a' | 'b';
export const COMPARE_SIDES: readonly CompareSide[] = ['a', 'b'];

export type CompareState = {
  /** Video ids; null when missing or not a positive integer. */
  a: number | null;
  b: number | null;
  /** Sync frames (0-based); null until set with "Sync here". */
  syncA: number | null;
  syncB: number | null;
  speed: CompareSpeed;
  layout: CompareLayout;
  /** How opaque video B is over video A in the overlay layout, 0..1. */
  opacity: number;
  mirrorA: boolean;
  mirrorB: boolean;
};

export const DEFAULT_OPACITY = 0.5;

export const DEFAULT_COMPARE_STATE: CompareState = {
  a: null,
  b: null,
  syncA: null,
  syncB: null,
  speed: 1,
  layout: 'auto',
  opacity: DEFAULT_OPACITY,
  mirrorA: false,
  mirrorB: false,
};

const WHOLE = /^\d{1,9}$/;

function wholeNumber(text: string | null, min: number): number | null {
  if (text === null || !WHOLE.test(text)) return null;
  const value = Number(text);
  return value >= min ? value : null;
}

function speedOf(text: string | null): CompareSpeed {
  const value = Number(text);
  return COMPARE_SPEEDS.find((speed) => speed === value) ?? DEFAULT_COMPARE_STATE.speed;
}

function layoutOf(text: string | null): CompareLayout {
  return COMPARE_LAYOUTS.find((layout) => layout === text) ?? DEFAULT_COMPARE_STATE.layout;
}

function opacityOf(text: string | null): number {
  if (text === null || !/^(?:0|1|0?\.\d{1,3}|1\.0{1,3})$/.test(text)) return DEFAULT_OPACITY;
  return roundOpacity(Number(text));
}

/** Opacity kept to two decimals within 0..1, as the slider and the address carry it. */
export function roundOpacity(value: number): number {
  if (!Number.isFinite(value)) return DEFAULT_OPACITY;
  return Math.round(Math.max(0, Math.min(1, value)) * 100) / 100;
}

export function parseCompareState(search: URLSearchParams): CompareState {
  return {
    a: wholeNumber(search.get('a'), 1),
    b: wholeNumber(search.get('b'), 1),
    syncA: wholeNumber(search.get('sa'), 0),
    syncB: wholeNumber(search.get('sb'), 0),
    speed: speedOf(search.get('speed')),
    layout: layoutOf(search.get('layout')),
    opacity: opacityOf(search.get('opacity')),
    mirrorA: search.get('ma') === '1',
    mirrorB: search.get('mb') === '1',
  };
}

/** The address query for a state; defaults are left out so links stay short. */
export function compareSearch(state: CompareState): string {
  const search = new URLSearchParams();
  if (state.a !== null) search.set('a', String(state.a));
  if (state.b !== null) search.set('b', String(state.b));
  if (state.syncA !== null) search.set('sa', String(state.syncA));
  if (state.syncB !== null) search.set('sb', String(state.syncB));
  if (state.speed !== DEFAULT_COMPARE_STATE.speed) search.set('speed', String(state.speed));
  if (state.layout !== DEFAULT_COMPARE_STATE.layout) search.set('layout', state.layout);
  if (state.opacity !== DEFAULT_OPACITY) search.set('opacity', String(state.opacity));
  if (state.mirrorA) search.set('ma', '1');
  if (state.mirrorB) search.set('mb', '1');
  return search.toString();
}

/** The sync frame and mirror of one side. */
export function sideState(state: CompareState, side: CompareSide): { sync: number | null; mirror: boolean } {
  return side === 'a' ? { sync: state.syncA, mirror: state.mirrorA } : { sync: state.syncB, mirror: state.mirrorB };
}

/** The state with one side's sync frame set (or cleared with null). */
export function withSync(state: CompareState, side: CompareSide, frame: number | null): CompareState {
  return side === 'a' ? { ...state, syncA: frame } : { ...state, syncB: frame };
}

export function withMirror(state: CompareState, side: CompareSide, mirror: boolean): CompareState {
  return side === 'a' ? { ...state, mirrorA: mirror } : { ...state, mirrorB: mirror };
}

/** The layout actually shown: `auto` becomes stacked below the breakpoint. */
export function effectiveLayout(layout: CompareLayout, narrow: boolean): Exclude<CompareLayout, 'auto'> {
  if (layout !== 'auto') return layout;
  return narrow ? 'stacked' : 'side-by-side';
}

/** Below this width (CSS px) `auto` stacks the two videos. */
export const STACK_BREAKPOINT_PX = 720;
