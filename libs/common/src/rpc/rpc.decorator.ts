import { MessagePattern } from '@nestjs/microservices';
import type { RpcContract, RpcPayload, RpcResponse } from '@app/contracts';
import { parsePayload } from '../errors/parse-payload.js';

/** A handler of a contract: takes the parsed request, answers the contract's response. */
type RpcHandler<C extends RpcContract> = (payload: RpcPayload<C>) => RpcResponse<C> | Promise<RpcResponse<C>>;

/**
 * Makes a method the handler of a contract: it answers the contract's pattern and receives the
 * payload parsed by the contract's request schema. The service is the guard, so a payload that
 * breaks the schema never reaches the method: the caller gets VALIDATION with the first broken
 * rule's message. The compiler holds the method to the contract's request and response types.
 */
export function Rpc<C extends RpcContract>(contract: C) {
  return <H extends RpcHandler<C>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<H>) => {
    const handle = descriptor.value;
    if (!handle) throw new Error(`@Rpc(${contract.pattern}) must decorate a method`);
    descriptor.value = function (this: unknown, payload: unknown, ...rest: unknown[]): unknown {
      return Reflect.apply(handle, this, [parsePayload(contract.request, payload), ...rest]);
    } as H;
    MessagePattern(contract.pattern)(target, key, descriptor);
  };
}
