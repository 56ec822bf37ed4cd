import { describe, expect, it } from '@jest/globals';
import { DOMAIN_EVENTS, type DeliveredDomainEvent } from '@app/contracts';
import { idsOf, latestStates, userIdsOf } from './domain-event-batches.js';

const event = (fields: Partial<DeliveredDomainEvent>): DeliveredDomainEvent => ({
  type: DOMAIN_EVENTS.feedbackRated,
  occurredAt: '2026-11-21T00:00:00.000Z',
  outboxId: '1',
  userIds: [],
  ...fields,
});

describe('a batch of events', () => {
  it('names each aggregate to derive once, in ascending order (the order rows are locked in)', () => {
    const batch = [
      event({ feedbackId: 9, videoId: 2, userIds: ['b'] }),
      event({ feedbackId: 3, videoId: 2, userIds: ['a', 'b'] }),
      event({ type: DOMAIN_EVENTS.videoDeleted, videoId: 1, userIds: ['c'] }),
      event({ feedbackId: 9, videoId: 2, userIds: ['a'] }),
    ];
    expect(idsOf(batch, 'feedbackId')).toEqual([3, 9]);
    expect(idsOf(batch, 'videoId')).toEqual([1, 2]);
    expect(userIdsOf(batch)).toEqual(['a', 'b', 'c']);
  });

  it('keeps the newest carried state of each key, whatever order the states came in', () => {
    const stats = (userId: string, revision: number, feedbackGiven: number) => ({
      userId,
      revision,
      feedbackGiven,
      helpfulVotesReceived: 0,
      ratingStarsReceived: 0,
    });
    const batch = [
      event({ authorStats: [stats('b', 7, 3)] }),
      event({ authorStats: [stats('a', 2, 1), stats('b', 5, 2)] }),
      event({}),
      event({ authorStats: [stats('a', 3, 0)] }),
    ];
    expect(
      latestStates(
        batch.flatMap((e) => e.authorStats ?? []),
        (s) => s.userId,
      ),
    ).toEqual([stats('a', 3, 0), stats('b', 7, 3)]);
  });
});
