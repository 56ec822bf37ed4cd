import { describe, expect, it } from '@jest/globals';
import { TimeoutError } from 'rxjs';
import { toHttpException } from './rpc-error.mapper.js';

describe('toHttpException', () => {
  it.each([
    ['VALIDATION', 400],
    ['UNAUTHORIZED', 401],
    ['FORBIDDEN', 403],
    ['NOT_FOUND', 404],
    ['CONFLICT', 409],
    ['PAYLOAD_TOO_LARGE', 413],
    ['TOO_MANY_REQUESTS', 429],
    ['UNAVAILABLE', 503],
  ])('maps %s to HTTP %i with the service message', (code, status) => {
    const exception = toHttpException({ code, message: 'Video must be 2 minutes or shorter' }, 'video');
    expect(exception.getStatus()).toBe(status);
    expect(exception.getResponse()).toEqual({ message: 'Video must be 2 minutes or shorter' });
  });

  it('turns a timeout into a 503 that names the service', () => {
    const exception = toHttpException(new TimeoutError(), 'catalog');
    expect(exception.getStatus()).toBe(503);
    expect(exception.getResponse()).toEqual({
      message: expect.stringContaining('catalog service is temporarily unavailable'),
    });
  });

  it('treats a broken transport as unavailable, not as a server bug', () => {
    expect(toHttpException(new Error('Connection closed'), 'auth').getStatus()).toBe(503);
  });

  it('never forwards the text of an internal error', () => {
    const exception = toHttpException(
      { code: 'INTERNAL', message: 'duplicate key value violates "UQ_users_email"' },
      'auth',
    );
    expect(exception.getStatus()).toBe(500);
    expect(exception.getResponse()).toEqual({ message: 'Internal server error' });
  });
});
