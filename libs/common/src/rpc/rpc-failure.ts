import { ERROR_CODES, isRpcErrorPayload, type ServiceName } from '@app/contracts';
import { DomainError } from '../errors/domain-errors.js';

export const serviceUnavailableMessage = (service: ServiceName) =>
  `The ${service} service is temporarily unavailable. Please try again shortly.`;

/**
 * What a failed call means for its caller: a domain error the service answered keeps its code and
 * message; a timeout or a broken transport (connection closed, no responders, an answer that is
 * not a domain error) is UNAVAILABLE, since the service is not answering.
 */
export function rpcFailure(error: unknown, service: ServiceName): DomainError {
  if (isRpcErrorPayload(error)) return new DomainError(error.code, error.message);
  return new DomainError(ERROR_CODES.unavailable, serviceUnavailableMessage(service), { cause: error });
}

/**
 * A failed call for a log line or a job's failure reason: the error's message and, when the
 * service did not answer, what the transport said (a timeout, no subscribers).
 */
export function rpcFailureDetail(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message;
}
