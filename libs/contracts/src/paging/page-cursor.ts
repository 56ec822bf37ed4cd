import { z } from 'zod';

/**
 * Keyset paging shared by every list (issue 16 §4): a list answers its page and, when more follow,
 * an opaque cursor naming the last item's sort key; the next page starts strictly after it. No
 * OFFSET, so a row inserted or removed meanwhile never shifts the pages that follow.
 *
 * The cursor is base64url of a small JSON value. It is opaque to clients, not secret: whatever a
 * client sends back is decoded and checked against the list's own schema, so a truncated, edited or
 * foreign cursor is a 400 with PAGE_CURSOR_MESSAGES.invalid, never a 500.
 */

/** A page of a list and where the next one starts (null on the last page). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** Longer than any cursor a list hands out; anything longer is refused before decoding. */
export const PAGE_CURSOR_MAX_LENGTH = 512;

export const PAGE_CURSOR_MESSAGES = {
  invalid: 'cursor is not a valid page cursor: start again from the first page',
  otherOrder: 'cursor belongs to another order of this list: start again from the first page',
} as const;

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(cursor: string): string | null {
  if (cursor.length > PAGE_CURSOR_MAX_LENGTH || !BASE64URL.test(cursor)) return null;
  try {
    const binary = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** The cursor a list hands out for a position (a value its cursor schema accepts). */
export function encodePageCursor(position: unknown): string {
  return toBase64Url(JSON.stringify(position));
}

/** The position a cursor names, or null when it is not one this schema accepts. */
export function decodePageCursor<S extends z.ZodType>(cursor: string, schema: S): z.output<S> | null {
  const json = fromBase64Url(cursor);
  if (json === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * The `cursor` query parameter of a list: absent or empty is the first page (null); otherwise the
 * decoded position, or the issue PAGE_CURSOR_MESSAGES.invalid. Accepts an already decoded position
 * too, so the answering service can check a normalised request again.
 */
export const pageCursorParam = <S extends z.ZodType>(position: S) =>
  z
    .union([z.string(), position], { error: PAGE_CURSOR_MESSAGES.invalid })
    .nullish()
    .transform((value, ctx): z.output<S> | null => {
      if (value === undefined || value === null || value === '') return null;
      if (typeof value !== 'string') return value;
      const decoded = decodePageCursor(value, position);
      if (decoded !== null) return decoded;
      ctx.issues.push({ code: 'custom', message: PAGE_CURSOR_MESSAGES.invalid, input: value });
      return z.NEVER;
    });

/**
 * A timestamp as a cursor carries it: microseconds, in UTC, as PostgreSQL's timestamptz holds it
 * (a JavaScript Date keeps only milliseconds, which would skip or repeat rows created within one).
 */
export const CURSOR_TIMESTAMP_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
export const cursorTimestamp = z.string().regex(CURSOR_TIMESTAMP_PATTERN);
/** A serial id as cursors carry it. */
export const cursorRowId = z.number().int().min(1).max(2_147_483_647);

/** How many items a page of a list holds: a default, and the bounds a requested limit is clamped to. */
export interface PageLimit {
  default: number;
  min: number;
  max: number;
}

const LIMIT_DIGITS = /^[+-]?\d+$/;

/**
 * A list's `limit` query parameter: absent or empty is the default; an integer is clamped to the
 * bounds; anything else (a repeated parameter included) is refused with `message`.
 */
export const pageLimitParam = (limit: PageLimit, message: string) =>
  z
    .union([z.string().trim(), z.number()], { error: message })
    .nullish()
    .transform((value, ctx) => {
      if (value === undefined || value === null || value === '') return limit.default;
      const number = typeof value === 'number' ? value : LIMIT_DIGITS.test(value) ? Number(value) : NaN;
      if (Number.isInteger(number)) return Math.min(limit.max, Math.max(limit.min, number));
      ctx.issues.push({ code: 'custom', message, input: value });
      return z.NEVER;
    });

/** The position after an item of a list ordered newest first: its creation time (microseconds) and id. */
export const newestFirstCursorSchema = z.object({ k: cursorTimestamp, id: cursorRowId });
export type NewestFirstCursor = z.output<typeof newestFirstCursorSchema>;
