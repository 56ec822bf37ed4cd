import { describe, expect, it } from '@jest/globals';
import { RoundPacer } from './round-pacer.js';

/** A pacer on a clock the test moves. */
function pacerAt(intervalMs: number) {
  let now = 10_000;
  const pacer = new RoundPacer(intervalMs, () => now);
  return { pacer, at: () => now, advance: (ms: number) => (now += ms) };
}

describe('RoundPacer', () => {
  it('lets every round begin at once while commits come one at a time', () => {
    const { pacer, at, advance } = pacerAt(200);
    expect(pacer.delayMs()).toBe(0);
    for (let i = 0; i < 3; i++) {
      pacer.record(at(), 1);
      advance(5);
      expect(pacer.delayMs()).toBe(0);
    }
  });

  it('holds the next round back for the interval since a round that found several rows began', () => {
    const { pacer, at, advance } = pacerAt(200);
    const started = at();
    advance(30); // the round took 30 ms
    pacer.record(started, 12);
    expect(pacer.delayMs()).toBe(170);
    advance(120);
    expect(pacer.delayMs()).toBe(50);
    advance(50);
    expect(pacer.delayMs()).toBe(0);
  });

  it('lets rounds begin at once again after a round that found one row or none (a quiet spell, the periodic poll)', () => {
    const { pacer, at, advance } = pacerAt(200);
    pacer.record(at(), 5);
    advance(200);
    pacer.record(at(), 0);
    advance(10);
    expect(pacer.delayMs()).toBe(0);
    pacer.record(at(), 4);
    advance(10);
    pacer.record(at(), 1);
    expect(pacer.delayMs()).toBe(0);
  });
});
