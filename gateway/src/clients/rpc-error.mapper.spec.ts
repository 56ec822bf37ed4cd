import { describe, expect, it } from '@jest/globals';
import { NEVER, throwError, type Observable } from 'rxjs';
import { DomainError, RpcClient, type RpcTransport } from '@app/common';
import { CATALOG_RPC, ERROR_CODES, type ErrorCode } from '@app/contracts';
import { toHttpException } from './rpc-error.mapper.js';

/** The gateway's client (as gatewayRpcClient builds it) over a transport that answers `reply`. */
const gatewayClientAnswering = (reply: () => Observable<unknown>) =>
  new RpcClient(
    {
      send: <TResult>() => reply() as Observable<TResult>,
      connect: () => Promise.resolve(),
      close: () => undefined,
      status: NEVER,
    } satisfies RpcTransport,
    { deadlineMs: 50, mapError: toHttpException },
  );

const httpFailureOf = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error('answered');
    },
    (error: unknown) => error as { getStatus(): number; getResponse(): unknown },
  );

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
    const exception = toHttpException(new DomainError(code as ErrorCode, 'Video must be 2 minutes or shorter'));
    expect(exception.getStatus()).toBe(status);
    expect(exception.getResponse()).toEqual({ message: 'Video must be 2 minutes or shorter' });
  });

  it('turns a timeout into a 503 that names the service', async () => {
    const exception = await httpFailureOf(gatewayClientAnswering(() => NEVER).call(CATALOG_RPC.listCategories, {}));
    expect(exception.getStatus()).toBe(503);
    expect(exception.getResponse()).toEqual({
      message: expect.stringContaining('catalog service is temporarily unavailable'),
    });
  });

  it('treats a broken transport as unavailable, not as a server bug', async () => {
    const broken = gatewayClientAnswering(() => throwError(() => new Error('Connection closed')));
    expect((await httpFailureOf(broken.call(CATALOG_RPC.listCategories, {}))).getStatus()).toBe(503);
  });

  it('never forwards the text of an internal error', async () => {
    const internal = gatewayClientAnswering(() =>
      throwError(() => ({ code: ERROR_CODES.internal, message: 'duplicate key value violates "UQ_users_email"' })),
    );
    const exception = await httpFailureOf(internal.call(CATALOG_RPC.listCategories, {}));
    expect(exception.getStatus()).toBe(500);
    expect(exception.getResponse()).toEqual({ message: 'Internal server error' });
  });
});
