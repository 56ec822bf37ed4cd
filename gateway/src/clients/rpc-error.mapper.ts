import { HttpException, HttpStatus } from '@nestjs/common';
import { ERROR_CODES, type ErrorCode } from '@app/contracts';
import type { DomainError } from '@app/common';

const STATUS_BY_CODE: Record<ErrorCode, HttpStatus> = {
  [ERROR_CODES.validation]: HttpStatus.BAD_REQUEST,
  [ERROR_CODES.unauthorized]: HttpStatus.UNAUTHORIZED,
  [ERROR_CODES.forbidden]: HttpStatus.FORBIDDEN,
  [ERROR_CODES.notFound]: HttpStatus.NOT_FOUND,
  [ERROR_CODES.conflict]: HttpStatus.CONFLICT,
  [ERROR_CODES.payloadTooLarge]: HttpStatus.PAYLOAD_TOO_LARGE,
  [ERROR_CODES.tooManyRequests]: HttpStatus.TOO_MANY_REQUESTS,
  [ERROR_CODES.unavailable]: HttpStatus.SERVICE_UNAVAILABLE,
  [ERROR_CODES.internal]: HttpStatus.INTERNAL_SERVER_ERROR,
};

/**
 * What a failed service call means for the HTTP caller: the error's code gives the status and
 * its message is the answer (a service not answering is UNAVAILABLE: 503 naming the service),
 * except that the text of an internal error never leaves.
 */
export function toHttpException(error: DomainError): HttpException {
  const status = STATUS_BY_CODE[error.code];
  const message = status === HttpStatus.INTERNAL_SERVER_ERROR ? 'Internal server error' : error.message;
  return new HttpException({ message }, status);
}
