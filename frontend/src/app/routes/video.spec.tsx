import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { aCategory, aFeedback, aUser, aVideo, OTHER_MEMBER_ID } from '@/testing/fixtures';
import { failure, json, MockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

/** The server behind /video/7: the video, its feedback, and a visitor unless `user` is given. */
function videoApi({ user = null as ReturnType<typeof aUser> | null, feedback = [aFeedback()] } = {}) {
  return new MockApi()
    .get('/api/auth/user', () => (user ? json(user) : failure(401, 'Unauthorized')))
    .get('/api/videos/:id', ({ params }) =>
      params.id === '7' ? json(aVideo()) : failure(404, 'The video could not be found.'),
    )
    .get('/api/feedback/video/:id', () => json(feedback))
    .get('/api/bookmarks/check/:id', () => json({ isBookmarked: false }));
}

describe('Video page (/video/{id})', () => {
  let api: MockApi;
  afterEach(() => {
    cleanup();
    expect(api.unhandled).toEqual([]);
  });

  it('shows the title, description, views, category, uploader and feedback', async () => {
    api = videoApi();
    renderRoute('/video/7', api);

    expect(await screen.findByRole('heading', { level: 1, name: 'Driving range swing' })).toBeTruthy();
    expect(screen.getByText('Second week with the new grip.')).toBeTruthy();
    expect(screen.getByTestId('video-views').textContent).toBe('12 views');
    expect(screen.getByTestId('video-category').textContent).toBe('⛳Golf');
    const uploader = screen.getByTestId('uploader-link');
    expect(uploader.textContent).toContain('Tom Berg');
    expect(uploader.getAttribute('href')).toBe(`/profile/${OTHER_MEMBER_ID}`);
    const feedback = within(screen.getByTestId('feedback-section'));
    expect(await feedback.findByText('Keep your head still through impact.')).toBeTruthy();
    expect(feedback.getByTestId('feedback-author').textContent).toContain('Maya Lind');
  });

  it("shows 'No description provided.' and the invitation to give the first feedback", async () => {
    api = videoApi({ feedback: [] });
    api.get('/api/videos/:id', () => json(aVideo({ description: null })));
    renderRoute('/video/7', api);

    expect(await screen.findByText('No description provided.')).toBeTruthy();
    expect(await screen.findByText('No feedback yet')).toBeTruthy();
    expect(screen.getByText('Be the first to share constructive feedback on this video.')).toBeTruthy();
  });

  it("shows 'Video Not Found' for a video that cannot be fetched, with a way back to the videos", async () => {
    api = videoApi()
      .get('/api/categories', () => json([aCategory()]))
      .get('/api/videos', () => json([aVideo()]));
    const page = renderRoute('/video/404', api);

    expect(await screen.findByRole('heading', { level: 1, name: 'Video Not Found' })).toBeTruthy();
    expect(screen.getByText("The video you're looking for doesn't exist or has been removed.")).toBeTruthy();

    await userEvent.click(screen.getByRole('link', { name: 'Browse videos' }));

    expect(page.location()).toBe('/');
    expect(await screen.findByRole('heading', { name: 'Featured Videos' })).toBeTruthy();
  });

  it('opens the sign-in dialog when a visitor presses Save', async () => {
    api = videoApi();
    renderRoute('/video/7', api);

    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));

    expect(screen.getByRole('dialog', { name: 'Welcome Back' })).toBeTruthy();
    // A visitor's page never asks whether the video is saved.
    expect(api.requests.filter((request) => request.includes('/api/bookmarks'))).toEqual([]);
  });

  it('offers Edit Description to the uploader only', async () => {
    api = videoApi({ user: aUser({ id: OTHER_MEMBER_ID }) });
    renderRoute('/video/7', api);
    expect(await screen.findByRole('button', { name: 'Edit Description' })).toBeTruthy();
    cleanup();
    expect(api.unhandled).toEqual([]);

    api = videoApi({ user: aUser() });
    renderRoute('/video/7', api);
    await screen.findByRole('heading', { level: 1, name: 'Driving range swing' });
    // The signed-in state has arrived (the bookmark check is only asked for a member).
    expect(await screen.findByRole('button', { name: 'Save', pressed: false })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit Description' })).toBeNull();
  });
});
