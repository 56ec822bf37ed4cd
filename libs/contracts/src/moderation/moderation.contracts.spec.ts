import { describe, expect, it } from '@jest/globals';
import { createReportBodySchema, REPORT_LIMITS, REPORT_MESSAGES, reportWeight } from './moderation.contracts.js';

describe('how much a report weighs', () => {
  it('is 0.5 for a new member, up to 1 more for standing (100 points), ±0.5 for accuracy after 5 decided reports', () => {
    expect(reportWeight({ points: 0, agreed: 0, decided: 0 })).toBe(0.5);
    expect(reportWeight({ points: 50, agreed: 0, decided: 0 })).toBe(1);
    expect(reportWeight({ points: 5000, agreed: 0, decided: 0 })).toBe(1.5);
    // Accuracy counts only from the fifth decided report.
    expect(reportWeight({ points: 0, agreed: 0, decided: 4 })).toBe(0.5);
    expect(reportWeight({ points: 100, agreed: 5, decided: 5 })).toBe(2);
    expect(reportWeight({ points: 0, agreed: 0, decided: 5 })).toBe(0.25);
  });

  it('lets two trusted members hide content, but not three brand-new ones', () => {
    const fresh = reportWeight({ points: 0, agreed: 0, decided: 0 });
    const trusted = reportWeight({ points: 100, agreed: 0, decided: 0 });
    expect(3 * fresh).toBeLessThan(REPORT_LIMITS.hideScore);
    expect(2 * trusted).toBeGreaterThanOrEqual(REPORT_LIMITS.hideScore);
  });
});

describe('a report body', () => {
  it('names a video, feedback or reply by its number and a member by their id', () => {
    const parse = (body: object) => createReportBodySchema.safeParse(body);
    expect(parse({ subjectType: 'video', subjectId: 12, reason: 'spam' }).data).toEqual({
      subjectType: 'video',
      subjectId: '12',
      reason: 'spam',
      note: null,
    });
    expect(parse({ subjectType: 'user', subjectId: '12', reason: 'spam' }).error?.issues[0]?.message).toBe(
      REPORT_MESSAGES.subjectIdInvalid,
    );
    expect(parse({ subjectType: 'reply', subjectId: '0', reason: 'spam' }).success).toBe(false);
    expect(parse({ subjectType: 'feedback', subjectId: '3', reason: 'other', note: '  ' }).data?.note).toBeNull();
  });
});
