import { describe, expect, it } from '@jest/globals';
import {
  AUTH_MESSAGES,
  firstIssueMessage,
  registerRequestSchema,
  updateProfileRequestSchema,
} from '../auth/auth.schemas.js';
import { CATEGORY_MESSAGES, createCategoryRequestSchema } from '../catalog/category.schemas.js';
import { listVideosRequestSchema, VIDEO_LIST_MESSAGES } from '../catalog/video.schemas.js';
import { createFeedbackBodySchema, FEEDBACK_MESSAGES } from '../feedback/feedback.schemas.js';
import {
  updateVideoRequestSchema,
  VIDEO_UPLOAD_MESSAGES,
  videoUploadFieldsSchema,
} from '../media/video-upload.schemas.js';
import { hasForbiddenCharacter, isInvisibleText } from './plain-text.js';

describe('the plain-text rule', () => {
  it.each([
    ['NUL', '\u0000'],
    ['a bell (C0)', '\u0007'],
    ['escape (C0)', '\u001b'],
    ['DEL', '\u007f'],
    ['a C1 control', '\u0085'],
    ['the last C1 control', '\u009f'],
    ['a left-to-right embedding', '\u202a'],
    ['a right-to-left override', '\u202e'],
    ['a left-to-right isolate', '\u2066'],
    ['a pop directional isolate', '\u2069'],
  ])('refuses %s anywhere in any field', (_, character) => {
    expect(hasForbiddenCharacter(`a${character}b`, 'single-line')).toBe(true);
    expect(hasForbiddenCharacter(`a${character}b`, 'multi-line')).toBe(true);
  });

  it('allows tab, line feed and carriage return only where several lines are allowed', () => {
    for (const character of ['\t', '\n', '\r']) {
      expect(hasForbiddenCharacter(`a${character}b`, 'multi-line')).toBe(false);
      expect(hasForbiddenCharacter(`a${character}b`, 'single-line')).toBe(true);
    }
  });

  it('accepts ordinary text in any script, emoji and the joiners emoji need', () => {
    for (const text of ['Zoë Ørsted', 'محمد', '李小龍', '👩‍👩‍👧 family', 'a\u00a0b', 'left\u200emark', '€100 ±5']) {
      expect(hasForbiddenCharacter(text, 'single-line')).toBe(false);
    }
  });

  it('calls text invisible when it holds only whitespace and zero-width characters', () => {
    for (const text of [
      '',
      '   ',
      '\u200b',
      '\u200b\u200c\u200d',
      '\u2060\ufeff',
      '\u3000\u00a0',
      '\u3164',
      '\u202e',
    ]) {
      expect(isInvisibleText(text)).toBe(true);
    }
    for (const text of ['a', '\u200bx', '.', '🙂']) expect(isInvisibleText(text)).toBe(false);
  });
});

describe('every text schema applies it, naming the field', () => {
  const member = { email: 'a@b.co', password: 'secret', firstName: 'A', lastName: 'B' };
  const upload = { title: 'Serve', categoryId: '1', youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' };

  it.each<[string, () => string | null, string]>([
    [
      'register first name',
      () => firstIssueMessage(registerRequestSchema, { ...member, firstName: 'Nul\u0000Byte' }),
      AUTH_MESSAGES.firstNameControlCharacter,
    ],
    [
      'register last name (override)',
      () => firstIssueMessage(registerRequestSchema, { ...member, lastName: '\u202eretsinimdA' }),
      AUTH_MESSAGES.lastNameControlCharacter,
    ],
    [
      'register About Me',
      () => firstIssueMessage(registerRequestSchema, { ...member, description: 'hi\u0000' }),
      AUTH_MESSAGES.descriptionControlCharacter,
    ],
    [
      'profile first name',
      () => firstIssueMessage(updateProfileRequestSchema, { firstName: 'Nul\u0000Byte', lastName: 'B' }),
      AUTH_MESSAGES.firstNameControlCharacter,
    ],
    [
      'profile zero-width first name',
      () => firstIssueMessage(updateProfileRequestSchema, { firstName: '\u200b', lastName: 'B' }),
      AUTH_MESSAGES.firstNameRequired,
    ],
    [
      'profile About Me (C1)',
      () => firstIssueMessage(updateProfileRequestSchema, { firstName: 'A', lastName: 'B', description: 'x\u0085y' }),
      AUTH_MESSAGES.descriptionControlCharacter,
    ],
    [
      'video title',
      () => firstIssueMessage(videoUploadFieldsSchema, { ...upload, title: 'nul\u0000title' }),
      VIDEO_UPLOAD_MESSAGES.titleControlCharacter,
    ],
    [
      'video title with a line break',
      () => firstIssueMessage(videoUploadFieldsSchema, { ...upload, title: 'two\nlines' }),
      VIDEO_UPLOAD_MESSAGES.titleControlCharacter,
    ],
    [
      'invisible video title',
      () => firstIssueMessage(videoUploadFieldsSchema, { ...upload, title: '\u200b \u2060' }),
      VIDEO_UPLOAD_MESSAGES.titleRequired,
    ],
    [
      'video description',
      () => firstIssueMessage(videoUploadFieldsSchema, { ...upload, description: 'a\u2066b' }),
      VIDEO_UPLOAD_MESSAGES.descriptionControlCharacter,
    ],
    [
      'edited video description',
      () => firstIssueMessage(updateVideoRequestSchema, { description: 'a\u0000b' }),
      VIDEO_UPLOAD_MESSAGES.descriptionControlCharacter,
    ],
    [
      'feedback',
      () => firstIssueMessage(createFeedbackBodySchema, { content: 'good\u0000' }),
      FEEDBACK_MESSAGES.contentControlCharacter,
    ],
    [
      'invisible feedback',
      () => firstIssueMessage(createFeedbackBodySchema, { content: '\u200b' }),
      FEEDBACK_MESSAGES.contentRequired,
    ],
    [
      'category name',
      () => firstIssueMessage(createCategoryRequestSchema, { name: 'Golf\u202e', icon: '⛳' }),
      CATEGORY_MESSAGES.nameControlCharacter,
    ],
    [
      'category icon',
      () => firstIssueMessage(createCategoryRequestSchema, { name: 'Golf', icon: '\u0090' }),
      CATEGORY_MESSAGES.iconControlCharacter,
    ],
    [
      'invisible category name',
      () => firstIssueMessage(createCategoryRequestSchema, { name: '\u200b', icon: '⛳' }),
      CATEGORY_MESSAGES.nameRequired,
    ],
    [
      'search',
      () => firstIssueMessage(listVideosRequestSchema, { q: 'a\u202eb' }),
      VIDEO_LIST_MESSAGES.qControlCharacter,
    ],
  ])('%s', (_, check, message) => {
    expect(check()).toBe(message);
  });

  it('keeps line breaks in multi-line fields and turns an invisible description into none', () => {
    expect(createFeedbackBodySchema.parse({ content: 'one\r\ntwo\tthree' }).content).toBe('one\r\ntwo\tthree');
    expect(updateVideoRequestSchema.parse({ description: 'line one\nline two' }).description).toBe(
      'line one\nline two',
    );
    expect(updateVideoRequestSchema.parse({ description: '\u200b\u200b' }).description).toBeNull();
  });
});
