import { describe, expect, it } from '@jest/globals';
import { AUTH_RPC, ERROR_CODES, VIDEO_RPC, type RpcContract, type UserDto, type VideoState } from '@app/contracts';
import { DomainError, type RpcClient } from '@app/common';
import { callsTo, strictMock, type StrictAnswers } from '@app/testing/unit';
import type { KnownVideo, ReadModelRepository } from './read-model.repository.js';
import { ReadThroughService } from './read-through.service.js';

const UPLOADER = '0d4f8a9e-1111-4c3b-9a7e-2b5f0c1d2e3f';
/** A file video as the read model holds it; override what a case needs. */
const known = (fields: Partial<KnownVideo> = {}): KnownVideo => ({
  uploaderId: UPLOADER,
  duration: 12,
  frameCount: 360,
  isLink: false,
  hidden: false,
  removed: false,
  ...fields,
});
const MEMBER = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

const STATE: VideoState = {
  id: 7,
  revision: 4,
  title: 'Serve',
  description: null,
  categoryId: 2,
  uploaderId: UPLOADER,
  youtubeUrl: 'https://youtu.be/x',
  videoUrl: null,
  thumbnailUrl: null,
  hasStoredVideo: false,
  hasStoredThumbnail: false,
  thumbnailData: null,
  duration: null,
  processingState: 'ready',
  hasFileError: false,
  views: 3,
  feedbackCount: 0,
  averageRating: 0,
  createdAt: '2026-02-01T10:00:00.000Z',
};

/** The owners: each answer keyed by the contract's pattern. */
function ownersAnswering(answers: Record<string, (payload: unknown) => Promise<unknown>>) {
  return strictMock<RpcClient>('RpcClient', {
    call: ((contract: RpcContract, payload: unknown) => {
      const answer = answers[contract.pattern];
      if (!answer) throw new Error(`unexpected call to ${contract.pattern}`);
      return answer(payload);
    }) as RpcClient['call'],
  });
}

function serviceWith(repository: StrictAnswers<ReadModelRepository>, owners: RpcClient = ownersAnswering({})) {
  const readModel = strictMock<ReadModelRepository>('ReadModelRepository', repository);
  return {
    service: new ReadThroughService(readModel, owners),
    readModelCalls: () => callsTo(readModel),
    ownerCalls: () => callsTo(owners).map(([, [contract, payload]]) => [(contract as RpcContract).pattern, payload]),
  };
}

describe('ReadThroughService.videoUploader', () => {
  it('answers from the read model without asking anyone', async () => {
    const { service, ownerCalls } = serviceWith({
      findVideo: () => Promise.resolve(known()),
    });
    expect(await service.videoUploader(7)).toBe(UPLOADER);
    expect(ownerCalls()).toEqual([]);
  });

  it('treats a deleted video (a tombstone) as none, without asking', async () => {
    const { service, ownerCalls } = serviceWith({
      findVideo: () => Promise.resolve(known({ removed: true })),
    });
    expect(await service.videoUploader(7)).toBeNull();
    expect(ownerCalls()).toEqual([]);
  });

  it('asks the video service about a video it has not heard of, stores the state, and decides on what is stored', async () => {
    const stored: KnownVideo[] = [];
    const { service, readModelCalls, ownerCalls } = serviceWith(
      {
        findVideo: () => Promise.resolve(stored[0] ?? null),
        applyVideos: (states) => {
          const { uploaderId, duration, frameCount, isLink, hidden, removed } = states[0]!;
          stored.push({ uploaderId, duration, frameCount, isLink, hidden, removed });
          return Promise.resolve();
        },
      },
      ownersAnswering({ [VIDEO_RPC.getState.pattern]: () => Promise.resolve({ video: STATE }) }),
    );
    expect(await service.videoUploader(7)).toBe(UPLOADER);
    expect(ownerCalls()).toEqual([[VIDEO_RPC.getState.pattern, { videoId: 7 }]]);
    expect(readModelCalls()).toEqual([
      ['findVideo', [7]],
      [
        'applyVideos',
        [
          [
            {
              id: 7,
              revision: 4,
              title: 'Serve',
              categoryId: 2,
              uploaderId: UPLOADER,
              duration: null,
              frameCount: null,
              isLink: true,
              hidden: false,
              removed: false,
            },
          ],
        ],
      ],
      ['findVideo', [7]],
    ]);
  });

  it('answers none when a newer removal was stored while the owner was asked', async () => {
    let reads = 0;
    const { service } = serviceWith(
      {
        findVideo: () => Promise.resolve(reads++ === 0 ? null : known({ removed: true })),
        applyVideos: () => Promise.resolve(),
      },
      ownersAnswering({ [VIDEO_RPC.getState.pattern]: () => Promise.resolve({ video: STATE }) }),
    );
    expect(await service.videoUploader(7)).toBeNull();
  });

  it('answers none, storing nothing, for a video the video service does not know', async () => {
    const { service, readModelCalls } = serviceWith(
      { findVideo: () => Promise.resolve(null) },
      ownersAnswering({ [VIDEO_RPC.getState.pattern]: () => Promise.resolve({ video: null }) }),
    );
    expect(await service.videoUploader(7)).toBeNull();
    expect(readModelCalls()).toEqual([['findVideo', [7]]]);
  });
});

describe('ReadThroughService.videoForFeedback', () => {
  const FILE: VideoState = { ...STATE, youtubeUrl: null, hasStoredVideo: true, duration: 12, frameCount: 360 };

  it('answers the video’s uploader, duration, frame count and kind from the read model, without asking', async () => {
    const { service, ownerCalls } = serviceWith({ findVideo: () => Promise.resolve(known()) });
    expect(await service.videoForFeedback(7)).toEqual({
      uploaderId: UPLOADER,
      duration: 12,
      frameCount: 360,
      isLink: false,
      hidden: false,
    });
    expect(ownerCalls()).toEqual([]);
  });

  it('learns a video it has not heard of, with its media facts, and answers none for one deleted or unknown', async () => {
    const stored: KnownVideo[] = [];
    const { service, readModelCalls } = serviceWith(
      {
        findVideo: () => Promise.resolve(stored[0] ?? null),
        applyVideos: (states) => {
          const { uploaderId, duration, frameCount, isLink, hidden, removed } = states[0]!;
          stored.push({ uploaderId, duration, frameCount, isLink, hidden, removed });
          return Promise.resolve();
        },
      },
      ownersAnswering({ [VIDEO_RPC.getState.pattern]: () => Promise.resolve({ video: FILE }) }),
    );
    expect(await service.videoForFeedback(7)).toEqual({
      uploaderId: UPLOADER,
      duration: 12,
      frameCount: 360,
      isLink: false,
      hidden: false,
    });
    expect(readModelCalls()[1]).toEqual([
      'applyVideos',
      [[expect.objectContaining({ id: 7, duration: 12, frameCount: 360, isLink: false })]],
    ]);

    const deleted = serviceWith({ findVideo: () => Promise.resolve(known({ removed: true })) });
    expect(await deleted.service.videoForFeedback(7)).toBeNull();
    const unknown = serviceWith(
      { findVideo: () => Promise.resolve(null) },
      ownersAnswering({ [VIDEO_RPC.getState.pattern]: () => Promise.resolve({ video: null }) }),
    );
    expect(await unknown.service.videoForFeedback(7)).toBeNull();
  });

  it('asks again about a video stored before its media facts were kept, and stores them', async () => {
    let row = known({ duration: null, frameCount: null, isLink: null });
    const { service, ownerCalls } = serviceWith(
      {
        findVideo: () => Promise.resolve(row),
        applyVideos: (states) => {
          row = { ...row, duration: states[0]!.duration, frameCount: states[0]!.frameCount, isLink: states[0]!.isLink };
          return Promise.resolve();
        },
      },
      ownersAnswering({ [VIDEO_RPC.getState.pattern]: () => Promise.resolve({ video: STATE }) }),
    );
    expect(await service.videoForFeedback(7)).toEqual({
      uploaderId: UPLOADER,
      duration: null,
      frameCount: null,
      isLink: true,
      hidden: false,
    });
    expect(ownerCalls()).toEqual([[VIDEO_RPC.getState.pattern, { videoId: 7 }]]);
  });

  it('keeps such a video’s facts unknown, rather than refusing feedback, when the video service cannot answer', async () => {
    const { service, readModelCalls } = serviceWith(
      { findVideo: () => Promise.resolve(known({ duration: null, frameCount: null, isLink: null })) },
      ownersAnswering({
        [VIDEO_RPC.getState.pattern]: () =>
          Promise.reject(new DomainError(ERROR_CODES.unavailable, 'The video service is temporarily unavailable.')),
      }),
    );
    expect(await service.videoForFeedback(7)).toEqual({
      uploaderId: UPLOADER,
      duration: null,
      frameCount: null,
      isLink: null,
      hidden: false,
    });
    expect(readModelCalls()).toEqual([['findVideo', [7]]]);
  });
});

describe('ReadThroughService.ensurePerson', () => {
  const user = { id: MEMBER, firstName: 'Dana', lastName: 'Reyes', profileImageUrl: '/img/d.webp' } as UserDto;

  it('asks auth about a person it has not heard of and stores them at revision 0 unless an event came first', async () => {
    const { service, readModelCalls, ownerCalls } = serviceWith(
      { hasPerson: () => Promise.resolve(false), insertPersonIfAbsent: () => Promise.resolve(true) },
      ownersAnswering({ [AUTH_RPC.getUser.pattern]: () => Promise.resolve(user) }),
    );
    await service.ensurePerson(MEMBER);
    expect(ownerCalls()).toEqual([[AUTH_RPC.getUser.pattern, { userId: MEMBER, viewerId: null }]]);
    expect(readModelCalls()).toEqual([
      ['hasPerson', [MEMBER]],
      ['insertPersonIfAbsent', [{ id: MEMBER, firstName: 'Dana', lastName: 'Reyes', image: '/img/d.webp' }]],
    ]);
  });

  it('asks nobody about a person it knows', async () => {
    const { service, ownerCalls } = serviceWith({ hasPerson: () => Promise.resolve(true) });
    await service.ensurePerson(MEMBER);
    expect(ownerCalls()).toEqual([]);
  });

  it('leaves a person unknown, without failing, when auth does not know them or cannot answer', async () => {
    for (const failure of [
      new DomainError(ERROR_CODES.notFound, 'User not found'),
      new DomainError(ERROR_CODES.unavailable, 'The auth service is temporarily unavailable.'),
    ]) {
      const { service, readModelCalls } = serviceWith(
        { hasPerson: () => Promise.resolve(false) },
        ownersAnswering({ [AUTH_RPC.getUser.pattern]: () => Promise.reject(failure) }),
      );
      await service.ensurePerson(MEMBER);
      expect(readModelCalls()).toEqual([['hasPerson', [MEMBER]]]);
    }
  });
});
