import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';
import { Queue } from 'bullmq';
import { createRedisConnection } from '@app/common';
import {
  MEDIA_QUEUES,
  mediaJobId,
  VIDEO_KEYS,
  VIDEO_UPLOAD_MESSAGES,
  type MediaResultJobData,
  type VideoDto,
} from '@app/contracts';
import { objectStorageFromEnv, type ObjectStorage } from '@app/storage';
import {
  eventually,
  HttpSession,
  makeMediaFixture,
  makeTestVideo,
  mp4BoxTypes,
  newUserFields,
  startStack,
  testInfra,
  withClient,
  type TestStack,
  signUpMember,
  firstAdmin,
  signIn,
} from '@app/testing';

// Uploads through the whole pipeline: gateway ingest → S3 → video service → BullMQ → ffmpeg worker.
const ADMIN = firstAdmin('uploads.admin@example.com');
let stack: TestStack;
let storage: ObjectStorage;
let scratch: string;
let categoryId: number;

beforeAll(async () => {
  stack = await startStack('uploads', ['gateway', 'auth', 'catalog', 'video', 'media-worker'], ADMIN);
  storage = objectStorageFromEnv({ ...stack.env } as never);
  scratch = await mkdtemp(join(tmpdir(), 'uploads-'));
  const categories = (await new HttpSession(stack.baseUrl).get<{ id: number }[]>('/api/categories')).body;
  categoryId = categories[0]!.id;
});

afterAll(async () => {
  storage?.destroy();
  await stack?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

const member = (overrides: Parameters<typeof newUserFields>[0] = {}) => signUpMember(stack.baseUrl, overrides);

function uploadForm(fields: Record<string, string>, file?: { bytes: Buffer; name: string; type: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('video', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return form;
}

const upload = (session: HttpSession, form: FormData) =>
  session.request<VideoDto & { message?: string }>('POST', '/api/videos', { form });

let fixtureCount = 0;
/** A distinct small MP4 each call (so no two are duplicates unless meant to be). */
async function mp4(seconds = 2): Promise<Buffer> {
  fixtureCount += 1;
  const path = join(scratch, `clip-${fixtureCount}.mp4`);
  await makeTestVideo(path, { seconds, size: `${160 + fixtureCount * 16}x120` });
  return readFile(path);
}

/** What the video service recorded of an upload's original: its key, sha256 and size. */
const storedOriginal = async (videoId: number) =>
  (
    await withClient(stack.database.url, (client) =>
      client.query<{ originalKey: string; fileHash: string; sizeBytes: string }>(
        'SELECT "originalKey", "fileHash", "sizeBytes" FROM video.videos WHERE id = $1',
        [videoId],
      ),
    )
  ).rows[0];

const videoRows = (title: string) =>
  withClient(
    stack.database.url,
    async (client) => (await client.query('SELECT id FROM video.videos WHERE title = $1', [title])).rows,
  );

describe('uploading a file', () => {
  it('stores it, processes it and plays it back with Range support', async () => {
    const { session, user } = await member();
    const bytes = await mp4();
    const res = await upload(
      session,
      uploadForm(
        { title: 'My first serve', description: 'Flat serve', categoryId: String(categoryId) },
        {
          bytes,
          name: 'serve.mp4',
          type: 'video/mp4',
        },
      ),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'My first serve',
      description: 'Flat serve',
      categoryId,
      uploaderId: user.id,
      youtubeUrl: null,
      hasFileError: false,
    });
    const id = res.body.id;

    const ready = await eventually(
      async () => (await session.get<VideoDto>(`/api/videos/${id}`)).body,
      (video) => video.processingState === 'ready',
      60_000,
    );
    expect(ready.videoUrl).toBe(`/api/videos/${id}/stream`);
    expect(ready.thumbnailUrl).toBe(`/api/videos/${id}/thumbnail`);
    expect(ready.duration).toBe(2);
    // What is streamed is the worker's copy, index first, from the moment the video is ready.
    const boxes = mp4BoxTypes(Buffer.from(await (await fetch(`${stack.baseUrl}${ready.videoUrl}`)).arrayBuffer()));
    expect(boxes.indexOf('moov')).toBeGreaterThanOrEqual(0);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));

    const thumbnail = await fetch(`${stack.baseUrl}${ready.thumbnailUrl}`);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
    expect([...new Uint8Array(await thumbnail.arrayBuffer()).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

    const whole = await fetch(`${stack.baseUrl}${ready.videoUrl}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    const size = (await whole.arrayBuffer()).byteLength;
    expect(size).toBeGreaterThan(1000);

    const part = await fetch(`${stack.baseUrl}${ready.videoUrl}`, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${size}`);
    expect((await part.arrayBuffer()).byteLength).toBe(100);

    const past = await fetch(`${stack.baseUrl}${ready.videoUrl}`, { headers: { range: `bytes=${size}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${size}`);
  });

  it('streams a file larger than one storage part, keeping every byte and its sha256', async () => {
    const { session } = await member();
    const path = join(scratch, 'big.mp4');
    // Noise at a fixed 40 Mb/s: about 12 MB of real video, so the upload spans several S3 parts.
    await promisify(execFile)(testInfra().ffmpegPath, [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=640x360:rate=30:duration=3',
      '-f',
      'lavfi',
      '-i',
      'sine=d=3',
      '-vf',
      'noise=alls=60:allf=t',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-b:v',
      '40M',
      '-minrate',
      '40M',
      '-maxrate',
      '40M',
      '-bufsize',
      '2M',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      path,
    ]);
    const bytes = await readFile(path);
    expect(bytes.length).toBeGreaterThan(10 * 1024 * 1024);
    const res = await upload(
      session,
      uploadForm({ title: 'Big clip', categoryId: String(categoryId) }, { bytes, name: 'big.mp4', type: 'video/mp4' }),
    );
    expect(res.status).toBe(201);
    const row = await storedOriginal(res.body.id);
    expect(row?.fileHash).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(Number(row?.sizeBytes)).toBe(bytes.length);
    expect((await storage.head(row!.originalKey))?.size).toBe(bytes.length);
    await eventually(
      async () => (await session.get<VideoDto>(`/api/videos/${res.body.id}`)).body,
      (video) => video.processingState === 'ready',
      60_000,
    );
  });

  it('stores a file whose length was declared first in one PUT, and refuses one of another length, keeping nothing', async () => {
    const { session } = await member();
    const bytes = await mp4();
    const file = { bytes, name: 'sized.mp4', type: 'video/mp4' };
    const sized = (title: string, videoSize: string) =>
      upload(session, uploadForm({ title, categoryId: String(categoryId), videoSize }, file));
    const originals = () => storage.listKeys('videos/originals/');
    const before = await originals();

    for (const [title, videoSize] of [
      ['Declared longer', String(bytes.length + 1)],
      ['Declared shorter', String(bytes.length - 1)],
    ] as const) {
      const res = await sized(title, videoSize);
      expect({ title, status: res.status, message: res.body.message }).toEqual({
        title,
        status: 400,
        message: "The video file's length did not match its videoSize",
      });
      expect(await videoRows(title)).toHaveLength(0);
    }
    const notANumber = await sized('Declared nonsense', 'twelve');
    expect([notANumber.status, notANumber.body.message]).toEqual([
      400,
      "videoSize must be the video file's length in bytes",
    ]);
    const overLimit = await sized('Declared huge', String(100 * 1024 * 1024 + 1));
    expect([overLimit.status, overLimit.body.message]).toEqual([413, VIDEO_UPLOAD_MESSAGES.fileTooLarge]);
    expect((await originals()).sort()).toEqual(before.sort());
    expect(await storage.pendingUploads('videos/originals/')).toEqual([]);

    const res = await sized('Declared exactly', String(bytes.length));
    expect(res.status).toBe(201);
    const row = await storedOriginal(res.body.id);
    expect(row?.fileHash).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(Number(row?.sizeBytes)).toBe(bytes.length);
    const stored = await storage.download(row!.originalKey);
    expect(
      createHash('sha256')
        .update(await buffer(stored!.body))
        .digest('hex'),
    ).toBe(row?.fileHash);
  });

  it('refuses the same file a second time, from anyone', async () => {
    const { session } = await member();
    const { session: other } = await member();
    const bytes = await mp4();
    const file = { bytes, name: 'a.mp4', type: 'video/mp4' };
    expect(
      (await upload(session, uploadForm({ title: 'Original', categoryId: String(categoryId) }, file))).status,
    ).toBe(201);
    const again = await upload(other, uploadForm({ title: 'Copy', categoryId: String(categoryId) }, file));
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(VIDEO_UPLOAD_MESSAGES.duplicate);
    expect(await videoRows('Copy')).toHaveLength(0);
  });

  it('refuses a video longer than 2 minutes with the spec’s message and keeps nothing', async () => {
    const { session } = await member();
    const path = join(scratch, 'long.mp4');
    await makeTestVideo(path, { seconds: 121, size: '64x64' });
    const res = await upload(
      session,
      uploadForm(
        { title: 'Too long', categoryId: String(categoryId) },
        {
          bytes: await readFile(path),
          name: 'long.mp4',
          type: 'video/mp4',
        },
      ),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(VIDEO_UPLOAD_MESSAGES.tooLong);
    expect(await videoRows('Too long')).toHaveLength(0);
  });

  it('accepts a clip that reads 2:00 (120.4 s, as phones record) and makes it ready', async () => {
    const { session } = await member();
    const path = join(scratch, 'two-minutes.mp4');
    await makeTestVideo(path, { seconds: 120.4, size: '64x48' });
    const res = await upload(
      session,
      uploadForm(
        { title: 'Exactly two minutes', categoryId: String(categoryId) },
        { bytes: await readFile(path), name: 'two-minutes.mp4', type: 'video/mp4' },
      ),
    );
    expect(res.status).toBe(201);
    const ready = await eventually(
      async () => (await session.get<VideoDto>(`/api/videos/${res.body.id}`)).body,
      (video) => video.processingState !== 'processing',
      60_000,
    );
    expect(ready).toMatchObject({ processingState: 'ready', hasFileError: false, duration: 120 });
  });

  it('refuses a file over the input limits (wider than 4096 px) as not a valid video', async () => {
    const { session } = await member();
    const path = await makeMediaFixture(join(scratch, 'too-wide.mp4'), {
      seconds: 1,
      size: '4100x64',
      audio: 'none',
    });
    const res = await upload(
      session,
      uploadForm(
        { title: 'Too wide', categoryId: String(categoryId) },
        { bytes: await readFile(path), name: 'too-wide.mp4', type: 'video/mp4' },
      ),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(VIDEO_UPLOAD_MESSAGES.invalidFile);
    expect(await videoRows('Too wide')).toHaveLength(0);
  });

  it('refuses a text file named .mp4 before storing it, and a truncated MP4 after probing', async () => {
    const { session } = await member();
    const text = await upload(
      session,
      uploadForm(
        { title: 'Not a video', categoryId: String(categoryId) },
        {
          bytes: Buffer.from('hello, this is definitely not a video file'),
          name: 'fake.mp4',
          type: 'video/mp4',
        },
      ),
    );
    expect(text.status).toBe(400);
    expect(text.body.message).toBe(VIDEO_UPLOAD_MESSAGES.invalidFile);

    const whole = await mp4();
    const truncated = await upload(
      session,
      uploadForm(
        { title: 'Truncated', categoryId: String(categoryId) },
        {
          bytes: whole.subarray(0, Math.floor(whole.length / 2)),
          name: 'cut.mp4',
          type: 'video/mp4',
        },
      ),
    );
    expect(truncated.status).toBe(400);
    expect(truncated.body.message).toBe(VIDEO_UPLOAD_MESSAGES.invalidFile);
    expect(await videoRows('Truncated')).toHaveLength(0);
  });

  it('cuts an upload over 100 MB with 413 and stores nothing', async () => {
    const { session } = await member();
    const header = (await mp4()).subarray(0, 64);
    const big = Buffer.concat([header, Buffer.alloc(100 * 1024 * 1024 + 1)]);
    const res = await upload(
      session,
      uploadForm(
        { title: 'Huge', categoryId: String(categoryId) },
        { bytes: big, name: 'huge.mp4', type: 'video/mp4' },
      ),
    );
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(VIDEO_UPLOAD_MESSAGES.fileTooLarge);
    expect(await videoRows('Huge')).toHaveLength(0);
  });

  // A valid link stands in for the file where the rule under test is another field.
  const link = 'https://youtu.be/dQw4w9WgXcQ';
  it.each<[Record<string, string>, string]>([
    [{ categoryId: '1', youtubeUrl: link }, VIDEO_UPLOAD_MESSAGES.titleRequired],
    [{ title: 'x'.repeat(201), categoryId: '1', youtubeUrl: link }, VIDEO_UPLOAD_MESSAGES.titleTooLong],
    [{ title: 'No category', youtubeUrl: link }, VIDEO_UPLOAD_MESSAGES.categoryRequired],
    [{ title: 'Nothing', categoryId: '1' }, VIDEO_UPLOAD_MESSAGES.fileRequired],
    [{ title: 'Bad link', categoryId: '1', youtubeUrl: 'https://vimeo.com/1' }, VIDEO_UPLOAD_MESSAGES.youtubeInvalid],
    [{ title: 'Unknown category', categoryId: '999999', youtubeUrl: link }, VIDEO_UPLOAD_MESSAGES.categoryUnknown],
  ])('refuses %j with the rule’s message', async (fields, message) => {
    const { session } = await member();
    const res = await upload(session, uploadForm(fields));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('answers 401 to a visitor', async () => {
    const res = await upload(new HttpSession(stack.baseUrl), uploadForm({ title: 'x', categoryId: '1' }));
    expect(res.status).toBe(401);
  });
});

describe('verdicts from the media worker', () => {
  it('are applied in any order and more than once, a late failure never undoes ready, and only this video’s own files are published', async () => {
    const { user } = await member();
    const redis = createRedisConnection(stack.env.REDIS_URL as string, 'verdicts-spec');
    const results = new Queue<MediaResultJobData>(MEDIA_QUEUES.results, {
      connection: redis,
      prefix: stack.env.QUEUE_PREFIX,
    });
    try {
      const originalKey = VIDEO_KEYS.original(`verdicts-${user.id}`);
      const id = await withClient(stack.database.url, async (client) => {
        const { rows } = await client.query<{ id: number }>(
          `INSERT INTO video.videos (title, "uploaderId", "originalKey", "processingState") VALUES ('Verdicts', $1, $2, 'processing') RETURNING id`,
          [user.id, originalKey],
        );
        return rows[0]!.id;
      });
      const send = async (verdict: MediaResultJobData, attempt = '') => {
        const job = await results.add(verdict.stage, verdict, {
          jobId: mediaJobId('result', verdict.videoId, `${verdict.stage}${attempt}`),
        });
        await eventually(
          () => job.getState(),
          (state) => state === 'completed',
          15_000,
        );
      };
      const row = async () =>
        withClient(
          stack.database.url,
          async (client) =>
            (
              await client.query<{
                processingState: string;
                hasFileError: boolean;
                playbackKey: string | null;
                thumbnailKey: string | null;
              }>(
                'SELECT "processingState", "hasFileError", "playbackKey", "thumbnailKey" FROM video.videos WHERE id = $1',
                [id],
              )
            ).rows[0],
        );
      const ready = {
        videoId: id,
        stage: 'ready',
        playbackKey: VIDEO_KEYS.playback(id),
        thumbnailKey: VIDEO_KEYS.thumbnail(id),
        durationSeconds: 12,
        reencoded: false,
      } as const;

      // A verdict naming the original, or another video's file, is not this video's copy: ignored.
      await send({ ...ready, playbackKey: originalKey }, '-original');
      await send({ ...ready, playbackKey: VIDEO_KEYS.playback(id + 1) }, '-other');
      await send({ ...ready, thumbnailKey: originalKey }, '-thumbnail');
      expect(await row()).toEqual({
        processingState: 'processing',
        hasFileError: false,
        playbackKey: null,
        thumbnailKey: null,
      });

      await send(ready);
      await send(ready, '-again');
      const published = { processingState: 'ready', hasFileError: false, ...ready } as const;
      const { playbackKey, thumbnailKey, processingState, hasFileError } = published;
      expect(await row()).toEqual({ processingState, hasFileError, playbackKey, thumbnailKey });

      await send({ videoId: id, stage: 'failed', reason: 'transcode-failed', detail: 'a retry gave up late' });
      expect(await row()).toEqual({ processingState, hasFileError, playbackKey, thumbnailKey });

      // A copy written for a video deleted meanwhile has no owner: it is removed.
      const orphanId = id + 1_000_000;
      await storage.upload(VIDEO_KEYS.playback(orphanId), Buffer.from('an orphaned copy'));
      await send({ ...ready, videoId: orphanId, playbackKey: VIDEO_KEYS.playback(orphanId), thumbnailKey: null });
      await eventually(
        () => storage.head(VIDEO_KEYS.playback(orphanId)),
        (head) => head === null,
        30_000,
      );
    } finally {
      await results.close();
      redis.disconnect();
    }
  });
});

describe('YouTube links', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s', 'dQw4w9WgXcQ'],
    ['https://youtu.be/9bZkp7q19f0?si=abc', '9bZkp7q19f0'],
    ['https://youtu.be/kJQP7kiw5Fk#@evil.example', 'kJQP7kiw5Fk'],
    ['https://m.youtube.com/watch?feature=share&v=JGwWNGJdvx8&x=<script>', 'JGwWNGJdvx8'],
  ])('registers %s, ready at once, stored as the canonical link with its preview', async (url, youtubeId) => {
    const { session } = await member();
    const res = await upload(
      session,
      uploadForm({ title: `Link ${youtubeId}`, categoryId: String(categoryId), youtubeUrl: url }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      youtubeUrl: `https://www.youtube.com/watch?v=${youtubeId}`,
      videoUrl: null,
      processingState: 'ready',
      thumbnailUrl: `https://img.youtube.com/vi/${youtubeId}/hqdefault.jpg`,
    });
  });
});

describe('editing, deleting and views', () => {
  async function linkVideo(session: HttpSession, title: string) {
    const res = await upload(
      session,
      uploadForm({
        title,
        categoryId: String(categoryId),
        youtubeUrl: `https://youtu.be/${'a'.repeat(10)}${fixtureCount++ % 10}`,
      }),
    );
    expect(res.status).toBe(201);
    return res.body;
  }

  it('lets only the uploader edit the description', async () => {
    const { session } = await member();
    const { session: other } = await member();
    const video = await linkVideo(session, 'Editable');
    const edited = await session.request<VideoDto>('PATCH', `/api/videos/${video.id}`, {
      json: { description: 'Watch my left foot' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.description).toBe('Watch my left foot');
    const forbidden = await other.request<{ message: string }>('PATCH', `/api/videos/${video.id}`, {
      json: { description: 'vandalism' },
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe(VIDEO_UPLOAD_MESSAGES.notUploader);
    const tooLong = await session.request<{ message: string }>('PATCH', `/api/videos/${video.id}`, {
      json: { description: 'x'.repeat(5001) },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe(VIDEO_UPLOAD_MESSAGES.descriptionTooLong);
  });

  it('lets the uploader or an admin delete, removing the stored files', async () => {
    const { session } = await member();
    const { session: other } = await member();
    const { session: admin } = await signIn(stack.baseUrl, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    const fileVideo = (
      await upload(
        session,
        uploadForm(
          { title: 'Doomed file', categoryId: String(categoryId) },
          { bytes: await mp4(), name: 'd.mp4', type: 'video/mp4' },
        ),
      )
    ).body;
    const ready = await eventually(
      async () => (await session.get<VideoDto>(`/api/videos/${fileVideo.id}`)).body,
      (video) => video.processingState === 'ready',
      60_000,
    );
    const keys = await withClient(stack.database.url, async (client) => {
      const { rows } = await client.query<{ originalKey: string; playbackKey: string; thumbnailKey: string }>(
        'SELECT "originalKey", "playbackKey", "thumbnailKey" FROM video.videos WHERE id = $1',
        [ready.id],
      );
      return Object.values(rows[0]!);
    });
    expect(keys.every(Boolean)).toBe(true);

    expect((await other.delete(`/api/videos/${ready.id}`)).status).toBe(403);
    expect((await session.delete(`/api/videos/${ready.id}`)).status).toBe(204);
    expect((await session.get(`/api/videos/${ready.id}`)).status).toBe(404);
    await eventually(
      () => Promise.all(keys.map((key) => storage.head(key))),
      (heads) => heads.every((head) => head === null),
      30_000,
    );

    const linkOfOther = await linkVideo(other, 'Moderated');
    expect((await admin.delete(`/api/videos/${linkOfOther.id}`)).status).toBe(204);
    expect((await admin.delete(`/api/videos/${linkOfOther.id}`)).status).toBe(404);
  });

  it('counts a view once per viewer per day', async () => {
    const { session } = await member();
    const video = await linkVideo(session, 'Viewed');
    const visitor = new HttpSession(stack.baseUrl);
    const first = await visitor.get<VideoDto>(`/api/videos/${video.id}`);
    const second = await visitor.get<VideoDto>(`/api/videos/${video.id}`);
    expect(first.body.views).toBe(1);
    expect(second.body.views).toBe(1);
    expect((await session.get<VideoDto>(`/api/videos/${video.id}`)).body.views).toBe(2);
    expect((await new HttpSession(stack.baseUrl).get(`/api/videos/abc`)).status).toBe(404);
    expect((await new HttpSession(stack.baseUrl).get(`/api/videos/99999999`)).status).toBe(404);
  });

  it('answers pages opened at the same moment each with its own video, counting each viewer once', async () => {
    const { session } = await member();
    const a = await linkVideo(session, 'Opened together A');
    const b = await linkVideo(session, 'Opened together B');
    // Visitors told apart by their browser (same address): the gateway reads these requests in the
    // same turns of its event loop and gathers them into shared calls to the catalog and video services.
    const look = async (id: number, browser: string) => {
      const res = await fetch(`${stack.baseUrl}/api/videos/${id}`, { headers: { 'user-agent': browser } });
      return { status: res.status, video: res.status === 200 ? ((await res.json()) as VideoDto) : null };
    };
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) => look(a.id, `Browser ${i}/1.0`)),
      ...Array.from({ length: 4 }, (_, i) => look(b.id, `Browser ${i}/1.0`)),
      look(a.id, 'Browser 0/1.0'), // the same visitor again, at the same moment
      look(99_999_999, 'Browser 0/1.0'),
    ]);
    expect(answers.map((answer) => answer.video?.title ?? answer.status)).toEqual([
      ...Array<string>(8).fill('Opened together A'),
      ...Array<string>(4).fill('Opened together B'),
      'Opened together A',
      404,
    ]);
    // Each viewer's own view is in their answer.
    for (const answer of answers.slice(0, 8)) expect(answer.video?.views).toBeGreaterThanOrEqual(1);
    expect(answers.slice(0, 8).every((answer) => (answer.video?.views ?? 0) <= 8)).toBe(true);
    expect(answers.slice(8, 12).every(({ video }) => (video?.views ?? 0) >= 1 && (video?.views ?? 0) <= 4)).toBe(true);
    // Every viewer counted once: eight of A, four of B.
    expect((await look(a.id, 'Browser 0/1.0')).video?.views).toBe(8);
    expect((await look(b.id, 'Browser 0/1.0')).video?.views).toBe(4);
  });

  it('counts a visitor without cookies once per address and browser, whatever cookie they invent', async () => {
    const { session } = await member();
    const video = await linkVideo(session, 'Seen by visitors');
    const look = async (userAgent: string, cookie?: string) => {
      const res = await fetch(`${stack.baseUrl}/api/videos/${video.id}`, {
        headers: { 'user-agent': userAgent, ...(cookie ? { cookie } : {}) },
      });
      expect(res.headers.getSetCookie()).toEqual([]);
      return ((await res.json()) as VideoDto).views;
    };
    const seen = [];
    for (let i = 0; i < 5; i += 1) seen.push(await look('Browser A/1.0'));
    expect(seen).toEqual([1, 1, 1, 1, 1]);
    expect(await look('Browser A/1.0', 'vf.viewer=0b3c8a4e-5f6d-4e7a-9b8c-1d2e3f4a5b6c')).toBe(1);
    expect(await look('Browser B/2.0')).toBe(2);
    expect(await look('Browser B/2.0')).toBe(2);
  });
});
