import { BadRequestException, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';

/**
 * Validates what the URL carries (route parameters or the query string, as Express parsed them)
 * against a contract schema: the normalised value, or a 400 with the first broken rule's message.
 */
export class ZodParamsPipe<T> implements PipeTransform<unknown, T> {
  constructor(private readonly schema: z.ZodType<T>) {}

  transform(value: unknown): T {
    const result = this.schema.safeParse(value);
    if (result.success) return result.data;
    throw new BadRequestException({ message: result.error.issues[0]?.message ?? 'Invalid input' });
  }
}
