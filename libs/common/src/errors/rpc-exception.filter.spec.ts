import { describe, expect, it, jest } from '@jest/globals';
import type { Logger } from '@nestjs/common';
import { ConflictError, NotFoundError, ValidationError } from './domain-errors.js';
import { toRpcErrorPayload } from './rpc-exception.filter.js';

describe('toRpcErrorPayload', () => {
  it('keeps the code and message of domain errors', () => {
    expect(toRpcErrorPayload(new NotFoundError('video', 7))).toEqual({
      code: 'NOT_FOUND',
      message: 'Video 7 not found',
    });
    expect(toRpcErrorPayload(new ValidationError('Title is required'))).toEqual({
      code: 'VALIDATION',
      message: 'Title is required',
    });
    expect(toRpcErrorPayload(new ConflictError('taken'))).toEqual({ code: 'CONFLICT', message: 'taken' });
  });

  it('hides unexpected errors behind INTERNAL and logs their stack', () => {
    const error = jest.fn();
    const logger = { error } as unknown as Logger;
    const payload = toRpcErrorPayload(new Error('relation "users" does not exist'), logger);
    expect(payload).toEqual({ code: 'INTERNAL', message: 'Internal error' });
    expect(JSON.stringify(payload)).not.toContain('users');
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]?.[0])).toContain('relation "users" does not exist');
  });

  it('reports PostgreSQL out of reach as UNAVAILABLE with a message a client can act on', () => {
    const warn = jest.fn();
    const error = jest.fn();
    const logger = { warn, error } as unknown as Logger;
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(toRpcErrorPayload(refused, logger)).toEqual({
      code: 'UNAVAILABLE',
      message: 'The database is temporarily unavailable. Please try again shortly.',
    });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(error).not.toHaveBeenCalled();
  });
});
