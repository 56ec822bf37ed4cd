import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { AdminReportGroupDto, FeedbackDto, ReportDto, VideoDto } from '@app/contracts';
import {
  firstAdmin,
  HttpSession,
  signIn,
  linkYoutubeVideo,
  signUpMember,
  startStack,
  withClient,
  type RunningApp,
  type TestStack,
} from '@app/testing';

// The gateways' cache of anonymous lists (ListingCache) as readers observe it through two
// gateway replicas: a kept page is served without asking the catalog, and every change the
// catalog stores reaches every replica's readers within 1 s, while the member who wrote sees it
// in their very next request. LIST_CACHE_SECONDS is long here, so only the catalog's
// announcement (CATALOG_LIVE_SUBJECT) can make a change show in time.
const ADMIN = firstAdmin('listing.cache.admin@example.com');
let stack: TestStack;
let replicas: string[];
let categoryId: number;

beforeAll(async () => {
  stack = await startStack('listing-cache', ['gateway', 'auth', 'catalog', 'video', 'feedback', 'admin'], {
    ...ADMIN,
    LIST_CACHE_SECONDS: '600',
  });
  const second: RunningApp = await stack.addReplica('gateway');
  replicas = [stack.baseUrl, `http://127.0.0.1:${second.port}`];
  categoryId = (await new HttpSession(stack.baseUrl).get<{ id: number }[]>('/api/categories')).body[0]!.id;
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

const LIST = '/api/videos?limit=100';
/** What a signed-out reader of each replica sees. */
const anonymousLists = () =>
  Promise.all(replicas.map(async (url) => (await new HttpSession(url).get<VideoDto[]>(LIST)).body));

/** Milliseconds until every replica's anonymous list passes `seen` (polled every 25 ms, up to 5 s). */
async function msUntilEveryReplica(since: number, seen: (list: VideoDto[]) => boolean): Promise<number> {
  while (performance.now() - since < 5000) {
    if ((await anonymousLists()).every(seen)) return performance.now() - since;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`a replica still served the old list after 5 s: ${JSON.stringify(await anonymousLists())}`);
}

/** An answer as it comes over the wire: status, headers and the bytes (no decoding). */
interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function rawRequest(url: string, method: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`${method} ${url} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

/** What differs between any two answers: when they were made and their request ids. */
const comparable = ({ status, headers, body }: RawAnswer) => {
  const { date: _date, 'x-request-id': _id, ...rest } = headers;
  return { status, headers: rest, body: body.toString('base64') };
};

describe('anonymous lists cached by the gateways', () => {
  it('answers a kept page exactly as it answered it the first time, whatever the request asks', async () => {
    const { session } = await signUpMember(stack.baseUrl, { firstName: 'Elle' });
    for (const title of ['Kept answer one', 'Kept answer two', 'Kept answer three'])
      await linkYoutubeVideo(session, { title, categoryId });
    const first = await rawRequest(`${stack.baseUrl}/api/videos?limit=100&sort=views`, 'GET', {});
    expect(first.status).toBe(200);
    // Each case its own page, so its first request loads the page and the second is answered from it.
    const cases: Array<{ path: string; method: string; headers: Record<string, string> }> = [
      { path: '/api/videos?limit=100&sort=rating', method: 'GET', headers: { 'accept-encoding': 'br' } },
      { path: '/api/videos?limit=100&sort=feedback', method: 'GET', headers: { 'accept-encoding': 'gzip' } },
      { path: '/api/videos?limit=99', method: 'GET', headers: {} },
      { path: '/api/videos?limit=98', method: 'HEAD', headers: { 'accept-encoding': 'br' } },
      { path: '/api/videos?limit=100&sort=views', method: 'GET', headers: { 'if-none-match': first.headers.etag! } },
      { path: '/api/videos?limit=1', method: 'GET', headers: {} },
    ];
    for (const { path, method, headers } of cases) {
      const loaded = await rawRequest(`${stack.baseUrl}${path}`, method, headers);
      const kept = await rawRequest(`${stack.baseUrl}${path}`, method, headers);
      expect(comparable(kept)).toEqual(comparable(loaded));
    }
    // What the cases covered: each encoding, HEAD, a 304 and a next page.
    const [br, gzip, identity, head, notModified, firstOfMany] = await Promise.all(
      cases.map(({ path, method, headers }) => rawRequest(`${stack.baseUrl}${path}`, method, headers)),
    );
    expect([br!.headers['content-encoding'], gzip!.headers['content-encoding']]).toEqual(['br', 'gzip']);
    expect(identity!.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(identity!.body.toString()).length).toBeGreaterThanOrEqual(3);
    expect([head!.status, head!.body.length]).toEqual([200, 0]);
    expect(notModified!.status).toBe(304);
    expect(firstOfMany!.headers.link).toMatch(/rel="next"/);
    expect(br!.headers.vary).toMatch(/Accept-Encoding/i);
  });

  it('serves a kept page without asking the catalog, but never to a signed-in member', async () => {
    const { session } = await signUpMember(stack.baseUrl, { firstName: 'Kim' });
    const video = await linkYoutubeVideo(session, { title: 'Cached serve', categoryId });
    for (const list of await anonymousLists()) expect(list.map((v) => v.title)).toContain('Cached serve');
    // Behind the catalog's back (no event, so no announcement): the replicas keep what they had.
    await withClient(stack.serviceDatabaseUrls.catalog, (client) =>
      client.query(`UPDATE video_listings SET title = 'Changed behind the cache' WHERE id = $1`, [video.id]),
    );
    for (const list of await anonymousLists()) expect(list.find((v) => v.id === video.id)?.title).toBe('Cached serve');
    const signedIn = await session.get<VideoDto[]>(LIST);
    expect(signedIn.body.find((v) => v.id === video.id)?.title).toBe('Changed behind the cache');
  });

  it('shows a new video, an edit, a rating and a deletion on every replica within 1 s', async () => {
    const uploader = await signUpMember(replicas[0]!, { firstName: 'Uma' });
    const coach = await signUpMember(replicas[1]!, { firstName: 'Cory' });
    const rater = await signUpMember(replicas[1]!, { firstName: 'Rita' });
    await anonymousLists();

    // Each time counts from the write's answer: before it, nobody could see the change.
    const video = await linkYoutubeVideo(uploader.session, { title: 'Fresh upload', categoryId });
    let start = performance.now();
    // The member who wrote sees it in the very next request.
    expect((await uploader.session.get<VideoDto[]>(LIST)).body.map((v) => v.id)).toContain(video.id);
    const newVideoMs = await msUntilEveryReplica(start, (list) => list.some((v) => v.id === video.id));

    const edit = await uploader.session.request<VideoDto>('PATCH', `/api/videos/${video.id}`, {
      json: { description: 'Watch the left foot' },
    });
    start = performance.now();
    expect(edit.status).toBe(200);
    const editMs = await msUntilEveryReplica(start, (list) =>
      list.some((v) => v.id === video.id && v.description === 'Watch the left foot'),
    );

    const feedback = await coach.session.post<FeedbackDto>(`/api/videos/${video.id}/feedback`, {
      content: 'Turn the shoulders earlier.',
    });
    expect(feedback.status).toBe(201);
    const rating = await rater.session.post(`/api/feedback/${feedback.body.id}/rate`, { rating: 4 });
    start = performance.now();
    expect(rating.status).toBe(201);
    const ratingMs = await msUntilEveryReplica(start, (list) =>
      list.some((v) => v.id === video.id && v.averageRating === 4),
    );

    const deletion = await uploader.session.delete(`/api/videos/${video.id}`);
    start = performance.now();
    expect(deletion.status).toBe(204);
    expect((await uploader.session.get<VideoDto[]>(LIST)).body.map((v) => v.id)).not.toContain(video.id);
    const deletionMs = await msUntilEveryReplica(start, (list) => !list.some((v) => v.id === video.id));

    console.log(
      `[listing cache] seen on both replicas after: new video ${newVideoMs.toFixed(0)} ms, edit ${editMs.toFixed(0)} ms, ` +
        `rating ${ratingMs.toFixed(0)} ms, deletion ${deletionMs.toFixed(0)} ms`,
    );
    for (const ms of [newVideoMs, editMs, ratingMs, deletionMs]) expect(ms).toBeLessThan(1000);
  });

  it('takes a video an admin hid off every replica within 1 s', async () => {
    const uploader = await signUpMember(replicas[0]!, { firstName: 'Hana' });
    const reporter = await signUpMember(replicas[1]!, { firstName: 'Remy' });
    const admin = await signIn(replicas[1]!, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    const video = await linkYoutubeVideo(uploader.session, { title: 'Reported clip', categoryId });
    await msUntilEveryReplica(performance.now(), (list) => list.some((v) => v.id === video.id));
    const report = await reporter.session.post<ReportDto>('/api/reports', {
      subjectType: 'video',
      subjectId: video.id,
      reason: 'inappropriate',
    });
    expect(report.status).toBe(201);

    const hidden = await admin.session.post<AdminReportGroupDto>(`/api/admin/reports/${report.body.id}/resolve`, {
      action: 'hide',
    });
    const start = performance.now();
    expect(hidden.status).toBe(200);
    const hiddenMs = await msUntilEveryReplica(start, (list) => !list.some((v) => v.id === video.id));
    console.log(`[listing cache] a hidden video left both replicas' lists after ${hiddenMs.toFixed(0)} ms`);
    expect(hiddenMs).toBeLessThan(1000);
  });
});
