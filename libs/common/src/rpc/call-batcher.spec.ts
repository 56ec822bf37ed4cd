import { describe, expect, it } from '@jest/globals';
import { CallBatcher } from './call-batcher.js';

/** A batcher whose `send` answers each item doubled, recording the batches it was sent. */
function doubling(maxBatch?: number) {
  const batches: number[][] = [];
  const batcher = new CallBatcher<number, number>(async (items) => {
    batches.push(items);
    return items.map((item) => item * 2);
  }, maxBatch);
  return { batcher, batches };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('CallBatcher', () => {
  it('sends the calls made in one turn of the event loop together and answers each its own result', async () => {
    const { batcher, batches } = doubling();
    const answers = await Promise.all([batcher.call(1), batcher.call(2), batcher.call(3)]);
    expect(answers).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('sends a call made in a later turn in a batch of its own', async () => {
    const { batcher, batches } = doubling();
    const first = batcher.call(1);
    await nextTurn();
    const second = batcher.call(2);
    expect(await Promise.all([first, second])).toEqual([2, 4]);
    expect(batches).toEqual([[1], [2]]);
  });

  it('sends a full batch at once and the rest after', async () => {
    const { batcher, batches } = doubling(2);
    expect(await Promise.all([1, 2, 3, 4, 5].map((item) => batcher.call(item)))).toEqual([2, 4, 6, 8, 10]);
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('fails every call of a batch whose request fails, and not the next batch', async () => {
    let fail = true;
    const batcher = new CallBatcher<number, number>(async (items) => {
      if (fail) throw new Error('The video service is temporarily unavailable');
      return items;
    });
    const failed = await Promise.allSettled([batcher.call(1), batcher.call(2)]);
    expect(failed.map((outcome) => outcome.status === 'rejected' && (outcome.reason as Error).message)).toEqual([
      'The video service is temporarily unavailable',
      'The video service is temporarily unavailable',
    ]);
    fail = false;
    expect(await batcher.call(3)).toBe(3);
  });

  it('fails the calls a short answer leaves without a result', async () => {
    const batcher = new CallBatcher<number, number>(async (items) => items.slice(0, 1));
    const outcomes = await Promise.allSettled([batcher.call(1), batcher.call(2)]);
    expect(outcomes[0]).toEqual({ status: 'fulfilled', value: 1 });
    expect(outcomes[1]).toMatchObject({ status: 'rejected' });
  });
});
