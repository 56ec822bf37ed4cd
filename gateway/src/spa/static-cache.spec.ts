import { describe, expect, it } from '@jest/globals';
import type { Response } from 'express';
import { join } from 'node:path';
import { staticCacheHeaders } from './static-cache.js';

function headersFor(file: string): Record<string, string> {
  const set: Record<string, string> = {};
  const res = { setHeader: (name: string, value: string) => (set[name] = value) } as unknown as Response;
  staticCacheHeaders('/srv/app/dist')(res, join('/srv/app/dist', file));
  return set;
}

describe('staticCacheHeaders', () => {
  it('leaves the hashed bundles to the year-long immutable default', () => {
    expect(headersFor('assets/index-aUjUVY-u.js')).toEqual({});
  });

  it('makes everything else, index.html above all, revalidate on every use', () => {
    expect(headersFor('index.html')).toEqual({ 'Cache-Control': 'no-cache' });
    expect(headersFor('robots.txt')).toEqual({ 'Cache-Control': 'no-cache' });
    expect(headersFor('hero/slide.webp')).toEqual({ 'Cache-Control': 'no-cache' });
  });
});
