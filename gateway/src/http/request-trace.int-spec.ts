import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UserDto, VideoDto } from '@app/contracts';
import {
  eventually,
  HttpSession,
  makeTestVideo,
  newUserFields,
  startStack,
  jsonLogLines,
  type LogLine,
  type TestAppName,
  type TestStack,
} from '@app/testing';

// One request id, from the client's X-Request-Id through the gateway, the NATS call, the
// service, the media jobs it queued and the domain events it caused: every process's JSON log
// lines for that work carry it.
let stack: TestStack;
let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'request-trace-'));
  stack = await startStack('request-trace', ['gateway', 'auth', 'catalog', 'video', 'feedback', 'media-worker'], {
    LOG_LEVEL: 'debug',
  });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** The JSON lines of the stack's first replica of an app. */
function logLines(name: TestAppName): LogLine[] {
  return jsonLogLines(stack.apps.get(name)![0]!);
}

const tracedBy = (requestId: string) => (line: LogLine) =>
  line.requestId === requestId || (Array.isArray(line.requestIds) && line.requestIds.includes(requestId));

describe('request ids in the logs', () => {
  it('answers the caller’s id, or a fresh one when it is missing or not a plain token', async () => {
    const session = new HttpSession(stack.baseUrl);
    const given = await session.request('GET', '/api/categories', { headers: { 'x-request-id': 'client-abc.123' } });
    expect(given.headers.get('x-request-id')).toBe('client-abc.123');

    const fresh = await session.get('/api/categories');
    const bad = await session.request('GET', '/api/categories', {
      headers: { 'x-request-id': 'has spaces & "quotes"' },
    });
    for (const res of [fresh, bad]) expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(fresh.headers.get('x-request-id')).not.toBe(bad.headers.get('x-request-id'));

    // Every line is JSON; the gateway's access line and the catalog's handler line name the id.
    const access = await eventually(
      async () => logLines('gateway').filter(tracedBy('client-abc.123')),
      (lines) => lines.some((line) => line.msg === 'request'),
    );
    expect(access.find((line) => line.msg === 'request')).toMatchObject({
      app: 'gateway',
      level: 'info',
      method: 'GET',
      path: '/api/categories',
      status: 200,
    });
    expect(logLines('catalog').filter(tracedBy('client-abc.123'))).toContainEqual(
      expect.objectContaining({ app: 'catalog', msg: 'handled', outcome: 'ok' }),
    );
  });

  it('follows an upload into the media jobs and a feedback into the event consumers', async () => {
    const uploader = new HttpSession(stack.baseUrl);
    const register = await uploader.request<UserDto>('POST', '/api/auth/register', {
      json: newUserFields(),
      headers: { 'x-request-id': 'trace-register' },
    });
    expect(register.status).toBe(201);
    // Registration is the auth service's work: its handler line carries the gateway's id.
    expect(logLines('auth').filter(tracedBy('trace-register'))).toContainEqual(
      expect.objectContaining({ msg: 'handled', outcome: 'ok' }),
    );

    const categoryId = (await uploader.get<{ id: number }[]>('/api/categories')).body[0]!.id;
    const path = await makeTestVideo(join(scratch, 'clip.mp4'), { seconds: 2 });
    const form = new FormData();
    form.append('title', 'Traced upload');
    form.append('categoryId', String(categoryId));
    form.append('video', new Blob([new Uint8Array(await readFile(path))], { type: 'video/mp4' }), 'clip.mp4');
    const upload = await uploader.request<VideoDto>('POST', '/api/videos', {
      form,
      headers: { 'x-request-id': 'trace-upload' },
    });
    expect(upload.status).toBe(201);
    await eventually(
      async () => (await uploader.get<VideoDto>(`/api/videos/${upload.body.id}`)).body.processingState,
      (state) => state === 'ready',
      60_000,
    );
    // The worker's probe and transcode jobs, and the video service applying their verdicts.
    const workerJobs = await eventually(
      async () => logLines('media-worker').filter(tracedBy('trace-upload')),
      (lines) =>
        ['media-probe', 'media-transcode'].every((queue) =>
          lines.some((line) => line.queue === queue && line.msg === 'job completed'),
        ),
    );
    expect(workerJobs.every((line) => line.app === 'media-worker')).toBe(true);
    await eventually(
      async () => logLines('video').filter(tracedBy('trace-upload')),
      (lines) =>
        lines.some((line) => line.msg === 'handled') &&
        lines.some((line) => line.queue === 'media-results' && line.msg === 'job completed'),
    );

    const reviewer = new HttpSession(stack.baseUrl);
    expect((await reviewer.post('/api/auth/register', newUserFields())).status).toBe(201);
    const feedback = await reviewer.request('POST', `/api/videos/${upload.body.id}/feedback`, {
      json: { content: 'Keep your elbow higher at 0:01' },
      headers: { 'x-request-id': 'trace-feedback' },
    });
    expect(feedback.status).toBe(201);
    // The feedback.created event reaches the consumer in each service that keeps numbers from it.
    for (const [name, queue] of [
      ['video', 'events-video-feedback-stats'],
      ['auth', 'events-reputation'],
    ] as const) {
      await eventually(
        async () => logLines(name).filter(tracedBy('trace-feedback')),
        (lines) => lines.some((line) => line.queue === queue && line.msg === 'job completed'),
      );
    }
  }, 120_000);
});
