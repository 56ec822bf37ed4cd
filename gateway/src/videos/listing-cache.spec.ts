import { describe, expect, it } from '@jest/globals';
import type { LiveSignals } from '@app/common';
import { CATALOG_LIVE_SUBJECT, listVideosRequestSchema, type Page, type VideoDto } from '@app/contracts';
import { strictMock } from '@app/testing/unit';
import { ListingCache, type ListAnswer } from './listing-cache.js';

/** A cache on a stand-in signal connection: `announce()` is the catalog's signal, `reconnect()` NATS coming back. */
function cacheWithSignals() {
  const handlers = new Map<string, () => void>();
  const signals = strictMock<LiveSignals>('LiveSignals', {
    subscribe: <T>(subject: string, handle: (payload: T) => void) => {
      handlers.set(subject, () => handle({} as T));
      return () => void handlers.delete(subject);
    },
    onReconnect: (handle: () => void) => {
      handlers.set('reconnect', handle);
      return () => void handlers.delete('reconnect');
    },
  });
  const cache = new ListingCache(signals);
  cache.onModuleInit();
  return {
    cache,
    announce: () => handlers.get(CATALOG_LIVE_SUBJECT)!(),
    reconnect: () => handlers.get('reconnect')!(),
  };
}

const request = listVideosRequestSchema.parse({});
const pageOf = (title: string): Page<VideoDto> => ({ items: [{ title } as VideoDto], nextCursor: null });

/** A catalog stand-in counting its calls; each answer names the call that made it. */
function countingCatalog() {
  let calls = 0;
  return {
    calls: () => calls,
    load: () => Promise.resolve(pageOf(`answer ${++calls}`)),
  };
}

const titleOf = (answer: ListAnswer) => answer.page.items[0]!.title;

describe('ListingCache', () => {
  it('answers a kept page without asking the catalog again', async () => {
    const { cache } = cacheWithSignals();
    const catalog = countingCatalog();
    expect(titleOf(await cache.anonymousPage(request, catalog.load))).toBe('answer 1');
    expect(titleOf(await cache.anonymousPage(request, catalog.load))).toBe('answer 1');
    expect(titleOf(await cache.anonymousPage({ ...request, sort: 'views' }, catalog.load))).toBe('answer 2');
    expect(catalog.calls()).toBe(2);
  });

  it('tells what it keeps without loading anything: a kept page, nothing for a page not kept or dropped', async () => {
    const { cache, announce } = cacheWithSignals();
    const catalog = countingCatalog();
    expect(cache.keptPage(request)).toBeUndefined();
    const loaded = await cache.anonymousPage(request, catalog.load);
    expect(cache.keptPage(request)?.json).toBe(loaded.json);
    expect(cache.keptPage({ ...request, sort: 'views' })).toBeUndefined();
    announce();
    expect(cache.keptPage(request)).toBeUndefined();
    expect(catalog.calls()).toBe(1);
  });

  it('keeps an answer serialised: a kept page is sent from the same JSON bytes', async () => {
    const { cache } = cacheWithSignals();
    const catalog = countingCatalog();
    const first = await cache.anonymousPage(request, catalog.load);
    const again = await cache.anonymousPage(request, catalog.load);
    expect(again.json).toBe(first.json);
    expect(JSON.parse(first.json.body.toString('utf8'))).toEqual(first.page.items);
  });

  it('asks the catalog once for a crowd asking for the same page at the same time', async () => {
    const { cache } = cacheWithSignals();
    const catalog = countingCatalog();
    const pages = await Promise.all(Array.from({ length: 20 }, () => cache.anonymousPage(request, catalog.load)));
    expect(new Set(pages.map(titleOf))).toEqual(new Set(['answer 1']));
    expect(catalog.calls()).toBe(1);
  });

  it('drops every kept page when the catalog announces a change, or when NATS comes back', async () => {
    const { cache, announce, reconnect } = cacheWithSignals();
    const catalog = countingCatalog();
    await cache.anonymousPage(request, catalog.load);
    announce();
    expect(titleOf(await cache.anonymousPage(request, catalog.load))).toBe('answer 2');
    reconnect();
    expect(titleOf(await cache.anonymousPage(request, catalog.load))).toBe('answer 3');
  });

  it('does not keep a page whose fetch began before an announcement (it may predate the change)', async () => {
    const { cache, announce } = cacheWithSignals();
    let release!: (page: Page<VideoDto>) => void;
    const slow = cache.anonymousPage(request, () => new Promise((resolve) => (release = resolve)));
    announce();
    release(pageOf('from before the change'));
    expect(titleOf(await slow)).toBe('from before the change');
    const catalog = countingCatalog();
    expect(titleOf(await cache.anonymousPage(request, catalog.load))).toBe('answer 1');
  });
});
