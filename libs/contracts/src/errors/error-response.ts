import { z } from 'zod';

/**
 * Every error the gateway answers (its HttpExceptionFilter): `{ message }` in the spec's words,
 * plus `errors` (one per broken field) when a form's body was refused, and `retryAfterSeconds`
 * (also the Retry-After header) on a 429. The request id is a header (X-Request-Id), not a field.
 */
export const errorResponseSchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  retryAfterSeconds: z.number().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
