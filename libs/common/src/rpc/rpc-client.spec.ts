import { describe, expect, it } from '@jest/globals';
import { NEVER, Subject, of, throwError, timer, map, type Observable } from 'rxjs';
import { CATALOG_RPC, VIDEO_RPC } from '@app/contracts';
import { DomainError } from '../errors/domain-errors.js';
import { RpcClient, type RpcTransport } from './rpc-client.js';
import { rpcFailureDetail } from './rpc-failure.js';

const MEMBER = '6f1c4a52-61b7-4e33-9a53-0d5c1f0e2b11';

/** A transport whose every request gets `reply`; it records what was sent where. */
function stubTransport(reply: () => Observable<unknown>) {
  const sent: { pattern: string; data: unknown }[] = [];
  const status = new Subject<string>();
  const transport: RpcTransport = {
    send: <TResult, TInput>(pattern: string, data: TInput) => {
      sent.push({ pattern, data });
      return reply() as Observable<TResult>;
    },
    connect: () => Promise.resolve(),
    close: () => undefined,
    status,
  };
  return { transport, sent, status };
}

const failureOf = (call: Promise<unknown>) =>
  call.then(
    () => 'answered',
    (error: unknown) => error,
  );

describe('RpcClient', () => {
  it("sends the payload on the contract's pattern and answers the service's reply", async () => {
    const { transport, sent } = stubTransport(() => of({ videoId: 4, isBookmarked: true }));
    const client = new RpcClient(transport, { deadlineMs: 1000 });
    await expect(client.call(CATALOG_RPC.addBookmark, { userId: MEMBER, videoId: 4 })).resolves.toEqual({
      videoId: 4,
      isBookmarked: true,
    });
    expect(sent).toEqual([{ pattern: 'catalog.bookmarks.add.v1', data: { userId: MEMBER, videoId: 4 } }]);
  });

  it('throws a domain error the service answered with its code and message', async () => {
    const { transport } = stubTransport(() => throwError(() => ({ code: 'NOT_FOUND', message: 'Video not found' })));
    const error = await failureOf(new RpcClient(transport, { deadlineMs: 1000 }).call(CATALOG_RPC.getVideo, { id: 9 }));
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'NOT_FOUND', message: 'Video not found' });
  });

  it('gives up at the deadline: the service that does not answer is UNAVAILABLE, by name', async () => {
    const { transport } = stubTransport(() => NEVER);
    const started = Date.now();
    const error = await failureOf(
      new RpcClient(transport, { deadlineMs: 50 }).call(VIDEO_RPC.recordView, { videoId: 1, viewerKey: 'v' }),
    );
    expect(Date.now() - started).toBeLessThan(1000);
    expect(error).toMatchObject({
      code: 'UNAVAILABLE',
      message: 'The video service is temporarily unavailable. Please try again shortly.',
    });
    // Logs and job failure reasons still say what happened underneath.
    expect(rpcFailureDetail(error)).toMatch(/temporarily unavailable.*\(Timeout has occurred\)$/);
  });

  it("lets one call wait longer than the client's deadline", async () => {
    const { transport } = stubTransport(() => timer(150).pipe(map(() => ({ counted: true }))));
    const client = new RpcClient(transport, { deadlineMs: 50 });
    const call = { videoId: 1, viewerKey: 'v' };
    await expect(client.call(VIDEO_RPC.recordView, call, { timeoutMs: 1000 })).resolves.toEqual({ counted: true });
    await expect(client.call(VIDEO_RPC.recordView, call)).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });

  it.each([
    ['a broken connection', new Error('Connection closed')],
    ['an answer that is no domain error', { status: 'error', message: 'Internal server error' }],
  ])('treats %s as the service not answering, not as a bug', async (_case, failure) => {
    const { transport } = stubTransport(() => throwError(() => failure));
    const error = await failureOf(new RpcClient(transport, { deadlineMs: 1000 }).call(CATALOG_RPC.listCategories, {}));
    expect(error).toMatchObject({
      code: 'UNAVAILABLE',
      message: 'The catalog service is temporarily unavailable. Please try again shortly.',
    });
  });

  it("throws what the caller's mapError makes of the domain error", async () => {
    const { transport } = stubTransport(() => throwError(() => ({ code: 'CONFLICT', message: 'Name taken' })));
    const client = new RpcClient(transport, {
      deadlineMs: 1000,
      mapError: (error) => new Error(`${error.code}: ${error.message}`),
    });
    await expect(client.call(CATALOG_RPC.listCategories, {})).rejects.toThrow('CONFLICT: Name taken');
  });

  it('reports whether its connection is up', async () => {
    const { transport, status } = stubTransport(() => NEVER);
    const client = new RpcClient(transport, { deadlineMs: 1000 });
    expect(client.isConnected()).toBe(false);
    await client.onModuleInit();
    expect(client.isConnected()).toBe(true);
    status.next('disconnected');
    expect(client.isConnected()).toBe(false);
    status.next('connected');
    expect(client.isConnected()).toBe(true);
  });
});
