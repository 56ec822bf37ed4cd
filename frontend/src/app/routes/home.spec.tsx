import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { aCategory, aVideo } from '@/testing/fixtures';
import { failure, json, listPage, MockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

/** The server a visitor's home page talks to: signed out, two categories, the given videos. */
function homeApi(videos = [aVideo()]) {
  return new MockApi()
    .get('/api/auth/user', () => failure(401, 'Unauthorized'))
    .get('/api/categories', () => json([aCategory(), aCategory({ id: 2, name: 'Guitar', icon: '🎸' })]))
    .get('/api/videos', () => json(videos));
}

const featured = () => within(screen.getByRole('region', { name: 'Featured Videos' }));

describe('Home (/)', () => {
  let api: MockApi;
  afterEach(() => {
    cleanup();
    expect(api.unhandled).toEqual([]);
  });

  it('shows a visitor the newest videos with their category, the categories and Get Started', async () => {
    const guitarVideo = { categoryId: 2, categoryName: 'Guitar', categoryIcon: '🎸' };
    api = homeApi([
      aVideo({ id: 8, title: 'Fingerstyle blues', createdAt: '2026-01-06T10:00:00.000Z', ...guitarVideo }),
      aVideo(),
    ]);
    renderRoute('/', api);

    const cards = await featured().findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Fingerstyle blues',
      'Driving range swing',
    ]);
    expect(cards[0]?.textContent).toContain('🎸 Guitar');
    expect(screen.getByRole('button', { name: 'Get Started' })).toBeTruthy();
    const categories = within(await screen.findByRole('list', { name: 'Categories' }));
    expect(categories.getAllByRole('button').map((tile) => tile.textContent?.trim())).toEqual([
      '🌟All',
      '⛳Golf',
      '🎸Guitar',
    ]);
    // Spec: twelve on the home page, newest first.
    expect(api.requests).toContain('GET /api/videos?limit=12&sort=recent');
  });

  it("does not ask who is signed in from a browser without the signed-in marker (a visitor's)", async () => {
    // No answer for /api/auth/user: a request for it would be left unhandled.
    api = new MockApi().get('/api/categories', () => json([aCategory()])).get('/api/videos', () => json([aVideo()]));
    renderRoute('/', api, { signedInMarker: false });

    // The signed-out actions from the first render on, without a placeholder waiting for an answer.
    expect(screen.getAllByRole('button', { name: 'Log in' }).length).toBeGreaterThan(0);
    expect(await featured().findByRole('heading', { name: 'Driving range swing' })).toBeTruthy();
    expect(api.requests.filter((request) => request.includes('/api/auth/user'))).toEqual([]);
  });

  it("shows the spec's empty state when there are no videos", async () => {
    api = homeApi([]);
    renderRoute('/', api);
    expect(await screen.findByText('No videos found. Be the first to upload!')).toBeTruthy();
  });

  it("shows 'Failed to fetch videos' when the list cannot be loaded", async () => {
    api = homeApi().get('/api/videos', () => failure(503, 'Service unavailable'));
    renderRoute('/', api);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch videos');
  });

  it("lists a chosen category's videos under '{category} Videos'", async () => {
    api = homeApi().get('/api/videos', ({ url }) =>
      json(
        url.searchParams.get('categoryId') === '2'
          ? [aVideo({ id: 9, title: 'Barre chords', categoryId: 2 })]
          : [aVideo()],
      ),
    );
    renderRoute('/', api);
    await featured().findByRole('heading', { name: 'Driving range swing' });

    await userEvent.click(screen.getByRole('button', { name: /Guitar/ }));

    const guitar = within(screen.getByRole('region', { name: 'Guitar Videos' }));
    expect(await guitar.findByRole('heading', { name: 'Barre chords' })).toBeTruthy();
    expect(guitar.queryByRole('heading', { name: 'Driving range swing' })).toBeNull();
  });

  it('appends the next page the server names when "Load more" is clicked, until there is none', async () => {
    const first = Array.from({ length: 12 }, (_, i) => aVideo({ id: 100 - i, title: `Clip ${100 - i}` }));
    api = homeApi().get('/api/videos', ({ url }) =>
      url.searchParams.get('cursor') === 'page-2'
        ? listPage([aVideo({ id: 50, title: 'Clip 50' })])
        : listPage(first, '/api/videos?limit=12&sort=recent&cursor=page-2'),
    );
    renderRoute('/', api);
    expect(await featured().findAllByRole('article')).toHaveLength(12);

    await userEvent.click(featured().getByRole('button', { name: 'Load more' }));

    expect(await featured().findByRole('heading', { name: 'Clip 50' })).toBeTruthy();
    expect(featured().getAllByRole('article')).toHaveLength(13);
    expect(featured().queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(api.requests).toContain('GET /api/videos?limit=12&sort=recent&cursor=page-2');
  });

  it('asks the server to search, best match first, and shows what it found', async () => {
    api = homeApi().get('/api/videos', ({ url }) =>
      listPage(url.searchParams.get('q') === 'backhnad' ? [aVideo({ id: 3, title: 'Backhand slice' })] : [aVideo()]),
    );
    renderRoute('/', api);
    await featured().findByRole('heading', { name: 'Driving range swing' });

    await userEvent.type(screen.getByTestId('home-search-input'), 'backhnad{Enter}');

    expect(await featured().findByRole('heading', { name: 'Backhand slice' })).toBeTruthy();
    expect(featured().queryByRole('heading', { name: 'Driving range swing' })).toBeNull();
    expect(api.requests).toContain('GET /api/videos?limit=12&q=backhnad');
  });

  it("opens a video's page when its card is clicked", async () => {
    api = homeApi()
      .get('/api/videos/:id', ({ params }) => json(aVideo({ id: Number(params.id) })))
      .get('/api/feedback/video/:id', () => json([]));
    const page = renderRoute('/', api);

    await userEvent.click(await featured().findByRole('link', { name: /Driving range swing/ }));

    expect(page.location()).toBe('/video/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Driving range swing' })).toBeTruthy();
  });
});
