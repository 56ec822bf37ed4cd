import type { z } from 'zod';
import { ValidationError } from './domain-errors.js';

/**
 * A message payload checked against its contract schema, normalised. The gateway checks first
 * as a convenience; the service is the guard, so a bad payload is a ValidationError (400).
 */
export function parsePayload<T>(schema: z.ZodType<T>, payload: unknown): T {
  const result = schema.safeParse(payload);
  if (!result.success) throw new ValidationError(result.error.issues[0]?.message ?? 'Invalid input');
  return result.data;
}
