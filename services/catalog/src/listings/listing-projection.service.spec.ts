import { describe, expect, it } from '@jest/globals';
import { CATALOG_LIVE_SUBJECT, ERROR_CODES, type PersonState } from '@app/contracts';
import { DomainError, type LiveSignals } from '@app/common';
import {
  callsTo,
  personState,
  profileChanged,
  strictMock,
  videoChanged,
  videoDeleted,
  videoState,
  videoViewed,
  type StrictAnswers,
} from '@app/testing/unit';
import type { ListingProjectionRepository } from './listing-projection.repository.js';
import { ListingProjectionService } from './listing-projection.service.js';
import type { PeopleOfRecord } from './people-of-record.js';

const ADA = '0d4f8a9e-1111-4c3b-9a7e-2b5f0c1d2e3f';
const BEA = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

const lookedUp = (id: string): PersonState => personState({ id, revision: 0, firstName: `Asked ${id.slice(0, 4)}` });

function projection(
  repository: StrictAnswers<ListingProjectionRepository>,
  people: StrictAnswers<PeopleOfRecord> = {},
) {
  const listings = strictMock<ListingProjectionRepository>('ListingProjectionRepository', repository);
  const peopleOfRecord = strictMock<PeopleOfRecord>('PeopleOfRecord', people);
  const signals = strictMock<LiveSignals>('LiveSignals', { publish: () => undefined });
  return {
    service: new ListingProjectionService(listings, peopleOfRecord, signals),
    signalled: () => callsTo(signals).map(([method, [subject]]) => `${method} ${String(subject)}`),
    stored: () =>
      callsTo(listings)
        .filter(([method]) => method === 'store')
        .map(([, [changes]]) => changes),
    asked: () => callsTo(peopleOfRecord).map(([, [userId]]) => userId as string),
  };
}

describe('ListingProjectionService', () => {
  it('does nothing for a batch that carries no video or person', async () => {
    const { service, signalled } = projection({});
    await service.apply([{ ...videoChanged(), type: 'feedback.rated.v1', video: undefined }]);
    expect(signalled()).toEqual([]);
  });

  it('tells the gateways that the lists changed once the batch is stored, not before', async () => {
    let storedFirst = false;
    const { service, signalled } = projection({
      peopleMissing: () => Promise.resolve([]),
      store: () => Promise.resolve().then(() => void (storedFirst = true)),
    });
    await service.apply([videoChanged()]);
    expect([storedFirst, signalled()]).toEqual([true, [`publish ${CATALOG_LIVE_SUBJECT}`]]);
  });

  it('stores view counts without dropping the gateways’ cached lists, unless the batch changes more', async () => {
    const { service, signalled, stored } = projection({
      peopleMissing: () => Promise.resolve([]),
      store: () => Promise.resolve(),
    });
    await service.apply([videoViewed({ id: 7, revision: 4, views: 31 }), videoViewed({ id: 8, views: 2 })]);
    expect(stored().map((changes) => (changes as { videos: { id: number; views: number }[] }).videos)).toEqual([
      [expect.objectContaining({ id: 7, views: 31 }), expect.objectContaining({ id: 8, views: 2 })],
    ]);
    expect(signalled()).toEqual([]);

    await service.apply([videoViewed({ id: 7, revision: 5, views: 32 }), videoChanged({ id: 9 })]);
    expect(signalled()).toEqual([`publish ${CATALOG_LIVE_SUBJECT}`]);
  });

  it('stores the feedback service’s numbers of videos from its events, newest per video, and drops the cached lists', async () => {
    const { service, signalled, stored } = projection({
      peopleMissing: () => Promise.resolve([]),
      store: () => Promise.resolve(),
    });
    const rated = (
      videoStats: { videoId: number; revision: number; feedbackCount: number; averageRating: number }[],
    ) => ({
      ...videoChanged(),
      type: 'feedback.rated.v1' as const,
      video: undefined,
      videoStats,
    });
    await service.apply([
      rated([{ videoId: 7, revision: 2, feedbackCount: 1, averageRating: 4 }]),
      rated([{ videoId: 7, revision: 3, feedbackCount: 1, averageRating: 3.5 }]),
    ]);
    expect(stored()).toEqual([
      {
        videos: [],
        people: [],
        peopleLookedUp: [],
        feedbackStats: [{ videoId: 7, revision: 3, feedbackCount: 1, averageRating: 3.5 }],
      },
    ]);
    expect(signalled()).toEqual([`publish ${CATALOG_LIVE_SUBJECT}`]);
  });

  it('stores the newest states, asking auth only about uploaders it holds nothing of', async () => {
    const { service, stored, asked } = projection(
      {
        peopleMissing: (ids) => Promise.resolve(ids.filter((id) => id === BEA)),
        store: () => Promise.resolve(),
      },
      { find: (userId) => Promise.resolve(lookedUp(userId)) },
    );
    await service.apply([
      videoChanged({ id: 1, revision: 2, uploaderId: ADA }),
      videoChanged({ id: 2, revision: 1, uploaderId: BEA }),
      videoChanged({ id: 1, revision: 1, uploaderId: ADA }),
    ]);
    expect(asked()).toEqual([BEA]);
    expect(stored()).toEqual([
      {
        videos: [
          { ...videoState({ id: 1, revision: 2, uploaderId: ADA }), removed: false },
          { ...videoState({ id: 2, revision: 1, uploaderId: BEA }), removed: false },
        ],
        people: [],
        peopleLookedUp: [lookedUp(BEA)],
        feedbackStats: [],
      },
    ]);
  });

  it('does not ask about a member the batch itself says who they are, nor about a removed video’s uploader', async () => {
    const { service, stored } = projection({
      peopleMissing: (ids) => Promise.resolve([...ids]),
      store: () => Promise.resolve(),
    });
    await service.apply([
      videoChanged({ id: 1, uploaderId: ADA }),
      profileChanged({ id: ADA, revision: 3 }),
      videoDeleted({ id: 2, uploaderId: BEA }),
    ]);
    expect(stored()).toEqual([
      {
        videos: [
          { ...videoState({ id: 1, uploaderId: ADA }), removed: false },
          { ...videoState({ id: 2, uploaderId: BEA }), removed: true },
        ],
        people: [personState({ id: ADA, revision: 3 })],
        peopleLookedUp: [],
        feedbackStats: [],
      },
    ]);
  });

  it('stores no one for an uploader auth has no account of', async () => {
    const { service, stored } = projection(
      { peopleMissing: (ids) => Promise.resolve([...ids]), store: () => Promise.resolve() },
      { find: () => Promise.resolve(null) },
    );
    await service.apply([videoChanged({ uploaderId: BEA })]);
    expect(stored()[0]).toMatchObject({ peopleLookedUp: [] });
  });

  it('stores the listings when auth does not answer, then fails the batch so it is applied again', async () => {
    const { service, stored } = projection(
      { peopleMissing: (ids) => Promise.resolve([...ids]), store: () => Promise.resolve() },
      {
        find: (userId) =>
          userId === BEA
            ? Promise.reject(new DomainError(ERROR_CODES.unavailable, 'The auth service is temporarily unavailable'))
            : Promise.resolve(lookedUp(userId)),
      },
    );
    await expect(
      service.apply([videoChanged({ id: 1, uploaderId: ADA }), videoChanged({ id: 2, uploaderId: BEA })]),
    ).rejects.toThrow('auth did not say who 1 uploader(s) are');
    expect(stored()).toEqual([
      {
        videos: [
          { ...videoState({ id: 1, uploaderId: ADA }), removed: false },
          { ...videoState({ id: 2, uploaderId: BEA }), removed: false },
        ],
        people: [],
        peopleLookedUp: [lookedUp(ADA)],
        feedbackStats: [],
      },
    ]);
  });
});
