import { describe, expect, it } from '@jest/globals';
import { firstIssueMessage } from '../auth/auth.schemas.js';
import { listVideosRequestSchema, VIDEO_LIST_MESSAGES } from './video.schemas.js';

const UPLOADER = '0d4f8a9e-1111-4c3b-9a7e-2b5f0c1d2e3f';

describe('video list request', () => {
  it('normalises query-string values and fills in the defaults', () => {
    expect(listVideosRequestSchema.parse({})).toEqual({ limit: 12, categoryId: null, uploaderId: null });
    expect(listVideosRequestSchema.parse({ limit: '30', categoryId: '4', uploaderId: UPLOADER, q: 'x' })).toEqual({
      limit: 30,
      categoryId: 4,
      uploaderId: UPLOADER,
    });
    expect(listVideosRequestSchema.parse({ limit: '', categoryId: '', uploaderId: '' })).toEqual({
      limit: 12,
      categoryId: null,
      uploaderId: null,
    });
  });

  it('accepts its own output again, as the service re-checks what the gateway sent', () => {
    const once = listVideosRequestSchema.parse({ limit: '500', categoryId: '4', uploaderId: UPLOADER });
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
  ])('refuses %j with the parameter’s message', (query, message) => {
    expect(firstIssueMessage(listVideosRequestSchema, query)).toBe(message);
  });
});
