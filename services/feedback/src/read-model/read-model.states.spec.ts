import { describe, expect, it } from '@jest/globals';
import { DOMAIN_EVENTS, type DeliveredDomainEvent, type VideoState } from '@app/contracts';
import { videoState } from '@app/testing/unit';
import { readModelStatesOf } from './read-model.states.js';

const ANA = '0d4f8a9e-1111-4c3b-9a7e-2b5f0c1d2e3f';
const BEN = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
let outboxId = 0;
const event = (fields: Omit<DeliveredDomainEvent, 'occurredAt' | 'outboxId' | 'userIds'>): DeliveredDomainEvent => ({
  occurredAt: '2026-02-01T10:00:00.000Z',
  outboxId: `x:${++outboxId}`,
  userIds: [],
  ...fields,
});
const video = (id: number, revision: number, title = `Video ${id}`): VideoState =>
  videoState({ id, revision, title, categoryId: 2, uploaderId: ANA, createdAt: '2026-02-01T10:00:00.000Z' });
const person = (id: string, revision: number, firstName: string | null, removed = false) => ({
  id,
  revision,
  firstName,
  lastName: null,
  image: null,
  removed,
});

describe('readModelStatesOf', () => {
  it('keeps the newest state of each key, in key order, whatever order the batch holds them in', () => {
    const states = readModelStatesOf([
      event({ type: DOMAIN_EVENTS.videoChanged, videoId: 9, video: video(9, 3, 'Newer') }),
      event({ type: DOMAIN_EVENTS.videoPublished, videoId: 4, video: video(4, 1) }),
      event({ type: DOMAIN_EVENTS.videoChanged, videoId: 9, video: video(9, 2, 'Older') }),
      event({ type: DOMAIN_EVENTS.profileChanged, person: person(BEN, 1, 'Ben') }),
      event({ type: DOMAIN_EVENTS.profileChanged, person: person(ANA, 5, 'Ana') }),
      event({ type: DOMAIN_EVENTS.profileChanged, person: person(ANA, 4, 'Anna') }),
    ]);
    const facts = { duration: null, frameCount: null, isLink: false, hidden: false };
    expect(states.videos).toEqual([
      { id: 4, revision: 1, title: 'Video 4', categoryId: 2, uploaderId: ANA, ...facts, removed: false },
      { id: 9, revision: 3, title: 'Newer', categoryId: 2, uploaderId: ANA, ...facts, removed: false },
    ]);
    expect(states.people).toEqual([person(ANA, 5, 'Ana'), person(BEN, 1, 'Ben')]);
    expect(states.categories).toEqual([]);
  });

  it('turns a deletion into a removed state that wins over a live one of the same revision', () => {
    const states = readModelStatesOf([
      event({ type: DOMAIN_EVENTS.videoChanged, videoId: 9, video: video(9, 6) }),
      event({ type: DOMAIN_EVENTS.videoDeleted, videoId: 9, video: video(9, 6) }),
      event({
        type: DOMAIN_EVENTS.categoryChanged,
        category: { id: 3, revision: 1, name: 'Golf', icon: '⛳', removed: false },
      }),
      event({
        type: DOMAIN_EVENTS.categoryDeleted,
        category: { id: 3, revision: 1, name: 'Golf', icon: '⛳', removed: true },
      }),
    ]);
    expect(states.videos).toEqual([expect.objectContaining({ id: 9, revision: 6, removed: true })]);
    expect(states.categories).toEqual([{ id: 3, revision: 1, name: 'Golf', icon: '⛳', removed: true }]);
  });

  it('keeps what a time code and drawing are checked against: duration, frame count, and whether it is a link', () => {
    const states = readModelStatesOf([
      event({
        type: DOMAIN_EVENTS.videoChanged,
        videoId: 4,
        video: videoState({ id: 4, duration: 8, frameCount: 240 }),
      }),
      event({
        type: DOMAIN_EVENTS.videoChanged,
        videoId: 5,
        video: videoState({ id: 5, youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' }),
      }),
      // From before the video service measured frames: the count is unknown.
      event({ type: DOMAIN_EVENTS.videoChanged, videoId: 6, video: videoState({ id: 6, duration: 3 }) }),
    ]);
    expect(states.videos.map(({ id, duration, frameCount, isLink }) => ({ id, duration, frameCount, isLink }))).toEqual(
      [
        { id: 4, duration: 8, frameCount: 240, isLink: false },
        { id: 5, duration: null, frameCount: null, isLink: true },
        { id: 6, duration: 3, frameCount: null, isLink: false },
      ],
    );
  });

  it('finds nothing in events that carry no state for it', () => {
    expect(
      readModelStatesOf([
        event({ type: DOMAIN_EVENTS.feedbackRated, feedbackId: 1, videoId: 2 }),
        // Published before the producer carried states: nothing to store.
        event({ type: DOMAIN_EVENTS.videoDeleted, videoId: 2 }),
        event({ type: DOMAIN_EVENTS.profileChanged }),
      ]),
    ).toEqual({ people: [], videos: [], categories: [] });
  });
});
