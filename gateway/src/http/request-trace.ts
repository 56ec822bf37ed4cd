import { Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import {
  REQUEST_ID_HEADER,
  acceptRequestClient,
  acceptRequestId,
  newRequestId,
  runWithTrace,
  type TraceContext,
} from '@app/common';

const traceOf = new WeakMap<Request, TraceContext>();
const logger = new Logger('http');
/**
 * Probes arrive every few seconds from the orchestrator (and monitors, and `npm run up` while it
 * waits): their lines are debug, not info.
 */
const PROBE_PATHS = new Set(['/healthz', '/readyz', '/healthz/dependencies']);

/**
 * Gives every request an id (the caller's `X-Request-Id` when it is a plain token, else a new
 * one), answers it in the response header, runs the request in that trace (the NATS client
 * puts it in its headers, services and jobs carry it on), and writes one access line per
 * request when the response is finished.
 */
export function requestTraceMiddleware(req: Request, res: Response, next: NextFunction): void {
  const requestId = acceptRequestId(req.headers[REQUEST_ID_HEADER]) ?? newRequestId();
  // Who sent it, for security events here and in the services (carried in the NATS headers).
  const client = acceptRequestClient(req.ip, req.headers['user-agent']);
  const trace: TraceContext = client ? { requestId, client } : { requestId };
  traceOf.set(req, trace);
  res.setHeader('X-Request-Id', requestId);
  const started = process.hrtime.bigint();
  res.once('finish', () =>
    runWithTrace(trace, () => {
      const line = {
        msg: 'request',
        method: req.method,
        path: req.path,
        status: res.statusCode,
        durationMs: Number((process.hrtime.bigint() - started) / 1_000_000n),
      };
      if (PROBE_PATHS.has(req.path)) logger.debug(line);
      else logger.log(line);
    }),
  );
  runWithTrace(trace, next);
}

/**
 * Middleware that finish on an I/O callback (the session store's query, the body parser's
 * stream) hand on in that callback's async context, not the request's: placed right before
 * the routes, this puts the request's trace back for the handlers.
 */
export function reenterRequestTrace(req: Request, _res: Response, next: NextFunction): void {
  const trace = traceOf.get(req);
  if (trace) runWithTrace(trace, next);
  else next();
}
