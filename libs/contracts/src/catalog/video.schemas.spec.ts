import { describe, expect, it } from '@jest/globals';
import { firstIssueMessage } from '../auth/auth.schemas.js';
import { encodePageCursor, PAGE_CURSOR_MAX_LENGTH, PAGE_CURSOR_MESSAGES } from '../paging/page-cursor.js';
import {
  getVideoRequestSchema,
  listVideosRequestSchema,
  VIDEO_LIST_MESSAGES,
  VIDEO_LIST_SORTS,
  VIDEO_MESSAGES,
} from './video.schemas.js';

const UPLOADER = '0d4f8a9e-1111-4c3b-9a7e-2b5f0c1d2e3f';

describe('video list request', () => {
  it('normalises query-string values and fills in the defaults', () => {
    const defaults = { limit: 12, categoryId: null, uploaderId: null, sort: 'recent', q: null, cursor: null };
    expect(listVideosRequestSchema.parse({})).toEqual(defaults);
    expect(
      listVideosRequestSchema.parse({ limit: '30', categoryId: '4', uploaderId: UPLOADER, sort: 'views', q: ' x ' }),
    ).toEqual({ limit: 30, categoryId: 4, uploaderId: UPLOADER, sort: 'views', q: 'x', cursor: null });
    expect(listVideosRequestSchema.parse({ limit: '', categoryId: '', uploaderId: '', sort: '', q: '' })).toEqual(
      defaults,
    );
    expect(listVideosRequestSchema.parse({ q: '   ', other: 'dropped' })).toEqual(defaults);
  });

  it.each(VIDEO_LIST_SORTS)('accepts sort=%s', (sort) => {
    expect(listVideosRequestSchema.parse({ sort }).sort).toBe(sort);
  });

  it('keeps a title search of up to 200 characters after trimming, wildcards and all', () => {
    expect(listVideosRequestSchema.parse({ q: `  ${'a'.repeat(200)}  ` }).q).toBe('a'.repeat(200));
    expect(listVideosRequestSchema.parse({ q: '⛳'.repeat(200) }).q).toBe('⛳'.repeat(200));
    expect(listVideosRequestSchema.parse({ q: '100% _x_ \\' }).q).toBe('100% _x_ \\');
  });

  it('accepts its own output again, as the service re-checks what the gateway sent', () => {
    const once = listVideosRequestSchema.parse({
      limit: '500',
      categoryId: '4',
      uploaderId: UPLOADER,
      sort: 'rating',
      q: 'swing',
    });
    expect(listVideosRequestSchema.parse(once)).toEqual(once);
  });

  it.each([
    ['0', 1],
    ['-7', 1],
    ['1', 1],
    ['100', 100],
    ['101', 100],
    ['99999999999999999999', 100],
  ])('clamps limit %s to %i', (limit, expected) => {
    expect(listVideosRequestSchema.parse({ limit }).limit).toBe(expected);
  });

  it.each([
    [{ limit: 'ten' }, VIDEO_LIST_MESSAGES.limitInvalid],
    [{ limit: '2.5' }, VIDEO_LIST_MESSAGES.limitInvalid],
    [{ limit: ['1', '2'] }, VIDEO_LIST_MESSAGES.limitInvalid],
    [{ categoryId: '0' }, VIDEO_LIST_MESSAGES.categoryIdInvalid],
    [{ categoryId: '0x10' }, VIDEO_LIST_MESSAGES.categoryIdInvalid],
    [{ categoryId: 2_147_483_648 }, VIDEO_LIST_MESSAGES.categoryIdInvalid],
    [{ categoryId: { gt: 1 } }, VIDEO_LIST_MESSAGES.categoryIdInvalid],
    [{ uploaderId: 'abc' }, VIDEO_LIST_MESSAGES.uploaderIdInvalid],
    [{ uploaderId: [UPLOADER] }, VIDEO_LIST_MESSAGES.uploaderIdInvalid],
    [{ sort: 'newest' }, VIDEO_LIST_MESSAGES.sortInvalid],
    [{ sort: 'Views' }, VIDEO_LIST_MESSAGES.sortInvalid],
    [{ sort: ['views', 'rating'] }, VIDEO_LIST_MESSAGES.sortInvalid],
    [{ q: 'a'.repeat(201) }, VIDEO_LIST_MESSAGES.qTooLong],
    [{ q: ['a', 'b'] }, VIDEO_LIST_MESSAGES.qInvalid],
    [{ q: { $ne: 1 } }, VIDEO_LIST_MESSAGES.qInvalid],
    [{ q: 'a\u0000b' }, VIDEO_LIST_MESSAGES.qControlCharacter],
  ])('refuses %j with the parameter’s message', (query, message) => {
    expect(firstIssueMessage(listVideosRequestSchema, query)).toBe(message);
  });
});

describe('video list order and cursor', () => {
  const cursor = (position: unknown) => encodePageCursor(position);

  it('serves a search without a sort by relevance, and keeps a sort given with it', () => {
    expect(listVideosRequestSchema.parse({ q: 'swing' }).sort).toBe('relevance');
    expect(listVideosRequestSchema.parse({ q: 'swing', sort: 'views' }).sort).toBe('views');
    expect(listVideosRequestSchema.parse({}).sort).toBe('recent');
    // Only implied: without a search, relevance means nothing and the default order applies.
    expect(listVideosRequestSchema.parse({ sort: 'relevance' }).sort).toBe('recent');
  });

  it.each([
    [{}, { o: 'recent', k: '2026-11-24T06:28:49.123456Z', id: 7 }],
    [{ sort: 'views' }, { o: 'views', k: 0, id: 1 }],
    [{ sort: 'feedback' }, { o: 'feedback', k: 12, id: 2_147_483_647 }],
    [{ sort: 'rating' }, { o: 'rating', k: 4.5, id: 3 }],
    [{ q: 'backhand' }, { o: 'relevance', k: 0.5555556, id: 9 }],
  ])('takes the cursor of its own order (%j)', (query, position) => {
    const request = listVideosRequestSchema.parse({ ...query, cursor: cursor(position) });
    expect(request.cursor).toEqual(position);
    // The service checks the normalised request again.
    expect(listVideosRequestSchema.parse(request)).toEqual(request);
  });

  it('refuses the cursor of another order', () => {
    const views = cursor({ o: 'views', k: 3, id: 1 });
    expect(firstIssueMessage(listVideosRequestSchema, { cursor: views })).toBe(PAGE_CURSOR_MESSAGES.otherOrder);
    expect(firstIssueMessage(listVideosRequestSchema, { sort: 'rating', cursor: views })).toBe(
      PAGE_CURSOR_MESSAGES.otherOrder,
    );
    expect(firstIssueMessage(listVideosRequestSchema, { q: 'x', cursor: views })).toBe(PAGE_CURSOR_MESSAGES.otherOrder);
  });

  it.each([
    ['not base64', '***'],
    ['truncated', cursor({ o: 'views', k: 3, id: 1 }).slice(0, -3)],
    ['not JSON', btoa('{"o":')],
    ['an unknown order', cursor({ o: 'title', k: 'a', id: 1 })],
    ['a timestamp in milliseconds', cursor({ o: 'recent', k: '2026-11-24T06:28:49.123Z', id: 1 })],
    ['a text for a count', cursor({ o: 'views', k: '3', id: 1 })],
    ['a negative count', cursor({ o: 'views', k: -1, id: 1 })],
    ['no id', cursor({ o: 'views', k: 3 })],
    ['an id out of range', cursor({ o: 'views', k: 3, id: 2_147_483_648 })],
    ['SQL', cursor({ o: 'recent', k: "2026-01-01'; DROP TABLE x; --", id: 1 })],
    ['a repeated parameter', ['a', 'b']],
    ['a very long one', 'A'.repeat(PAGE_CURSOR_MAX_LENGTH + 4)],
  ])('refuses a cursor that is %s', (_, value) => {
    expect(firstIssueMessage(listVideosRequestSchema, { cursor: value })).toBe(PAGE_CURSOR_MESSAGES.invalid);
  });
});

describe('single video request', () => {
  it('takes a serial id as a number or a numeric string', () => {
    expect(getVideoRequestSchema.parse({ id: 7 })).toEqual({ id: 7 });
    expect(getVideoRequestSchema.parse({ id: '42' })).toEqual({ id: 42 });
  });

  it.each([undefined, null, '', 'abc', '1.5', 0, -1, 2_147_483_648, ['1']])('refuses id %j', (id) => {
    expect(firstIssueMessage(getVideoRequestSchema, { id })).toBe(VIDEO_MESSAGES.idInvalid);
  });
});
