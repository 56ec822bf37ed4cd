import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { firstValueFrom, timeout } from 'rxjs';
import { createRedisConnection, NamespacedNatsClient } from '@app/common';
import {
  MEDIA_QUEUES,
  VIDEO_RPC,
  VIDEO_UPLOAD_MESSAGES,
  type BeginUploadResponse,
  type FeedbackDto,
  type VideoDto,
} from '@app/contracts';
import { objectStorageFromEnv, type ObjectStorage } from '@app/storage';
import {
  eventually,
  HttpSession,
  makeTestVideo,
  signUpMember,
  startStack,
  testInfra,
  withClient,
  youtubeLinkForm,
  type TestStack,
} from '@app/testing';

// What one member can do to everyone else, through the real gateway, services, Redis, Postgres
// and S3, with low limits: how much they may write, how many uploads they may stream at once and
// how slowly, and that no upload that fails to become a video leaves its file in storage. No media
// worker runs until the last test, so an object that disappears was deleted by the code under test.
const UPLOADS_PER_HOUR = 6;
const WRITES_PER_MINUTE = 4;
const INTENT_TTL_SECONDS = 8;
let stack: TestStack;
let storage: ObjectStorage;
let scratch: string;
let categoryId: number;

beforeAll(async () => {
  stack = await startStack('upload-abuse', ['gateway', 'auth', 'catalog', 'video', 'feedback'], {
    THROTTLE_UPLOADS_PER_HOUR: String(UPLOADS_PER_HOUR),
    THROTTLE_WRITES_PER_MINUTE: String(WRITES_PER_MINUTE),
    // The product's default, which the test stack raises for specs that upload several files at once.
    THROTTLE_UPLOADS_IN_FLIGHT: '2',
    UPLOAD_MIN_BYTES_PER_SECOND: '4096',
    UPLOAD_MIN_RATE_WINDOW_SECONDS: '3',
    UPLOAD_INTENT_TTL_SECONDS: String(INTENT_TTL_SECONDS),
    UPLOAD_SWEEP_INTERVAL_SECONDS: '1',
    // No worker answers a probe here: the service registers a file without waiting for one.
    PROBE_WAIT_MAX_MS: '0',
  });
  storage = objectStorageFromEnv({ ...stack.env } as never);
  scratch = await mkdtemp(join(tmpdir(), 'upload-abuse-'));
  categoryId = (await new HttpSession(stack.baseUrl).get<{ id: number }[]>('/api/categories')).body[0]!.id;
});

afterAll(async () => {
  storage?.destroy();
  await stack?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

const member = () => signUpMember(stack.baseUrl);
const sql = <T>(text: string, values: unknown[] = []) =>
  withClient(stack.database.url, async (client) => (await client.query(text, values)).rows as T[]);

let clips = 0;
/** A distinct small MP4 each call, so none is refused as a duplicate. */
async function mp4(): Promise<Buffer> {
  clips += 1;
  const path = join(scratch, `clip-${clips}.mp4`);
  await makeTestVideo(path, { seconds: 1, size: `${96 + clips * 16}x64` });
  return readFile(path);
}

function fileForm(fields: Record<string, string>, files: Buffer[]) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const bytes of files) form.append('video', new Blob([new Uint8Array(bytes)], { type: 'video/mp4' }), 'clip.mp4');
  return form;
}

const post = (session: HttpSession, form: FormData) =>
  session.request<VideoDto & { message?: string }>('POST', '/api/videos', { form });

const intentsOf = (ownerId: string) =>
  sql<{ objectKey: string }>('SELECT "objectKey" FROM video.upload_intents WHERE "ownerId" = $1', [ownerId]);

/** Originals in the bucket that were not there before (tests run one at a time). */
async function newOriginals(before: Set<string>): Promise<string[]> {
  return (await storage.listKeys('videos/originals/')).filter((key) => !before.has(key));
}
const originalsNow = async () => new Set(await storage.listKeys('videos/originals/'));

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: { message?: string };
}

/**
 * A multipart upload written by hand, so a test decides how fast (and how much of) the body goes:
 * the text fields, then the `video` part's header; the test writes the file bytes itself.
 */
function rawUpload(session: HttpSession, options: { declaredLength?: number } = {}) {
  const boundary = `----abuse${Date.now()}`;
  const url = new URL('/api/videos', stack.baseUrl);
  const req: ClientRequest = httpRequest(url, {
    method: 'POST',
    headers: {
      cookie: `vf.sid=${session.cookie('vf.sid')}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(options.declaredLength ? { 'content-length': String(options.declaredLength) } : {}),
    },
  });
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text || '{}') }),
      );
    });
    req.on('error', reject);
  });
  // A write after the server has answered and closed may fail; only the answer matters.
  answer.catch(() => undefined);
  req.on('error', () => undefined);
  req.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nRaw upload\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="categoryId"\r\n\r\n${categoryId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="clip.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  return { req, answer };
}

/** Jobs of every media queue, by queue and state (no worker runs, so a queued job stays queued). */
async function mediaJobCounts(): Promise<Record<string, Record<string, number>>> {
  const redis = createRedisConnection(stack.env.REDIS_URL as string, 'upload-abuse-spec-queues');
  try {
    const counts: Record<string, Record<string, number>> = {};
    for (const name of Object.values(MEDIA_QUEUES)) {
      const queue = new Queue(name, { connection: redis, prefix: stack.env.QUEUE_PREFIX as string });
      counts[name] = await queue.getJobCounts('waiting', 'delayed', 'active', 'prioritized', 'completed', 'failed');
      await queue.close();
    }
    return counts;
  } finally {
    redis.disconnect();
  }
}

/** Writes `bytes` every `everyMs` until stopped. */
function drip(req: ClientRequest, bytes: Buffer, everyMs: number): () => void {
  const timer = setInterval(() => {
    if (!req.destroyed) req.write(bytes);
  }, everyMs);
  return () => clearInterval(timer);
}

describe('member write limits', () => {
  it('counts every upload, file or link, and answers 429 with Retry-After over the hourly limit', async () => {
    const { session } = await member();
    for (let i = 0; i < UPLOADS_PER_HOUR - 1; i += 1) {
      expect((await post(session, youtubeLinkForm({ title: `Link ${i}`, categoryId }))).status).toBe(201);
    }
    expect(
      (await post(session, fileForm({ title: 'File', categoryId: String(categoryId) }, [await mp4()]))).status,
    ).toBe(201);

    const over = await post(session, youtubeLinkForm({ title: 'One too many', categoryId }));
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/^Too many uploads\. Please wait \d+ minutes? and try again\.$/);
    const retryAfter = Number(over.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Someone else is not held back.
    const { session: other } = await member();
    expect((await post(other, youtubeLinkForm({ title: 'Mine', categoryId }))).status).toBe(201);
  });

  it('gives feedback, votes, ratings and profile changes one budget per minute', async () => {
    const { session: uploader } = await member();
    const [{ session: writer }, { session: author }] = [await member(), await member()];
    const video = (await post(uploader, youtubeLinkForm({ title: 'Serve', categoryId }))).body;
    const give = (session: HttpSession, content: string) =>
      session.post<FeedbackDto & { message?: string }>(`/api/videos/${video.id}/feedback`, { content });
    const theirs = (await give(author, 'Toss higher.')).body;

    const mine = await give(writer, 'Bend the knees.');
    expect(mine.status).toBe(201);
    expect((await writer.post(`/api/feedback/${theirs.id}/vote`)).status).toBe(201);
    expect((await writer.post(`/api/feedback/${theirs.id}/rate`, { rating: 4 })).status).toBe(201);
    expect((await writer.put('/api/users/profile', { firstName: 'Wren', lastName: 'Iter' })).status).toBe(200);

    const over = await give(writer, 'Follow through.');
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/^Too many changes in a short time\. Please wait \d+ seconds? and try again\.$/);
    const retryAfter = Number(over.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await writer.put('/api/users/profile', { firstName: 'W', lastName: 'I' })).status).toBe(429);
    // Reading is not writing, and the author has a budget of their own.
    expect((await writer.get(`/api/feedback/video/${video.id}`)).status).toBe(200);
    expect((await author.post(`/api/feedback/${mine.body.id}/vote`)).status).toBe(201);
  });
});

describe('uploads in flight', () => {
  it('lets a member stream two uploads at once and refuses a third until one ends', async () => {
    const { session, user } = await member();
    const head = (await mp4()).subarray(0, 4096);
    // Two uploads that keep sending, well above the minimum pace, and never finish on their own.
    const held = [rawUpload(session), rawUpload(session)].map((upload) => {
      upload.req.write(head);
      return { ...upload, stop: drip(upload.req, Buffer.alloc(8 * 1024, 1), 500) };
    });
    try {
      await eventually(
        () => intentsOf(user.id),
        (rows) => rows.length === 2,
      );

      const third = await post(session, fileForm({ title: 'Third', categoryId: String(categoryId) }, [await mp4()]));
      expect(third.status).toBe(429);
      expect(third.body.message).toBe(
        'You already have 2 uploads in progress. Please wait for one to finish, then try again.',
      );

      // One ends (the client goes away): its slot is free again.
      held[0]!.stop();
      held[0]!.req.destroy();
      const redis = createRedisConnection(stack.env.REDIS_URL as string, 'upload-abuse-spec');
      try {
        await eventually(
          () => redis.zcard(`${stack.env.QUEUE_PREFIX}:throttle:uploads-in-flight:member:${user.id}`),
          (held) => held === 1,
        );
      } finally {
        redis.disconnect();
      }
      const fourth = await post(session, fileForm({ title: 'Fourth', categoryId: String(categoryId) }, [await mp4()]));
      expect(fourth.status).toBe(201);
    } finally {
      for (const upload of held) {
        upload.stop();
        upload.req.destroy();
      }
    }
  });

  it('cuts an upload that trickles in below the minimum pace with 408, and keeps nothing of it', async () => {
    const { session, user } = await member();
    const upload = rawUpload(session);
    upload.req.write((await mp4()).subarray(0, 1024));
    // 100 bytes a second: far below 4 KiB a second, but never idle long enough for an idle cut.
    const stop = drip(upload.req, Buffer.alloc(100, 1), 1000);
    try {
      const [intent] = await eventually(
        () => intentsOf(user.id),
        (rows) => rows.length === 1,
      );
      const answer = await upload.answer;
      expect(answer.status).toBe(408);
      expect(answer.body.message).toBe(
        'The upload was too slow: less than 4 KiB per second arrived over 3 seconds. Please try again on a faster connection.',
      );
      expect(answer.headers.connection).toBe('close');
      expect(await storage.head(intent!.objectKey)).toBeNull();
      expect(await intentsOf(user.id)).toEqual([]);
    } finally {
      stop();
      upload.req.destroy();
    }
  });
});

describe('upload bodies', () => {
  it('refuses a body declared larger than 101 MB before reading it', async () => {
    const { session } = await member();
    const before = await originalsNow();
    const upload = rawUpload(session, { declaredLength: 200 * 1024 * 1024 });
    upload.req.write((await mp4()).subarray(0, 1024));
    const answer = await upload.answer;
    upload.req.destroy();
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe(VIDEO_UPLOAD_MESSAGES.fileTooLarge);
    expect(await newOriginals(before)).toEqual([]);
  });

  it('refuses a second file in the same upload and keeps neither', async () => {
    const { session } = await member();
    const before = await originalsNow();
    const res = await post(
      session,
      fileForm({ title: 'Two files', categoryId: String(categoryId) }, [await mp4(), await mp4()]),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Send one video file per upload');
    expect(await newOriginals(before)).toEqual([]);
    expect(await sql('SELECT id FROM video.videos WHERE title = $1', ['Two files'])).toEqual([]);
  });
});

describe('uploads that do not become videos', () => {
  it('refuses a title with a NUL with 400 naming the field, and keeps no file', async () => {
    const { session } = await member();
    const before = await originalsNow();
    const res = await post(
      session,
      fileForm({ title: 'nul\u0000title', categoryId: String(categoryId) }, [await mp4()]),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(VIDEO_UPLOAD_MESSAGES.titleControlCharacter);
    expect(await newOriginals(before)).toEqual([]);
  });

  it('deletes the file at once when the video service refuses the registration', async () => {
    const { session, user } = await member();
    const before = await originalsNow();
    const res = await post(session, fileForm({ title: 'Nowhere', categoryId: '999999' }, [await mp4()]));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(VIDEO_UPLOAD_MESSAGES.categoryUnknown);
    expect(await newOriginals(before)).toEqual([]);
    expect(await intentsOf(user.id)).toEqual([]);
  });

  it('keeps nothing of an upload the member cancels mid-transfer: no object, no pending multipart upload, no video, no job', async () => {
    const { session, user } = await member();
    const before = await originalsNow();
    const [{ lastOutboxId }] = (await sql<{ lastOutboxId: string }>(
      'SELECT coalesce(max(id), 0)::text AS "lastOutboxId" FROM video.outbox',
    )) as [{ lastOutboxId: string }];
    const jobsBefore = await mediaJobCounts();

    const upload = rawUpload(session);
    upload.req.write((await mp4()).subarray(0, 4096));
    // 12 MiB: past two 5 MiB storage parts, so the gateway has a multipart upload under way.
    upload.req.write(Buffer.alloc(12 * 1024 * 1024, 7));
    // Then steadily above the minimum pace, so only the cut-off can end this upload.
    const stop = drip(upload.req, Buffer.alloc(16 * 1024, 7), 250);
    let objectKey: string;
    try {
      [{ objectKey }] = (await eventually(
        () => intentsOf(user.id),
        (rows) => rows.length === 1,
      )) as [{ objectKey: string }];
      const pending = await eventually(
        () => storage.pendingUploads(objectKey),
        (uploads) => uploads.length === 1,
      );
      expect(pending).toEqual([{ key: objectKey, uploadId: expect.any(String) }]);
    } finally {
      // The member presses Cancel: the browser cuts the connection off mid-body.
      stop();
      upload.req.destroy();
    }

    await eventually(
      async () => ({
        pending: await storage.pendingUploads('videos/'),
        object: await storage.head(objectKey),
        intents: await intentsOf(user.id),
      }),
      (left) => left.pending.length === 0 && left.object === null && left.intents.length === 0,
    );
    expect(await newOriginals(before)).toEqual([]);
    // No video: not in the member's list, nor anywhere the video service keeps them.
    const listed = await new HttpSession(stack.baseUrl).get<VideoDto[]>(`/api/videos?uploaderId=${user.id}`);
    expect(listed.body).toEqual([]);
    expect(await sql('SELECT id FROM video.videos WHERE "uploaderId" = $1', [user.id])).toEqual([]);
    // No media job and no event about a video: the video service wrote only the removal of the
    // object (its guarantee, should the gateway's own delete have failed).
    expect(
      await sql(
        `SELECT "eventType", payload->>'queue' AS queue, payload->'data'->'keys' AS keys
         FROM video.outbox WHERE id > $1 ORDER BY id`,
        [lastOutboxId],
      ),
    ).toEqual([{ eventType: 'media.job.v1', queue: MEDIA_QUEUES.cleanup, keys: [objectKey] }]);
    const jobs = await mediaJobCounts();
    for (const queue of [MEDIA_QUEUES.probe, MEDIA_QUEUES.transcode, MEDIA_QUEUES.results]) {
      expect({ queue, jobs: jobs[queue] }).toEqual({ queue, jobs: jobsBefore[queue] });
    }
  });

  it('stores nothing while the video service is down, and works again once it is back', async () => {
    const { session } = await member();
    const [video] = stack.apps.get('video')!;
    await video!.stop();
    try {
      const before = await originalsNow();
      const res = await post(
        session,
        fileForm({ title: 'Service down', categoryId: String(categoryId) }, [await mp4()]),
      );
      expect(res.status).toBe(503);
      expect(await newOriginals(before)).toEqual([]);
    } finally {
      await stack.addReplica('video');
    }
    const res = await post(session, fileForm({ title: 'Service back', categoryId: String(categoryId) }, [await mp4()]));
    expect(res.status).toBe(201);
  });

  it('removes the file of an upload never registered once its intent expires, and only that one', async () => {
    const { session, user } = await member();
    const registered = await post(session, fileForm({ title: 'Kept', categoryId: String(categoryId) }, [await mp4()]));
    expect(registered.status).toBe(201);
    const [{ originalKey }] = (await sql<{ originalKey: string }>(
      'SELECT "originalKey" FROM video.videos WHERE id = $1',
      [registered.body.id],
    )) as [{ originalKey: string }];

    // A gateway that stored a file and died before registering it: the intent is all that is left.
    const nats = new NamespacedNatsClient(stack.env.NATS_SUBJECT_PREFIX as string, { servers: [testInfra().natsUrl] });
    await nats.connect();
    let orphan: BeginUploadResponse;
    try {
      orphan = await firstValueFrom(
        nats.send<BeginUploadResponse>(VIDEO_RPC.beginUpload.pattern, { ownerId: user.id }).pipe(timeout(10_000)),
      );
    } finally {
      await nats.close();
    }
    await storage.upload(orphan.objectKey, await mp4());
    await stack.addReplica('media-worker');

    await eventually(
      () => storage.head(orphan.objectKey),
      (head) => head === null,
      INTENT_TTL_SECONDS * 1000 + 30_000,
    );
    expect(await intentsOf(user.id)).toEqual([]);
    expect(await storage.head(originalKey)).not.toBeNull();
  });
});
