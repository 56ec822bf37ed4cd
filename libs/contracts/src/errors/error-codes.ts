/**
 * Stable codes carried by domain errors across NATS. The gateway maps each to an HTTP status;
 * services never speak HTTP.
 */
export const ERROR_CODES = {
  validation: 'VALIDATION',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  unavailable: 'UNAVAILABLE',
  internal: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** The shape a domain error takes on the wire (the `err` of an RPC reply). */
export interface RpcErrorPayload {
  code: ErrorCode;
  message: string;
}

export const isRpcErrorPayload = (value: unknown): value is RpcErrorPayload =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as RpcErrorPayload).code === 'string' &&
  typeof (value as RpcErrorPayload).message === 'string' &&
  Object.values(ERROR_CODES).includes((value as RpcErrorPayload).code);
