import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import {
  CATALOG_RPC,
  ERROR_CODES,
  MAX_VIDEO_SECONDS,
  VIDEO_KEYS,
  VIDEO_LIMITS,
  VIDEO_MESSAGES,
  VIDEO_UPLOAD_MESSAGES,
  youtubeThumbnailUrl,
  type Actor,
  type CreateVideoRequest,
  type MediaResultJobData,
  type ProbeResult,
  type RpcContract,
  type StoredUpload,
} from '@app/contracts';
import { DomainError, ForbiddenError, type AdminOfRecord, type JobQueues, type RpcClient } from '@app/common';
import { callsTo, strictMock, type StrictAnswers } from '@app/testing/unit';
import { config } from '../config.js';
import type { VideoEntity } from '../db/entities/video.entity.js';
import type { ProbeVerdicts } from '../media/probe-verdicts.js';
import type { VideosRepository } from './videos.repository.js';
import { VideosService } from './videos.service.js';
import type { ViewPublisher } from './view-publisher.js';

const UPLOADER: Actor = { id: '0d4f8a9e-1111-4c3b-9a7e-2b5f0c1d2e3f', isAdmin: false };
const MEMBER: Actor = { id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', isAdmin: false };
const ADMIN: Actor = { id: '3b241101-e2bb-4255-8caf-4136c566a962', isAdmin: true };

const VIDEO_ID = 7;
const CATEGORY_ID = 3;
const UPLOAD_ID = '5f2b7c1e-8d3a-4e6f-9a0b-1c2d3e4f5a6b';
const ORIGINAL_KEY = VIDEO_KEYS.original(UPLOAD_ID);
const SHA256 = 'ab'.repeat(32);
const CREATED_AT = new Date('2026-02-01T10:00:00Z');
const YOUTUBE_ID = 'dQw4w9WgXcQ';
const YOUTUBE_URL = `https://www.youtube.com/watch?v=${YOUTUBE_ID}`;

/** A file video as its row reads once the worker made its copy; a test changes what it needs. */
const videoRow = (overrides: Partial<VideoEntity> = {}): VideoEntity => ({
  id: VIDEO_ID,
  title: 'Serve',
  description: 'Toss higher',
  videoUrl: null,
  youtubeUrl: null,
  thumbnailUrl: null,
  thumbnailData: null,
  duration: 42,
  frameRateNum: 30000,
  frameRateDen: 1001,
  frameCount: 1259,
  startTime: 0,
  fileHash: SHA256,
  categoryId: CATEGORY_ID,
  uploaderId: UPLOADER.id,
  views: 12,
  processingState: 'ready',
  hasFileError: false,
  hiddenAt: null,
  originalKey: ORIGINAL_KEY,
  playbackKey: VIDEO_KEYS.playback(VIDEO_ID),
  thumbnailKey: VIDEO_KEYS.thumbnail(VIDEO_ID),
  sizeBytes: '1048576',
  mimeType: 'video/quicktime',
  feedbackCount: 2,
  averageRating: 4.5,
  feedbackStatsRevision: 2,
  revision: 3,
  createdAt: CREATED_AT,
  updatedAt: CREATED_AT,
  ...overrides,
});

/** The row as the upload's insert answers it: processing, nothing derived yet. */
const insertedFile = () =>
  videoRow({
    processingState: 'processing',
    playbackKey: null,
    thumbnailKey: null,
    duration: null,
    views: 0,
    feedbackCount: 0,
    averageRating: 0,
    revision: 1,
  });

/** What the view window (Redis) is asked: SET key 1 EX seconds NX. */
interface ViewWindow {
  set(key: string, value: string, expiry: 'EX', seconds: number, condition: 'NX'): Promise<'OK' | null>;
}

/**
 * The service with strict collaborators: the repository (which knows video 7 unless a test says
 * otherwise), the probe verdicts, Redis's view window, an admin of record who confirms only
 * ADMIN, and the catalog, which knows category 3 only. Anything a test did not answer fails the
 * call it was asked in.
 */
function serviceWith(
  options: {
    videos?: StrictAnswers<VideosRepository>;
    verdicts?: StrictAnswers<ProbeVerdicts>;
    viewWindow?: StrictAnswers<ViewWindow>;
    adminOfRecord?: AdminOfRecord['require'];
  } = {},
) {
  const videos = strictMock<VideosRepository>('VideosRepository', {
    findById: (id) => Promise.resolve(id === VIDEO_ID ? videoRow() : null),
    ...options.videos,
  });
  const verdicts = strictMock<ProbeVerdicts>('ProbeVerdicts', options.verdicts);
  const redis = strictMock<ViewWindow>('Redis', options.viewWindow);
  const queues = { redis } as unknown as JobQueues;
  const admins = strictMock<AdminOfRecord>('AdminOfRecord', {
    // As the auth service's table says: ADMIN is an admin, nobody else, whatever they claim.
    require:
      options.adminOfRecord ??
      ((actor, message) =>
        actor.id === ADMIN.id && actor.isAdmin ? Promise.resolve() : Promise.reject(new ForbiddenError(message))),
  });
  const catalog = strictMock<RpcClient>('RpcClient', {
    call: ((contract: RpcContract, request: { id: number }) =>
      contract.pattern === CATALOG_RPC.categoryExists.pattern
        ? Promise.resolve({ exists: request.id === CATEGORY_ID })
        : Promise.reject(
            new Error(`the catalog was not expected to be asked ${contract.pattern}`),
          )) as RpcClient['call'],
  });
  const viewPublisher = strictMock<ViewPublisher>('ViewPublisher', { soon: () => undefined });
  return {
    service: new VideosService(videos, verdicts, queues, admins, catalog, viewPublisher),
    /** Views counted, each asking for a publishing round. */
    publishAsked: () => callsTo(viewPublisher).length,
    /** What the repository was asked to read or do, in order. */
    stored: () => callsTo(videos),
    /** What the catalog was asked, as [pattern, request]. */
    asked: () =>
      callsTo(catalog).map(([, [contract, request]]) => [(contract as RpcContract).pattern, request as unknown]),
    waited: () => callsTo(verdicts),
    viewWindowCalls: () => callsTo(redis),
    adminChecks: () => callsTo(admins).map(([, [actor, message, action]]) => ({ actor, message, action })),
  };
}

const askedCategory = (id: number) => [CATALOG_RPC.categoryExists.pattern, { id }];

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  const { code, message } = error as DomainError;
  return { code, message };
};

const refused = (message: string) => ({ code: ERROR_CODES.validation, message });
const videoNotFound = { code: ERROR_CODES.notFound, message: VIDEO_MESSAGES.notFound };

/** Every line the service logged, with its level; Nest's logger is silenced meanwhile. */
let logged: Array<{ level: 'log' | 'warn' | 'error'; line: Record<string, unknown> }>;
beforeEach(() => {
  logged = [];
  for (const level of ['log', 'warn', 'error'] as const) {
    jest.spyOn(Logger.prototype, level).mockImplementation((line: unknown) => {
      logged.push({ level, line: line as Record<string, unknown> });
    });
  }
});
afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});
const securityLines = () => logged.map(({ line }) => line).filter((line) => line.security === true);

const fields = (overrides: Partial<CreateVideoRequest['fields']> = {}): CreateVideoRequest['fields'] => ({
  title: 'Serve',
  description: 'Toss higher',
  categoryId: CATEGORY_ID,
  youtubeUrl: undefined,
  ...overrides,
});
const upload = (overrides: Partial<StoredUpload> = {}): StoredUpload => ({
  objectKey: ORIGINAL_KEY,
  sha256: SHA256,
  sizeBytes: 1_048_576,
  mimeType: 'video/quicktime',
  ...overrides,
});
const linkRequest = (overrides: Partial<CreateVideoRequest['fields']> = {}): CreateVideoRequest => ({
  uploaderId: UPLOADER.id,
  fields: fields({ youtubeUrl: YOUTUBE_URL, ...overrides }),
  waitMs: 8000,
});
const fileRequest = (overrides: Partial<StoredUpload> = {}, waitMs = 8000): CreateVideoRequest => ({
  uploaderId: UPLOADER.id,
  fields: fields(),
  upload: upload(overrides),
  waitMs,
});

/** What the repository is asked to store for the upload in fileRequest(). */
const storedFile = (overrides: Partial<StoredUpload> = {}) => {
  const { objectKey, sha256, sizeBytes, mimeType } = upload(overrides);
  return {
    title: 'Serve',
    description: 'Toss higher',
    categoryId: CATEGORY_ID,
    uploaderId: UPLOADER.id,
    youtubeUrl: null,
    thumbnailUrl: null,
    processingState: 'processing',
    originalKey: objectKey,
    fileHash: sha256,
    sizeBytes: String(sizeBytes),
    mimeType,
  };
};
/** The stored object's removal, queued under a job id naming why and which upload. */
const discarded = (why: string) => ['cleanUp', [[ORIGINAL_KEY], `${why}-${UPLOAD_ID}`]];

describe('VideosService.create: a YouTube link', () => {
  it('registers the link as ready at once, with YouTube’s thumbnail, once the catalog knows its category', async () => {
    const { service, stored, asked, waited } = serviceWith({
      videos: { insertLink: (video) => Promise.resolve(videoRow({ ...video, id: 8, revision: 1 })) },
    });
    expect(await service.create(linkRequest())).toEqual({ id: 8, revision: 1 });
    expect(asked()).toEqual([askedCategory(CATEGORY_ID)]);
    expect(stored()).toEqual([
      [
        'insertLink',
        [
          {
            title: 'Serve',
            description: 'Toss higher',
            categoryId: CATEGORY_ID,
            uploaderId: UPLOADER.id,
            youtubeUrl: YOUTUBE_URL,
            thumbnailUrl: youtubeThumbnailUrl(YOUTUBE_ID),
            processingState: 'ready',
          },
        ],
      ],
    ]);
    // A link has no file for the worker to judge: nothing is waited for.
    expect(waited()).toEqual([]);
  });

  it('refuses a link it cannot read a YouTube video id from, storing nothing', async () => {
    const { service, stored } = serviceWith();
    expect(await failure(service.create(linkRequest({ youtubeUrl: 'https://vimeo.com/76979871' })))).toEqual(
      refused(VIDEO_UPLOAD_MESSAGES.youtubeInvalid),
    );
    expect(stored()).toEqual([]);
  });

  it('refuses a category the catalog does not know, storing nothing', async () => {
    const { service, stored, asked } = serviceWith();
    expect(await failure(service.create(linkRequest({ categoryId: 99 })))).toEqual(
      refused(VIDEO_UPLOAD_MESSAGES.categoryUnknown),
    );
    expect(asked()).toEqual([askedCategory(99)]);
    expect(stored()).toEqual([]);
  });

  it('refuses a request with neither file nor link before asking anyone', async () => {
    const { service, stored, asked } = serviceWith();
    const request: CreateVideoRequest = { uploaderId: UPLOADER.id, fields: fields(), waitMs: 8000 };
    expect(await failure(service.create(request))).toEqual(refused(VIDEO_UPLOAD_MESSAGES.fileRequired));
    expect(asked()).toEqual([]);
    expect(stored()).toEqual([]);
  });
});

describe('VideosService.create: a stored file', () => {
  it('registers the file as processing with its probe, waits for the first verdict and answers the revision it left', async () => {
    const { service, stored, asked, waited } = serviceWith({
      videos: {
        hashExists: () => Promise.resolve(false),
        insertFileWithProbe: () => Promise.resolve(insertedFile()),
        // Accepted meanwhile: the transcode was queued, a newer revision.
        findById: () =>
          Promise.resolve(
            videoRow({ processingState: 'processing', playbackKey: null, thumbnailKey: null, revision: 2 }),
          ),
      },
      verdicts: { waitFor: (videoId) => Promise.resolve({ videoId, refusal: null }) },
    });
    expect(await service.create(fileRequest())).toEqual({ id: VIDEO_ID, revision: 2 });
    expect(asked()).toEqual([askedCategory(CATEGORY_ID)]);
    expect(stored()).toEqual([
      ['hashExists', [SHA256]],
      ['insertFileWithProbe', [storedFile()]],
      ['findById', [VIDEO_ID]],
    ]);
    expect(waited()).toEqual([['waitFor', [VIDEO_ID, 8000]]]);
  });

  it.each([
    ['an MP4', 'video/mp4'],
    ['a QuickTime (MOV)', 'video/quicktime'],
    ['a WebM', 'video/webm'],
  ])('takes %s file of exactly 100 MB', async (_kind, mimeType) => {
    const { service, stored } = serviceWith({
      videos: {
        hashExists: () => Promise.resolve(false),
        insertFileWithProbe: () => Promise.resolve(insertedFile()),
      },
      verdicts: { waitFor: () => Promise.resolve(null) },
    });
    const file = { mimeType, sizeBytes: VIDEO_LIMITS.uploadMaxBytes };
    expect(await service.create(fileRequest(file))).toEqual({ id: VIDEO_ID, revision: 3 });
    expect(stored()).toContainEqual(['insertFileWithProbe', [storedFile(file)]]);
  });

  it('answers the video still processing when no verdict comes within the wait', async () => {
    const { service, waited } = serviceWith({
      videos: {
        hashExists: () => Promise.resolve(false),
        insertFileWithProbe: () => Promise.resolve(insertedFile()),
        findById: () => Promise.resolve(insertedFile()),
      },
      verdicts: { waitFor: () => Promise.resolve(null) },
    });
    expect(await service.create(fileRequest({}, 3000))).toEqual({ id: VIDEO_ID, revision: 1 });
    expect(waited()).toEqual([['waitFor', [VIDEO_ID, 3000]]]);
  });

  it('answers the insert’s revision when the video is gone by the time the wait ends', async () => {
    const { service } = serviceWith({
      videos: {
        hashExists: () => Promise.resolve(false),
        insertFileWithProbe: () => Promise.resolve(insertedFile()),
        findById: () => Promise.resolve(null),
      },
      verdicts: { waitFor: () => Promise.resolve(null) },
    });
    expect(await service.create(fileRequest())).toEqual({ id: VIDEO_ID, revision: 1 });
  });

  it('does not wait for a verdict when asked to wait 0 ms', async () => {
    const { service, waited } = serviceWith({
      videos: {
        hashExists: () => Promise.resolve(false),
        insertFileWithProbe: () => Promise.resolve(insertedFile()),
        findById: () => Promise.resolve(insertedFile()),
      },
    });
    expect(await service.create(fileRequest({}, 0))).toEqual({ id: VIDEO_ID, revision: 1 });
    expect(waited()).toEqual([]);
  });

  it('never waits longer than its configured bound, whatever the caller asks', async () => {
    const { service, waited } = serviceWith({
      videos: {
        hashExists: () => Promise.resolve(false),
        insertFileWithProbe: () => Promise.resolve(insertedFile()),
      },
      verdicts: { waitFor: () => Promise.resolve(null) },
    });
    await service.create(fileRequest({}, config.PROBE_WAIT_MAX_MS + 60_000));
    expect(waited()).toEqual([['waitFor', [VIDEO_ID, config.PROBE_WAIT_MAX_MS]]]);
  });

  it('answers the first verdict’s refusal with the spec’s message and leaves no video behind', async () => {
    const { service, stored } = serviceWith({
      videos: {
        hashExists: () => Promise.resolve(false),
        insertFileWithProbe: () => Promise.resolve(insertedFile()),
        discardRefused: () => Promise.resolve(),
      },
      verdicts: { waitFor: (videoId) => Promise.resolve({ videoId, refusal: VIDEO_UPLOAD_MESSAGES.tooLong }) },
    });
    expect(await failure(service.create(fileRequest()))).toEqual(refused(VIDEO_UPLOAD_MESSAGES.tooLong));
    // The refusal already queued the original's removal; only the row goes here.
    expect(stored()).toEqual([
      ['hashExists', [SHA256]],
      ['insertFileWithProbe', [storedFile()]],
      ['discardRefused', [VIDEO_ID]],
    ]);
  });

  it.each([
    ['a file of a type that is no accepted video', { mimeType: 'video/x-msvideo' }, VIDEO_UPLOAD_MESSAGES.invalidFile],
    ['a file over 100 MB', { sizeBytes: VIDEO_LIMITS.uploadMaxBytes + 1 }, VIDEO_UPLOAD_MESSAGES.fileTooLarge],
  ])(
    'refuses %s with the spec’s message and queues its removal, before asking the catalog',
    async (_what, file, message) => {
      const { service, stored, asked } = serviceWith({ videos: { cleanUp: () => Promise.resolve() } });
      expect(await failure(service.create(fileRequest(file)))).toEqual(refused(message));
      expect(asked()).toEqual([]);
      expect(stored()).toEqual([discarded('source')]);
    },
  );

  it('refuses a file sent together with a link, and queues the file’s removal', async () => {
    const { service, stored, asked } = serviceWith({ videos: { cleanUp: () => Promise.resolve() } });
    const request: CreateVideoRequest = { ...fileRequest(), fields: fields({ youtubeUrl: YOUTUBE_URL }) };
    expect(await failure(service.create(request))).toEqual(refused(VIDEO_UPLOAD_MESSAGES.fileAndLink));
    expect(asked()).toEqual([]);
    expect(stored()).toEqual([discarded('source')]);
  });

  it('refuses a category the catalog does not know, and queues the file’s removal', async () => {
    const { service, stored, asked } = serviceWith({ videos: { cleanUp: () => Promise.resolve() } });
    const request: CreateVideoRequest = { ...fileRequest(), fields: fields({ categoryId: 99 }) };
    expect(await failure(service.create(request))).toEqual(refused(VIDEO_UPLOAD_MESSAGES.categoryUnknown));
    expect(asked()).toEqual([askedCategory(99)]);
    expect(stored()).toEqual([discarded('category')]);
  });

  it('refuses a file whose bytes were uploaded before, and queues the new copy’s removal', async () => {
    const { service, stored, waited } = serviceWith({
      videos: { hashExists: () => Promise.resolve(true), cleanUp: () => Promise.resolve() },
    });
    expect(await failure(service.create(fileRequest()))).toEqual(refused(VIDEO_UPLOAD_MESSAGES.duplicate));
    expect(stored()).toEqual([['hashExists', [SHA256]], discarded('duplicate')]);
    expect(waited()).toEqual([]);
  });

  it('refuses the same file registered first by a concurrent upload, and queues this copy’s removal', async () => {
    const { service, stored, waited } = serviceWith({
      videos: {
        hashExists: () => Promise.resolve(false),
        insertFileWithProbe: () => Promise.resolve(null),
        cleanUp: () => Promise.resolve(),
      },
    });
    expect(await failure(service.create(fileRequest()))).toEqual(refused(VIDEO_UPLOAD_MESSAGES.duplicate));
    expect(stored()).toEqual([
      ['hashExists', [SHA256]],
      ['insertFileWithProbe', [storedFile()]],
      discarded('duplicate'),
    ]);
    expect(waited()).toEqual([]);
  });
});

describe('VideosService.update', () => {
  it('lets the uploader change the description and answers the revision of the change', async () => {
    const { service, stored } = serviceWith({ videos: { updateDescription: () => Promise.resolve(4) } });
    expect(await service.update(VIDEO_ID, UPLOADER, { description: 'Toss higher, bend the knees' })).toEqual({
      id: VIDEO_ID,
      revision: 4,
    });
    expect(stored()).toEqual([
      ['findById', [VIDEO_ID]],
      ['updateDescription', [VIDEO_ID, 'Toss higher, bend the knees']],
    ]);
  });

  it.each([
    ['another member', MEMBER],
    ['an admin (admins delete others’ videos, they do not edit them)', ADMIN],
  ])('refuses %s with the spec’s message, changing nothing', async (_who, actor) => {
    const { service, stored, adminChecks } = serviceWith();
    expect(await failure(service.update(VIDEO_ID, actor, { description: 'Mine now' }))).toEqual({
      code: ERROR_CODES.forbidden,
      message: VIDEO_UPLOAD_MESSAGES.notUploader,
    });
    expect(stored()).toEqual([['findById', [VIDEO_ID]]]);
    expect(adminChecks()).toEqual([]);
  });

  it('answers “Video not found” for a video that does not exist, or went before the change was stored', async () => {
    const missing = serviceWith();
    expect(await failure(missing.service.update(999, UPLOADER, { description: null }))).toEqual(videoNotFound);
    expect(missing.stored()).toEqual([['findById', [999]]]);

    const gone = serviceWith({ videos: { updateDescription: () => Promise.resolve(null) } });
    expect(await failure(gone.service.update(VIDEO_ID, UPLOADER, { description: null }))).toEqual(videoNotFound);
  });
});

describe('VideosService.delete', () => {
  it('lets the uploader delete their video without asking about admins, and answers the deletion’s revision', async () => {
    const { service, stored, adminChecks } = serviceWith({ videos: { deleteWithFiles: () => Promise.resolve(5) } });
    expect(await service.delete(VIDEO_ID, UPLOADER)).toEqual({ id: VIDEO_ID, revision: 5 });
    expect(stored()).toEqual([
      ['findById', [VIDEO_ID]],
      ['deleteWithFiles', [VIDEO_ID]],
    ]);
    expect(adminChecks()).toEqual([]);
    expect(securityLines()).toEqual([
      expect.objectContaining({
        event: 'video.deleted',
        outcome: 'success',
        actorId: UPLOADER.id,
        target: { videoId: VIDEO_ID, uploaderId: UPLOADER.id, asAdmin: false },
      }),
    ]);
  });

  it('lets an admin of record delete anyone’s video, asking the auth service first', async () => {
    const { service, stored, adminChecks } = serviceWith({ videos: { deleteWithFiles: () => Promise.resolve(5) } });
    expect(await service.delete(VIDEO_ID, ADMIN)).toEqual({ id: VIDEO_ID, revision: 5 });
    expect(adminChecks()).toEqual([
      { actor: ADMIN, message: VIDEO_UPLOAD_MESSAGES.notAllowedToDelete, action: 'delete-video' },
    ]);
    expect(stored()).toEqual([
      ['findById', [VIDEO_ID]],
      ['deleteWithFiles', [VIDEO_ID]],
    ]);
    expect(securityLines()).toEqual([
      expect.objectContaining({
        event: 'video.deleted',
        actorId: ADMIN.id,
        target: { videoId: VIDEO_ID, uploaderId: UPLOADER.id, asAdmin: true },
      }),
    ]);
  });

  it.each([
    ['another member', MEMBER],
    ['a member claiming to be an admin', { id: MEMBER.id, isAdmin: true }],
  ])('refuses %s with the spec’s message, deleting nothing', async (_who, actor) => {
    const { service, stored, adminChecks } = serviceWith();
    expect(await failure(service.delete(VIDEO_ID, actor))).toEqual({
      code: ERROR_CODES.forbidden,
      message: VIDEO_UPLOAD_MESSAGES.notAllowedToDelete,
    });
    // The claim is put to the admin of record, never taken as it is.
    expect(adminChecks()).toEqual([
      { actor, message: VIDEO_UPLOAD_MESSAGES.notAllowedToDelete, action: 'delete-video' },
    ]);
    expect(stored()).toEqual([['findById', [VIDEO_ID]]]);
    expect(securityLines()).toEqual([]);
  });

  it('fails closed when the admin of record cannot be asked: the refusal reaches the caller, nothing is deleted', async () => {
    const unavailable = new DomainError(ERROR_CODES.unavailable, 'The auth service is temporarily unavailable.');
    const { service, stored } = serviceWith({ adminOfRecord: () => Promise.reject(unavailable) });
    expect(await failure(service.delete(VIDEO_ID, ADMIN))).toEqual({
      code: ERROR_CODES.unavailable,
      message: unavailable.message,
    });
    expect(stored()).toEqual([['findById', [VIDEO_ID]]]);
  });

  it('answers “Video not found” for a video that does not exist, before asking about admins', async () => {
    const { service, stored, adminChecks } = serviceWith();
    expect(await failure(service.delete(999, ADMIN))).toEqual(videoNotFound);
    expect(stored()).toEqual([['findById', [999]]]);
    expect(adminChecks()).toEqual([]);
  });

  it('answers “Video not found” when someone else deleted the video meanwhile, logging no deletion by this caller', async () => {
    const { service } = serviceWith({ videos: { deleteWithFiles: () => Promise.resolve(null) } });
    expect(await failure(service.delete(VIDEO_ID, UPLOADER))).toEqual(videoNotFound);
    expect(securityLines()).toEqual([]);
  });
});

describe('VideosService.getState', () => {
  it('answers what the video’s events carry: whether files are stored, never their keys', async () => {
    const { service } = serviceWith();
    expect(await service.getState(VIDEO_ID)).toEqual({
      id: VIDEO_ID,
      revision: 3,
      title: 'Serve',
      description: 'Toss higher',
      categoryId: CATEGORY_ID,
      uploaderId: UPLOADER.id,
      youtubeUrl: null,
      videoUrl: null,
      thumbnailUrl: null,
      hasStoredVideo: true,
      hasStoredThumbnail: true,
      thumbnailData: null,
      duration: 42,
      frameRate: 30000 / 1001,
      frameCount: 1259,
      startTime: 0,
      processingState: 'ready',
      hasFileError: false,
      hidden: false,
      views: 12,
      feedbackCount: 2,
      averageRating: 4.5,
      feedbackStatsRevision: 2,
      createdAt: CREATED_AT.toISOString(),
    });
  });

  it('answers null for a video that does not exist', async () => {
    const { service } = serviceWith();
    expect(await service.getState(999)).toBeNull();
  });
});

describe('VideosService.deleteAllOfUploader', () => {
  it('deletes each of the member’s videos with its files, counts those this run removed and queues their pictures’ removal', async () => {
    const { service, stored } = serviceWith({
      videos: {
        findByUploader: () => Promise.resolve([videoRow({ id: 7 }), videoRow({ id: 8 }), videoRow({ id: 9 })]),
        // Video 8 went meanwhile (its uploader deleted it): not this run's doing.
        deleteWithFiles: (id) => Promise.resolve(id === 8 ? null : 6),
        cleanUpProfileImages: () => Promise.resolve(),
      },
    });
    expect(await service.deleteAllOfUploader(UPLOADER.id)).toEqual({ removed: 2 });
    expect(stored()).toEqual([
      ['findByUploader', [UPLOADER.id]],
      ['deleteWithFiles', [7]],
      ['deleteWithFiles', [8]],
      ['deleteWithFiles', [9]],
      ['cleanUpProfileImages', [UPLOADER.id]],
    ]);
  });

  it('still queues the profile pictures’ removal on a re-run that finds no videos', async () => {
    const { service, stored } = serviceWith({
      videos: { findByUploader: () => Promise.resolve([]), cleanUpProfileImages: () => Promise.resolve() },
    });
    expect(await service.deleteAllOfUploader(UPLOADER.id)).toEqual({ removed: 0 });
    expect(stored()).toEqual([
      ['findByUploader', [UPLOADER.id]],
      ['cleanUpProfileImages', [UPLOADER.id]],
    ]);
  });
});

describe('VideosService.recordView', () => {
  const viewKey = (viewerKey: string, videoId = VIDEO_ID) => `${config.QUEUE_PREFIX}:views:${videoId}:${viewerKey}`;
  /** The repository's answer for video 7: `views` held, and whether a view of it was counted now. */
  const held = (views: number, counted: boolean) => new Map([[VIDEO_ID, { views, counted }]]);

  it('counts a viewer’s first view, holding their place in the 24-hour window, and has it published', async () => {
    const { service, stored, viewWindowCalls, publishAsked } = serviceWith({
      viewWindow: { set: () => Promise.resolve('OK') },
      videos: { countViews: () => Promise.resolve(held(8, true)) },
    });
    expect(await service.recordView(VIDEO_ID, MEMBER.id)).toEqual({ counted: true, views: 8 });
    expect(viewWindowCalls()).toEqual([['set', [viewKey(MEMBER.id), '1', 'EX', 24 * 3600, 'NX']]]);
    expect(stored()).toEqual([['countViews', [[VIDEO_ID], [VIDEO_ID]]]]);
    expect(publishAsked()).toBe(1);
  });

  it('does not count the same viewer again within the window, and answers the count held', async () => {
    const { service, stored, publishAsked } = serviceWith({
      viewWindow: { set: () => Promise.resolve(null) },
      videos: { countViews: () => Promise.resolve(held(7, false)) },
    });
    expect(await service.recordView(VIDEO_ID, 'anon-cookie-1')).toEqual({ counted: false, views: 7 });
    expect(stored()).toEqual([['countViews', [[VIDEO_ID], []]]]);
    expect(publishAsked()).toBe(0);
  });

  it('answers not counted when the video is gone', async () => {
    const { service, publishAsked } = serviceWith({
      viewWindow: { set: () => Promise.resolve('OK') },
      videos: { countViews: () => Promise.resolve(new Map()) },
    });
    expect(await service.recordView(VIDEO_ID, MEMBER.id)).toEqual({ counted: false, views: null });
    expect(publishAsked()).toBe(0);
  });

  it('answers not counted, without failing, when Redis refuses', async () => {
    const { service, stored } = serviceWith({
      viewWindow: { set: () => Promise.reject(new Error('Connection is closed.')) },
      videos: { countViews: () => Promise.resolve(held(7, false)) },
    });
    expect(await service.recordView(VIDEO_ID, MEMBER.id)).toEqual({ counted: false, views: 7 });
    expect(stored()).toEqual([['countViews', [[VIDEO_ID], []]]]);
  });

  it('answers not counted after half a second when Redis does not answer, and does not count a late answer', async () => {
    jest.useFakeTimers();
    let answer: (value: 'OK') => void = () => undefined;
    const { service, stored } = serviceWith({
      viewWindow: { set: () => new Promise<'OK'>((resolve) => (answer = resolve)) },
      videos: { countViews: () => Promise.resolve(held(7, false)) },
    });
    let settled = false;
    const counted = service.recordView(VIDEO_ID, MEMBER.id).finally(() => (settled = true));
    await jest.advanceTimersByTimeAsync(499);
    expect(settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(await counted).toEqual({ counted: false, views: 7 });
    // Redis answers after all: the page has its answer, the view stays uncounted.
    answer('OK');
    await jest.advanceTimersByTimeAsync(0);
    expect(stored()).toEqual([['countViews', [[VIDEO_ID], []]]]);
  });

  it('records several viewers’ views in one call, each answered in its place, counting only first views', async () => {
    const OTHER_VIDEO = 8;
    const firstViews = new Set([viewKey(MEMBER.id), viewKey('anon-cookie-2'), viewKey(MEMBER.id, OTHER_VIDEO)]);
    const { service, stored, publishAsked } = serviceWith({
      // Redis: the visitor anon-cookie-1 saw video 7 earlier today; the other window places are new.
      viewWindow: { set: (key) => Promise.resolve(firstViews.has(key) ? 'OK' : null) },
      videos: {
        countViews: () =>
          Promise.resolve(
            new Map([
              [VIDEO_ID, { views: 12, counted: true }],
              [OTHER_VIDEO, { views: 3, counted: true }],
            ]),
          ),
      },
    });
    expect(
      await service.recordViews([
        { videoId: VIDEO_ID, viewerKey: MEMBER.id },
        { videoId: VIDEO_ID, viewerKey: 'anon-cookie-1' },
        { videoId: 404, viewerKey: MEMBER.id },
        { videoId: OTHER_VIDEO, viewerKey: MEMBER.id },
        { videoId: VIDEO_ID, viewerKey: 'anon-cookie-2' },
      ]),
    ).toEqual([
      { counted: true, views: 12 },
      { counted: false, views: 12 },
      { counted: false, views: null },
      { counted: true, views: 3 },
      { counted: true, views: 12 },
    ]);
    // One call to the repository, video 7 counted twice (two first views).
    expect(stored()).toEqual([
      [
        'countViews',
        [
          [VIDEO_ID, VIDEO_ID, 404, OTHER_VIDEO, VIDEO_ID],
          [VIDEO_ID, OTHER_VIDEO, VIDEO_ID],
        ],
      ],
    ]);
    expect(publishAsked()).toBe(1);
  });
});

describe('VideosService.playback', () => {
  const copy = { objectKey: VIDEO_KEYS.playback(VIDEO_ID), contentType: 'video/mp4' };
  const thumbnailKey = VIDEO_KEYS.thumbnail(VIDEO_ID);

  it.each([
    ['a visitor', null],
    ['another member', MEMBER.id],
    ['the uploader', UPLOADER.id],
  ])('streams the worker’s copy, never the original, to %s once it exists', async (_who, viewerId) => {
    const { service } = serviceWith();
    expect(await service.playback(VIDEO_ID, viewerId)).toEqual({ video: copy, thumbnailKey });
  });

  it('lets only the uploader preview the original until the copy exists', async () => {
    const processing = videoRow({ processingState: 'processing', playbackKey: null, thumbnailKey: null });
    const { service } = serviceWith({ videos: { findById: () => Promise.resolve(processing) } });
    expect(await service.playback(VIDEO_ID, UPLOADER.id)).toEqual({
      video: { objectKey: ORIGINAL_KEY, contentType: 'video/quicktime', original: true },
      thumbnailKey: null,
    });
    expect(await service.playback(VIDEO_ID, MEMBER.id)).toEqual({ video: null, thumbnailKey: null });
    expect(await service.playback(VIDEO_ID, null)).toEqual({ video: null, thumbnailKey: null });
    // The default viewer is a visitor.
    expect(await service.playback(VIDEO_ID)).toEqual({ video: null, thumbnailKey: null });
  });

  it('never streams a playback key that is not this video’s own copy to anyone but the uploader', async () => {
    // A row from before every video got its copy: the original itself was published.
    const legacy = videoRow({ playbackKey: ORIGINAL_KEY });
    const { service } = serviceWith({ videos: { findById: () => Promise.resolve(legacy) } });
    expect(await service.playback(VIDEO_ID, MEMBER.id)).toEqual({ video: null, thumbnailKey });
    expect(await service.playback(VIDEO_ID, UPLOADER.id)).toEqual({
      video: { objectKey: ORIGINAL_KEY, contentType: 'video/quicktime', original: true },
      thumbnailKey,
    });
  });

  it('previews an original of unrecorded type as a generic download', async () => {
    const untyped = videoRow({ playbackKey: null, mimeType: null });
    const { service } = serviceWith({ videos: { findById: () => Promise.resolve(untyped) } });
    expect(await service.playback(VIDEO_ID, UPLOADER.id)).toEqual({
      video: { objectKey: ORIGINAL_KEY, contentType: 'application/octet-stream', original: true },
      thumbnailKey: VIDEO_KEYS.thumbnail(VIDEO_ID),
    });
  });

  it('has no stored file to stream for a link, even to its uploader', async () => {
    const link = videoRow({
      youtubeUrl: YOUTUBE_URL,
      thumbnailUrl: youtubeThumbnailUrl(YOUTUBE_ID),
      originalKey: null,
      playbackKey: null,
      thumbnailKey: null,
      mimeType: null,
    });
    const { service } = serviceWith({ videos: { findById: () => Promise.resolve(link) } });
    expect(await service.playback(VIDEO_ID, UPLOADER.id)).toEqual({ video: null, thumbnailKey: null });
  });

  it('answers “Video not found” for a video that does not exist', async () => {
    const { service } = serviceWith();
    expect(await failure(service.playback(999, UPLOADER.id))).toEqual(videoNotFound);
  });
});

describe('VideosService at start', () => {
  it('queues copies of ready videos still played from their original, and says which', async () => {
    const { service, stored } = serviceWith({
      videos: { queueCopiesOfPublishedOriginals: () => Promise.resolve([4, 9]) },
    });
    await service.onApplicationBootstrap();
    expect(stored()).toEqual([['queueCopiesOfPublishedOriginals', []]]);
    expect(logged).toEqual([
      { level: 'warn', line: expect.objectContaining({ videoIds: [4, 9] }) as Record<string, unknown> },
    ]);
  });

  it('says nothing when there is nothing to copy', async () => {
    const { service } = serviceWith({ videos: { queueCopiesOfPublishedOriginals: () => Promise.resolve([]) } });
    await service.onApplicationBootstrap();
    expect(logged).toEqual([]);
  });

  it('still starts when the copies cannot be queued, and logs why', async () => {
    const { service } = serviceWith({
      videos: { queueCopiesOfPublishedOriginals: () => Promise.reject(new Error('database unavailable')) },
    });
    await expect(service.onApplicationBootstrap()).resolves.toBeUndefined();
    expect(logged).toEqual([
      {
        level: 'error',
        line: expect.objectContaining({ error: 'Error: database unavailable' }) as Record<string, unknown>,
      },
    ]);
  });
});

describe('VideosService.referencedKeys', () => {
  it('answers the keys a video row still names, as the repository finds them', async () => {
    const keys = [ORIGINAL_KEY, VIDEO_KEYS.playback(VIDEO_ID), 'videos/originals/orphan'];
    const { service, stored } = serviceWith({
      videos: { findReferencedKeys: () => Promise.resolve([ORIGINAL_KEY, VIDEO_KEYS.playback(VIDEO_ID)]) },
    });
    expect(await service.referencedKeys(keys)).toEqual([ORIGINAL_KEY, VIDEO_KEYS.playback(VIDEO_ID)]);
    expect(stored()).toEqual([['findReferencedKeys', [keys]]]);
  });
});

describe('VideosService.applyMediaResult', () => {
  const probe = (overrides: Partial<ProbeResult> = {}): ProbeResult => ({
    objectKey: ORIGINAL_KEY,
    readable: true,
    hasVideo: true,
    hasAudio: true,
    durationSeconds: 42,
    withinLengthLimit: true,
    withinInputLimits: true,
    videoCodec: 'h264',
    audioCodec: 'aac',
    pixelFormat: 'yuv420p',
    width: 1280,
    height: 720,
    media: null,
    ...overrides,
  });
  const ready = (overrides: Partial<Extract<MediaResultJobData, { stage: 'ready' }>> = {}): MediaResultJobData => ({
    videoId: VIDEO_ID,
    stage: 'ready',
    playbackKey: VIDEO_KEYS.playback(VIDEO_ID),
    thumbnailKey: VIDEO_KEYS.thumbnail(VIDEO_ID),
    durationSeconds: 42.4,
    reencoded: true,
    frames: { frameRate: { num: 30000, den: 1001 }, frameCount: 1271, startTime: 0 },
    ...overrides,
  });

  it('queues the transcode of a file the probe found playable, and answers that it is not refused', async () => {
    const result = probe();
    const { service, stored } = serviceWith({ videos: { queueTranscode: () => Promise.resolve() } });
    expect(await service.applyMediaResult({ videoId: VIDEO_ID, stage: 'probed', result })).toEqual({
      videoId: VIDEO_ID,
      refusal: null,
    });
    expect(stored()).toEqual([['queueTranscode', [VIDEO_ID, result]]]);
  });

  it.each([
    ['an unreadable file', probe({ readable: false, media: null }), VIDEO_UPLOAD_MESSAGES.invalidFile],
    ['a file without a picture', probe({ hasVideo: false }), VIDEO_UPLOAD_MESSAGES.invalidFile],
    ['a file beyond the input limits', probe({ withinInputLimits: false }), VIDEO_UPLOAD_MESSAGES.invalidFile],
    ['a video over 2 minutes', probe({ durationSeconds: MAX_VIDEO_SECONDS + 1 }), VIDEO_UPLOAD_MESSAGES.tooLong],
    ['a video of unknown length', probe({ durationSeconds: null }), VIDEO_UPLOAD_MESSAGES.tooLong],
  ])('refuses %s and answers the spec’s message for the waiting upload', async (_what, result, message) => {
    const { service, stored } = serviceWith({ videos: { refuse: () => Promise.resolve() } });
    expect(await service.applyMediaResult({ videoId: VIDEO_ID, stage: 'probed', result })).toEqual({
      videoId: VIDEO_ID,
      refusal: message,
    });
    expect(stored()).toEqual([['refuse', [VIDEO_ID]]]);
  });

  it.each([
    ['with its thumbnail', ready()],
    ['without a thumbnail', ready({ thumbnailKey: null })],
  ])('publishes the worker’s copy of this video %s', async (_how, result) => {
    const { service, stored } = serviceWith({ videos: { markReady: () => Promise.resolve(true) } });
    expect(await service.applyMediaResult(result)).toBeUndefined();
    expect(stored()).toEqual([['markReady', [VIDEO_ID, result]]]);
  });

  it('publishes the copy of an older worker, which measured no frames, without them', async () => {
    const { frames: _frames, ...older } = ready() as Extract<MediaResultJobData, { stage: 'ready' }>;
    const { service, stored } = serviceWith({ videos: { markReady: () => Promise.resolve(true) } });
    await service.applyMediaResult(older);
    expect(stored()).toEqual([['markReady', [VIDEO_ID, { ...older, frames: null }]]]);
    expect(logged).toEqual([]);
  });

  it.each([
    ['a zero denominator', { frameRate: { num: 30, den: 0 }, frameCount: 10, startTime: 0 }],
    ['a fractional frame count', { frameRate: { num: 30, den: 1 }, frameCount: 10.5, startTime: 0 }],
    ['a rate no video has', { frameRate: { num: 100_000, den: 1 }, frameCount: 10, startTime: 0 }],
    ['a start time that is no number', { frameRate: { num: 30, den: 1 }, frameCount: 10, startTime: 'soon' }],
    ['a rate as text', { frameRate: '30000/1001', frameCount: 10, startTime: 0 }],
  ])('publishes a copy whose frames carry %s without them, and says so', async (_what, frames) => {
    const { service, stored } = serviceWith({ videos: { markReady: () => Promise.resolve(true) } });
    const result = ready({ frames: frames as never });
    await service.applyMediaResult(result);
    expect(stored()).toEqual([['markReady', [VIDEO_ID, { ...result, frames: null }]]]);
    expect(logged).toEqual([{ level: 'warn', line: expect.objectContaining({ msg: 'media result frames ignored' }) }]);
  });

  it('queues the removal of the files the worker wrote for a video deleted while it ran', async () => {
    const { service, stored } = serviceWith({
      videos: { markReady: () => Promise.resolve(false), cleanUp: () => Promise.resolve() },
    });
    await service.applyMediaResult(ready());
    await service.applyMediaResult(ready({ thumbnailKey: null }));
    expect(stored()).toEqual([
      ['markReady', [VIDEO_ID, ready()]],
      ['cleanUp', [[VIDEO_KEYS.playback(VIDEO_ID), VIDEO_KEYS.thumbnail(VIDEO_ID)], `orphan-${VIDEO_ID}`]],
      ['markReady', [VIDEO_ID, ready({ thumbnailKey: null })]],
      ['cleanUp', [[VIDEO_KEYS.playback(VIDEO_ID)], `orphan-${VIDEO_ID}`]],
    ]);
  });

  it.each([
    ['the original as the playback file', ready({ playbackKey: ORIGINAL_KEY })],
    ['another video’s playback file', ready({ playbackKey: VIDEO_KEYS.playback(8) })],
    ['another video’s thumbnail', ready({ thumbnailKey: VIDEO_KEYS.thumbnail(8) })],
    ['the original as the thumbnail', ready({ thumbnailKey: ORIGINAL_KEY })],
  ])('ignores a ready verdict naming %s, publishing nothing', async (_what, result) => {
    const { service, stored } = serviceWith();
    expect(await service.applyMediaResult(result)).toBeUndefined();
    expect(stored()).toEqual([]);
    expect(logged).toEqual([{ level: 'warn', line: expect.objectContaining({ videoId: VIDEO_ID }) }]);
  });

  it('fails the video on the worker’s failure verdict', async () => {
    const { service, stored } = serviceWith({ videos: { markFailed: () => Promise.resolve() } });
    await service.applyMediaResult({ videoId: VIDEO_ID, stage: 'failed', reason: 'transcode-failed', detail: 'x' });
    expect(stored()).toEqual([['markFailed', [VIDEO_ID]]]);
  });

  it.each([0, -3, 1.5, Number.NaN, 2 ** 53])('ignores a verdict for %p, which is no video id', async (videoId) => {
    const { service, stored } = serviceWith();
    expect(await service.applyMediaResult({ videoId, stage: 'probed', result: probe() })).toBeUndefined();
    expect(stored()).toEqual([]);
  });

  it('ignores a stage it does not know (an older worker’s, or a forged job)', async () => {
    const { service, stored } = serviceWith();
    const faststart = { videoId: VIDEO_ID, stage: 'faststart' } as unknown as MediaResultJobData;
    expect(await service.applyMediaResult(faststart)).toBeUndefined();
    expect(stored()).toEqual([]);
  });
});
