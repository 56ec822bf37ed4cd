import { describe, expect, it } from '@jest/globals';
import { lifetimeVerdict, sessionLifetimes, storedExpiry } from './session.setup.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('session lifetimes', () => {
  const lifetimes = sessionLifetimes(240, 168);

  it('refreshes lastSeen at most once per five minutes, or a quarter of a short idle limit', () => {
    expect(lifetimes).toEqual({ idleMs: 240 * MINUTE, absoluteMs: 168 * HOUR, lastSeenStepMs: 5 * MINUTE });
    expect(sessionLifetimes(8, 1).lastSeenStepMs).toBe(2 * MINUTE);
  });

  it('judges a session by its stored times', () => {
    const now = 1_000 * HOUR;
    const at = (createdAgo: number, seenAgo: number) =>
      lifetimeVerdict({ createdAt: now - createdAgo, lastSeen: now - seenAgo }, now, lifetimes);
    expect(at(HOUR, MINUTE)).toBe('fresh');
    expect(at(HOUR, 5 * MINUTE)).toBe('refresh');
    expect(at(HOUR, 240 * MINUTE)).toBe('idle');
    expect(at(168 * HOUR, 0)).toBe('absolute');
    expect(lifetimeVerdict({}, now, lifetimes)).toBe('absolute');
    expect(lifetimeVerdict({ createdAt: now }, now, lifetimes)).toBe('absolute');
  });

  it('stores the earlier of the idle and the absolute end as the row’s expiry', () => {
    expect(storedExpiry({ createdAt: 0, lastSeen: HOUR }, lifetimes)).toBe(HOUR + 240 * MINUTE);
    expect(storedExpiry({ createdAt: 0, lastSeen: 167 * HOUR }, lifetimes)).toBe(168 * HOUR);
    expect(storedExpiry({}, lifetimes)).toBeNull();
  });
});
