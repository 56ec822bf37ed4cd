import { z } from 'zod';
import { MAX_INT_ID } from '../ids.js';

// Building blocks for the catalog's request schemas; not part of the public contract.

export const isBlank = (value: unknown): value is null | undefined | '' =>
  value === undefined || value === null || value === '';

/**
 * Length as PostgreSQL's varchar(n) and char_length count it: in code points, so an emoji is one
 * character, not two UTF-16 units.
 */
export const characterCount = (text: string): number => [...text].length;

const DIGITS = /^[+-]?\d+$/;

/**
 * An integer from a query string (or already a number, once normalised). Absent or empty means
 * "not given"; anything else that is not an integer, a repeated parameter included, is refused.
 */
export const integerParam = (message: string, accept: (value: number) => boolean = () => true) =>
  z
    .union([z.string().trim(), z.number()], { error: message })
    .nullish()
    .transform((value, ctx) => {
      if (isBlank(value)) return null;
      const number = typeof value === 'number' ? value : DIGITS.test(value) ? Number(value) : NaN;
      if (Number.isInteger(number) && accept(number)) return number;
      ctx.issues.push({ code: 'custom', message, input: value });
      return z.NEVER;
    });

const isRowId = (id: number) => id >= 1 && id <= MAX_INT_ID;

/** A serial id (1..2^31-1) that must be given: from a route parameter (a string) or a message (a number). */
export const rowIdParam = (message: string) =>
  integerParam(message, isRowId).transform((id, ctx) => {
    if (id !== null) return id;
    ctx.issues.push({ code: 'custom', message, input: id });
    return z.NEVER;
  });

/** An optional serial id filter: absent or empty is null. */
export const optionalRowIdParam = (message: string) => integerParam(message, isRowId);
