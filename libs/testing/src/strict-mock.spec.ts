import { describe, expect, it } from '@jest/globals';
import { callsTo, strictMock, UnexpectedCallError } from './strict-mock.js';

interface Shelf {
  find(id: number): Promise<string | null>;
  put(id: number, title: string): Promise<void>;
  count(): number;
  readonly size: number;
}

/** A rule under test: reads through the shelf, and writes only when the title is new. */
async function shelve(shelf: Shelf, id: number, title: string): Promise<'kept' | 'added'> {
  if ((await shelf.find(id)) === title) return 'kept';
  await shelf.put(id, title);
  return 'added';
}

describe('strictMock', () => {
  it('answers the configured methods as given, with their own arguments', async () => {
    const shelf = strictMock<Shelf>('Shelf', {
      find: (id) => Promise.resolve(id === 1 ? 'Dune' : null),
      put: () => Promise.resolve(),
    });
    expect(await shelve(shelf, 1, 'Dune')).toBe('kept');
    expect(await shelve(shelf, 2, 'Emma')).toBe('added');
    expect(callsTo(shelf)).toEqual([
      ['find', [1]],
      ['find', [2]],
      ['put', [2, 'Emma']],
    ]);
  });

  it('fails a call to a method the test did not configure, naming the mock and the method', async () => {
    const shelf = strictMock<Shelf>('Shelf', { find: () => Promise.resolve(null) });
    const failure = await shelve(shelf, 3, 'Ulysses').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UnexpectedCallError);
    expect((failure as Error).message).toBe(
      'strict mock: unexpected call to Shelf.put(); this test gave the method no answer',
    );
    expect(() => shelf.count()).toThrow('unexpected call to Shelf.count()');
  });

  it('logs unexpected calls too, so a rule that swallows the error still shows in the log', () => {
    const shelf = strictMock<Shelf>('Shelf');
    const swallowing = () => {
      try {
        return shelf.count();
      } catch {
        return 0;
      }
    };
    expect(swallowing()).toBe(0);
    expect(callsTo(shelf)).toEqual([['count', []]]);
  });

  it('can be awaited, printed and compared without counting as a call', async () => {
    const shelf = strictMock<Shelf>('Shelf');
    // `await` looks for `then`; a strict mock is not a promise.
    expect(await Promise.resolve(shelf)).toBe(shelf);
    expect({ shelf }).toEqual({ shelf });
    expect(callsTo(shelf)).toEqual([]);
  });

  it('refuses assignments and answers that are not functions', () => {
    const shelf = strictMock<Shelf>('Shelf');
    expect(() => Object.assign(shelf, { size: 3 })).toThrow('Shelf.size cannot be assigned');
    expect(() => strictMock<Shelf>('Shelf', { find: 'Dune' as unknown as Shelf['find'] })).toThrow(
      'the answer for Shelf.find is not a function',
    );
    expect(() => callsTo({})).toThrow('not a strict mock');
  });
});
