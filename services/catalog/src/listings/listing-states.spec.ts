import { describe, expect, it } from '@jest/globals';
import { DOMAIN_EVENTS } from '@app/contracts';
import { personStatesOf, uploadersToLookUp, videoStatesOf } from './listing-states.js';
import { personState, profileChanged, videoChanged, videoDeleted, videoEvent, videoState } from '@app/testing/unit';

const ADA = '0d4f8a9e-1111-4c3b-9a7e-2b5f0c1d2e3f';
const BEA = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

describe('videoStatesOf', () => {
  it('keeps the newest state of each video, in id order, from changes, publications and deletions', () => {
    const states = videoStatesOf([
      videoChanged({ id: 2, revision: 3, title: 'newest' }),
      videoChanged({ id: 1, revision: 1 }),
      videoChanged({ id: 2, revision: 1, title: 'older' }),
      videoEvent(DOMAIN_EVENTS.videoPublished, videoState({ id: 3, revision: 2 })),
      videoDeleted({ id: 4, revision: 5 }),
      profileChanged(),
    ]);
    expect(states.map(({ id, revision, title, removed }) => ({ id, revision, title, removed }))).toEqual([
      { id: 1, revision: 1, title: 'Serve', removed: false },
      { id: 2, revision: 3, title: 'newest', removed: false },
      { id: 3, revision: 2, title: 'Serve', removed: false },
      { id: 4, revision: 5, title: 'Serve', removed: true },
    ]);
  });

  it('lets a deletion win over a change of the same revision, in whatever order they came', () => {
    for (const events of [
      [videoChanged({ revision: 4 }), videoDeleted({ revision: 4 })],
      [videoDeleted({ revision: 4 }), videoChanged({ revision: 4 })],
    ])
      expect(videoStatesOf(events).map(({ revision, removed }) => ({ revision, removed }))).toEqual([
        { revision: 4, removed: true },
      ]);
    // A later revision is a later state, whatever it is.
    expect(videoStatesOf([videoDeleted({ revision: 4 }), videoChanged({ revision: 5 })])[0]?.removed).toBe(false);
  });

  it('keeps no inline thumbnail in a deletion’s tombstone', () => {
    expect(videoStatesOf([videoDeleted({ thumbnailData: '/9j/4AAQ' })])[0]).toMatchObject({
      thumbnailData: null,
      removed: true,
    });
    expect(videoStatesOf([videoChanged({ thumbnailData: '/9j/4AAQ' })])[0]?.thumbnailData).toBe('/9j/4AAQ');
  });

  it('ignores events that carry no video state', () => {
    expect(videoStatesOf([profileChanged(), { ...videoChanged(), video: undefined }])).toEqual([]);
  });
});

describe('personStatesOf', () => {
  it('keeps the newest public face of each member', () => {
    expect(
      personStatesOf([
        profileChanged({ id: BEA, revision: 2, firstName: 'Bea' }),
        profileChanged({ id: ADA, revision: 7, firstName: 'Ada' }),
        profileChanged({ id: ADA, revision: 6, firstName: 'Older' }),
        videoChanged(),
      ]),
    ).toEqual([
      personState({ id: ADA, revision: 7, firstName: 'Ada' }),
      personState({ id: BEA, revision: 2, firstName: 'Bea' }),
    ]);
  });
});

describe('uploadersToLookUp', () => {
  it('names each uploader of a listed video once, unless the batch says who they are', () => {
    const videos = videoStatesOf([
      videoChanged({ id: 1, uploaderId: BEA }),
      videoChanged({ id: 2, uploaderId: BEA }),
      videoChanged({ id: 3, uploaderId: ADA }),
    ]);
    expect(uploadersToLookUp(videos, [])).toEqual([ADA, BEA]);
    expect(uploadersToLookUp(videos, [personState({ id: ADA })])).toEqual([BEA]);
  });

  it('does not ask about the uploader of a removed video', () => {
    expect(uploadersToLookUp(videoStatesOf([videoDeleted({ uploaderId: BEA })]), [])).toEqual([]);
  });
});
