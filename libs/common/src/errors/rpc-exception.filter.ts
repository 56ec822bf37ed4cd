import { Catch, Logger, type RpcExceptionFilter } from '@nestjs/common';
import { throwError, type Observable } from 'rxjs';
import { ERROR_CODES, type RpcErrorPayload } from '@app/contracts';
import { DomainError } from './domain-errors.js';

/**
 * Turns anything a message handler throws into the wire error the gateway understands.
 * Domain errors keep their code and message; anything else is logged with its stack and
 * leaves as a bare INTERNAL, so no SQL or stack trace ever reaches a client.
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
  logger?.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
  return { code: ERROR_CODES.internal, message: 'Internal error' };
}
