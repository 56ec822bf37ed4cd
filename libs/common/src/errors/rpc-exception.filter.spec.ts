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
});
