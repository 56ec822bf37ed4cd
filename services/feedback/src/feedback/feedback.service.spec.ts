import { describe, expect, it } from '@jest/globals';
import { ERROR_CODES, FEEDBACK_MESSAGES } from '@app/contracts';
import { DomainError } from '@app/common';
import { callsTo, strictMock, type StrictAnswers } from '@app/testing/unit';
import type { ReadThroughService } from '../read-model/read-through.service.js';
import type { FeedbackRepository, FeedbackTarget, VideoFeedbackRow } from './feedback.repository.js';
import { FeedbackService } from './feedback.service.js';

const AUTHOR = { id: '0d4f8a9e-1111-4c3b-9a7e-2b5f0c1d2e3f', isAdmin: false };
const MEMBER = { id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', isAdmin: false };
const TARGET: FeedbackTarget = { id: 41, videoId: 7, authorId: AUTHOR.id };
const CAST_AT = new Date('2026-02-01T10:00:00Z');

function serviceWith(
  answers: StrictAnswers<FeedbackRepository>,
  readModelAnswers: StrictAnswers<ReadThroughService> = {},
) {
  const repository = strictMock<FeedbackRepository>('FeedbackRepository', {
    findTarget: () => Promise.resolve(TARGET),
    ...answers,
  });
  const readModel = strictMock<ReadThroughService>('ReadThroughService', readModelAnswers);
  return {
    service: new FeedbackService(repository, readModel),
    repositoryCalls: () => callsTo(repository),
    readModelCalls: () => callsTo(readModel),
  };
}

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  const { code, message } = error as DomainError;
  return { code, message };
};

const numbers = { id: TARGET.id, helpfulVotes: 3, averageRating: 4.5, totalRatings: 2 };

describe('FeedbackService.rate', () => {
  it('stores the rating and answers it with the feedback’s numbers from the same transaction', async () => {
    const { service, repositoryCalls } = serviceWith({
      insertRatingWithEvent: () =>
        Promise.resolve({
          outcome: 'cast',
          row: { feedbackId: TARGET.id, raterId: MEMBER.id, rating: 5, createdAt: CAST_AT },
          numbers,
        }),
    });
    expect(await service.rate(MEMBER, TARGET.id, 5)).toEqual({
      feedbackId: TARGET.id,
      raterId: MEMBER.id,
      rating: 5,
      createdAt: CAST_AT.toISOString(),
      helpfulVotes: 3,
      averageRating: 4.5,
      totalRatings: 2,
    });
    expect(repositoryCalls()).toEqual([
      ['findTarget', [TARGET.id]],
      ['insertRatingWithEvent', [TARGET, MEMBER.id, 5]],
    ]);
    // The event goes out at once, for the numbers other services keep.
  });

  it('refuses a rating of one’s own feedback before storing anything', async () => {
    const { service, repositoryCalls } = serviceWith({});
    expect(await failure(service.rate(AUTHOR, TARGET.id, 5))).toEqual({
      code: ERROR_CODES.forbidden,
      message: FEEDBACK_MESSAGES.ownFeedbackRating,
    });
    expect(repositoryCalls()).toEqual([['findTarget', [TARGET.id]]]);
  });

  it('answers a second rating by the same member with the spec’s message', async () => {
    const { service } = serviceWith({
      insertRatingWithEvent: () => Promise.resolve({ outcome: 'already-cast' }),
    });
    expect(await failure(service.rate(MEMBER, TARGET.id, 2))).toEqual({
      code: ERROR_CODES.validation,
      message: FEEDBACK_MESSAGES.alreadyRated,
    });
  });

  it('answers not found for feedback that does not exist, or went before the rating was stored', async () => {
    const missing = serviceWith({ findTarget: () => Promise.resolve(null) });
    expect(await failure(missing.service.rate(MEMBER, 999, 4))).toEqual({
      code: ERROR_CODES.notFound,
      message: FEEDBACK_MESSAGES.feedbackNotFound,
    });
    expect(missing.repositoryCalls()).toEqual([['findTarget', [999]]]);

    const gone = serviceWith({ insertRatingWithEvent: () => Promise.resolve({ outcome: 'feedback-gone' }) });
    expect(await failure(gone.service.rate(MEMBER, TARGET.id, 4))).toEqual({
      code: ERROR_CODES.notFound,
      message: FEEDBACK_MESSAGES.feedbackNotFound,
    });
  });
});

describe('FeedbackService.vote', () => {
  it('stores the vote and answers it with the feedback’s numbers from the same transaction', async () => {
    const { service, repositoryCalls } = serviceWith({
      insertVoteWithEvent: () =>
        Promise.resolve({
          outcome: 'cast',
          row: { feedbackId: TARGET.id, userId: MEMBER.id, createdAt: CAST_AT },
          numbers,
        }),
    });
    expect(await service.vote(MEMBER, TARGET.id)).toEqual({
      feedbackId: TARGET.id,
      userId: MEMBER.id,
      createdAt: CAST_AT.toISOString(),
      helpfulVotes: 3,
      averageRating: 4.5,
      totalRatings: 2,
    });
    expect(repositoryCalls()).toEqual([
      ['findTarget', [TARGET.id]],
      ['insertVoteWithEvent', [TARGET, MEMBER.id]],
    ]);
  });

  it('refuses a vote on one’s own feedback before storing anything', async () => {
    const { service, repositoryCalls } = serviceWith({});
    expect(await failure(service.vote(AUTHOR, TARGET.id))).toEqual({
      code: ERROR_CODES.forbidden,
      message: FEEDBACK_MESSAGES.ownFeedbackVote,
    });
    expect(repositoryCalls()).toEqual([['findTarget', [TARGET.id]]]);
  });

  it('answers a second vote by the same member with the spec’s message', async () => {
    const { service } = serviceWith({
      insertVoteWithEvent: () => Promise.resolve({ outcome: 'already-cast' }),
    });
    expect(await failure(service.vote(MEMBER, TARGET.id))).toEqual({
      code: ERROR_CODES.validation,
      message: FEEDBACK_MESSAGES.alreadyVoted,
    });
  });

  it('answers not found when the feedback went before the vote was stored', async () => {
    const { service } = serviceWith({
      insertVoteWithEvent: () => Promise.resolve({ outcome: 'feedback-gone' }),
    });
    expect(await failure(service.vote(MEMBER, TARGET.id))).toEqual({
      code: ERROR_CODES.notFound,
      message: FEEDBACK_MESSAGES.feedbackNotFound,
    });
  });
});

const UPLOADER = 'a3c1e2d4-5b6f-4a7b-8c9d-0e1f2a3b4c5d';
const listedRow = (overrides: Partial<VideoFeedbackRow> = {}): VideoFeedbackRow => ({
  id: TARGET.id,
  videoId: TARGET.videoId,
  content: 'Toss higher',
  authorId: AUTHOR.id,
  authorFirstName: null,
  authorLastName: null,
  authorImage: null,
  authorKnown: false,
  averageRating: 0,
  totalRatings: 0,
  helpfulVotes: 0,
  createdAt: CAST_AT,
  viewerVoted: false,
  viewerRating: null,
  ...overrides,
});

describe('FeedbackService.create', () => {
  it('learns the author’s name before storing the feedback, so the answer carries it', async () => {
    const { service, repositoryCalls, readModelCalls } = serviceWith(
      {
        insertWithEvent: () => Promise.resolve(TARGET.id),
        findOneForVideoListing: () =>
          Promise.resolve(listedRow({ authorFirstName: 'Dana', authorLastName: 'Reyes', authorKnown: true })),
      },
      { videoUploader: () => Promise.resolve(UPLOADER), ensurePerson: () => Promise.resolve() },
    );
    expect(await service.create(AUTHOR, TARGET.videoId, 'Toss higher')).toMatchObject({
      id: TARGET.id,
      authorId: AUTHOR.id,
      authorName: 'Dana Reyes',
    });
    expect(readModelCalls()).toEqual([
      ['videoUploader', [TARGET.videoId]],
      ['ensurePerson', [AUTHOR.id]],
    ]);
    expect(repositoryCalls()).toEqual([
      ['insertWithEvent', [AUTHOR.id, TARGET.videoId, 'Toss higher']],
      ['findOneForVideoListing', [TARGET.id, AUTHOR.id]],
    ]);
  });

  it('answers not found for a video that does not exist, and forbids one’s own, before storing anything', async () => {
    const missing = serviceWith({}, { videoUploader: () => Promise.resolve(null) });
    expect(await failure(missing.service.create(AUTHOR, 999, 'Hello'))).toEqual({
      code: ERROR_CODES.notFound,
      message: 'Video not found',
    });
    expect(missing.repositoryCalls()).toEqual([]);

    const own = serviceWith({}, { videoUploader: () => Promise.resolve(AUTHOR.id) });
    expect(await failure(own.service.create(AUTHOR, TARGET.videoId, 'Hello'))).toEqual({
      code: ERROR_CODES.forbidden,
      message: FEEDBACK_MESSAGES.ownVideo,
    });
    expect(own.repositoryCalls()).toEqual([]);
  });
});

describe('FeedbackService.listForVideo', () => {
  it('asks auth about authors the read model has not heard of, then reads the list again', async () => {
    let reads = 0;
    const { service, readModelCalls } = serviceWith(
      {
        findForVideo: () =>
          Promise.resolve(
            reads++ === 0
              ? [listedRow(), listedRow({ id: 40 })]
              : [listedRow({ authorFirstName: 'Dana', authorKnown: true }), listedRow({ id: 40 })],
          ),
      },
      { videoUploader: () => Promise.resolve(UPLOADER), learnPeople: () => Promise.resolve(1) },
    );
    const listed = await service.listForVideo(TARGET.videoId, null);
    expect(listed.map((item) => [item.id, item.authorName])).toEqual([
      [TARGET.id, 'Dana'],
      [40, null],
    ]);
    // One question per unknown author, however many pieces of feedback they gave.
    expect(readModelCalls()).toEqual([
      ['videoUploader', [TARGET.videoId]],
      ['learnPeople', [[AUTHOR.id]]],
    ]);
  });

  it('reads once when every author is known', async () => {
    const { service, repositoryCalls } = serviceWith(
      { findForVideo: () => Promise.resolve([listedRow({ authorKnown: true })]) },
      { videoUploader: () => Promise.resolve(UPLOADER) },
    );
    expect(await service.listForVideo(TARGET.videoId, MEMBER.id)).toHaveLength(1);
    expect(repositoryCalls()).toEqual([['findForVideo', [TARGET.videoId, MEMBER.id]]]);
  });
});

describe('FeedbackService.listByAuthor', () => {
  const item = { content: 'Tip', averageRating: 0, totalRatings: 0, helpfulVotes: 0, createdAt: CAST_AT };
  const known = { videoTitle: 'Serve', categoryName: 'Tennis', categoryIcon: '🎾' };
  const unknown = { videoTitle: null, categoryName: null, categoryIcon: null };

  it('asks the video service about videos the read model has not heard of and leaves out those it does not know', async () => {
    let reads = 0;
    const { service, readModelCalls } = serviceWith(
      {
        findByAuthorNewestFirst: () =>
          Promise.resolve(
            reads++ === 0
              ? [
                  { id: 3, videoId: 8, ...item, ...unknown },
                  { id: 2, videoId: 9, ...item, ...unknown },
                  { id: 1, videoId: 8, ...item, ...unknown },
                ]
              : [
                  { id: 3, videoId: 8, ...item, ...known },
                  { id: 2, videoId: 9, ...item, ...unknown },
                  { id: 1, videoId: 8, ...item, ...known },
                ],
          ),
      },
      { learnVideos: () => Promise.resolve() },
    );
    const listed = await service.listByAuthor(AUTHOR.id);
    expect(listed.map((row) => [row.id, row.videoTitle, row.categoryName])).toEqual([
      [3, 'Serve', 'Tennis'],
      [1, 'Serve', 'Tennis'],
    ]);
    expect(readModelCalls()).toEqual([['learnVideos', [[8, 9]]]]);
  });
});
