import { describe, expect, it } from '@jest/globals';
import { ERROR_CODES, FEEDBACK_MESSAGES } from '@app/contracts';
import { DomainError } from '@app/common';
import { callsTo, strictMock, type StrictAnswers } from '@app/testing/unit';
import type { FeedbackRepository, FeedbackTarget } from './feedback.repository.js';
import { FeedbackService } from './feedback.service.js';

const AUTHOR = { id: '0d4f8a9e-1111-4c3b-9a7e-2b5f0c1d2e3f', isAdmin: false };
const MEMBER = { id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', isAdmin: false };
const TARGET: FeedbackTarget = { id: 41, videoId: 7, authorId: AUTHOR.id };
const CAST_AT = new Date('2026-02-01T10:00:00Z');

function serviceWith(answers: StrictAnswers<FeedbackRepository>) {
  const repository = strictMock<FeedbackRepository>('FeedbackRepository', {
    findTarget: () => Promise.resolve(TARGET),
    ...answers,
  });
  return { service: new FeedbackService(repository), repositoryCalls: () => callsTo(repository) };
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
