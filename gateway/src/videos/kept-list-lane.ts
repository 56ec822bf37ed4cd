import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { listVideosRequestSchema } from '@app/contracts';
import { needsSession } from '../auth/session-needed.js';
import { sendPage } from '../http/next-page.js';
import { labelRoute } from '../metrics/http-metrics.js';
import type { ListingCache } from './listing-cache.js';

/** The list route's pattern, as its metrics are labelled when Nest's router serves it. */
const LIST_ROUTE = '/api/videos';

/**
 * Mounted at `/api/videos` after the middleware every answer goes through (metrics, request id
 * and access line, security headers, compression's Vary, the cross-site guard) and before the
 * body parser, the session and Nest's router: a signed-out list request whose answer the
 * ListingCache keeps is answered here, with what VideosController would send for it. Profiled
 * (bench:api, cached `newest`): matching the request against every route and running Nest's
 * pipeline for it were about a fifth of the gateway's CPU per request, for an answer already
 * made. Anything else (a session cookie, a query the contract refuses, a page not kept) goes on
 * to the controller, which validates, loads and keeps as before.
 */
export function keptListLane(cache: ListingCache): RequestHandler {
  return (req: Request, res: Response, next: NextFunction): void => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path !== '/' || needsSession(req)) return next();
    const query = listVideosRequestSchema.safeParse(req.query);
    const kept = query.success ? cache.keptPage(query.data) : undefined;
    if (!kept) return next();
    labelRoute(res, LIST_ROUTE);
    sendPage(req, res, kept.page);
    kept.json.send(req, res).catch(next);
  };
}
