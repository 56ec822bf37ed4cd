import { describe, expect, it } from '@jest/globals';
import { CoalescingPoller, withTimeout } from './coalescing-poller.js';

describe('CoalescingPoller', () => {
  it('runs once more for kicks that arrive while it runs, and not at all once stopped', async () => {
    let runs = 0;
    let release!: () => void;
    const poller = new CoalescingPoller(
      async () => {
        runs += 1;
        if (runs === 1) await new Promise<void>((resolve) => (release = resolve));
      },
      { intervalMs: 60_000, onError: () => undefined },
    );
    const first = poller.kick();
    void poller.kick();
    void poller.kick();
    release();
    await first;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(runs).toBe(2);
    await poller.stop();
    await poller.kick();
    expect(runs).toBe(2);
  });

  it('reports a failed run and runs again on the next kick', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const poller = new CoalescingPoller(
      async () => {
        runs += 1;
        if (runs === 1) throw new Error('redis away');
      },
      { intervalMs: 60_000, onError: (error) => errors.push(error) },
    );
    await poller.kick();
    await poller.kick();
    expect(errors).toHaveLength(1);
    expect(runs).toBe(2);
    await poller.stop();
  });
});

describe('withTimeout', () => {
  it('rejects with the message when the promise takes too long', async () => {
    await expect(withTimeout(new Promise(() => undefined), 10, 'too slow')).rejects.toThrow('too slow');
    await expect(withTimeout(Promise.resolve(7), 1000, 'too slow')).resolves.toBe(7);
  });
});
