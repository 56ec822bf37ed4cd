import { ERROR_CODES, type ErrorCode, type RpcErrorPayload } from '@app/contracts';

/** A rule was broken; the message is safe to show to the user. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = new.target.name;
  }

  toPayload(): RpcErrorPayload {
    return { code: this.code, message: this.message };
  }
}

export class ValidationError extends DomainError {
  constructor(message: string) {
    super(ERROR_CODES.validation, message);
  }
}

export class NotFoundError extends DomainError {
  constructor(entity: string, id?: string | number) {
    super(
      ERROR_CODES.notFound,
      id === undefined ? `${capitalize(entity)} not found` : `${capitalize(entity)} ${id} not found`,
    );
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = 'Forbidden') {
    super(ERROR_CODES.forbidden, message);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string) {
    super(ERROR_CODES.conflict, message);
  }
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
