import { Subject, catchError, defer, throwError, type Observable } from 'rxjs';
import { RpcClient, parsePayload, toRpcErrorPayload, type RpcTransport } from '@app/common';
import type { RpcContract, RpcPayload, RpcResponse } from '@app/contracts';

/** How a stubbed service answers one contract's (parsed) request: its response, or a DomainError it throws. */
export type StubbedReply<C extends RpcContract> = (request: RpcPayload<C>) => RpcResponse<C> | Promise<RpcResponse<C>>;

export interface StubbedServices {
  /** A real RpcClient (deadline, error mapping) for the module under test, in place of its NATS one. */
  client: RpcClient;
  /** From now on, answers the contract's calls with `reply` (replacing an earlier answer). */
  answer<C extends RpcContract>(contract: C, reply: StubbedReply<C>): StubbedServices;
  /** Every call so far, in order, as [pattern, request], the unanswered ones too. */
  calls(): Array<[pattern: string, request: unknown]>;
}

/**
 * The other services, for a service-tier spec: the module under test keeps its real RpcClient,
 * and only the transport under it is replaced. As over NATS, a request is checked against the
 * contract's schema before the reply runs (a VALIDATION error otherwise), a DomainError the reply
 * throws arrives with its code and message (anything else as INTERNAL), the answer arrives as
 * JSON, a reply that never settles costs the deadline (UNAVAILABLE), and a contract nobody
 * answers is a transport failure (UNAVAILABLE).
 */
export function stubServices({ deadlineMs = 1000 }: { deadlineMs?: number } = {}): StubbedServices {
  const replies = new Map<string, (request: unknown) => unknown>();
  const log: Array<[string, unknown]> = [];
  const transport: RpcTransport = {
    send: <TResult, TInput>(pattern: string, data: TInput): Observable<TResult> => {
      log.push([pattern, structuredClone(data)]);
      const reply = replies.get(pattern);
      if (!reply) return throwError(() => new Error(`no responders for ${pattern}: the spec gave it no answer`));
      return defer(async () => {
        const answer = await reply(data);
        return (answer === undefined ? undefined : JSON.parse(JSON.stringify(answer))) as TResult;
      }).pipe(catchError((error: unknown) => throwError(() => toRpcErrorPayload(error))));
    },
    connect: () => Promise.resolve(),
    close: () => undefined,
    status: new Subject<unknown>(),
  };
  const stub: StubbedServices = {
    client: new RpcClient(transport, { deadlineMs }),
    answer: (contract, reply) => {
      replies.set(contract.pattern, (request) => reply(parsePayload(contract.request, request) as never));
      return stub;
    },
    calls: () => [...log],
  };
  return stub;
}
