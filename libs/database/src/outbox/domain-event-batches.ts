import type { CarriedState, DeliveredDomainEvent } from '@app/contracts';

/** The distinct values of one id field across a batch, sorted (rows are locked in this order). */
export function idsOf<K extends 'feedbackId' | 'videoId'>(events: DeliveredDomainEvent[], key: K): number[] {
  return [...new Set(events.map((event) => event[key]).filter((id): id is number => typeof id === 'number'))].sort(
    (a, b) => a - b,
  );
}

export function userIdsOf(events: DeliveredDomainEvent[]): string[] {
  return [...new Set(events.flatMap((event) => event.userIds))].sort();
}

/**
 * The newest carried state of each key in a batch (highest revision wins), in key order, so a
 * consumer applies one state per key and locks rows in a stable order. States of other keys and
 * older revisions of the same key are dropped: the newest one says everything they said.
 */
export function latestStates<State extends CarriedState, Key extends string | number>(
  states: Iterable<State | undefined>,
  keyOf: (state: State) => Key,
): State[] {
  const newest = new Map<Key, State>();
  for (const state of states) {
    if (!state) continue;
    const key = keyOf(state);
    const held = newest.get(key);
    if (!held || state.revision > held.revision) newest.set(key, state);
  }
  return [...newest.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, state]) => state);
}
