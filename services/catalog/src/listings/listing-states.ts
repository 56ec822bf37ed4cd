import { DOMAIN_EVENTS, type DeliveredDomainEvent, type PersonState, type VideoState } from '@app/contracts';
import { latestStates } from '@app/database';

/** A video's state as the projection keeps it: a deletion is the state the video ended at, removed. */
export interface VideoListingState extends VideoState {
  removed: boolean;
}

const CARRIES_VIDEO_STATE: ReadonlySet<string> = new Set([
  DOMAIN_EVENTS.videoChanged,
  DOMAIN_EVENTS.videoViewed,
  DOMAIN_EVENTS.videoPublished,
  DOMAIN_EVENTS.videoDeleted,
]);

/**
 * Whether a batch changes what lists show beyond view counts: a new, edited, rated, hidden or
 * deleted video, or a member's name. Views alone do not drop the gateways' cached lists, which
 * would otherwise empty every second under ordinary viewing; they show the counts late instead.
 */
export function changesListsBeyondViews(events: readonly DeliveredDomainEvent[]): boolean {
  return events.some(
    (event) =>
      event.type === DOMAIN_EVENTS.profileChanged ||
      (event.type !== DOMAIN_EVENTS.videoViewed && CARRIES_VIDEO_STATE.has(event.type)),
  );
}

/**
 * The newest video state of each video a batch carries, in id order. A deletion carrying the same
 * revision as a change wins: the removals go first, and latestStates keeps the first state of a
 * revision it sees.
 */
export function videoStatesOf(events: readonly DeliveredDomainEvent[]): VideoListingState[] {
  const carried = events
    .filter((event) => CARRIES_VIDEO_STATE.has(event.type) && event.video)
    .map((event) =>
      event.type === DOMAIN_EVENTS.videoDeleted
        ? // A tombstone keeps the key and revision, not the (possibly large) inline thumbnail.
          { ...event.video!, thumbnailData: null, removed: true }
        : { ...event.video!, removed: false },
    );
  const removalsFirst = [...carried.filter((state) => state.removed), ...carried.filter((state) => !state.removed)];
  return latestStates(removalsFirst, (state) => state.id);
}

/** The newest public face of each member a batch carries, in id order. */
export function personStatesOf(events: readonly DeliveredDomainEvent[]): PersonState[] {
  return latestStates(
    events.filter((event) => event.type === DOMAIN_EVENTS.profileChanged).map((event) => event.person),
    (person) => person.id,
  );
}

/**
 * The uploaders of the listed (not removed) videos that no state of the batch names: the
 * projection may have never heard of them.
 */
export function uploadersToLookUp(videos: readonly VideoListingState[], people: readonly PersonState[]): string[] {
  const carried = new Set(people.map((person) => person.id));
  return [...new Set(videos.filter((video) => !video.removed).map((video) => video.uploaderId))]
    .filter((id) => !carried.has(id))
    .sort();
}
