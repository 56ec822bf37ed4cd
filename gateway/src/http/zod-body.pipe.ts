import { BadRequestException, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';

/**
 * Validates a request body against a contract schema: 400 with the first broken rule's message
 * (the spec's words) plus every issue per field, so a form can mark each one.
 */
export class ZodBodyPipe<T> implements PipeTransform<unknown, T> {
  constructor(private readonly schema: z.ZodType<T>) {}

  transform(value: unknown): T {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new BadRequestException({ message: 'The request body must be a JSON object' });
    }
    const result = this.schema.safeParse(value);
    if (result.success) return result.data;
    const errors = result.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
    throw new BadRequestException({ message: errors[0]?.message ?? 'Invalid input', errors });
  }
}
