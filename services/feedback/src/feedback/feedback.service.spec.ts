import { describe, expect, it } from '@jest/globals';
import {
  ANNOTATION_MESSAGES,
  ERROR_CODES,
  FEEDBACK_LIST_LIMIT,
  FEEDBACK_MESSAGES,
  type FeedbackDrawing,
} from '@app/contracts';
import { DomainError } from '@app/common';
import { callsTo, strictMock, type StrictAnswers } from '@app/testing/unit';
import type { FeedbackVideo, ReadThroughService } from '../read-model/read-through.service.js';
import type { FeedbackRepository, FeedbackTarget, VideoFeedbackRow } from './feedback.repository.js';
import type { RepliesRepository } from '../conversations/replies.repository.js';
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
  // Whoever votes, rates or writes is learned by the read model first: the event names them.
  const readModel = strictMock<ReadThroughService>('ReadThroughService', {
    ensurePerson: () => Promise.resolve(),
    ...readModelAnswers,
  });
  return {
    // No conversation under the listed feedback unless a test says otherwise.
    service: new FeedbackService(
      repository,
      readModel,
      strictMock<RepliesRepository>('RepliesRepository', { findForFeedback: () => Promise.resolve([]) }),
    ),
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
    const { service, repositoryCalls, readModelCalls } = serviceWith({
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
    // The author is told who rated: the read model knows the rater's name before the event is written.
    expect(readModelCalls()).toEqual([['ensurePerson', [MEMBER.id]]]);
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
  timecodeStart: null,
  timecodeEnd: null,
  drawing: null,
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
  appliedAt: null,
  replyCount: 0,
  hidden: false,
  ...overrides,
});

/** A 10-second file video at 30 fps, as the read model holds it; override what a case needs. */
const fileVideo = (fields: Partial<FeedbackVideo> = {}): FeedbackVideo => ({
  uploaderId: UPLOADER,
  duration: 10,
  frameCount: 300,
  isLink: false,
  hidden: false,
  ...fields,
});
const DRAWING: FeedbackDrawing = {
  frame: 299,
  shapes: [
    {
      type: 'arrow',
      points: [
        [0.1, 0.2],
        [0.3, 0.4],
      ],
      color: '#ff0000',
    },
  ],
};

describe('FeedbackService.create', () => {
  it('learns the author’s name before storing the feedback, so the answer carries it', async () => {
    const { service, repositoryCalls, readModelCalls } = serviceWith(
      {
        insertWithEvent: () => Promise.resolve(TARGET.id),
        findOneForVideoListing: () =>
          Promise.resolve(listedRow({ authorFirstName: 'Dana', authorLastName: 'Reyes', authorKnown: true })),
      },
      { videoForFeedback: () => Promise.resolve(fileVideo()), ensurePerson: () => Promise.resolve() },
    );
    expect(await service.create(AUTHOR, TARGET.videoId, { content: 'Toss higher' })).toMatchObject({
      id: TARGET.id,
      authorId: AUTHOR.id,
      authorName: 'Dana Reyes',
      timecode: null,
      drawing: null,
    });
    expect(readModelCalls()).toEqual([
      ['videoForFeedback', [TARGET.videoId]],
      ['ensurePerson', [AUTHOR.id]],
    ]);
    expect(repositoryCalls()).toEqual([
      ['insertWithEvent', [AUTHOR.id, TARGET.videoId, { content: 'Toss higher', timecode: null, drawing: null }]],
      ['findOneForVideoListing', [TARGET.id, AUTHOR.id]],
    ]);
  });

  it('stores the time code and drawing with the feedback and answers them as stored', async () => {
    const { service, repositoryCalls } = serviceWith(
      {
        insertWithEvent: () => Promise.resolve(TARGET.id),
        findOneForVideoListing: () =>
          Promise.resolve(listedRow({ timecodeStart: 1.5, timecodeEnd: 3.25, drawing: DRAWING })),
      },
      { videoForFeedback: () => Promise.resolve(fileVideo()), ensurePerson: () => Promise.resolve() },
    );
    const given = { content: 'Here', timecode: { start: 1.5, end: 3.25 }, drawing: DRAWING };
    expect(await service.create(AUTHOR, TARGET.videoId, given)).toMatchObject({
      timecode: { start: 1.5, end: 3.25 },
      drawing: DRAWING,
    });
    expect(repositoryCalls()[0]).toEqual(['insertWithEvent', [AUTHOR.id, TARGET.videoId, given]]);
  });

  it('answers a moment without an end, not with an empty one', async () => {
    const { service } = serviceWith(
      {
        insertWithEvent: () => Promise.resolve(TARGET.id),
        findOneForVideoListing: () => Promise.resolve(listedRow({ timecodeStart: 4, timecodeEnd: null })),
      },
      { videoForFeedback: () => Promise.resolve(fileVideo()), ensurePerson: () => Promise.resolve() },
    );
    const answer = await service.create(AUTHOR, TARGET.videoId, { content: 'Here', timecode: { start: 4 } });
    expect(answer.timecode).toStrictEqual({ start: 4 });
  });

  it('takes a time code up to the end of the video (its whole-second duration give or take half a second) and the last frame', async () => {
    for (const [timecode, drawing] of [
      [
        { start: 0, end: 10.5 },
        { ...DRAWING, frame: 299 },
      ],
      [{ start: 10.5 }, { ...DRAWING, frame: 0 }],
    ] as const) {
      const { service, repositoryCalls } = serviceWith(
        {
          insertWithEvent: () => Promise.resolve(TARGET.id),
          findOneForVideoListing: () => Promise.resolve(listedRow()),
        },
        { videoForFeedback: () => Promise.resolve(fileVideo()), ensurePerson: () => Promise.resolve() },
      );
      await service.create(AUTHOR, TARGET.videoId, { content: 'Here', timecode, drawing });
      expect(repositoryCalls()[0]).toEqual([
        'insertWithEvent',
        [AUTHOR.id, TARGET.videoId, expect.objectContaining({ timecode, drawing })],
      ]);
    }
  });

  it.each([
    [
      'a time code that starts after the video ends',
      { timecode: { start: 10.51 } },
      fileVideo(),
      'timecodeBeyondVideo',
    ],
    ['a range that ends after it', { timecode: { start: 9, end: 11 } }, fileVideo(), 'timecodeBeyondVideo'],
    [
      'a drawing on a frame past the last',
      { drawing: { ...DRAWING, frame: 300 } },
      fileVideo(),
      'drawingFrameBeyondVideo',
    ],
    [
      'a drawing on a YouTube link',
      { drawing: { ...DRAWING, frame: 0 } },
      fileVideo({ isLink: true, duration: null, frameCount: null }),
      'drawingOnLinkedVideo',
    ],
  ] as const)('refuses %s with a clear message before storing anything', async (_, annotations, video, message) => {
    const { service, repositoryCalls } = serviceWith({}, { videoForFeedback: () => Promise.resolve(video) });
    expect(await failure(service.create(AUTHOR, TARGET.videoId, { content: 'Here', ...annotations }))).toEqual({
      code: ERROR_CODES.validation,
      message: ANNOTATION_MESSAGES[message],
    });
    expect(repositoryCalls()).toEqual([]);
  });

  it('checks nothing it does not know: a duration or frame count not measured yet, a time code on a link', async () => {
    for (const video of [
      fileVideo({ duration: null, frameCount: null }),
      fileVideo({ isLink: null, duration: null, frameCount: null }),
    ]) {
      const { service, repositoryCalls } = serviceWith(
        {
          insertWithEvent: () => Promise.resolve(TARGET.id),
          findOneForVideoListing: () => Promise.resolve(listedRow()),
        },
        { videoForFeedback: () => Promise.resolve(video), ensurePerson: () => Promise.resolve() },
      );
      const given = { content: 'Here', timecode: { start: 3600 }, drawing: { ...DRAWING, frame: 100_000 } };
      await service.create(AUTHOR, TARGET.videoId, given);
      expect(repositoryCalls()[0]).toEqual(['insertWithEvent', [AUTHOR.id, TARGET.videoId, given]]);
    }
    const link = serviceWith(
      {
        insertWithEvent: () => Promise.resolve(TARGET.id),
        findOneForVideoListing: () => Promise.resolve(listedRow()),
      },
      {
        videoForFeedback: () => Promise.resolve(fileVideo({ isLink: true, duration: null, frameCount: null })),
        ensurePerson: () => Promise.resolve(),
      },
    );
    await link.service.create(AUTHOR, TARGET.videoId, { content: 'At 1:05', timecode: { start: 65, end: 70 } });
    expect(link.repositoryCalls()[0]?.[0]).toBe('insertWithEvent');
  });

  it('answers the same feedback given twice in a day with the spec’s message', async () => {
    const { service } = serviceWith(
      { insertWithEvent: () => Promise.resolve(null) },
      { videoForFeedback: () => Promise.resolve(fileVideo()), ensurePerson: () => Promise.resolve() },
    );
    expect(await failure(service.create(AUTHOR, TARGET.videoId, { content: 'Here', drawing: DRAWING }))).toEqual({
      code: ERROR_CODES.conflict,
      message: FEEDBACK_MESSAGES.duplicate,
    });
  });

  it('answers not found for a video that does not exist, and forbids one’s own, before storing anything', async () => {
    const missing = serviceWith({}, { videoForFeedback: () => Promise.resolve(null) });
    expect(await failure(missing.service.create(AUTHOR, 999, { content: 'Hello' }))).toEqual({
      code: ERROR_CODES.notFound,
      message: 'Video not found',
    });
    expect(missing.repositoryCalls()).toEqual([]);

    const own = serviceWith({}, { videoForFeedback: () => Promise.resolve(fileVideo({ uploaderId: AUTHOR.id })) });
    expect(await failure(own.service.create(AUTHOR, TARGET.videoId, { content: 'Hello' }))).toEqual({
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
      {
        videoOwnership: () => Promise.resolve({ uploaderId: UPLOADER, hidden: false }),
        learnPeople: () => Promise.resolve(1),
      },
    );
    const listed = (await service.listForVideo(TARGET.videoId, null)).items;
    expect(listed.map((item) => [item.id, item.authorName])).toEqual([
      [TARGET.id, 'Dana'],
      [40, null],
    ]);
    // One question per unknown author, however many pieces of feedback they gave.
    expect(readModelCalls()).toEqual([
      ['videoOwnership', [TARGET.videoId]],
      ['learnPeople', [[AUTHOR.id]]],
    ]);
  });

  it('reads once when every author is known', async () => {
    const { service, repositoryCalls } = serviceWith(
      { findForVideo: () => Promise.resolve([listedRow({ authorKnown: true })]) },
      { videoOwnership: () => Promise.resolve({ uploaderId: UPLOADER, hidden: false }) },
    );
    expect((await service.listForVideo(TARGET.videoId, MEMBER.id)).items).toHaveLength(1);
    expect(repositoryCalls()).toEqual([
      ['findForVideo', [TARGET.videoId, MEMBER.id, { limit: FEEDBACK_LIST_LIMIT.default, cursor: null, status: null }]],
    ]);
  });
});

describe('FeedbackService.listByAuthor', () => {
  const item = {
    content: 'Tip',
    averageRating: 0,
    totalRatings: 0,
    helpfulVotes: 0,
    createdAt: CAST_AT,
    cursorKey: '2026-01-01T00:00:00.000000Z',
  };
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
    const listed = (await service.listByAuthor(AUTHOR.id)).items;
    expect(listed.map((row) => [row.id, row.videoTitle, row.categoryName])).toEqual([
      [3, 'Serve', 'Tennis'],
      [1, 'Serve', 'Tennis'],
    ]);
    expect(readModelCalls()).toEqual([['learnVideos', [[8, 9]]]]);
  });
});
