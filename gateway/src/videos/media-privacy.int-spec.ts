import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createRedisConnection } from '@app/common';
import {
  MEDIA_QUEUES,
  mediaJobId,
  VIDEO_KEYS,
  type CleanupJobData,
  type MediaResultJobData,
  type UserDto,
  type VideoDto,
} from '@app/contracts';
import { objectStorageFromEnv, type ObjectStorage } from '@app/storage';
import {
  eventually,
  HttpSession,
  makeMediaFixture,
  metadataTags,
  signUpMember,
  startApp,
  startStack,
  testInfra,
  withClient,
  type MediaFixtureOptions,
  type RunningApp,
  type TestStack,
} from '@app/testing';
import { SESSION_COOKIE } from '../auth/session.setup.js';

// Issue 13's media points through the whole product: gateway → S3 → video service → BullMQ →
// ffmpeg worker → results → video service, and the cleanup worker asking the owners over NATS.
let stack: TestStack;
let storage: ObjectStorage;
let redis: Redis;
let results: Queue<MediaResultJobData>;
let cleanup: Queue<CleanupJobData>;
let scratch: string;
let categoryId: number;

beforeAll(async () => {
  stack = await startStack('media-privacy', ['gateway', 'auth', 'catalog', 'video', 'media-worker']);
  storage = objectStorageFromEnv({ ...stack.env } as never);
  redis = createRedisConnection(stack.env.REDIS_URL as string, 'media-privacy-spec');
  results = new Queue(MEDIA_QUEUES.results, { connection: redis, prefix: stack.env.QUEUE_PREFIX });
  cleanup = new Queue(MEDIA_QUEUES.cleanup, { connection: redis, prefix: stack.env.QUEUE_PREFIX });
  scratch = await mkdtemp(join(tmpdir(), 'media-privacy-'));
  categoryId = (await new HttpSession(stack.baseUrl).get<{ id: number }[]>('/api/categories')).body[0]!.id;
}, 60_000);

afterAll(async () => {
  await Promise.all([results?.close(), cleanup?.close()]);
  redis?.disconnect();
  storage?.destroy();
  await stack?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

const running = (name: 'media-worker' | 'video') =>
  (stack.apps.get(name) ?? []).filter((app) => app.process.exitCode === null && app.process.signalCode === null);

async function stopAll(name: 'media-worker' | 'video'): Promise<void> {
  for (const app of running(name)) await app.stop();
}

async function addApp(name: 'media-worker', env: Record<string, string>): Promise<RunningApp> {
  const app = await startApp(name, { ...stack.envFor(name), ...env });
  stack.apps.get(name)!.push(app);
  return app;
}

const sql = <T>(text: string, values: unknown[] = []) =>
  withClient(stack.database.url, async (client) => (await client.query(text, values)).rows as T[]);

async function upload(session: HttpSession, title: string, path: string, type: string) {
  const form = new FormData();
  form.append('title', title);
  form.append('categoryId', String(categoryId));
  form.append('video', new Blob([new Uint8Array(await readFile(path))], { type }), path.split('/').pop());
  return session.request<VideoDto & { message?: string }>('POST', '/api/videos', { form });
}

/** GET /stream as a visitor (no session) or as a member; the raw bytes. */
async function stream(id: number, as?: HttpSession) {
  const cookie = as?.cookie(SESSION_COOKIE);
  const res = await fetch(`${stack.baseUrl}/api/videos/${id}/stream`, {
    headers: cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {},
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

const videoOf = async (session: HttpSession, id: number) => (await session.get<VideoDto>(`/api/videos/${id}`)).body;
const settled = (session: HttpSession, id: number) =>
  eventually(
    () => videoOf(session, id),
    (video) => video.processingState !== 'processing',
    90_000,
  );

const storedKeysOf = async (id: number) =>
  (
    await sql<{ originalKey: string | null; playbackKey: string | null; thumbnailKey: string | null }>(
      'SELECT "originalKey", "playbackKey", "thumbnailKey" FROM video.videos WHERE id = $1',
      [id],
    )
  )[0]!;

/** Adds a job straight into a queue, as anyone with access to Redis or the queue board could, and waits for its end. */
async function forge<T>(queue: Queue<T>, name: string, data: T, options: { attempts?: number } = {}): Promise<Job<T>> {
  const job = await queue.add(name as never, data as never, { jobId: `forged-${randomUUID()}`, ...options });
  await eventually(
    () => job.getState(),
    (state) => state === 'completed' || state === 'failed',
    30_000,
  );
  return (await queue.getJob(job.id!))!;
}

// What phones write into their recordings, as ffmpeg writes it (mdta keys, ©xyz, udta).
const SECRETS = {
  location: '+48.8584+002.2945/',
  iso6709: '+48.8584+002.2945+035.000/',
  creationTime: '2024-05-01T10:00:00Z',
  comment: 'SECRET-GPS-HOME-ADDRESS',
  make: 'SECRET-PHONE-MAKE',
  handler: 'SECRET-HANDLER',
};
const PHONE_METADATA: Pick<MediaFixtureOptions, 'metadata' | 'videoStreamMetadata'> = {
  metadata: {
    location: SECRETS.location,
    'com.apple.quicktime.location.ISO6709': SECRETS.iso6709,
    'com.apple.quicktime.make': SECRETS.make,
    creation_time: SECRETS.creationTime,
    comment: SECRETS.comment,
  },
  videoStreamMetadata: { handler_name: SECRETS.handler, creation_time: SECRETS.creationTime },
};
const TELLTALE = /48\.8584|SECRET-|2024-05-01|location|creation_time|comment|com\.apple/i;
const telltaleBytes = (bytes: Buffer) =>
  ['48.8584', 'SECRET-', '2024-05-01', 'ISO6709'].filter((needle) => bytes.includes(needle));

describe("a video's original stays private", () => {
  const FIXTURES = {
    // Keyframes under half a second apart (15 fps): copied as they are, metadata dropped.
    'an H.264 MP4 (remuxed)': {
      file: 'phone.mp4',
      type: 'video/mp4',
      options: { size: '320x240', keyframeInterval: 7 },
    },
    'an H.264 .mov (remuxed)': {
      file: 'phone.mov',
      type: 'video/quicktime',
      options: { size: '336x240', format: 'mov', keyframeInterval: 7 },
    },
    'an HEVC .mov (re-encoded)': {
      file: 'phone-hevc.mov',
      type: 'video/quicktime',
      options: { size: '352x240', format: 'mov', video: 'hevc' },
    },
  } as const satisfies Record<string, { file: string; type: string; options: MediaFixtureOptions }>;
  type FixtureName = keyof typeof FIXTURES;
  const uploaded = new Map<FixtureName, { id: number; original: Buffer }>();
  let uploader: { session: HttpSession; user: UserDto };
  let other: { session: HttpSession; user: UserDto };
  let refusedId: number;
  let refusedOriginalKey: string;

  beforeAll(async () => {
    uploader = await signUpMember(stack.baseUrl);
    other = await signUpMember(stack.baseUrl);
    const paths = new Map<FixtureName, string>();
    for (const [name, { file, options }] of Object.entries(FIXTURES) as [
      FixtureName,
      (typeof FIXTURES)[FixtureName],
    ][]) {
      paths.set(name, await makeMediaFixture(join(scratch, file), { seconds: 2, ...options, ...PHONE_METADATA }));
    }
    const tooLong = await makeMediaFixture(join(scratch, 'long.mp4'), {
      seconds: 121,
      size: '64x64',
      rate: 2,
      audio: 'none',
    });
    // No worker: the uploads wait out their verdict and stay "processing" until one starts.
    await stopAll('media-worker');
    const [refused, ...done] = await Promise.all([
      upload(uploader.session, 'Refused later', tooLong, 'video/mp4'),
      ...[...paths].map(([name, path]) => upload(uploader.session, name, path, FIXTURES[name].type)),
    ]);
    expect(refused!.status).toBe(201);
    refusedId = refused!.body.id;
    refusedOriginalKey = (await storedKeysOf(refusedId)).originalKey!;
    for (const [i, [name, path]] of [...paths].entries()) {
      expect(done[i]!.status).toBe(201);
      expect(done[i]!.body.processingState).toBe('processing');
      uploaded.set(name, { id: done[i]!.body.id, original: await readFile(path) });
    }
  }, 120_000);

  it('is played to nobody but its uploader while the copy is being made', async () => {
    for (const { id, original } of uploaded.values()) {
      expect((await stream(id)).status).toBe(404);
      expect((await stream(id, other.session)).status).toBe(404);
      const own = await stream(id, uploader.session);
      expect(own.status).toBe(200);
      expect(own.bytes.equals(original)).toBe(true);
      expect(own.headers.get('cache-control')).toBe('private, no-store');
      expect(own.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it.each(Object.keys(FIXTURES) as FixtureName[])(
    'publishes %s only as a copy without the phone’s metadata',
    async (name) => {
      if (!running('media-worker').length) await stack.addReplica('media-worker');
      const { id, original } = uploaded.get(name)!;
      // The fixture really carries what a phone writes, so the test cannot pass by accident.
      const originalPath = join(scratch, FIXTURES[name].file);
      expect((await metadataTags(originalPath)).filter((tag) => TELLTALE.test(tag)).length).toBeGreaterThanOrEqual(5);
      expect(telltaleBytes(original)).toEqual(['48.8584', 'SECRET-', '2024-05-01', 'ISO6709']);

      expect(await settled(uploader.session, id)).toMatchObject({ processingState: 'ready', hasFileError: false });
      const published = await stream(id);
      expect(published.status).toBe(200);
      expect(published.headers.get('content-type')).toBe('video/mp4');
      expect(published.headers.get('x-content-type-options')).toBe('nosniff');
      expect(published.headers.get('content-disposition')).toBe('inline');
      expect(published.headers.get('content-security-policy')).toBe('sandbox');
      expect(published.bytes.equals(original)).toBe(false);
      expect(telltaleBytes(published.bytes)).toEqual([]);
      const copy = join(scratch, `published-${FIXTURES[name].file}.mp4`);
      await writeFile(copy, published.bytes);
      expect((await metadataTags(copy)).filter((tag) => TELLTALE.test(tag))).toEqual([]);

      // The uploader now plays the same copy; the original stays stored, privately.
      expect((await stream(id, uploader.session)).bytes.equals(published.bytes)).toBe(true);
      const { originalKey, playbackKey } = await storedKeysOf(id);
      expect(playbackKey).toBe(VIDEO_KEYS.playback(id));
      expect((await storage.head(originalKey!))?.size).toBe(original.length);
    },
    120_000,
  );

  it('deletes an original the probe refuses after the upload stopped waiting, and the video fails', async () => {
    expect(await settled(uploader.session, refusedId)).toMatchObject({ processingState: 'failed', hasFileError: true });
    await eventually(
      () => storage.head(refusedOriginalKey),
      (head) => head === null,
      30_000,
    );
    expect((await storedKeysOf(refusedId)).originalKey).toBeNull();
    expect((await stream(refusedId, uploader.session)).status).toBe(404);
  });
});

describe('a video made ready before every video had its own copy', () => {
  it('is never streamed from its original, and gets its copy when the video service starts', async () => {
    if (!running('media-worker').length) await stack.addReplica('media-worker');
    const { session, user } = await signUpMember(stack.baseUrl);
    const path = await makeMediaFixture(join(scratch, 'legacy.mp4'), {
      seconds: 1,
      size: '400x240',
      ...PHONE_METADATA,
    });
    const originalKey = VIDEO_KEYS.original(`legacy-${randomBytes(4).toString('hex')}`);
    await storage.upload(originalKey, await readFile(path), { contentType: 'video/mp4' });
    // As the pipeline used to leave a browser-ready upload: ready, played from the original itself.
    const [{ id }] = await sql<{ id: number }>(
      `INSERT INTO video.videos (title, "uploaderId", "originalKey", "playbackKey", "mimeType", "processingState")
       VALUES ('Legacy', $1, $2, $2, 'video/mp4', 'ready') RETURNING id`,
      [user.id, originalKey],
    );
    expect((await stream(id!)).status).toBe(404);

    await stack.addReplica('video');
    await eventually(
      async () => (await storedKeysOf(id!)).playbackKey,
      (key) => key === VIDEO_KEYS.playback(id!),
      60_000,
    );
    const published = await stream(id!);
    expect(published.status).toBe(200);
    expect(telltaleBytes(published.bytes)).toEqual([]);
    // The catalog's listing learns of the repaired video from the video service's event.
    expect(
      await eventually(
        () => videoOf(session, id!),
        (video) => video.processingState === 'ready',
        15_000,
      ),
    ).toMatchObject({ processingState: 'ready', hasFileError: false });
  }, 90_000);
});

describe('forged media jobs', () => {
  let owner: { session: HttpSession; user: UserDto };
  let readyId: number;
  let readyKeys: { originalKey: string; playbackKey: string; thumbnailKey: string };
  let published: Buffer;

  beforeAll(async () => {
    if (!running('media-worker').length) await stack.addReplica('media-worker');
    owner = await signUpMember(stack.baseUrl);
    const path = await makeMediaFixture(join(scratch, 'owned.mp4'), { seconds: 1, size: '368x240', ...PHONE_METADATA });
    const res = await upload(owner.session, 'Owned', path, 'video/mp4');
    expect(res.status).toBe(201);
    readyId = res.body.id;
    expect(await settled(owner.session, readyId)).toMatchObject({ processingState: 'ready' });
    readyKeys = (await storedKeysOf(readyId)) as typeof readyKeys;
    published = (await stream(readyId)).bytes;
  }, 120_000);

  it('cannot point a video at another object through a results job', async () => {
    // A video still being processed, whose original is stored.
    const originalKey = VIDEO_KEYS.original(`forged-${randomBytes(4).toString('hex')}`);
    await storage.upload(originalKey, await readFile(join(scratch, 'owned.mp4')));
    const [{ id }] = await sql<{ id: number }>(
      `INSERT INTO video.videos (title, "uploaderId", "originalKey", "processingState") VALUES ('Forged', $1, $2, 'processing') RETURNING id`,
      [owner.user.id, originalKey],
    );
    const ready = { stage: 'ready', thumbnailKey: null, durationSeconds: 1, reencoded: false } as const;
    for (const forged of [
      { ...ready, videoId: id!, playbackKey: originalKey },
      { ...ready, videoId: id!, playbackKey: readyKeys.originalKey },
      { ...ready, videoId: readyId, playbackKey: readyKeys.originalKey },
      { ...ready, videoId: readyId, playbackKey: VIDEO_KEYS.playback(id!) },
      { ...ready, videoId: readyId, playbackKey: VIDEO_KEYS.playback(readyId), thumbnailKey: originalKey },
    ]) {
      expect(await (await forge(results, 'ready', forged)).getState()).toBe('completed');
    }
    expect(await storedKeysOf(id!)).toEqual({ originalKey, playbackKey: null, thumbnailKey: null });
    expect((await sql('SELECT "processingState" FROM video.videos WHERE id = $1', [id]))[0]).toEqual({
      processingState: 'processing',
    });
    expect((await stream(id!)).status).toBe(404);
    expect(await storedKeysOf(readyId)).toEqual(readyKeys);
    expect((await stream(readyId)).bytes.equals(published)).toBe(true);
  });

  it('cannot delete an object a live video or member still references', async () => {
    const png = join(scratch, 'me.png');
    await promisify(execFile)(testInfra().ffmpegPath, [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=red:s=8x8', '-frames:v', '1', png],
    ]);
    const form = new FormData();
    form.append('profileImage', new Blob([new Uint8Array(await readFile(png))], { type: 'image/png' }), 'me.png');
    const picture = await owner.session.request<UserDto>('POST', '/api/users/profile/image', { form });
    expect(picture.status).toBe(200);
    const pictureKey = `profile-images/${owner.user.id}/${picture.body.profileImageUrl!.split('/').pop()}`;
    // An older picture of the same member that nothing names any more.
    const stalePicture = `profile-images/${owner.user.id}/${randomUUID()}.png`;
    await storage.upload(stalePicture, await readFile(png));

    const live = [readyKeys.originalKey, readyKeys.playbackKey, readyKeys.thumbnailKey, pictureKey];
    const job = await forge(cleanup, 'cleanup', {
      keys: [...live, `videos/${readyId}/`],
      prefixes: [`profile-images/${owner.user.id}/`],
    });
    expect(await job.getState()).toBe('completed');
    expect((job.returnvalue as { kept: string[] }).kept.sort()).toEqual([...live].sort());
    for (const key of live) expect(await storage.head(key)).not.toBeNull();
    expect(await storage.head(stalePicture)).toBeNull();
    expect((await stream(readyId)).bytes.equals(published)).toBe(true);
    expect((await fetch(`${stack.baseUrl}${picture.body.profileImageUrl}`)).status).toBe(200);
  });

  it('cannot delete a key of a shape the product never writes', async () => {
    const foreign = `not-media/${randomUUID()}.txt`;
    await storage.upload(foreign, Buffer.from('keep me'));
    const job = await forge(cleanup, 'cleanup', { keys: [foreign, VIDEO_KEYS.original('whatever')] });
    expect(await job.getState()).toBe('failed');
    expect(job.attemptsMade).toBe(1);
    expect(job.failedReason).toMatch(/never writes/);
    expect(await storage.head(foreign)).not.toBeNull();
  });

  it("deletes the keys no row names and a gone video's derived files, tolerating missing keys, and can run again", async () => {
    const goneId = 2_000_000_000 - Math.floor(Math.random() * 1000);
    const original = VIDEO_KEYS.original(`cleanup-${randomBytes(4).toString('hex')}`);
    const keys = [original, VIDEO_KEYS.playback(goneId), VIDEO_KEYS.thumbnail(goneId)];
    await Promise.all(keys.map((key) => storage.upload(key, Buffer.from('bytes'))));
    const data = { keys: [original, `videos/${goneId}/`, VIDEO_KEYS.original('never-existed')] };
    for (const run of [1, 2]) {
      const job = await forge(cleanup, 'cleanup', data);
      expect([run, await job.getState()]).toEqual([run, 'completed']);
      expect((job.returnvalue as { kept: string[] }).kept).toEqual([]);
    }
    for (const key of keys) expect(await storage.head(key)).toBeNull();
  });

  it('deletes nothing while the owner cannot be asked, and does once it answers again', async () => {
    const original = VIDEO_KEYS.original(`unasked-${randomBytes(4).toString('hex')}`);
    await storage.upload(original, Buffer.from('bytes'));
    await stopAll('video');
    try {
      const job = await cleanup.add(
        'cleanup',
        { keys: [original] },
        // Retried for about a minute: enough for the video service to come back on a loaded machine.
        { jobId: `unasked-${randomUUID()}`, attempts: 60, backoff: { type: 'fixed', delay: 1000 } },
      );
      const retried = await eventually(
        () => cleanup.getJob(job.id!),
        (current) => (current?.attemptsMade ?? 0) >= 1,
        30_000,
      );
      // No video service listens (or none answers in time): the question fails, the job is retried.
      expect(retried!.failedReason).toMatch(/no subscribers|timeout/i);
      expect(await storage.head(original)).not.toBeNull();
    } finally {
      await stack.addReplica('video');
    }
    await eventually(
      () => storage.head(original),
      (head) => head === null,
      60_000,
    );
  });
});

describe('the time budget of a transcode', () => {
  it('fails a video whose encode runs over its budget at once, without five long retries', async () => {
    await stopAll('media-worker');
    // 0.001 s per media second: any re-encode is over budget as soon as ffmpeg starts.
    await addApp('media-worker', { FFMPEG_ENCODE_SECONDS_PER_MEDIA_SECOND: '0.001' });
    const { session } = await signUpMember(stack.baseUrl);
    const path = await makeMediaFixture(join(scratch, 'slow.mov'), {
      seconds: 2,
      size: '384x240',
      format: 'mov',
      video: 'hevc',
    });
    const res = await upload(session, 'Over budget', path, 'video/quicktime');
    expect(res.status).toBe(201);
    expect(await settled(session, res.body.id)).toMatchObject({ processingState: 'failed', hasFileError: true });
    const transcodes = new Queue(MEDIA_QUEUES.transcode, { connection: redis, prefix: stack.env.QUEUE_PREFIX });
    try {
      const job = await eventually(
        () => transcodes.getJob(mediaJobId('transcode', res.body.id)),
        (current) => Boolean(current?.finishedOn),
      );
      // A verdict on the first attempt (the producer allows five).
      expect(await job!.getState()).toBe('completed');
      expect(job!.opts.attempts).toBe(5);
      expect(job!.attemptsMade).toBeLessThanOrEqual(2);
      expect(job!.returnvalue).toMatchObject({ stage: 'failed', reason: 'time-budget' });
    } finally {
      await transcodes.close();
    }
  }, 120_000);
});
