import type { HttpException } from '@nestjs/common';

/**
 * JSON request bodies, at most 1 MB (API-DECISIONS "Limits"). Every JSON field has a far smaller
 * limit of its own: a feedback's drawing (32 KB as stored, several times that as a client may
 * send it) reaches validation and is refused with its rule's message, not cut off here.
 */
export const JSON_BODY_LIMIT = '1mb';
export const JSON_BODY_TOO_LARGE = 'The request body must be 1 MB or less';

/** body-parser's refusal of a body over the limit (an http-error Nest wraps in a 413 HttpException). */
export const isJsonBodyTooLarge = (exception: HttpException): boolean =>
  (exception.cause as { type?: unknown } | undefined)?.type === 'entity.too.large';
