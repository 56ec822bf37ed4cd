import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { Agent, get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UserDto, VideoDto } from '@app/contracts';
import {
  eventually,
  HttpSession,
  linkYoutubeVideo,
  makeTestVideo,
  promoteToAdmin,
  signUpMember,
  startStack,
  youtubeLinkForm,
  type HttpResult,
  type TestStack,
} from '@app/testing';

// The HTTP edge through the real gateway and every service: security headers on every kind of
// response, the cross-site request guard, caching of personal and static answers, and what the
// public readiness probe tells.
const EVIL = 'https://evil.example';
const CROSS_SITE = { message: 'Cross-site requests are not allowed' };

let stack: TestStack;
let scratch: string;
let uploader: { session: HttpSession; user: UserDto };
let reviewer: { session: HttpSession; user: UserDto };
let admin: { session: HttpSession; user: UserDto };
let categoryId: number;
let fileVideo: VideoDto;
let profileImageUrl: string;

// A real 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'http-edge-'));
  stack = await startStack('http-edge', [
    'gateway',
    'auth',
    'catalog',
    'video',
    'feedback',
    'admin',
    'notifications',
    'media-worker',
  ]);
  uploader = await signUpMember(stack.baseUrl);
  reviewer = await signUpMember(stack.baseUrl);
  admin = await signUpMember(stack.baseUrl);
  await promoteToAdmin(stack.envFor('auth'), admin.user.email!);
  categoryId = (await uploader.session.get<{ id: number }[]>('/api/categories')).body[0]!.id;

  const clip = await makeTestVideo(join(scratch, 'clip.mp4'), { seconds: 1 });
  const form = new FormData();
  form.append('title', 'Edge upload');
  form.append('categoryId', String(categoryId));
  form.append('video', new Blob([new Uint8Array(await readFile(clip))], { type: 'video/mp4' }), 'clip.mp4');
  const upload = await uploader.session.request<VideoDto>('POST', '/api/videos', { form });
  expect(upload.status).toBe(201);
  fileVideo = await eventually(
    async () => (await uploader.session.get<VideoDto>(`/api/videos/${upload.body.id}`)).body,
    (video) => video.processingState === 'ready' && video.thumbnailUrl !== null,
    60_000,
  );

  const picture = new FormData();
  picture.append('profileImage', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'me.png');
  const withPicture = await uploader.session.request<UserDto>('POST', '/api/users/profile/image', { form: picture });
  expect(withPicture.status).toBe(200);
  profileImageUrl = withPicture.body.profileImageUrl!;
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

const visitor = () => new HttpSession(stack.baseUrl);
const header = (res: HttpResult, name: string) => res.headers.get(name);

/** The built SPA's hashed entry script, as index.html names it. */
async function entryScript(): Promise<string> {
  const shell = await visitor().get<string>('/');
  const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(shell.body)?.[1];
  expect(script).toBeDefined();
  return script!;
}

/** User content served as files: their own CSP may replace the app's. */
const MEDIA = new Set(['stream', 'thumbnail', 'profile image']);

describe('security headers', () => {
  it('are on every kind of response: HTML, assets, API JSON, media, images, errors, the queue board', async () => {
    const responses: [string, HttpResult][] = [
      ['app shell', await visitor().get('/')],
      ['client-side route', await visitor().get(`/video/${fileVideo.id}`)],
      ['index.html', await visitor().get('/index.html')],
      ['asset', await visitor().get(await entryScript())],
      ['API JSON', await visitor().get('/api/categories')],
      ['stream', await uploader.session.request('GET', fileVideo.videoUrl!, { headers: { range: 'bytes=0-99' } })],
      ['thumbnail', await visitor().get(fileVideo.thumbnailUrl!)],
      ['profile image', await visitor().get(profileImageUrl)],
      ['API 404', await visitor().get('/api/no-such-thing')],
      ['API 401', await visitor().get('/api/auth/user')],
      ['CSRF 403', await uploader.session.request('POST', '/api/bookmarks', { json: {}, headers: { origin: EVIL } })],
      ['queue board', await admin.session.get('/admin/queues')],
      ['queue board API', await admin.session.get('/admin/queues/api/queues')],
      ['queue board 401', await visitor().get('/admin/queues')],
    ];
    for (const [what, res] of responses) {
      expect({ what, status: res.status < 500 }).toEqual({ what, status: true });
      const csp = header(res, 'content-security-policy') ?? '';
      expect({
        what,
        nosniff: header(res, 'x-content-type-options'),
        referrer: header(res, 'referrer-policy'),
        frameOptions: header(res, 'x-frame-options'),
        poweredBy: header(res, 'x-powered-by'),
        // Plain HTTP with no trusted proxy: HSTS would be ignored and is not sent.
        hsts: header(res, 'strict-transport-security'),
      }).toEqual({
        what,
        nosniff: 'nosniff',
        referrer: 'strict-origin-when-cross-origin',
        frameOptions: 'DENY',
        poweredBy: null,
        hsts: null,
      });
      // A media route may answer with a stricter policy of its own (`sandbox`: opened directly, the
      // file runs nothing); every other response carries the app's.
      if (MEDIA.has(what) && /(^|;)\s*sandbox\b/.test(csp)) continue;
      // The board resolves its assets against a <base href> to itself; nothing else may set one.
      const baseUri = what.startsWith('queue board') ? "base-uri 'self'" : "base-uri 'none'";
      for (const directive of [
        "default-src 'self'",
        "object-src 'none'",
        baseUri,
        "form-action 'self'",
        "frame-ancestors 'none'",
      ]) {
        expect({ what, csp }).toEqual({ what, csp: expect.stringContaining(directive) });
      }
    }
    const shell = responses[0]![1];
    expect(header(shell, 'content-type')).toContain('text/html');
    expect(header(shell, 'content-security-policy')).not.toContain('unsafe-inline');
    expect(header(shell, 'content-security-policy')).toContain('frame-src https://www.youtube-nocookie.com');
    // The board's own page keeps its inline styles; scripts stay 'self' there too.
    const board = responses.find(([what]) => what === 'queue board')![1];
    expect(board.status).toBe(200);
    expect(header(board, 'content-security-policy')).toContain("style-src 'self' 'unsafe-inline'");
    expect(header(board, 'content-security-policy')).not.toMatch(/script-src[^;]*unsafe/);
  });

  it('give each load of the app shell a nonce of its own, named in its policy; other responses keep the plain policy', async () => {
    /** The nonces on the shell's tags and its csp-nonce meta tag, and those its policy names. */
    const nonces = async (path: string) => {
      // A revalidation too must get the page anew, never a 304 for a copy with an old nonce.
      const res = await visitor().request<string>('GET', path, { headers: { 'if-none-match': '*' } });
      expect({ path, status: res.status, etag: header(res, 'etag') }).toEqual({ path, status: 200, etag: null });
      const inHtml = new Set([...res.body.matchAll(/ nonce="([^"]*)"/g)].map((match) => match[1]!));
      const csp = header(res, 'content-security-policy') ?? '';
      const directive = (name: string) => new RegExp(`(?:^|;)\\s*${name} ([^;]*)`).exec(csp)?.[1];
      return { inHtml: [...inHtml], styleSrc: directive('style-src'), scriptSrc: directive('script-src'), csp };
    };
    const first = await nonces('/');
    const second = await nonces('/');
    const route = await nonces(`/video/${fileVideo.id}`);
    const index = await nonces('/index.html');
    for (const shell of [first, second, route, index]) {
      // One nonce on every tag (the built shell has script, stylesheet and meta tags), 128 bits or more.
      expect(shell.inHtml).toHaveLength(1);
      const nonce = shell.inHtml[0]!;
      expect(Buffer.from(nonce, 'base64').length).toBeGreaterThanOrEqual(16);
      expect(shell.styleSrc).toBe(`'self' 'nonce-${nonce}'`);
      expect(shell.scriptSrc).toBe(`'self' 'nonce-${nonce}'`);
      expect(shell.csp).not.toContain('unsafe-inline');
    }
    expect(new Set([first, second, route, index].map((shell) => shell.inHtml[0])).size).toBe(4);
    // An asset, an API answer and an error: the policy without a nonce, styles and scripts from the app only.
    for (const res of [
      await visitor().get(await entryScript()),
      await visitor().get('/api/categories'),
      await visitor().get('/api/no-such-thing'),
    ]) {
      const csp = header(res, 'content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).not.toMatch(/nonce-|style-src|script-src/);
    }
  });

  it('never sends HSTS over plain HTTP, even when an untrusted client claims X-Forwarded-Proto: https', async () => {
    const res = await visitor().request('GET', '/api/categories', { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.status).toBe(200);
    expect(header(res, 'strict-transport-security')).toBeNull();
  });
});

describe('requests from other sites (CSRF)', () => {
  it('refuses a multipart upload, a body-less vote and a JSON write whose Origin is another site', async () => {
    const before = (await visitor().get<VideoDto[]>(`/api/videos?uploaderId=${uploader.user.id}&limit=100`)).body;
    const upload = await uploader.session.request('POST', '/api/videos', {
      form: youtubeLinkForm({ title: 'Forged upload', categoryId }),
      headers: { origin: EVIL },
    });
    expect({ status: upload.status, body: upload.body }).toEqual({ status: 403, body: CROSS_SITE });
    const after = (await visitor().get<VideoDto[]>(`/api/videos?uploaderId=${uploader.user.id}&limit=100`)).body;
    expect(after.map((video) => video.id)).toEqual(before.map((video) => video.id));

    const forgedFeedback = await reviewer.session.request('POST', `/api/videos/${fileVideo.id}/feedback`, {
      json: { content: 'Forged feedback' },
      headers: { origin: EVIL },
    });
    expect({ status: forgedFeedback.status, body: forgedFeedback.body }).toEqual({ status: 403, body: CROSS_SITE });
    // Without any browser header (an API client, curl) the same request works.
    const feedback = await reviewer.session.post<{ id: number }>(`/api/videos/${fileVideo.id}/feedback`, {
      content: 'Keep the racket head up',
    });
    expect(feedback.status).toBe(201);

    const forgedVote = await uploader.session.request('POST', `/api/feedback/${feedback.body.id}/vote`, {
      headers: { origin: EVIL },
    });
    expect({ status: forgedVote.status, body: forgedVote.body }).toEqual({ status: 403, body: CROSS_SITE });
    // From the app's own page (Origin = the address it was served from) the vote counts.
    const vote = await uploader.session.request('POST', `/api/feedback/${feedback.body.id}/vote`, {
      headers: { origin: stack.baseUrl },
    });
    expect(vote.status).toBe(201);

    const forgedProfile = await uploader.session.request('PUT', '/api/users/profile', {
      json: { firstName: 'Forged', lastName: 'Name' },
      headers: { origin: EVIL },
    });
    expect(forgedProfile.status).toBe(403);
    const forgedDelete = await uploader.session.request('DELETE', `/api/videos/${fileVideo.id}`, {
      headers: { origin: EVIL },
    });
    expect(forgedDelete.status).toBe(403);
    expect((await visitor().get(`/api/videos/${fileVideo.id}`)).status).toBe(200);
    expect((await uploader.session.get<UserDto>('/api/auth/user')).body.firstName).toBe(uploader.user.firstName);
  });

  it('decides by Sec-Fetch-Site when the browser sends it: same-origin passes, same-site and cross-site do not', async () => {
    const bookmark = (site: string, origin?: string) =>
      reviewer.session.request('POST', '/api/bookmarks', {
        json: { videoId: fileVideo.id },
        headers: { 'sec-fetch-site': site, ...(origin ? { origin } : {}) },
      });
    for (const site of ['cross-site', 'same-site']) {
      const refused = await bookmark(site);
      expect({ site, status: refused.status, body: refused.body }).toEqual({ site, status: 403, body: CROSS_SITE });
    }
    expect((await reviewer.session.get<VideoDto[]>('/api/bookmarks')).body).toEqual([]);
    expect((await bookmark('same-origin', stack.baseUrl)).status).toBe(201);
    // A typed address or bookmark ("none") is the user's own doing.
    expect((await bookmark('none')).status).toBe(201);
    expect((await reviewer.session.get<VideoDto[]>('/api/bookmarks')).body.map((video) => video.id)).toEqual([
      fileVideo.id,
    ]);
    const forgedRemove = await reviewer.session.request('DELETE', `/api/bookmarks/${fileVideo.id}`, {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(forgedRemove.status).toBe(403);
    expect((await reviewer.session.get<VideoDto[]>('/api/bookmarks')).body).toHaveLength(1);
  });

  it('lets requests without browser headers through unchanged', async () => {
    const { session } = await signUpMember(stack.baseUrl);
    const video = await linkYoutubeVideo(session, { title: 'From an API client', categoryId });
    expect(video.title).toBe('From an API client');
    const renamed = await session.put<UserDto>('/api/users/profile', { firstName: 'Robin', lastName: 'Jordan' });
    expect(renamed.body.firstName).toBe('Robin');
  });

  it('keeps the session when another site links to GET /api/logout; the app itself still signs out there', async () => {
    const { session } = await signUpMember(stack.baseUrl);
    for (const site of ['cross-site', 'same-site']) {
      const res = await session.request('GET', '/api/logout', { headers: { 'sec-fetch-site': site } });
      expect({ site, status: res.status, location: header(res, 'location') }).toEqual({
        site,
        status: 302,
        location: '/',
      });
      expect({ site, signedIn: (await session.get('/api/auth/user')).status }).toEqual({ site, signedIn: 200 });
    }
    const own = await session.request('GET', '/api/logout', { headers: { 'sec-fetch-site': 'same-origin' } });
    expect(own.status).toBe(302);
    expect((await session.get('/api/auth/user')).status).toBe(401);

    const { session: other } = await signUpMember(stack.baseUrl);
    expect((await other.get('/api/logout')).status).toBe(302);
    expect((await other.get('/api/auth/user')).status).toBe(401);
  });
});

describe('caching', () => {
  it('marks personal JSON no-store, and leaves public answers cacheable', async () => {
    const personal: [string, HttpResult][] = [
      ['own user', await uploader.session.get('/api/auth/user')],
      ['signed-out user', await visitor().get('/api/auth/user')],
      ['admin list', await admin.session.get('/api/admin/users')],
      ['bookmarks', await reviewer.session.get('/api/bookmarks')],
      ['bookmark check', await reviewer.session.get(`/api/bookmarks/check/${fileVideo.id}`)],
      ['a profile, signed in', await uploader.session.get(`/api/users/${uploader.user.id}`)],
      ['a profile, as admin', await admin.session.get(`/api/users/${uploader.user.id}`)],
      ['queue board API', await admin.session.get('/admin/queues/api/queues')],
    ];
    for (const [what, res] of personal) {
      expect({ what, cacheControl: header(res, 'cache-control') }).toEqual({ what, cacheControl: 'no-store' });
    }
    for (const [what, res] of [
      ['a profile, as visitor', await visitor().get(`/api/users/${uploader.user.id}`)],
      ['categories', await visitor().get('/api/categories')],
    ] as const) {
      expect({ what, status: res.status, noStore: header(res, 'cache-control') === 'no-store' }).toEqual({
        what,
        status: 200,
        noStore: false,
      });
    }
  });

  it('never caches the app shell as immutable; only hashed assets are kept for a year', async () => {
    for (const path of ['/', '/index.html', '/saved-videos']) {
      const res = await visitor().get<string>(path);
      expect({ path, status: res.status, cacheControl: header(res, 'cache-control') }).toEqual({
        path,
        status: 200,
        cacheControl: 'no-cache',
      });
      expect(res.body).toContain('<div id="root">');
    }
    const asset = await visitor().get(await entryScript());
    expect(header(asset, 'cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('keeps profile pictures a day at most, in browsers only', async () => {
    const res = await visitor().get(profileImageUrl);
    expect(res.status).toBe(200);
    expect(header(res, 'cache-control')).toBe('private, max-age=86400');
  });
});

describe('the public readiness probe', () => {
  interface Readiness {
    status: string;
    checks: Record<string, unknown>[];
  }

  it('names each dependency and whether it answers, and nothing more, also when one is down', async () => {
    const ready = await visitor().get<Readiness>('/readyz');
    expect(ready.status).toBe(200);
    for (const check of ready.body.checks) expect(Object.keys(check).sort()).toEqual(['name', 'ok']);
    const all = await visitor().get<Readiness>('/healthz/dependencies');
    expect(all.status).toBe(200);
    expect(all.body.checks.length).toBeGreaterThan(5);
    for (const check of all.body.checks) expect(Object.keys(check).sort()).toEqual(['name', 'ok']);

    await stack.apps.get('admin')![0]!.stop();
    const down = await eventually(
      () => visitor().get<Readiness>('/healthz/dependencies'),
      (res) => res.status === 503,
    );
    expect(down.body.status).toBe('degraded');
    expect(down.body.checks).toContainEqual({ name: 'service:admin', ok: false });
    for (const check of down.body.checks) expect(Object.keys(check).sort()).toEqual(['name', 'ok']);
    expect(JSON.stringify(down.body)).not.toMatch(/answering|timed out|detail|error/i);
    // A stopped service never takes the gateway out of rotation.
    const stillReady = await visitor().get<Readiness>('/readyz');
    expect(stillReady.status).toBe(200);
    expect(stillReady.body.status).toBe('ready');
  });
});

describe('kept-alive connections', () => {
  it('tells clients an idle connection stays open 65 s, and serves a request on one that idled longer than 5 s', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; keepAlive: string | undefined; reused: boolean }>((resolveGet, reject) => {
        const req = httpGet(`${stack.baseUrl}/api/categories`, { agent }, (res) => {
          res.resume();
          res.on('end', () =>
            resolveGet({
              status: res.statusCode ?? 0,
              keepAlive: res.headers['keep-alive']?.toString(),
              reused: req.reusedSocket,
            }),
          );
        });
        req.on('error', reject);
      });
    try {
      const first = await get();
      expect(first).toEqual({ status: 200, keepAlive: 'timeout=65', reused: false });
      // Longer than Node's default 5 s, after which the server would have closed it.
      await new Promise((resolveWait) => setTimeout(resolveWait, 6_000));
      expect(await get()).toEqual({ status: 200, keepAlive: 'timeout=65', reused: true });
    } finally {
      agent.destroy();
    }
  });
});
