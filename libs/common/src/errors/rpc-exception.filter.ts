import { Catch, Logger, type RpcExceptionFilter } from '@nestjs/common';
import { throwError, type Observable } from 'rxjs';
import { ERROR_CODES, type RpcErrorPayload } from '@app/contracts';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from './database-unavailable.js';
import { DomainError } from './domain-errors.js';

/**
 * Turns anything a message handler throws into the wire error the gateway understands.
 * Domain errors keep their code and message; PostgreSQL out of reach is UNAVAILABLE (503, "try
 * again shortly"); anything else is logged with its stack and leaves as a bare INTERNAL, so no
 * SQL or stack trace ever reaches a client.
 */
@Catch()
export class RpcDomainExceptionFilter implements RpcExceptionFilter {
  private readonly logger = new Logger('RpcExceptionFilter');

  catch(exception: unknown): Observable<never> {
    return throwError(() => toRpcErrorPayload(exception, this.logger));
  }
}

export function toRpcErrorPayload(exception: unknown, logger?: Logger): RpcErrorPayload {
  if (exception instanceof DomainError) return exception.toPayload();
  if (isDatabaseUnavailable(exception)) {
    // An outage, not a bug: one line per failed call, no stack.
    logger?.warn(`database unavailable: ${exception instanceof Error ? exception.message : String(exception)}`);
    return { code: ERROR_CODES.unavailable, message: DATABASE_UNAVAILABLE_MESSAGE };
  }
  logger?.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
  return { code: ERROR_CODES.internal, message: 'Internal error' };
}
