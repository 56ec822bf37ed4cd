import type { Response } from 'express';
import { relative, sep } from 'node:path';

/** Vite writes content-hashed bundles here: a changed file gets a new name. */
const HASHED_ASSETS_DIR = 'assets';

/** The bundles' year-long caching, as main.ts gives the static files middleware too. */
export const HASHED_ASSET_CACHING = { maxAge: '1y', immutable: true } as const;

/**
 * Static files of the built SPA: only the content-hashed bundles are cached for a year
 * (immutable); anything else, index.html above all, is revalidated on every use (ETag), so a
 * deploy never leaves a browser or proxy on a stale shell pointing at assets that are gone.
 */
export function staticCacheHeaders(staticDir: string) {
  return (res: Response, path: string): void => {
    const [top] = relative(staticDir, path).split(sep);
    if (top !== HASHED_ASSETS_DIR) res.setHeader('Cache-Control', 'no-cache');
  };
}
