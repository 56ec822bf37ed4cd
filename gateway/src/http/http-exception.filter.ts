import { Catch, HttpException, HttpStatus, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '@app/common';
import { noteDenial } from './access-denied-log.js';
import { isJsonBodyTooLarge, JSON_BODY_TOO_LARGE } from './json-body.js';

/**
 * Every error leaves as JSON `{ message }` (plus `errors` for a form, `retryAfterSeconds` on a 429). Known HTTP errors keep their status and message;
 * PostgreSQL out of reach (e.g. the session store failing during a login) is a 503 "try again
 * shortly"; anything unexpected is logged with its stack and answered as a bare 500, so no stack
 * trace, SQL or internal name reaches a client.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const res = http.getResponse<Response>();
    const req = http.getRequest<Request>();
    if (res.headersSent) return;

    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const extras = extrasOf(exception);
      const message = messageOf(exception, req);
      if (status === (HttpStatus.FORBIDDEN as number)) noteDenial(res, { reason: message });
      if (extras.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(extras.retryAfterSeconds));
      res.status(status).json({ message, ...extras });
      return;
    }
    if (isDatabaseUnavailable(exception)) {
      this.logger.warn({
        msg: 'database unavailable',
        path: req.path,
        error: exception instanceof Error ? exception.message : String(exception),
      });
      res.status(HttpStatus.SERVICE_UNAVAILABLE).json({ message: DATABASE_UNAVAILABLE_MESSAGE });
      return;
    }
    this.logger.error({
      msg: 'unhandled error',
      path: req.path,
      error: exception instanceof Error ? exception.stack : String(exception),
    });
    res.status(HttpStatus.INTERNAL_SERVER_ERROR).json({ message: 'Internal server error' });
  }
}

function messageOf(exception: HttpException, req: Request): string {
  // body-parser's own words ("request entity too large") name no limit.
  if (isJsonBodyTooLarge(exception)) return JSON_BODY_TOO_LARGE;
  const body = exception.getResponse();
  const message = typeof body === 'string' ? body : (body as { message?: unknown }).message;
  if (Array.isArray(message)) return message.join('; ');
  if (typeof message !== 'string') return exception.message;
  // Nest's own "Cannot GET /x" for an unknown route, said in our words.
  return /^Cannot [A-Z]+ \//.test(message) ? `Not found: ${req.method} ${req.path}` : message;
}

/** Fields a client can act on: per-field validation issues, and how long to wait after a 429. */
function extrasOf(exception: HttpException): { errors?: unknown[]; retryAfterSeconds?: number } {
  const body = exception.getResponse();
  if (typeof body !== 'object' || body === null) return {};
  const { errors, retryAfterSeconds } = body as { errors?: unknown; retryAfterSeconds?: unknown };
  return {
    ...(Array.isArray(errors) ? { errors } : {}),
    ...(typeof retryAfterSeconds === 'number' ? { retryAfterSeconds } : {}),
  };
}
