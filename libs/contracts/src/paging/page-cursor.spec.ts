import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { decodePageCursor, encodePageCursor, PAGE_CURSOR_MAX_LENGTH, pageCursorParam } from './page-cursor.js';

const position = z.object({ k: z.string(), id: z.number().int() });

describe('page cursors', () => {
  it('round-trips a position, as URL-safe text without padding', () => {
    const cursor = encodePageCursor({ k: 'Ünïcødé ⛳ ?&=/+', id: 42 });
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodePageCursor(cursor, position)).toEqual({ k: 'Ünïcødé ⛳ ?&=/+', id: 42 });
  });

  it.each([
    ['an empty string', ''],
    ['characters outside base64url', 'abc+/=='],
    ['invalid UTF-8', btoa('\u00ff\u00fe').replace(/=+$/, '')],
    ['text that is not JSON', encodePageCursor('x').slice(1)],
    ['JSON of another shape', encodePageCursor({ k: 1, id: 'a' })],
    ['too long', 'A'.repeat(PAGE_CURSOR_MAX_LENGTH + 1)],
  ])('decodes nothing from %s', (_, cursor) => {
    expect(decodePageCursor(cursor, position)).toBeNull();
  });

  it('reads an absent or empty parameter as the first page', () => {
    const param = pageCursorParam(position);
    expect(param.parse(undefined)).toBeNull();
    expect(param.parse(null)).toBeNull();
    expect(param.parse('')).toBeNull();
  });

  it('accepts a position already decoded, and checks it', () => {
    const param = pageCursorParam(position);
    expect(param.parse({ k: 'a', id: 1 })).toEqual({ k: 'a', id: 1 });
    expect(param.safeParse({ k: 'a' }).success).toBe(false);
    expect(param.safeParse(42).success).toBe(false);
  });
});
