import {
  DOMAIN_EVENTS,
  type CategoryState,
  type CarriedState,
  type DeliveredDomainEvent,
  type PersonState,
  type VideoState,
} from '@app/contracts';
import { latestStates } from '@app/database';

/**
 * What the feedback service keeps of a video: enough to check it, name it and find its category,
 * and to check a time code and drawing against it.
 */
export interface VideoSummaryState extends CarriedState {
  id: number;
  title: string;
  categoryId: number | null;
  uploaderId: string;
  /** Seconds; null while unknown. */
  duration: number | null;
  /** Frames of the playback file; null while unknown (not measured yet, or an event from before it was). */
  frameCount: number | null;
  /** A YouTube link: no frame of it can be drawn on. */
  isLink: boolean;
  /** Hidden pending review: only its uploader may see its feedback. */
  hidden: boolean;
  removed: boolean;
}

/** The states of one batch the read model applies: the newest per key, in key order. */
export interface ReadModelStates {
  people: PersonState[];
  videos: VideoSummaryState[];
  categories: CategoryState[];
}

const VIDEO_EVENTS: readonly string[] = [
  DOMAIN_EVENTS.videoChanged,
  DOMAIN_EVENTS.videoPublished,
  DOMAIN_EVENTS.videoDeleted,
];
const CATEGORY_EVENTS: readonly string[] = [DOMAIN_EVENTS.categoryChanged, DOMAIN_EVENTS.categoryDeleted];

export const videoSummaryOf = (video: VideoState, removed: boolean): VideoSummaryState => ({
  id: video.id,
  revision: video.revision,
  title: video.title,
  categoryId: video.categoryId,
  uploaderId: video.uploaderId,
  duration: video.duration,
  frameCount: video.frameCount ?? null,
  isLink: video.youtubeUrl !== null,
  hidden: video.hidden === true,
  removed,
});

/**
 * Removals first: of two states with the same revision (a deletion carrying the last state's
 * revision) the first one seen is kept, and it must be the removal.
 */
const removalsFirst = <State extends { removed: boolean }>(states: State[]): State[] => [
  ...states.filter((state) => state.removed),
  ...states.filter((state) => !state.removed),
];

/**
 * The people, videos and categories a batch of events carries, one state per key (the highest
 * revision), so a batch applies each key once. A deleted video or category is a removed state
 * at the revision its deletion carries; events that carry no state are not for this read model.
 */
export function readModelStatesOf(events: readonly DeliveredDomainEvent[]): ReadModelStates {
  const people = events.filter((event) => event.type === DOMAIN_EVENTS.profileChanged).map((event) => event.person);
  const videos = events
    .filter((event) => VIDEO_EVENTS.includes(event.type))
    .flatMap((event) => (event.video ? [videoSummaryOf(event.video, event.type === DOMAIN_EVENTS.videoDeleted)] : []));
  const categories = events
    .filter((event) => CATEGORY_EVENTS.includes(event.type))
    .flatMap((event) =>
      event.category
        ? [{ ...event.category, removed: event.category.removed || event.type === DOMAIN_EVENTS.categoryDeleted }]
        : [],
    );
  return {
    people: latestStates(
      removalsFirst(people.filter((person): person is PersonState => person !== undefined)),
      (person) => person.id,
    ),
    videos: latestStates(removalsFirst(videos), (video) => video.id),
    categories: latestStates(removalsFirst(categories), (category) => category.id),
  };
}
