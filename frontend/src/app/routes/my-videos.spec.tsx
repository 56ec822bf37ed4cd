import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { chooseOption } from '@/testing/choose-option';
import { aCategory, aUser, aVideo, feedbackStats, MEMBER_ID } from '@/testing/fixtures';
import { failure, json, listPage, MockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

const mine = [
  aVideo({ id: 11, title: 'Putting drill', uploaderId: MEMBER_ID, views: 1200 }),
  aVideo({
    id: 12,
    title: 'Barre chords',
    uploaderId: MEMBER_ID,
    views: 34,
    categoryId: 2,
    categoryName: 'Guitar',
    categoryIcon: '🎸',
    createdAt: '2026-01-04T10:00:00.000Z',
  }),
];

/** The server behind a signed-in member's My Videos. */
function myVideosApi(videos = mine) {
  return new MockApi()
    .get('/api/auth/user', () => json(aUser()))
    .get('/api/categories', () => json([aCategory(), aCategory({ id: 2, name: 'Guitar', icon: '🎸' })]))
    .get('/api/videos', ({ url }) =>
      url.searchParams.get('uploaderId') === MEMBER_ID ? json(videos) : failure(400, 'Only your own videos here.'),
    )
    .get('/api/feedback/user/:id/stats', () => json(feedbackStats({ totalFeedback: 5, averageRating: 4.25 })));
}

const stat = (testId: string) => screen.getByTestId(testId).querySelector('.stat-card__value')?.textContent;
/** The titles on the video cards, in the order shown. */
const titles = () => screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

describe('My Videos (/my-videos)', () => {
  let api: MockApi;
  afterEach(() => {
    cleanup();
    expect(api.unhandled).toEqual([]);
  });

  it("shows the member's videos and the four statistics cards", async () => {
    api = myVideosApi();
    renderRoute('/my-videos', api);

    expect(await screen.findByRole('heading', { name: 'Putting drill' })).toBeTruthy();
    expect(titles()).toEqual(['Putting drill', 'Barre chords']);
    expect(stat('stat-total-videos')).toBe('2');
    expect(stat('stat-total-views')).toBe('1,234');
    expect(await screen.findByText('5')).toBeTruthy();
    expect(stat('stat-feedback-given')).toBe('5');
    expect(stat('stat-feedback-rating')).toBe('4.3');
    // Spec: up to 100 of the member's own videos.
    expect(api.requests).toContain(`GET /api/videos?limit=100&uploaderId=${MEMBER_ID}`);
  });

  it('filters by title and by category, and offers to clear the filters when nothing matches', async () => {
    api = myVideosApi();
    renderRoute('/my-videos', api);
    await screen.findByRole('heading', { name: 'Putting drill' });

    await chooseOption(screen.getByRole('combobox', { name: 'Category' }), '🎸 Guitar');
    expect(titles()).toEqual(['Barre chords']);

    await userEvent.type(screen.getByLabelText('Search by title'), 'putt');
    expect(screen.getByText('No videos match your filters')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(titles()).toEqual(['Putting drill', 'Barre chords']);
  });

  it('loads the videos after the first 100 with "Load more", counting them in the statistics', async () => {
    const next = `/api/videos?limit=100&uploaderId=${MEMBER_ID}&cursor=more`;
    api = myVideosApi().get('/api/videos', ({ url }) =>
      url.searchParams.get('cursor') === 'more'
        ? listPage([aVideo({ id: 5, title: 'Old serve', uploaderId: MEMBER_ID, views: 6 })])
        : listPage(mine, next),
    );
    renderRoute('/my-videos', api);
    await screen.findByRole('heading', { name: 'Putting drill' });
    expect(stat('stat-total-videos')).toBe('2');

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByRole('heading', { name: 'Old serve' })).toBeTruthy();
    expect(stat('stat-total-videos')).toBe('3');
    expect(stat('stat-total-views')).toBe('1,240');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(api.requests).toContain(`GET ${next}`);
  });

  it("shows 'No videos yet' to a member who has uploaded nothing", async () => {
    api = myVideosApi([]);
    renderRoute('/my-videos', api);

    expect(await screen.findByText('No videos yet')).toBeTruthy();
    expect(screen.getByText('Upload your first video and start collecting feedback on your skills.')).toBeTruthy();
    expect(stat('stat-total-videos')).toBe('0');
  });

  it("shows the spec's fetch failures for the videos and the feedback statistics", async () => {
    api = myVideosApi()
      .get('/api/videos', () => failure(503, 'Service unavailable'))
      .get('/api/feedback/user/:id/stats', () => failure(503, 'Service unavailable'));
    renderRoute('/my-videos', api);

    expect(await screen.findByText('Failed to fetch videos')).toBeTruthy();
    expect(await screen.findByText('Failed to fetch feedback quality stats')).toBeTruthy();
    expect(stat('stat-feedback-given')).toBe('–');
  });

  it("opens a video's page from its card", async () => {
    api = myVideosApi()
      .get('/api/videos/:id', ({ params }) => json(mine.find((video) => String(video.id) === params.id)))
      .get('/api/feedback/video/:id', () => json([]))
      .get('/api/bookmarks/check/:id', () => json({ isBookmarked: false }));
    const page = renderRoute('/my-videos', api);

    await userEvent.click(await screen.findByRole('link', { name: /Barre chords/ }));

    expect(page.location()).toBe('/video/12');
    expect(await screen.findByRole('heading', { level: 1, name: 'Barre chords' })).toBeTruthy();
    // The uploader's own video: the edit action is there.
    expect(await screen.findByRole('button', { name: 'Edit Description' })).toBeTruthy();
  });
});
