import { describe, expect, it } from '@jest/globals';
import { RoundPacer } from './round-pacer.js';

/** A pacer on a clock the test moves. */
function pacerAt(intervalMs: number) {
  let now = 10_000;
  const pacer = new RoundPacer(intervalMs, () => now);
  return { pacer, at: () => now, advance: (ms: number) => (now += ms) };
}

describe('RoundPacer', () => {
  it('lets the first round and a round after a quiet spell begin at once', () => {
    const { pacer, at, advance } = pacerAt(200);
    expect(pacer.delayMs()).toBe(0);
    pacer.record(at(), 3);
    advance(200);
    expect(pacer.delayMs()).toBe(0);
    advance(5_000);
    expect(pacer.delayMs()).toBe(0);
  });

  it('holds the next round back until the interval since the last delivering round began has passed', () => {
    const { pacer, at, advance } = pacerAt(200);
    const started = at();
    advance(30); // the round took 30 ms
    pacer.record(started, 12);
    expect(pacer.delayMs()).toBe(170);
    advance(120);
    expect(pacer.delayMs()).toBe(50);
  });

  it('is not held back by a round that found nothing to deliver (the periodic poll)', () => {
    const { pacer, at, advance } = pacerAt(200);
    pacer.record(at(), 0);
    advance(10);
    expect(pacer.delayMs()).toBe(0);
    // A delivering round before it still counts.
    const delivering = at();
    pacer.record(delivering, 1);
    advance(50);
    pacer.record(at(), 0);
    expect(pacer.delayMs()).toBe(150);
  });
});
