import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FeedbackDto, UserDto, VideoDto } from '@app/contracts';
import { eventually, HttpSession, linkYoutubeVideo, signUpMember, startStack, type TestStack } from '@app/testing';

// A renamed member is renamed everywhere their name is shown, within a second: the catalog's and
// the feedback service's copies of their public face follow auth's profile event.
let stack: TestStack;
let categoryId: number;

beforeAll(async () => {
  stack = await startStack('profile-propagation', ['gateway', 'auth', 'catalog', 'video', 'feedback']);
  categoryId = (await new HttpSession(stack.baseUrl).get<{ id: number }[]>('/api/categories')).body[0]!.id;
});

afterAll(async () => {
  await stack?.stop();
});

/** How a rename must reach every list. */
const PROPAGATION_MS = 1000;

describe('a profile change', () => {
  it('shows the new name on every list within a second', async () => {
    const { session: renamed, user } = await signUpMember(stack.baseUrl, { firstName: 'Nora', lastName: 'Quinn' });
    const { session: other } = await signUpMember(stack.baseUrl, { firstName: 'Omar', lastName: 'Reyes' });
    const theirs = await linkYoutubeVideo(renamed, { title: 'Nora’s serve', categoryId });
    const others = await linkYoutubeVideo(other, { title: 'Omar’s volley', categoryId });
    expect((await other.post('/api/bookmarks', { videoId: theirs.id })).status).toBe(201);
    const given = await renamed.post<FeedbackDto>(`/api/videos/${others.id}/feedback`, {
      content: 'Keep the racket head up',
    });
    expect(given.status).toBe(201);

    const visitor = new HttpSession(stack.baseUrl);
    /** Every place the member's name is shown, as each list names them now. */
    const namesShown = async () => {
      const [home, uploads, page, bookmarks, feedback] = await Promise.all([
        visitor.get<VideoDto[]>('/api/videos?limit=100'),
        visitor.get<VideoDto[]>(`/api/videos?uploaderId=${user.id}`),
        visitor.get<VideoDto>(`/api/videos/${theirs.id}`),
        other.get<VideoDto[]>('/api/bookmarks'),
        visitor.get<FeedbackDto[]>(`/api/feedback/video/${others.id}`),
      ]);
      const uploader = (video: VideoDto | undefined) =>
        video && [video.uploaderName, video.uploaderFirstName, video.uploaderLastName];
      return {
        home: uploader(home.body.find((video) => video.id === theirs.id)),
        uploads: uploader(uploads.body.find((video) => video.id === theirs.id)),
        page: uploader(page.body),
        bookmarks: uploader(bookmarks.body.find((video) => video.id === theirs.id)),
        feedback: ((item) => item && [item.authorName, item.authorFirstName, item.authorLastName])(
          feedback.body.find((item) => item.id === given.body.id),
        ),
      };
    };
    const everywhere = (name: [string, string, string]) => ({
      home: name,
      uploads: name,
      page: name,
      bookmarks: name,
      feedback: name,
    });
    const same = (expected: object) => (shown: object) => JSON.stringify(shown) === JSON.stringify(expected);

    // Where things start: every list already knows the member (the writes above are read back).
    const before = everywhere(['Nora Quinn', 'Nora', 'Quinn']);
    expect(await eventually(namesShown, same(before))).toEqual(before);

    const res = await renamed.put<UserDto>('/api/users/profile', { firstName: 'Nora', lastName: 'Vance' });
    expect(res.status).toBe(200);
    const renamedAt = Date.now();
    const after = everywhere(['Nora Vance', 'Nora', 'Vance']);
    expect(await eventually(namesShown, same(after), PROPAGATION_MS)).toEqual(after);
    expect(Date.now() - renamedAt).toBeLessThanOrEqual(PROPAGATION_MS);
  });
});
