import { describe, expect, it } from '@jest/globals';
import { heaviestTierFirst, TIER_ORDER } from './lightest-last-sequencer.mjs';

const suite = (project: string | undefined, path: string) => ({
  path,
  context: { config: { displayName: project === undefined ? undefined : { name: project } } },
});

describe('the main lane’s order', () => {
  it('runs integration, then service, then DOM, then plain unit suites, each tier in Jest’s order', () => {
    const jestOrder = [
      suite('unit', '/u1'),
      suite('integration', '/i1'),
      suite('unit-dom', '/d1'),
      suite('service', '/s1'),
      suite('unit', '/u2'),
      suite('integration', '/i2'),
      suite('unit-dom', '/d2'),
    ];
    expect(heaviestTierFirst(jestOrder).map((test) => test.path)).toEqual([
      '/i1',
      '/i2',
      '/s1',
      '/d1',
      '/d2',
      '/u1',
      '/u2',
    ]);
    expect(TIER_ORDER.at(-1)).toBe('unit');
  });

  it('keeps a suite of a project it does not know, with the heaviest', () => {
    const tests = [suite('unit', '/u1'), suite(undefined, '/x'), suite('other', '/y')];
    expect(heaviestTierFirst(tests).map((test) => test.path)).toEqual(['/x', '/y', '/u1']);
  });
});
