import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { NOTIFICATION_TYPE_LABELS, NOTIFICATION_TYPES, type NotificationType } from '@app/contracts';
import { aFeedback, aNotification, aUser, aVideo, feedbackStats, MEMBER_ID, OTHER_MEMBER_ID } from '@/testing/fixtures';
import { failure, json, listPage, MockApi, notificationsPage } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

// The header's bell and its list, kept live by the notifications stream, and the member's own
// choice of what it tells them (their profile).

const unread = aNotification();
const older = aNotification({
  id: 40,
  type: 'badge_earned',
  text: 'You earned the First Feedback badge',
  link: `/profile/${MEMBER_ID}`,
  actorId: null,
  videoId: null,
  feedbackId: null,
  read: true,
});

/** A signed-in member on About (a page that asks for nothing else), with the given inbox. */
function memberApi(page = notificationsPage([unread, older], 1)) {
  return new MockApi().get('/api/auth/user', () => json(aUser())).get('/api/notifications', () => page);
}

/** Records what the app POSTs to mark notifications read, and answers with the given count. */
function recordReads(api: MockApi, unreadCount = 0) {
  const bodies: unknown[] = [];
  api.on('POST', '/api/notifications/read', ({ body }) => {
    bodies.push(body);
    return json({ unreadCount });
  });
  return bodies;
}

const bell = () => screen.getByTestId('notification-bell');
const count = () => screen.queryByTestId('notification-count');
const notificationGets = (api: MockApi) => api.requests.filter((line) => line.startsWith('GET /api/notifications?'));

describe('the notification bell', () => {
  let api: MockApi;
  afterEach(() => {
    cleanup();
    expect(api.unhandled).toEqual([]);
  });

  it('shows a member the unread count from their list; a visitor sees no bell', async () => {
    api = memberApi();
    renderRoute('/about', api);

    const badge = await screen.findByTestId('notification-count');
    expect(badge.textContent).toBe('1');
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread');
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBe(bell());
    expect(api.requests).toContain('GET /api/notifications?limit=20');
    cleanup();
    expect(api.unhandled).toEqual([]);

    api = new MockApi().get('/api/auth/user', () => failure(401, 'Unauthorized'));
    renderRoute('/about', api);
    await screen.findByRole('button', { name: 'Sign up' });
    expect(screen.queryByTestId('notification-bell')).toBeNull();
    expect(notificationGets(api)).toEqual([]);
  });

  it('hides the count at 0 and shows "99+" above 99', async () => {
    api = memberApi(notificationsPage([older], 0));
    renderRoute('/about', api);
    await waitFor(() => expect(notificationGets(api)).toHaveLength(1));
    await screen.findByRole('button', { name: 'Notifications' });
    expect(count()).toBeNull();
    cleanup();

    api = memberApi(notificationsPage([unread], 120));
    renderRoute('/about', api);
    expect((await screen.findByTestId('notification-count')).textContent).toBe('99+');
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 120 unread');
  });

  it('opens the list: each notification’s text and time, the unread ones marked, and "Load more"', async () => {
    api = memberApi().get('/api/notifications', ({ url }) =>
      url.searchParams.get('cursor') === 'c2'
        ? notificationsPage([aNotification({ id: 12, text: 'Ana Ruiz rated your feedback', read: true })], 1)
        : notificationsPage([unread, older], 1, 'c2'),
    );
    renderRoute('/about', api);
    await screen.findByTestId('notification-count');

    await userEvent.click(bell());
    expect(bell().getAttribute('aria-expanded')).toBe('true');
    const panel = within(screen.getByRole('dialog', { name: 'Notifications' }));
    const items = panel.getAllByTestId('notification-item');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining(unread.text),
      expect.stringContaining(older.text),
    ]);
    expect(items.map((item) => item.getAttribute('data-read'))).toEqual(['false', 'true']);
    expect(items[0]?.className).toContain('notification-item--unread');
    expect(items[1]?.className).not.toContain('notification-item--unread');
    // Screen readers hear which ones are new.
    expect(items[0]?.textContent).toMatch(/^Unread: /);
    // The app's relative dates (2026-01-06 is long past: the short date).
    expect(within(items[0]!).getByText('Jan 6, 2026').getAttribute('dateTime')).toBe(unread.updatedAt);
    expect(items[1]?.getAttribute('href')).toBe(`/profile/${MEMBER_ID}`);

    await userEvent.click(panel.getByRole('button', { name: 'Load more' }));
    expect(await panel.findByText('Ana Ruiz rated your feedback')).toBeTruthy();
    expect(api.requests).toContain('GET /api/notifications?cursor=c2&limit=20');
    expect(panel.queryByRole('button', { name: 'Load more' })).toBeNull();

    // Escape closes the list and gives the focus back to the bell.
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull();
    expect(document.activeElement).toBe(bell());
  });

  it('says "No notifications yet" when there are none', async () => {
    api = memberApi(notificationsPage([], 0));
    renderRoute('/about', api);
    await waitFor(() => expect(notificationGets(api)).toHaveLength(1));

    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));

    const panel = within(screen.getByRole('dialog', { name: 'Notifications' }));
    expect(await panel.findByText('No notifications yet')).toBeTruthy();
    expect(panel.getByRole<HTMLButtonElement>('button', { name: 'Mark all as read' }).disabled).toBe(true);
  });

  it('"Mark all as read" posts { all: true } and the count goes away', async () => {
    api = memberApi(notificationsPage([unread, aNotification({ id: 39, text: 'Ana Ruiz gave feedback' })], 2));
    const reads = recordReads(api, 0);
    renderRoute('/about', api);
    expect((await screen.findByTestId('notification-count')).textContent).toBe('2');

    await userEvent.click(bell());
    const panel = within(screen.getByRole('dialog', { name: 'Notifications' }));
    await userEvent.click(panel.getByRole('button', { name: 'Mark all as read' }));

    await waitFor(() => expect(count()).toBeNull());
    expect(reads).toEqual([{ all: true }]);
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
    expect(panel.getAllByTestId('notification-item').map((item) => item.getAttribute('data-read'))).toEqual([
      'true',
      'true',
    ]);
  });

  it('tells the member when marking all as read fails', async () => {
    api = memberApi();
    api.on('POST', '/api/notifications/read', () => failure(503, 'Notifications are unavailable right now.'));
    renderRoute('/about', api);
    await screen.findByTestId('notification-count');

    await userEvent.click(bell());
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));

    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Could not mark your notifications as read');
    expect(toast.textContent).toContain('Notifications are unavailable right now.');
    expect(count()?.textContent).toBe('1');
  });

  it('clicking a notification marks it read (POST its id) and goes to its link', async () => {
    api = memberApi()
      .get('/api/videos/:id', () => json(aVideo()))
      .get('/api/feedback/video/:id', () => listPage([aFeedback()]))
      .get('/api/bookmarks/check/:id', () => json({ isBookmarked: false }));
    const reads = recordReads(api, 0);
    const page = renderRoute('/about', api);
    await screen.findByTestId('notification-count');

    await userEvent.click(bell());
    const [first] = screen.getAllByTestId('notification-item');
    expect(first?.getAttribute('href')).toBe(unread.link);
    await userEvent.click(first!);

    expect(page.location()).toBe('/video/7?feedback=31');
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull();
    await waitFor(() => expect(reads).toEqual([{ ids: [41] }]));
    await waitFor(() => expect(count()).toBeNull());
    // The link's feedback is brought into view and marked.
    const item = await screen.findByText('Keep your head still through impact.');
    await waitFor(() =>
      expect(item.closest('[data-testid="feedback-item"]')?.getAttribute('data-highlighted')).toBe('true'),
    );
  });

  it('a read notification is opened without marking it again', async () => {
    api = memberApi(notificationsPage([older], 0));
    const reads = recordReads(api, 0);
    api.get('/api/users/:id', () => json(aUser()));
    api.get('/api/videos', () => json([]));
    api.get('/api/feedback/user/:id', () => listPage([]));
    api.get('/api/feedback/user/:id/stats', () => json(feedbackStats()));
    api.get('/api/notifications/preferences', () => json({ types: allOn() }));
    const page = renderRoute('/about', api);
    await waitFor(() => expect(notificationGets(api)).toHaveLength(1));

    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    await userEvent.click(screen.getByRole('link', { name: /You earned the First Feedback badge/ }));

    expect(page.location()).toBe(`/profile/${MEMBER_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Maya Lind' });
    expect(reads).toEqual([]);
  });
});

/** A stand-in for the browser's EventSource (jsdom has none), driven by the test. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;

  constructor(readonly url: string) {
    super();
    FakeEventSource.instances.push(this);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  open() {
    this.readyState = FakeEventSource.OPEN;
    act(() => {
      this.dispatchEvent(new Event('open'));
    });
  }

  emit(type: string, data: unknown, id?: number) {
    act(() => {
      this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id ? String(id) : '' }));
    });
  }

  /** The server answered with something that is not a stream: the browser gives up. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    act(() => {
      this.dispatchEvent(new Event('error'));
    });
  }
}

describe('live notifications', () => {
  let api: MockApi;
  const streams = () => FakeEventSource.instances;
  const withEventSource = () => {
    FakeEventSource.instances = [];
    (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
  };

  afterEach(() => {
    cleanup();
    delete (globalThis as { EventSource?: unknown }).EventSource;
    jest.useRealTimers();
    expect(api.unhandled).toEqual([]);
  });

  it('opens one stream per signed-in tab; an event sets the count at once and refetches the list', async () => {
    withEventSource();
    let inbox = notificationsPage([older], 0);
    api = memberApi().get('/api/notifications', () => inbox);
    renderRoute('/about', api);
    await screen.findByRole('button', { name: 'Notifications' });
    expect(streams().map((source) => source.url)).toEqual(['/api/notifications/stream']);
    const stream = streams()[0]!;
    expect(bell().getAttribute('data-live')).toBe('false');
    stream.open();
    expect(bell().getAttribute('data-live')).toBe('true');
    // What happened before the stream started is fetched once it is open.
    await waitFor(() => expect(notificationGets(api)).toHaveLength(2));

    // The server's list has the new one; the count shows before the list comes back.
    inbox = notificationsPage([unread, older], 1);
    let answer: (reply: ReturnType<typeof notificationsPage>) => void = () => undefined;
    api.get('/api/notifications', () => new Promise((resolve) => (answer = resolve)));
    const before = notificationGets(api).length;
    stream.emit('notification', { notification: unread, unreadCount: 1 }, unread.id);
    // The list's refetch has not answered yet: the count is the event's.
    await waitFor(() => expect(count()?.textContent).toBe('1'));
    expect(notificationGets(api)).toHaveLength(before + 1);
    answer(inbox);

    await userEvent.click(bell());
    expect(await screen.findByText(unread.text)).toBeTruthy();

    // Read in another tab: only the count (and the read marks) change.
    api.get('/api/notifications', () => notificationsPage([{ ...unread, read: true }, older], 0));
    stream.emit('unread', { unreadCount: 0 });
    await waitFor(() => expect(count()).toBeNull());
    await waitFor(() =>
      expect(screen.getAllByTestId('notification-item').map((item) => item.getAttribute('data-read'))).toEqual([
        'true',
        'true',
      ]),
    );
    // The same count again (as at the stream's start, or after a read this tab made) asks for nothing.
    const settled = notificationGets(api).length;
    stream.emit('unread', { unreadCount: 0 });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(notificationGets(api)).toHaveLength(settled);
    expect(streams()).toHaveLength(1);
  });

  it('closes the stream when the member logs out', async () => {
    withEventSource();
    api = memberApi();
    api.on('POST', '/api/auth/logout', () => ({ status: 204 }));
    api.get('/api/categories', () => json([]));
    api.get('/api/videos', () => json([]));
    renderRoute('/about', api);
    await screen.findByTestId('notification-count');
    const stream = streams()[0]!;
    stream.open();

    await userEvent.click(screen.getByTestId('user-menu-trigger'));
    await userEvent.click(screen.getByTestId('logout-button'));

    await waitFor(() => expect(stream.readyState).toBe(FakeEventSource.CLOSED));
    expect(screen.queryByTestId('notification-bell')).toBeNull();
    expect(streams()).toHaveLength(1);
  });

  it('without a stream, asks for the list again every 60 seconds', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    api = memberApi(notificationsPage([older], 0));
    renderRoute('/about', api);
    await waitFor(() => expect(notificationGets(api)).toHaveLength(1));

    api.get('/api/notifications', () => notificationsPage([unread, older], 1));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(59_000);
    });
    expect(notificationGets(api)).toHaveLength(1);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1_500);
    });
    expect(notificationGets(api)).toHaveLength(2);
    expect((await screen.findByTestId('notification-count')).textContent).toBe('1');
  });

  it('polls while the server refuses the stream', async () => {
    withEventSource();
    jest.useFakeTimers({ advanceTimers: true });
    api = memberApi(notificationsPage([older], 0));
    renderRoute('/about', api);
    await waitFor(() => expect(notificationGets(api)).toHaveLength(1));
    streams()[0]!.refuse();

    // It asks for the stream again 15 s later, and polls until one is open.
    await act(async () => {
      await jest.advanceTimersByTimeAsync(15_500);
    });
    expect(streams()).toHaveLength(2);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(45_000);
    });
    expect(notificationGets(api)).toHaveLength(2);
    streams()[1]!.open();
    await waitFor(() => expect(notificationGets(api)).toHaveLength(3));
    // Open: no more polling.
    await act(async () => {
      await jest.advanceTimersByTimeAsync(120_000);
    });
    expect(notificationGets(api)).toHaveLength(3);
  });
});

const allOn = () =>
  Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, true])) as Record<NotificationType, boolean>;

describe('notification settings on the profile', () => {
  let api: MockApi;
  afterEach(() => {
    cleanup();
    expect(api.unhandled).toEqual([]);
  });

  /** A member's profile page; the signed-in member is MEMBER_ID. */
  function profileApi(userId: string) {
    return memberApi(notificationsPage([], 0))
      .get('/api/users/:id', () => json(aUser({ id: userId, firstName: userId === MEMBER_ID ? 'Maya' : 'Tom' })))
      .get('/api/videos', () => json([]))
      .get('/api/feedback/user/:id', () => listPage([]))
      .get('/api/feedback/user/:id/stats', () => json(feedbackStats()));
  }

  it('lists one switch per type on your own profile; flipping one saves that type at once', async () => {
    api = profileApi(MEMBER_ID).get('/api/notifications/preferences', () =>
      json({ types: { ...allOn(), badge_earned: false } }),
    );
    const puts: unknown[] = [];
    api.on('PUT', '/api/notifications/preferences', ({ body }) => {
      puts.push(body);
      return json({ types: { ...allOn(), badge_earned: false, feedback_received: false } });
    });
    renderRoute(`/profile/${MEMBER_ID}`, api);

    const settings = within(await screen.findByRole('region', { name: 'Notifications' }));
    const boxes = await settings.findAllByRole<HTMLInputElement>('checkbox');
    const labels = boxes.map((box) => box.labels?.[0]?.textContent);
    // One per type the server knows, named as the contract names them, in its order…
    expect(labels).toEqual(NOTIFICATION_TYPES.map((type) => NOTIFICATION_TYPE_LABELS[type]));
    // …among them these, word for word.
    expect(
      labels.filter((label) =>
        [
          'New feedback on my videos',
          'My feedback rated',
          'My feedback marked helpful',
          'Badges I earn',
          'My feedback level going up',
          'My video ready to watch',
          'My video failed processing',
        ].includes(label ?? ''),
      ),
    ).toHaveLength(7);
    expect(boxes.map((box) => box.checked)).toEqual(NOTIFICATION_TYPES.map((type) => type !== 'badge_earned'));
    expect(settings.getByRole<HTMLInputElement>('checkbox', { name: 'Badges I earn' }).checked).toBe(false);

    const newFeedback = settings.getByRole<HTMLInputElement>('checkbox', { name: 'New feedback on my videos' });
    await userEvent.click(newFeedback);

    expect(newFeedback.checked).toBe(false);
    await waitFor(() => expect(puts).toEqual([{ types: { feedback_received: false } }]));
  });

  it('shows a flipped switch from the click itself, while its save is out', async () => {
    api = profileApi(MEMBER_ID).get('/api/notifications/preferences', () => json({ types: allOn() }));
    let answer: (() => void) | undefined;
    api.on(
      'PUT',
      '/api/notifications/preferences',
      () =>
        new Promise((resolve) => {
          answer = () => resolve(json({ types: { ...allOn(), feedback_rated: false } }));
        }),
    );
    renderRoute(`/profile/${MEMBER_ID}`, api);
    const box = await screen.findByRole<HTMLInputElement>('checkbox', { name: 'My feedback rated' });

    // A plain click, with nothing awaited after it: the switch must not spring back first.
    fireEvent.click(box);
    expect(box.checked).toBe(false);
    await waitFor(() => expect(answer).toBeDefined());
    expect(box.checked).toBe(false);
    answer!();
    await waitFor(() => expect(api.requests.filter((line) => line.startsWith('PUT'))).toHaveLength(1));
    expect(box.checked).toBe(false);
  });

  it('puts a switch back and says so when saving fails', async () => {
    api = profileApi(MEMBER_ID).get('/api/notifications/preferences', () => json({ types: allOn() }));
    api.on('PUT', '/api/notifications/preferences', () => failure(503, 'Notifications are unavailable right now.'));
    renderRoute(`/profile/${MEMBER_ID}`, api);

    const box = await screen.findByRole<HTMLInputElement>('checkbox', { name: 'My video ready to watch' });
    await userEvent.click(box);

    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Could not save your notification settings');
    expect(toast.textContent).toContain('Notifications are unavailable right now.');
    await waitFor(() => expect(box.checked).toBe(true));
  });

  it("is not on someone else's profile", async () => {
    api = profileApi(OTHER_MEMBER_ID);
    renderRoute(`/profile/${OTHER_MEMBER_ID}`, api);
    await screen.findByRole('heading', { level: 1, name: 'Tom Lind' });
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    expect(api.requests.filter((line) => line.includes('/preferences'))).toEqual([]);
  });
});
