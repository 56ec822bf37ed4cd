import { describe, expect, it } from '@jest/globals';
import { feedbackLevel } from '@app/contracts';
import { FEEDBACK_LEVEL_STARTS, feedbackLevelHint, feedbackLevelProgress } from './feedback-level';

describe('feedback level badge', () => {
  it('is Amateur under 20, Pro from 20 to 49 and Expert from 50 (spec section 4)', () => {
    expect(feedbackLevelProgress(0).level).toBe('Amateur');
    expect(feedbackLevelProgress(19).level).toBe('Amateur');
    expect(feedbackLevelProgress(20).level).toBe('Pro');
    expect(feedbackLevelProgress(49).level).toBe('Pro');
    expect(feedbackLevelProgress(50).level).toBe('Expert');
    expect(feedbackLevelProgress(500).level).toBe('Expert');
  });

  it('agrees with the shared rule and its own level starts at every count', () => {
    for (let given = 0; given <= 60; given += 1) {
      const { level } = feedbackLevelProgress(given);
      expect(level).toBe(feedbackLevel(given));
      const start = [...FEEDBACK_LEVEL_STARTS].reverse().find((step) => step.from <= given);
      expect(level).toBe(start?.level);
    }
  });

  it('tells how far the next level is', () => {
    expect(feedbackLevelProgress(3).next).toEqual({ level: 'Pro', remaining: 17 });
    expect(feedbackLevelProgress(49).next).toEqual({ level: 'Expert', remaining: 1 });
    expect(feedbackLevelProgress(50).next).toBeNull();
    expect(feedbackLevelHint(3)).toBe('Amateur · 17 more feedback to reach Pro');
    expect(feedbackLevelHint(72)).toBe('Expert · the highest feedback level');
  });

  it('counts nonsense as no feedback', () => {
    expect(feedbackLevelProgress(-4)).toEqual({ level: 'Amateur', next: { level: 'Pro', remaining: 20 } });
    expect(feedbackLevelProgress(Number.NaN).level).toBe('Amateur');
  });
});
