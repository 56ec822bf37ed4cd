import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { aCategory, aUser, aVideo, OTHER_MEMBER_ID } from '@/testing/fixtures';
import { json, listPage, MockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

const member = (id: string, firstName: string, email: string) => aUser({ id, firstName, lastName: 'Doe', email });
const ids = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** An admin's panel: the Users tab answers pages, and a search by name or email. */
function adminApi() {
  const everyone = Array.from({ length: 3 }, (_, i) => member(ids(i + 1), `Member${i + 1}`, `m${i + 1}@example.com`));
  return new MockApi()
    .get('/api/auth/user', () => json(aUser({ isAdmin: true })))
    .get('/api/categories', () => json([aCategory()]))
    .get('/api/videos', () => json([aVideo()]))
    .get('/api/admin/users', ({ url }) => {
      if (url.searchParams.get('q') === 'jo@') return listPage([member(OTHER_MEMBER_ID, 'Jo', 'jo@example.com')]);
      if (url.searchParams.get('cursor') === 'two') return listPage(everyone.slice(2));
      return listPage(everyone.slice(0, 2), '/api/admin/users?cursor=two');
    });
}

const userList = () => within(screen.getByTestId('admin-user-list'));
const names = () =>
  userList()
    .getAllByRole('listitem')
    .map((row) => row.textContent ?? '');

describe('Admin Panel, Users tab', () => {
  let api: MockApi;
  afterEach(() => {
    cleanup();
    expect(api.unhandled).toEqual([]);
  });

  it('appends the next page of members with "Load more", until the server names none', async () => {
    api = adminApi();
    renderRoute('/admin', api);
    await screen.findByTestId('admin-user-list');
    expect(names()).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));

    await userList().findByText(/Member3/);
    expect(names()).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(api.requests).toContain('GET /api/admin/users?cursor=two');
  });

  it('asks the server for the members whose name or email contains the search', async () => {
    api = adminApi();
    renderRoute('/admin', api);
    await screen.findByTestId('admin-user-list');

    await userEvent.type(screen.getByTestId('admin-user-search'), 'jo@{Enter}');

    await userList().findByText(/jo@example\.com/);
    expect(names()).toHaveLength(1);
    expect(api.requests).toContain('GET /api/admin/users?q=jo%40');
  });
});
