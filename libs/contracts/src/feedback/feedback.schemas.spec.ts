import { describe, expect, it } from '@jest/globals';
import {
  createFeedbackBodySchema,
  FEEDBACK_MESSAGES,
  feedbackIdParamsSchema,
  feedbackLevel,
  rateFeedbackBodySchema,
} from './feedback.schemas.js';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('feedback content', () => {
  it('is trimmed and must keep 1 to 500 characters, counted as a person counts them', () => {
    expect(createFeedbackBodySchema.parse({ content: '  Elbow up.\n  ' })).toEqual({ content: 'Elbow up.' });
    expect(messageOf(createFeedbackBodySchema.safeParse({ content: ' \n\t ' }))).toBe(
      FEEDBACK_MESSAGES.contentRequired,
    );
    expect(messageOf(createFeedbackBodySchema.safeParse({}))).toBe(FEEDBACK_MESSAGES.contentRequired);
    expect(messageOf(createFeedbackBodySchema.safeParse({ content: 'x'.repeat(501) }))).toBe(
      FEEDBACK_MESSAGES.contentTooLong,
    );
    expect(createFeedbackBodySchema.safeParse({ content: '🏌️'.repeat(250) }).success).toBe(true);
  });

  it('keeps line breaks and tabs but refuses other control characters', () => {
    expect(createFeedbackBodySchema.safeParse({ content: 'one\ntwo\tthree\r\nfour' }).success).toBe(true);
    expect(messageOf(createFeedbackBodySchema.safeParse({ content: 'a\u0000b' }))).toBe(
      FEEDBACK_MESSAGES.contentControlCharacter,
    );
  });
});

describe('ratings', () => {
  it('are whole stars from 1 to 5, as numbers', () => {
    for (const rating of [1, 2, 3, 4, 5]) expect(rateFeedbackBodySchema.parse({ rating })).toEqual({ rating });
    for (const rating of [0, 6, 4.5, '4', null, undefined, Number.NaN]) {
      expect(messageOf(rateFeedbackBodySchema.safeParse({ rating }))).toBe(FEEDBACK_MESSAGES.ratingInvalid);
    }
  });
});

describe('feedback ids', () => {
  it('are positive 32-bit integers', () => {
    expect(feedbackIdParamsSchema.parse({ id: '42' })).toEqual({ id: 42 });
    for (const id of ['0', '-1', '1.5', 'abc', '2147483648']) {
      expect(messageOf(feedbackIdParamsSchema.safeParse({ id }))).toBe(FEEDBACK_MESSAGES.feedbackIdInvalid);
    }
  });
});

describe('feedbackLevel', () => {
  it('is Amateur under 20, Pro from 20 to 49 and Expert from 50 feedback given', () => {
    expect([0, 19, 20, 49, 50, 500].map(feedbackLevel)).toEqual([
      'Amateur',
      'Amateur',
      'Pro',
      'Pro',
      'Expert',
      'Expert',
    ]);
  });
});
