import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  encodePageCursor,
  PAGE_CURSOR_MESSAGES,
  parseNextPageLink,
  type BookmarkCheckDto,
  type VideoDto,
} from '@app/contracts';
import {
  HttpSession,
  signUpMember,
  startStack,
  withClient,
  linkYoutubeVideo,
  type TestStack,
  eventually,
} from '@app/testing';

// Saved videos through the real gateway and catalog service.
let stack: TestStack;
let categoryId: number;

beforeAll(async () => {
  stack = await startStack('bookmarks', ['gateway', 'auth', 'catalog', 'video']);
  categoryId = (await new HttpSession(stack.baseUrl).get<{ id: number }[]>('/api/categories')).body[0]!.id;
});

afterAll(async () => {
  await stack?.stop();
});

const member = () => signUpMember(stack.baseUrl);

const linkVideo = (session: HttpSession, title: string) => linkYoutubeVideo(session, { title, categoryId });

describe('bookmarks', () => {
  it('are for signed-in members only', async () => {
    const visitor = new HttpSession(stack.baseUrl);
    expect((await visitor.get('/api/bookmarks')).status).toBe(401);
    expect((await visitor.get('/api/bookmarks/check/1')).status).toBe(401);
    expect((await visitor.post('/api/bookmarks', { videoId: 1 })).status).toBe(401);
    expect((await visitor.delete('/api/bookmarks/1')).status).toBe(401);
  });

  it('save, check, list newest save first, and remove, idempotently', async () => {
    const { session: uploader } = await member();
    const { session } = await member();
    const first = await linkVideo(uploader, 'Saved first');
    const second = await linkVideo(uploader, 'Saved second');

    expect((await session.get<BookmarkCheckDto>(`/api/bookmarks/check/${first.id}`)).body).toEqual({
      videoId: first.id,
      isBookmarked: false,
    });
    const saved = await session.post<BookmarkCheckDto>('/api/bookmarks', { videoId: first.id });
    expect(saved.status).toBe(201);
    expect(saved.body).toEqual({ videoId: first.id, isBookmarked: true });
    // Twice at once, and once more: still one bookmark.
    const again = await Promise.all([
      session.post('/api/bookmarks', { videoId: second.id }),
      session.post('/api/bookmarks', { videoId: String(second.id) }),
    ]);
    expect(again.map((res) => res.status)).toEqual([201, 201]);
    expect((await session.post('/api/bookmarks', { videoId: first.id })).status).toBe(201);

    const list = await session.get<VideoDto[]>('/api/bookmarks');
    expect(list.status).toBe(200);
    expect(list.body.map((video) => [video.id, video.title, video.isBookmarked])).toEqual([
      [second.id, 'Saved second', true],
      [first.id, 'Saved first', true],
    ]);
    expect(list.body[0]).toMatchObject({ uploaderId: second.uploaderId, categoryId });
    expect((await session.get<BookmarkCheckDto>(`/api/bookmarks/check/${second.id}`)).body.isBookmarked).toBe(true);

    expect((await session.delete(`/api/bookmarks/${first.id}`)).status).toBe(204);
    expect((await session.delete(`/api/bookmarks/${first.id}`)).status).toBe(204);
    expect((await session.get<VideoDto[]>('/api/bookmarks')).body.map((video) => video.id)).toEqual([second.id]);

    // Someone else's list is their own.
    const { session: other } = await member();
    expect((await other.get<VideoDto[]>('/api/bookmarks')).body).toEqual([]);
  });

  it('pages the list with a Link header, each saved video once, saves made meanwhile included after none', async () => {
    const { session: uploader } = await member();
    const { session } = await member();
    const videos = [];
    for (const title of ['Page one', 'Page two', 'Page three', 'Page four', 'Page five'])
      videos.push(await linkVideo(uploader, title));
    for (const video of videos.slice(0, 4)) await session.post('/api/bookmarks', { videoId: video.id });

    const whole = await session.get<VideoDto[]>('/api/bookmarks');
    expect(whole.body.map((video) => video.title)).toEqual(['Page four', 'Page three', 'Page two', 'Page one']);
    expect(whole.headers.get('link')).toBeNull();

    const first = await session.get<VideoDto[]>('/api/bookmarks?limit=3');
    expect(first.body.map((video) => video.title)).toEqual(['Page four', 'Page three', 'Page two']);
    const next = parseNextPageLink(first.headers.get('link'));
    expect(next).toMatch(/^\/api\/bookmarks\?limit=3&cursor=[A-Za-z0-9_-]+$/);
    // A save made meanwhile goes to the top: not on the pages after the cursor.
    await session.post('/api/bookmarks', { videoId: videos[4]!.id });
    const second = await session.get<VideoDto[]>(next!);
    expect(second.status).toBe(200);
    expect(second.body.map((video) => video.title)).toEqual(['Page one']);
    expect(second.headers.get('link')).toBeNull();

    for (const cursor of ['%%%', encodePageCursor({ k: 'yesterday', id: 1 })]) {
      const bad = await session.get<{ message: string }>(`/api/bookmarks?cursor=${encodeURIComponent(cursor)}`);
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ message: PAGE_CURSOR_MESSAGES.invalid });
    }
  });

  it('refuses what cannot be saved, and forgets a deleted video', async () => {
    const { session } = await member();
    for (const videoId of [0, -1, 'abc', null, 1.5]) {
      expect({ videoId, status: (await session.post('/api/bookmarks', { videoId })).status }).toEqual({
        videoId,
        status: 400,
      });
    }
    const missing = await session.post<{ message: string }>('/api/bookmarks', { videoId: 2_000_000_000 });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Video not found');
    expect((await session.get('/api/bookmarks/check/abc')).status).toBe(404);

    const video = await linkVideo(session, 'Soon gone');
    expect((await session.post('/api/bookmarks', { videoId: video.id })).status).toBe(201);
    expect((await session.delete(`/api/videos/${video.id}`)).status).toBe(204);
    expect((await session.get<VideoDto[]>('/api/bookmarks')).body).toEqual([]);
    // The row itself goes when the catalog receives the video's deletion event.
    await eventually(
      () =>
        withClient(
          stack.database.url,
          async (client) =>
            (await client.query('SELECT 1 FROM catalog.bookmarks WHERE "videoId" = $1', [video.id])).rows,
        ),
      (rows) => rows.length === 0,
    );
  });
});
