import { describe, expect, it } from '@jest/globals';
import { holdsRevision, pollUntil } from './listing-catch-up.js';

describe('holdsRevision', () => {
  it('holds at the revision or later, and for a removal whatever its revision', () => {
    expect(holdsRevision(null, 0)).toBe(false);
    expect(holdsRevision({ revision: 2, removed: false }, 3)).toBe(false);
    expect(holdsRevision({ revision: 3, removed: false }, 3)).toBe(true);
    expect(holdsRevision({ revision: 4, removed: false }, 3)).toBe(true);
    expect(holdsRevision({ revision: 2, removed: true }, 3)).toBe(true);
  });
});

describe('pollUntil', () => {
  it('answers as soon as the value is accepted', async () => {
    const values = [1, 2, 3, 4];
    let reads = 0;
    const held = await pollUntil(
      () => Promise.resolve(values[reads++]),
      (value) => value === 3,
      { timeoutMs: 5000, intervalMs: 1 },
    );
    expect({ held, reads }).toEqual({ held: true, reads: 3 });
  });

  it('gives up after the timeout, having read at its end once more', async () => {
    const started = Date.now();
    let reads = 0;
    const held = await pollUntil(
      () => Promise.resolve(++reads),
      () => false,
      { timeoutMs: 60, intervalMs: 20 },
    );
    const elapsed = Date.now() - started;
    expect(held).toBe(false);
    expect(elapsed).toBeGreaterThanOrEqual(60);
    expect(elapsed).toBeLessThan(1000);
    expect(reads).toBeGreaterThanOrEqual(3);
  });
});
