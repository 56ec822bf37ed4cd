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
