import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { aFeedback, aUser, aVideo, MEMBER_ID, OTHER_MEMBER_ID } from '@/testing/fixtures';
import { failure, json, MockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

const fileVideo = (id: number, title: string, overrides: Parameters<typeof aVideo>[0] = {}) =>
  aVideo({
    id,
    title,
    youtubeUrl: null,
    videoUrl: `/api/videos/${id}/stream`,
    frameRate: 30,
    frameCount: 2400,
    ...overrides,
  });

const SERVE = fileVideo(7, 'My serve');
const REFERENCE = fileVideo(8, 'Pro serve', { frameRate: 60, frameCount: 4800 });
const LINK = aVideo({ id: 9, title: 'Pro serve on YouTube' });

/** A signed-in member (not the uploader) and three videos: two files and a YouTube link. */
function compareApi() {
  const videos = new Map([SERVE, REFERENCE, LINK].map((video) => [String(video.id), video]));
  return new MockApi()
    .get('/api/auth/user', () => json(aUser()))
    .get('/api/videos/:id', ({ params }) => {
      const video = videos.get(params.id!);
      return video ? json(video) : failure(404, 'Video not found');
    })
    .get('/api/feedback/video/:id', ({ params }) =>
      json(params.id === '8' ? [aFeedback({ id: 40, videoId: 8, content: 'Toss higher, like at 0:02.' })] : []),
    )
    .get('/api/bookmarks/check/:id', () => json({ isBookmarked: false }));
}

describe('Compare page (/compare)', () => {
  let api: MockApi;
  afterEach(() => {
    cleanup();
    expect(api.unhandled).toEqual([]);
  });

  it('shows both videos with their controls and asks for a sync frame on each before linking', async () => {
    api = compareApi();
    renderRoute('/compare?a=7&b=8', api);

    expect(await screen.findByLabelText('Video A: My serve')).toBeTruthy();
    expect(screen.getByLabelText('Video B: Pro serve')).toBeTruthy();
    const sideA = within(screen.getByRole('group', { name: 'Video A controls' }));
    expect(sideA.getByRole('button', { name: 'Sync video A here' })).toBeTruthy();
    expect(sideA.getByRole('button', { name: 'Previous frame of video A' })).toBeTruthy();
    expect(sideA.getByRole('button', { name: 'Mirror video A', pressed: false })).toBeTruthy();
    expect(sideA.getByTestId('compare-sync-a').textContent).toBe('No sync frame');
    expect(screen.getByTestId('compare-hint').textContent).toContain('press “Sync here” on both');
    // Only side A is heard.
    expect(screen.getByLabelText<HTMLVideoElement>('Video B: Pro serve').muted).toBe(true);
    expect(screen.getByLabelText<HTMLVideoElement>('Video A: My serve').muted).toBe(false);
  });

  it('keeps layout, opacity, speed and mirroring in the address', async () => {
    api = compareApi();
    const page = renderRoute('/compare?a=7&b=8&sa=30&sb=150', api);
    await screen.findByLabelText('Video A: My serve');

    await userEvent.click(
      within(screen.getByRole('group', { name: 'Layout' })).getByRole('button', { name: 'Overlay' }),
    );
    expect(page.location()).toBe('/compare?a=7&b=8&sa=30&sb=150&layout=overlay');
    expect(screen.getByTestId('compare-view').getAttribute('data-layout')).toBe('overlay');
    expect(screen.getByTestId('compare-screen-b').style.opacity).toBe('0.5');

    await userEvent.click(screen.getByRole('button', { name: 'Mirror video A' }));
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Playback speed' })).getByRole('button', { name: '0.25×' }),
    );
    expect(page.location()).toBe('/compare?a=7&b=8&sa=30&sb=150&speed=0.25&layout=overlay&ma=1');
    expect(screen.getByLabelText('Video A: My serve').style.transform).toBe('scaleX(-1)');
    expect(screen.getByRole('button', { name: '0.25×', pressed: true })).toBeTruthy();
  });

  it('opens a shared link exactly as it was left', async () => {
    api = compareApi();
    renderRoute('/compare?a=7&b=8&sa=30&sb=150&speed=0.5&layout=stacked&opacity=0.3&mb=1', api);
    await screen.findByLabelText('Video A: My serve');
    expect(screen.getByTestId('compare-view').getAttribute('data-layout')).toBe('stacked');
    expect(screen.getByRole('button', { name: 'Stacked', pressed: true })).toBeTruthy();
    expect(screen.getByRole('button', { name: '0.5×', pressed: true })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mirror video B', pressed: true })).toBeTruthy();
    expect(screen.getByLabelText('Video B: Pro serve').style.transform).toBe('scaleX(-1)');
    expect(screen.getByTestId('compare-sync-a').textContent).toBe('Sync frame 30');
    expect(screen.getByTestId('compare-sync-b').textContent).toBe('Sync frame 150');
  });

  it('lists the keys that work on both videos in the same “Keyboard shortcuts” help', async () => {
    api = compareApi();
    renderRoute('/compare?a=7&b=8&sa=30&sb=150', api);
    await screen.findByLabelText('Video A: My serve');
    await userEvent.keyboard('?');
    const help = within(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' }));
    expect(help.getByText('Play or pause')).toBeTruthy();
    expect(help.getByText('Next frame')).toBeTruthy();
    // No loop and no fullscreen in compare mode.
    expect(help.queryByText('Set loop start at the current frame')).toBeNull();
    expect(help.queryByText('Fullscreen on or off')).toBeNull();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeTruthy();
  });

  it('says plainly that a YouTube video cannot be frame-synced', async () => {
    api = compareApi();
    renderRoute('/compare?a=7&b=9', api);
    const notice = await screen.findByTestId('compare-notice');
    expect(within(notice).getByRole('heading', { name: 'Video B cannot be compared' })).toBeTruthy();
    expect(notice.textContent).toContain('YouTube videos cannot be frame-synced');
    expect(screen.queryByLabelText('Video A: My serve')).toBeNull();
  });

  it('offers the feedback form for either side', async () => {
    api = compareApi();
    renderRoute('/compare?a=7&b=8', api);
    const feedback = within(await screen.findByTestId('compare-feedback'));
    expect(await feedback.findByText('No feedback yet')).toBeTruthy();
    await userEvent.click(feedback.getByRole('button', { name: 'B: Pro serve' }));
    expect(await feedback.findByText('0:02')).toBeTruthy();
    expect(feedback.getByTestId('feedback-form')).toBeTruthy();
    expect(feedback.getByRole('button', { name: 'Insert current time' })).toBeTruthy();
  });

  it('asks for the second video when only one is given', async () => {
    api = compareApi()
      .get('/api/videos', () => json([SERVE, REFERENCE, LINK]))
      .get('/api/bookmarks', () => json([]));
    renderRoute('/compare?a=7', api);
    await userEvent.click(await screen.findByRole('button', { name: 'Compare with…' }));
    expect(await screen.findByRole('dialog', { name: 'Compare with…' })).toBeTruthy();
  });
});

describe('“Compare with…” on the video page', () => {
  let api: MockApi;
  afterEach(() => {
    cleanup();
    expect(api.unhandled).toEqual([]);
  });

  it('is disabled on a YouTube video, with the reason', async () => {
    api = compareApi();
    renderRoute('/video/9', api);
    const button = await screen.findByRole('button', { name: 'Compare with…' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('compare-unavailable').textContent).toContain('YouTube videos cannot be frame-synced');
  });

  it('picks from my videos, saved videos or a title search of the site, disabling what cannot be synced', async () => {
    const mine = fileVideo(11, 'Serve last month', { uploaderId: MEMBER_ID });
    const saved = fileVideo(12, 'Saved pro serve', { uploaderId: OTHER_MEMBER_ID });
    api = compareApi()
      .get('/api/videos', ({ url }) => {
        if (url.searchParams.get('uploaderId') === MEMBER_ID) return json([mine]);
        return json(url.searchParams.get('q') === 'pro' ? [REFERENCE, LINK] : [SERVE, mine]);
      })
      .get('/api/bookmarks', () => json([saved]));
    const page = renderRoute('/video/7', api);

    await userEvent.click(await screen.findByRole('button', { name: 'Compare with…' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Compare with…' }));
    expect(await dialog.findByRole('link', { name: 'Compare with Serve last month' })).toBeTruthy();

    await userEvent.click(dialog.getByRole('tab', { name: 'Saved' }));
    expect(await dialog.findByRole('link', { name: 'Compare with Saved pro serve' })).toBeTruthy();

    await userEvent.click(dialog.getByRole('tab', { name: 'All videos' }));
    await userEvent.type(dialog.getByLabelText('Search by title'), 'pro');
    const disabled = await dialog.findByText('Pro serve on YouTube');
    expect(disabled.closest('[aria-disabled="true"]')?.textContent).toContain('YouTube videos cannot be frame-synced');
    expect(dialog.queryByRole('link', { name: 'Compare with Pro serve on YouTube' })).toBeNull();
    // The video on the page is never offered against itself.
    expect(dialog.queryByRole('link', { name: 'Compare with My serve' })).toBeNull();
    expect(api.requests).toContain('GET /api/videos?limit=24&q=pro');

    await userEvent.click(dialog.getByRole('link', { name: 'Compare with Pro serve' }));
    expect(page.location()).toBe('/compare?a=7&b=8');
    expect(await screen.findByLabelText('Video B: Pro serve')).toBeTruthy();
  });
});
