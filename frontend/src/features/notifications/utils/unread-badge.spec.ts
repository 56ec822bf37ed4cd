import { describe, expect, it } from '@jest/globals';
import { bellLabel, formatUnreadBadge } from '@/features/notifications/utils/unread-badge';

describe('the bell’s unread badge', () => {
  it('is hidden at 0 (and for anything that is not a count)', () => {
    expect(formatUnreadBadge(0)).toBeNull();
    expect(formatUnreadBadge(-1)).toBeNull();
    expect(formatUnreadBadge(Number.NaN)).toBeNull();
  });

  it('counts up to 99, then shows "99+"', () => {
    expect(formatUnreadBadge(1)).toBe('1');
    expect(formatUnreadBadge(99)).toBe('99');
    expect(formatUnreadBadge(100)).toBe('99+');
    expect(formatUnreadBadge(12_345)).toBe('99+');
  });

  it('names the bell with the exact count', () => {
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
    expect(bellLabel(250)).toBe('Notifications, 250 unread');
  });
});
