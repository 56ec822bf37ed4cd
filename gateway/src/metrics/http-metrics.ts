import type { NextFunction, Request, Response } from 'express';
import { httpRequestDuration } from '@app/common';

/** Requests that no route matched (static assets, early rejections) share one label value. */
const UNMATCHED_ROUTE = 'unmatched';

const ROUTE_LABEL = 'metricsRoute';

/** For a middleware that answers a route's request itself: the route pattern its metrics carry. */
export function labelRoute(res: Response, route: string): void {
  res.locals[ROUTE_LABEL] = route;
}

/**
 * Times every request and labels it with the route pattern Express matched (`/api/videos/:id`),
 * never the raw URL, so the number of series stays bounded whatever clients send. Read when
 * the response is finished: only then is the matched route known.
 */
export function httpMetricsMiddleware(req: Request, res: Response, next: NextFunction): void {
  const stopTimer = httpRequestDuration.startTimer();
  res.once('finish', () => {
    const pattern = (req.route as { path?: unknown } | undefined)?.path;
    const labelled = res.locals[ROUTE_LABEL] as string | undefined;
    const route = labelled ?? (typeof pattern === 'string' ? `${req.baseUrl}${pattern}` : UNMATCHED_ROUTE);
    stopTimer({ method: req.method, route, status: String(res.statusCode) });
  });
  next();
}
