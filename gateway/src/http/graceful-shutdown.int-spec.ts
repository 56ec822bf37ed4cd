import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request as httpRequest } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { VideoDto } from '@app/contracts';
import { HttpSession, makeTestVideo, newUserFields, startStack, type TestStack } from '@app/testing';
import { SESSION_COOKIE } from '../auth/session.setup.js';

// SIGTERM to the gateway: it stops taking new connections, lets the requests it is serving
// finish (an upload still arriving included), then exits by itself.
let stack: TestStack;
let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'gateway-drain-'));
  stack = await startStack('gateway-drain', ['gateway', 'auth', 'catalog', 'video'], { PROBE_WAIT_MAX_MS: '0' });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** A multipart upload whose body the test sends in two halves, whenever it likes. */
function startSlowUpload(port: number, cookie: string, categoryId: number, file: Buffer) {
  const boundary = `----drain${Date.now()}`;
  const head = Buffer.from(
    [
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nUploaded while the gateway stops\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="categoryId"\r\n\r\n${categoryId}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="clip.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    ].join(''),
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const half = Math.floor(file.length / 2);
  const req = httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/videos',
    headers: {
      cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + file.length + tail.length,
    },
  });
  const response = new Promise<{ status: number; connection?: string; body: VideoDto }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          connection: res.headers.connection,
          body: JSON.parse(text) as VideoDto,
        }),
      );
    });
    req.on('error', reject);
  });
  req.write(Buffer.concat([head, file.subarray(0, half)]));
  return { response, finish: () => req.end(Buffer.concat([file.subarray(half), tail])) };
}

/** GET /healthz on a new connection: undefined when answered, else the connection error's code. */
function probeNewConnection(port: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: '/healthz', agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(undefined));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end();
  });
}

describe('gateway shutdown', () => {
  it('finishes an upload in flight, refuses new connections, and exits by itself', async () => {
    const session = new HttpSession(stack.baseUrl);
    expect((await session.post('/api/auth/register', newUserFields())).status).toBe(201);
    const categoryId = (await session.get<{ id: number }[]>('/api/categories')).body[0]!.id;
    const file = await readFile(await makeTestVideo(join(scratch, 'clip.mp4'), { seconds: 2 }));
    const gateway = stack.apps.get('gateway')![0]!;

    const upload = startSlowUpload(
      gateway.port,
      `${SESSION_COOKIE}=${session.cookie(SESSION_COOKIE)}`,
      categoryId,
      file,
    );
    // Half the file is on its way; the gateway is told to stop.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stopped = gateway.stop();

    // New connections are refused from now on (each probe opens a connection of its own)…
    // (one caught in the listen backlog as the listener closes is reset instead).
    let refusal: string | undefined;
    for (let i = 0; i < 50 && refusal !== 'ECONNREFUSED'; i += 1) {
      refusal = await probeNewConnection(gateway.port);
      if (refusal !== 'ECONNREFUSED') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(refusal).toBe('ECONNREFUSED');

    // …while the upload already under way is served to the end.
    upload.finish();
    const { status, connection, body } = await upload.response;
    expect(status).toBe(201);
    // Said on a kept-alive connection: the client must not send its next request here.
    expect(connection).toBe('close');
    expect(body).toMatchObject({ title: 'Uploaded while the gateway stops', youtubeUrl: null });
    await stopped;
    expect(gateway.process.signalCode).not.toBe('SIGKILL');

    // Nothing half-written: another gateway serves the uploader their stored original (no
    // worker runs here, so it is still being processed and only its uploader may play it).
    const next = await stack.addReplica('gateway');
    const fresh = new HttpSession(`http://127.0.0.1:${next.port}`);
    expect((await fresh.get<VideoDto>(`/api/videos/${body.id}`)).status).toBe(200);
    const stream = await fetch(`http://127.0.0.1:${next.port}/api/videos/${body.id}/stream`, {
      headers: { range: 'bytes=0-', cookie: `${SESSION_COOKIE}=${session.cookie(SESSION_COOKIE)}` },
    });
    expect([200, 206]).toContain(stream.status);
    expect(Buffer.from(await stream.arrayBuffer()).equals(file)).toBe(true);
  }, 60_000);
});
