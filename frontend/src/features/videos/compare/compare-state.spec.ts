import { describe, expect, it } from '@jest/globals';
import {
  compareSearch,
  DEFAULT_COMPARE_STATE,
  effectiveLayout,
  parseCompareState,
  roundOpacity,
  withMirror,
  withSync,
  type CompareState,
} from '@/features/videos/compare/compare-state';

const parse = (query: string) => parseCompareState(new URLSearchParams(query));

describe('compare state in the address', () => {
  it('round-trips every part of the state', () => {
    const state: CompareState = {
      a: 12,
      b: 34,
      syncA: 30,
      syncB: 0,
      speed: 0.25,
      layout: 'overlay',
      opacity: 0.35,
      mirrorA: false,
      mirrorB: true,
    };
    const query = compareSearch(state);
    expect(query).toBe('a=12&b=34&sa=30&sb=0&speed=0.25&layout=overlay&opacity=0.35&mb=1');
    expect(parse(query)).toEqual(state);
  });

  it('leaves defaults out of the link', () => {
    expect(compareSearch({ ...DEFAULT_COMPARE_STATE, a: 1, b: 2 })).toBe('a=1&b=2');
  });

  it('falls back to defaults for anything malformed', () => {
    expect(parse('a=0&b=-3&sa=1.5&sb=x&speed=3&layout=grid&opacity=2&ma=true&mb=0')).toEqual(DEFAULT_COMPARE_STATE);
    expect(parse('a=007&b=1e3&speed=0.10')).toMatchObject({ a: 7, b: null, speed: 0.1 });
  });

  it('keeps opacity to two decimals within 0..1', () => {
    expect(parse('opacity=0.333').opacity).toBe(0.33);
    expect(parse('opacity=1').opacity).toBe(1);
    expect(parse('opacity=0').opacity).toBe(0);
    expect(roundOpacity(-1)).toBe(0);
    expect(roundOpacity(Number.NaN)).toBe(0.5);
  });

  it('sets and clears one side at a time', () => {
    const state = withMirror(withSync(DEFAULT_COMPARE_STATE, 'b', 42), 'a', true);
    expect(state).toMatchObject({ syncA: null, syncB: 42, mirrorA: true, mirrorB: false });
    expect(withSync(state, 'b', null).syncB).toBeNull();
  });

  it('stacks the automatic layout on a narrow screen and keeps a chosen one', () => {
    expect(effectiveLayout('auto', true)).toBe('stacked');
    expect(effectiveLayout('auto', false)).toBe('side-by-side');
    expect(effectiveLayout('side-by-side', true)).toBe('side-by-side');
    expect(effectiveLayout('overlay', false)).toBe('overlay');
  });
});
