import { z } from 'zod';
import type { ServiceName } from '../services.js';

/** `<service>.<noun>.<verb>.v<n>`: the first segment names the service that answers. */
export type RpcPattern = `${ServiceName}.${string}`;

/**
 * One NATS request/reply call, defined once: its subject, what a caller sends (checked again by
 * the answering service, which is the guard) and what it answers. The response schema gives the
 * answer's type; it is not parsed at runtime, since the service built it from its own types.
 */
export interface RpcContract<TRequest extends z.ZodType = z.ZodType, TResponse extends z.ZodType = z.ZodType> {
  readonly pattern: RpcPattern;
  /** The service that answers: the one a caller reports as not answering. */
  readonly service: ServiceName;
  readonly request: TRequest;
  readonly response: TResponse;
}

/** What a caller sends (before the service normalises it). */
export type RpcRequest<C extends RpcContract> = z.input<C['request']>;
/** What the handler receives: the request parsed by its schema. */
export type RpcPayload<C extends RpcContract> = z.output<C['request']>;
/** What the service answers. */
export type RpcResponse<C extends RpcContract> = z.output<C['response']>;

export function defineRpc<TRequest extends z.ZodType, TResponse extends z.ZodType>(
  pattern: RpcPattern,
  schemas: { request: TRequest; response: TResponse },
): RpcContract<TRequest, TResponse> {
  return { pattern, service: pattern.slice(0, pattern.indexOf('.')) as ServiceName, ...schemas };
}

/** The request of a call that carries nothing (a list of everything, a health check). */
export const emptyRequestSchema = z.object({});
