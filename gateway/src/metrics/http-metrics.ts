import type { NextFunction, Request, Response } from 'express';
import { httpRequestDuration } from '@app/common';

/** Requests that no route matched (static assets, early rejections) share one label value. */
const UNMATCHED_ROUTE = 'unmatched';

/**
 * Times every request and labels it with the route pattern Express matched (`/api/videos/:id`),
 * never the raw URL, so the number of series stays bounded whatever clients send. Read when
 * the response is finished: only then is the matched route known.
 */
export function httpMetricsMiddleware(req: Request, res: Response, next: NextFunction): void {
  const stopTimer = httpRequestDuration.startTimer();
  res.once('finish', () => {
    const pattern = (req.route as { path?: unknown } | undefined)?.path;
    const route = typeof pattern === 'string' ? `${req.baseUrl}${pattern}` : UNMATCHED_ROUTE;
    stopTimer({ method: req.method, route, status: String(res.statusCode) });
  });
  next();
}
