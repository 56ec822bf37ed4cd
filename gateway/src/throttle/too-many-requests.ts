import { HttpException, HttpStatus } from '@nestjs/common';

/**
 * 429 with how long to wait, in words and in `retryAfterSeconds` (the exception filter turns
 * that into the Retry-After header).
 */
export function tooManyRequests(what: string, waitMs: number): HttpException {
  const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait =
    retryAfterSeconds <= 60
      ? `${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`
      : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return new HttpException(
    { message: `${what} Please wait ${wait} and try again.`, retryAfterSeconds },
    HttpStatus.TOO_MANY_REQUESTS,
  );
}
