import type { AdminReportGroupDto } from '@app/contracts';
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

/** A feedback reported twice, hidden by itself once the reports weighed enough. */
const feedbackGroup = (overrides: Partial<AdminReportGroupDto> = {}): AdminReportGroupDto => ({
  subjectType: 'feedback',
  subjectId: '7',
  status: 'open',
  subject: {
    ownerId: OTHER_MEMBER_ID,
    ownerName: 'Olive Owner',
    hidden: true,
    title: 'Serve toss',
    text: 'Buy my course!',
    videoId: 3,
    feedbackId: 7,
  },
  score: 2.5,
  reports: [
    {
      id: 11,
      reporterId: ids(1),
      reporterName: 'Rita Reporter',
      reason: 'spam',
      note: 'Selling things',
      weight: 1.5,
      createdAt: '2026-01-05T10:00:00.000Z',
      outcome: 'open',
    },
    {
      id: 12,
      reporterId: ids(2),
      reporterName: 'Sam Second',
      reason: 'abuse',
      note: null,
      weight: 1,
      createdAt: '2026-01-06T10:00:00.000Z',
      outcome: 'open',
    },
  ],
  decisions: [{ action: 'hide', adminId: null, auto: true, createdAt: '2026-01-06T10:00:01.000Z' }],
  ...overrides,
});

const memberGroup = (): AdminReportGroupDto => ({
  subjectType: 'user',
  subjectId: OTHER_MEMBER_ID,
  status: 'open',
  subject: {
    ownerId: OTHER_MEMBER_ID,
    ownerName: 'Olive Owner',
    hidden: false,
    title: 'Olive Owner',
    text: 'I sell courses',
    videoId: null,
    feedbackId: null,
  },
  score: 0.5,
  reports: [
    {
      id: 21,
      reporterId: ids(1),
      reporterName: 'Rita Reporter',
      reason: 'other',
      note: null,
      weight: 0.5,
      createdAt: '2026-01-07T10:00:00.000Z',
      outcome: 'open',
    },
  ],
  decisions: [],
});

/** The admin's panel with a moderation queue: the groups per status, and every decision posted. */
function reportsApi(queue: { open: AdminReportGroupDto[]; resolved: AdminReportGroupDto[] }) {
  const decisions: { reportId: string; body: unknown }[] = [];
  const api = adminApi()
    .get('/api/admin/reports', ({ url }) =>
      json(url.searchParams.get('status') === 'resolved' ? queue.resolved : queue.open),
    )
    .on('POST', '/api/admin/reports/:id/resolve', ({ params, body }) => {
      decisions.push({ reportId: params.id!, body });
      const group = queue.open.find((g) => g.reports.some((r) => String(r.id) === params.id))!;
      queue.open = queue.open.filter((g) => g !== group);
      const resolved = { ...group, status: 'resolved' as const, score: 0 };
      queue.resolved = [resolved, ...queue.resolved];
      return json(resolved);
    })
    .on('POST', '/api/admin/reports/serial-voting-check', () => json({ reversed: 3 }));
  return { api, decisions };
}

async function openReportsTab() {
  await userEvent.click(await screen.findByTestId('admin-tab-reports'));
  return within(await screen.findByTestId('reports-tab'));
}

describe('Admin Panel, Reports tab', () => {
  let api: MockApi;
  afterEach(() => {
    cleanup();
    expect(api.unhandled).toEqual([]);
  });

  it('lists a reported feedback with its reports and audit trail; Keep closes it and the list refreshes', async () => {
    const server = reportsApi({ open: [feedbackGroup()], resolved: [] });
    api = server.api;
    renderRoute('/admin', api);
    // The other tabs are still there, in their order.
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Users', 'Categories', 'Videos', 'Reports']);

    const tab = await openReportsTab();
    const group = within(await tab.findByTestId('report-group'));
    group.getByText('Feedback');
    expect(group.getByText('Serve toss').className).toContain('report-group__title');
    group.getByText('Buy my course!');
    group.getByText('By Olive Owner');
    group.getByText('Hidden pending review');
    group.getByText('Score 2.5');
    expect(group.getByTestId('report-subject-link').getAttribute('href')).toBe('/video/3?feedback=7');
    expect(group.getAllByTestId('report-reporter').map((el) => el.textContent)).toEqual([
      'Rita Reporter',
      'Sam Second',
    ]);
    group.getByText('Spam');
    group.getByText('Selling things');
    group.getByText('January 5, 2026');
    expect(within(group.getByTestId('report-decisions')).getByText('Hidden automatically')).toBeTruthy();

    await userEvent.click(group.getByRole('button', { name: 'Keep' }));

    await tab.findByText('No open reports');
    expect(server.decisions).toEqual([{ reportId: '11', body: { action: 'keep' } }]);
    expect(api.requests.filter((line) => line === 'GET /api/admin/reports?status=open')).toHaveLength(2);
    await screen.findByText('Reports closed: content kept');

    await userEvent.click(tab.getByRole('radio', { name: 'Resolved' }));
    const resolved = within(await tab.findByTestId('report-group'));
    resolved.getByText('Buy my course!');
    expect(resolved.queryByRole('button', { name: 'Keep' })).toBeNull();
    expect(api.requests).toContain('GET /api/admin/reports?status=resolved');
  });

  it('offers no Hide for a member, and asks before Delete', async () => {
    const server = reportsApi({ open: [memberGroup()], resolved: [] });
    api = server.api;
    renderRoute('/admin', api);
    const tab = await openReportsTab();
    const group = within(await tab.findByTestId('report-group'));
    group.getByText('Member');
    expect(group.getByTestId('report-subject-link').getAttribute('href')).toBe(`/profile/${OTHER_MEMBER_ID}`);
    expect(group.queryByRole('button', { name: 'Hide' })).toBeNull();

    await userEvent.click(group.getByRole('button', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete content' }));
    confirm.getByText('This cannot be undone.');
    expect(server.decisions).toEqual([]);
    await userEvent.click(confirm.getByTestId('confirm-delete'));

    await tab.findByText('No open reports');
    expect(server.decisions).toEqual([{ reportId: '21', body: { action: 'delete' } }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a deleted subject, the empty resolved list, and runs the vote check', async () => {
    api = reportsApi({ open: [feedbackGroup({ subject: null, decisions: [] })], resolved: [] }).api;
    renderRoute('/admin', api);
    const tab = await openReportsTab();
    const group = within(await tab.findByTestId('report-group'));
    group.getByText('Content deleted');
    expect(group.queryByTestId('report-subject-link')).toBeNull();

    await userEvent.click(tab.getByRole('button', { name: 'Run vote check' }));
    await screen.findByText('Vote check done: 3 reversed');
    expect(api.requests).toContain('POST /api/admin/reports/serial-voting-check');

    await userEvent.click(tab.getByRole('radio', { name: 'Resolved' }));
    await tab.findByText('No resolved reports');
  });
});
