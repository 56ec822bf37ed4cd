import { describe, expect, it } from '@jest/globals';
import { Semaphore } from './semaphore.js';

/** A task the test finishes by hand, recording when it started. */
function gate() {
  let open!: () => void;
  const done = new Promise<void>((resolve) => (open = resolve));
  return { done, open };
}

describe('Semaphore', () => {
  it('runs at most its capacity at once, the rest in arrival order, and refuses past the queue limit', async () => {
    const semaphore = new Semaphore(2, 2, () => new Error('busy'));
    const started: number[] = [];
    const gates = [gate(), gate(), gate(), gate()];
    const runs = gates.map((g, index) =>
      semaphore.run(async () => {
        started.push(index);
        await g.done;
        return index;
      }),
    );
    await expect(semaphore.run(() => Promise.resolve(99))).rejects.toThrow('busy');
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1]);

    gates[1]!.open();
    await runs[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);

    gates[0]!.open();
    gates[2]!.open();
    gates[3]!.open();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(started).toEqual([0, 1, 2, 3]);
    // Every slot was given back: two more run side by side.
    const again = [gate(), gate()];
    const both: number[] = [];
    const runsAgain = again.map((g, index) => semaphore.run(async () => (both.push(index), await g.done)));
    await new Promise((resolve) => setImmediate(resolve));
    expect(both).toEqual([0, 1]);
    again.forEach((g) => g.open());
    await Promise.all(runsAgain);
  });

  it('frees the slot when a task fails', async () => {
    const semaphore = new Semaphore(1, 0, () => new Error('busy'));
    await expect(semaphore.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await semaphore.run(() => Promise.resolve('ok'))).toBe('ok');
  });
});
