import { HttpStatus } from '@nestjs/common';
import type { IncomingHttpHeaders } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { noteDenial } from './access-denied-log.js';

export const CROSS_SITE_REQUEST_MESSAGE = 'Cross-site requests are not allowed';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

interface RequestLike {
  method: string;
  headers: IncomingHttpHeaders;
}

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Go's net/http CrossOriginProtection rules: a safe method always passes; a browser's
 * `Sec-Fetch-Site` decides when present (`same-origin` and `none`, a typed address or bookmark,
 * pass; `same-site` and `cross-site` do not, so a sibling subdomain cannot post either);
 * otherwise `Origin` must be the app's own: one of `publicOrigins` when configured, else the
 * request's Host. A request with neither header is not from a browser page (curl, API clients)
 * and passes: the attack needs a victim's browser, which always sends one of them.
 */
export function isCrossSiteRequest(req: RequestLike, publicOrigins: readonly string[]): boolean {
  if (SAFE_METHODS.has(req.method.toUpperCase())) return false;
  const fetchSite = header(req.headers, 'sec-fetch-site')?.trim().toLowerCase();
  if (fetchSite) return fetchSite !== 'same-origin' && fetchSite !== 'none';
  const origin = header(req.headers, 'origin')?.trim();
  if (!origin) return false;
  if (publicOrigins.length > 0) return !publicOrigins.includes(origin);
  try {
    return new URL(origin).host !== header(req.headers, 'host');
  } catch {
    // "null" (a sandboxed frame, a privacy redirect) or garbage: not this app's page.
    return true;
  }
}

/**
 * True when a browser says this request was started by another site, even a sibling subdomain
 * (a link, a form, an <img>): such a visit may read public pages but must change nothing.
 */
export function isFromAnotherSite(req: RequestLike): boolean {
  const fetchSite = header(req.headers, 'sec-fetch-site')?.trim().toLowerCase();
  return fetchSite === 'cross-site' || fetchSite === 'same-site';
}

/**
 * 403 JSON for every state-changing request another site's page makes (CSRF), before any work
 * (the session is not read yet: the forged request's actor is unknown).
 */
export function crossSiteRequestGuard(publicOrigins: readonly string[]): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!isCrossSiteRequest(req, publicOrigins)) return next();
    noteDenial(res, {
      reason: 'cross-site request',
      target: {
        origin: header(req.headers, 'origin') ?? null,
        fetchSite: header(req.headers, 'sec-fetch-site') ?? null,
      },
    });
    res.status(HttpStatus.FORBIDDEN).json({ message: CROSS_SITE_REQUEST_MESSAGE });
  };
}
