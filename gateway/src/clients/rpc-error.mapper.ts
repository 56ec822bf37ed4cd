import { HttpException, HttpStatus } from '@nestjs/common';
import { ERROR_CODES, isRpcErrorPayload, type ErrorCode, type ServiceName } from '@app/contracts';

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

export const unavailable = (service: ServiceName) =>
  new HttpException(
    { message: `The ${service} service is temporarily unavailable. Please try again shortly.` },
    HttpStatus.SERVICE_UNAVAILABLE,
  );

/**
 * What a failed service call means for the HTTP caller: a domain error keeps its message and
 * gets its status; a timeout or a broken transport is a 503, since the service is not answering.
 */
export function toHttpException(error: unknown, service: ServiceName): HttpException {
  if (isRpcErrorPayload(error)) {
    const status = STATUS_BY_CODE[error.code];
    const message = status === HttpStatus.INTERNAL_SERVER_ERROR ? 'Internal server error' : error.message;
    return new HttpException({ message }, status);
  }
  // A timeout, or a transport failure (connection closed, no responders, empty response): the
  // service is not answering.
  return unavailable(service);
}
