import type { DeliveredDomainEvent } from '@app/contracts';

/** The distinct values of one id field across a batch, sorted (rows are locked in this order). */
export function idsOf<K extends 'feedbackId' | 'videoId'>(events: DeliveredDomainEvent[], key: K): number[] {
  return [...new Set(events.map((event) => event[key]).filter((id): id is number => typeof id === 'number'))].sort(
    (a, b) => a - b,
  );
}

export function userIdsOf(events: DeliveredDomainEvent[]): string[] {
  return [...new Set(events.flatMap((event) => event.userIds))].sort();
}
