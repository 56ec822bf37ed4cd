import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readdir, readFile } from 'node:fs/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { HttpSession, linkYoutubeVideo, REPO_ROOT, signUpMember, startStack, type TestStack } from '@app/testing';

// Compression as a browser receives it through the real gateway: the SPA's text files sent as the
// build precompressed them, per Accept-Encoding, byte for byte the built file once decoded (the
// shell, rendered per response with its CSP nonce, compressed as it is sent); JSON
// answers over 1 KB compressed on the fly; images and the notification stream never.
const DIST = resolve(REPO_ROOT, 'frontend/dist');
const BROWSER = 'gzip, deflate, br, zstd';

let stack: TestStack;
let member: Awaited<ReturnType<typeof signUpMember>>;

beforeAll(async () => {
  stack = await startStack('compression', ['gateway', 'auth', 'catalog', 'video', 'notifications']);
  member = await signUpMember(stack.baseUrl);
  const categories = (await new HttpSession(stack.baseUrl).get<{ id: number }[]>('/api/categories')).body;
  for (let i = 1; i <= 4; i++)
    await linkYoutubeVideo(member.session, { title: `Compressed clip ${i}`, categoryId: categories[0]!.id });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as they came over the wire, not decoded. */
  body: Buffer;
}

/** A request whose body is not decoded (fetch would undo the encoding under test). */
function raw(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  return new Promise((done, fail) => {
    const req = http.request(`${stack.baseUrl}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

function decoded(res: RawResponse): Buffer {
  switch (res.headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(res.body);
    case 'gzip':
      return gunzipSync(res.body);
    case undefined:
      return res.body;
    default:
      throw new Error(`unexpected Content-Encoding ${res.headers['content-encoding']}`);
  }
}

/** A page's text with every nonce attribute's value left out. */
const withoutNonces = (html: Buffer) => html.toString('utf8').replace(/ nonce="[^"]*"/g, ' nonce');

/** The shell's largest script (its entry may be a few bytes that only import it) and its stylesheet. */
async function builtAssets(): Promise<{ script: string; stylesheet: string }> {
  const shell = await readFile(join(DIST, 'index.html'), 'utf8');
  const scripts = [...shell.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const sizes = await Promise.all(scripts.map(async (path) => (await readFile(join(DIST, path))).length));
  const script = scripts[sizes.indexOf(Math.max(...sizes))];
  const stylesheet = /<link[^>]+rel="stylesheet"[^>]+href="(\/assets\/[^"]+\.css)"/.exec(shell)?.[1];
  expect({ script, stylesheet }).toEqual({ script: expect.any(String), stylesheet: expect.any(String) });
  return { script: script!, stylesheet: stylesheet! };
}

describe('the web app’s text files', () => {
  it('come as brotli, gzip or as they are per Accept-Encoding, each decoding to the built file', async () => {
    const { script, stylesheet } = await builtAssets();
    const files: [path: string, file: string, type: string, cacheControl: string][] = [
      [script, script, 'text/javascript; charset=utf-8', 'public, max-age=31536000, immutable'],
      [stylesheet, stylesheet, 'text/css; charset=utf-8', 'public, max-age=31536000, immutable'],
      ['/zod-jitless.js', '/zod-jitless.js', 'text/javascript; charset=utf-8', 'no-cache'],
      ['/index.html', '/index.html', 'text/html; charset=utf-8', 'no-cache'],
      // The shell through the SPA fallback: the app's own routes.
      ['/', '/index.html', 'text/html; charset=utf-8', 'no-cache'],
      ['/saved-videos', '/index.html', 'text/html; charset=utf-8', 'no-cache'],
    ];
    const cases: [acceptEncoding: string | undefined, encoding: string | undefined][] = [
      [BROWSER, 'br'],
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip, br;q=0', 'gzip'],
      ['br;q=0.5, gzip', 'gzip'],
      ['*', 'br'],
      ['identity', undefined],
      [undefined, undefined],
    ];
    for (const [path, file, type, cacheControl] of files) {
      const built = await readFile(join(DIST, file));
      // The shell is rendered per response with its own CSP nonce in place of the build's placeholder.
      const shell = file === '/index.html';
      for (const [acceptEncoding, encoding] of cases) {
        const res = await raw(path, acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding });
        expect({
          path,
          acceptEncoding,
          status: res.status,
          encoding: res.headers['content-encoding'],
          type: res.headers['content-type'],
          vary: res.headers.vary,
          cacheControl: res.headers['cache-control'],
          length: Number(res.headers['content-length']),
        }).toEqual({
          path,
          acceptEncoding,
          status: 200,
          encoding,
          type,
          vary: expect.stringMatching(/accept-encoding/i),
          cacheControl,
          length: res.body.length,
        });
        if (shell) expect(withoutNonces(decoded(res))).toBe(withoutNonces(built));
        else expect(decoded(res).equals(built)).toBe(true);
        if (encoding) expect(res.body.length).toBeLessThan(built.length);
      }
    }
  });

  it('answer HEAD, byte ranges and conditional requests on the encoding sent', async () => {
    const { script } = await builtAssets();
    const br = await readFile(join(DIST, `${script}.br`));

    const head = await raw(script, { 'accept-encoding': BROWSER }, 'HEAD');
    expect({ status: head.status, encoding: head.headers['content-encoding'], bytes: head.body.length }).toEqual({
      status: 200,
      encoding: 'br',
      bytes: 0,
    });
    expect(Number(head.headers['content-length'])).toBe(br.length);

    const range = await raw(script, { 'accept-encoding': BROWSER, range: 'bytes=0-99' });
    expect({
      status: range.status,
      encoding: range.headers['content-encoding'],
      contentRange: range.headers['content-range'],
    }).toEqual({
      status: 206,
      encoding: 'br',
      contentRange: `bytes 0-99/${br.length}`,
    });
    expect(range.body.equals(br.subarray(0, 100))).toBe(true);
    const plainRange = await raw(script, { range: 'bytes=10-19' });
    expect(plainRange.status).toBe(206);
    expect(plainRange.body.equals((await readFile(join(DIST, script))).subarray(10, 20))).toBe(true);

    // Each encoding is its own representation: its own validator, revalidated on its own.
    const brotli = await raw(script, { 'accept-encoding': 'br' });
    const gzip = await raw(script, { 'accept-encoding': 'gzip' });
    const plain = await raw(script);
    const etags = [brotli, gzip, plain].map((res) => res.headers.etag);
    expect(new Set(etags).size).toBe(3);
    const again = await raw(script, { 'accept-encoding': 'br', 'if-none-match': brotli.headers.etag! });
    expect({ status: again.status, bytes: again.body.length }).toEqual({ status: 304, bytes: 0 });
    const other = await raw(script, { 'accept-encoding': 'br', 'if-none-match': gzip.headers.etag! });
    expect(other.status).toBe(200);
  });

  it('leave images as they are', async () => {
    const image = `/assets/${(await readdir(join(DIST, 'assets'))).find((name) => name.endsWith('.webp'))}`;
    const res = await raw(image, { 'accept-encoding': BROWSER });
    expect({
      status: res.status,
      encoding: res.headers['content-encoding'],
      type: res.headers['content-type'],
    }).toEqual({
      status: 200,
      encoding: undefined,
      type: 'image/webp',
    });
    expect(res.body.equals(await readFile(join(DIST, image)))).toBe(true);
  });
});

describe('JSON answers', () => {
  it('over 1 KB are compressed per Accept-Encoding; the same JSON once decoded', async () => {
    const path = '/api/videos?limit=12';
    const plain = await raw(path);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    for (const [acceptEncoding, encoding] of [
      [BROWSER, 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const res = await raw(path, { 'accept-encoding': acceptEncoding });
      expect({
        acceptEncoding,
        status: res.status,
        encoding: res.headers['content-encoding'],
        type: res.headers['content-type'],
        vary: res.headers.vary,
      }).toEqual({
        acceptEncoding,
        status: 200,
        encoding,
        type: 'application/json; charset=utf-8',
        vary: expect.stringMatching(/accept-encoding/i),
      });
      expect(decoded(res).equals(plain.body)).toBe(true);
      if (encoding) expect(res.body.length).toBeLessThan(plain.body.length / 2);
    }
  });

  it('keep one validator across encodings: a compressed answer revalidates to 304', async () => {
    const path = '/api/videos?limit=12';
    const first = await raw(path, { 'accept-encoding': BROWSER });
    expect(first.headers['content-encoding']).toBe('br');
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^W\//);
    for (const acceptEncoding of [BROWSER, 'identity']) {
      const again = await raw(path, { 'accept-encoding': acceptEncoding, 'if-none-match': etag });
      expect({ acceptEncoding, status: again.status, bytes: again.body.length }).toEqual({
        acceptEncoding,
        status: 304,
        bytes: 0,
      });
    }
  });

  it('of 1 KB or less go as they are', async () => {
    const path = '/api/videos?limit=1';
    const res = await raw(path, { 'accept-encoding': BROWSER });
    expect({ status: res.status, encoding: res.headers['content-encoding'] }).toEqual({
      status: 200,
      encoding: undefined,
    });
    expect(res.body.length).toBeLessThanOrEqual(1024);
    expect(JSON.parse(res.body.toString('utf8'))).toHaveLength(1);
  });
});

describe('the notification stream', () => {
  it('is never compressed: its first event arrives as sent, before the stream ends', async () => {
    const cookie = `vf.sid=${member.session.cookie('vf.sid')}`;
    const first = await new Promise<{ headers: IncomingHttpHeaders; chunk: string }>((done, fail) => {
      const req = http.request(
        `${stack.baseUrl}/api/notifications/stream`,
        { headers: { cookie, accept: 'text/event-stream', 'accept-encoding': BROWSER } },
        (res) => {
          res.once('data', (chunk: Buffer) => {
            done({ headers: res.headers, chunk: chunk.toString('utf8') });
            req.destroy();
          });
          res.on('error', fail);
        },
      );
      req.on('error', (error) => (req.destroyed ? undefined : fail(error)));
      req.setTimeout(10_000, () => fail(new Error('no event within 10 s')));
      req.end();
    });
    expect({
      type: first.headers['content-type'],
      encoding: first.headers['content-encoding'],
    }).toEqual({ type: 'text/event-stream; charset=utf-8', encoding: undefined });
    expect(first.chunk).toMatch(/^retry: \d+\n\n/);
  });
});
