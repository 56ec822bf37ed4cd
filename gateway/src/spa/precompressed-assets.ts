import { Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { readdirSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import { config } from '../config.js';
import { acceptedEncoding, type ContentCoding } from './accept-encoding.js';
import { AppShell } from './app-shell.js';
import { HASHED_ASSET_CACHING, staticCacheHeaders } from './static-cache.js';

/** The siblings the build writes beside each text file (frontend/vite-plugins/precompress.ts). */
const SUFFIXES: Record<ContentCoding, string> = { br: '.br', gzip: '.gz' };
/** The shell and its built siblings, which carry the nonce placeholder: the shell is rendered instead. */
const SHELL_FILES = new Set(['/index.html', '/index.html.br', '/index.html.gz']);

/**
 * The built SPA's text files (bundles, styles, index.html) as the build precompressed them: the
 * `.br` or `.gz` sibling the browser accepts, with the original's Content-Type and caching, so no
 * request spends CPU compressing. Range requests, HEAD and conditional requests work on the sent
 * file as on any static one; each encoding has its own ETag. Images and video have no siblings and
 * are left to the static files middleware, as is a browser that accepts neither encoding. The shell,
 * index.html, is rendered per request with its CSP nonce (app-shell.ts), also at its own address.
 */
@Injectable()
export class PrecompressedAssets {
  private readonly staticDir = resolve(config.STATIC_DIR);
  private readonly cacheHeaders = staticCacheHeaders(this.staticDir);
  /** URL path → the encodings it has a sibling for; read once, as the build ships with the gateway. */
  private readonly variants = findVariants(this.staticDir);

  constructor(private readonly shell: AppShell) {}

  readonly middleware = (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (SHELL_FILES.has(req.path) && this.shell.exists()) return this.shell.send(req, res);
    if (!this.send(req, res, req.path)) next();
  };

  /**
   * Sends the precompressed sibling of the file at `urlPath` that the request accepts and answers
   * true; or answers false, having only added `Vary: Accept-Encoding` if the file has siblings, and
   * the caller sends the file as it is.
   */
  send(req: Request, res: Response, urlPath: string): boolean {
    let path: string;
    try {
      path = decodeURIComponent(urlPath);
    } catch {
      return false;
    }
    const available = this.variants.get(path);
    if (!available) return false;
    // Caches keep one copy per encoding, including the identity one sent to other browsers.
    res.vary('Accept-Encoding');
    const encoding = acceptedEncoding(req.headers['accept-encoding'], available);
    if (!encoding) return false;
    this.cacheHeaders(res, join(this.staticDir, path));
    // The original's type: the sibling's own name would make it application/octet-stream.
    res.type(extname(path));
    res.sendFile(`${path.slice(1)}${SUFFIXES[encoding]}`, {
      root: this.staticDir,
      ...HASHED_ASSET_CACHING,
      headers: { 'Content-Encoding': encoding },
    });
    return true;
  }
}

function findVariants(staticDir: string): Map<string, ContentCoding[]> {
  let names: string[];
  try {
    names = readdirSync(staticDir, { recursive: true, encoding: 'utf8' });
  } catch {
    return new Map(); // not built: the SPA controller says so
  }
  const files = new Set(names.map((name) => `/${name.split(sep).join('/')}`));
  const variants = new Map<string, ContentCoding[]>();
  for (const file of files) {
    const available = (Object.keys(SUFFIXES) as ContentCoding[]).filter((coding) =>
      files.has(`${file}${SUFFIXES[coding]}`),
    );
    if (available.length && !SHELL_FILES.has(file)) variants.set(file, available);
  }
  return variants;
}
