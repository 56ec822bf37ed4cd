import type { ZodType } from 'zod';

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export type ValidationResult<Output, Field extends string> =
  { success: true; data: Output } | { success: false; errors: FieldErrors<Field> };

/**
 * Checks form values against a shared contract schema (the same one the server applies) and
 * returns the first message per field, so each field can show its own.
 */
export function validateForm<Output, Field extends string>(
  schema: ZodType<Output>,
  values: Record<Field, unknown>,
): ValidationResult<Output, Field> {
  const result = schema.safeParse(values);
  if (result.success) return { success: true, data: result.data };
  const errors: FieldErrors<Field> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in values && errors[field as Field] === undefined) {
      errors[field as Field] = issue.message;
    }
  }
  return { success: false, errors };
}
