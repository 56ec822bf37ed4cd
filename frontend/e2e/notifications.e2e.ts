import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, linkYoutubeVideoFromPage, newUserFields, startStack, type TestStack } from '@app/testing';

// In-app notifications as members meet them in Chromium: feedback on my video rings the header's
// bell within a second (the live stream), the notification opens the video at that exact feedback,
// "Mark all as read" clears the count, a type turned off on my profile stays quiet, and the bell and
// its list fit a phone.
let stack: TestStack;
let browser: Browser;

beforeAll(async () => {
  stack = await startStack('e2enotify', ['gateway', 'auth', 'catalog', 'video', 'feedback', 'notifications']);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

type Member = { page: Page; id: string; fields: ReturnType<typeof newUserFields> };

/** A signed-in member in a browser context of their own (registered, or logged in again). */
async function memberPage(
  options: { width?: number; fields?: ReturnType<typeof newUserFields>; login?: boolean } = {},
): Promise<Member> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: 900 } });
  const page = await context.newPage();
  const fields = options.fields ?? newUserFields();
  const res = options.login
    ? await page.request.post(`${stack.baseUrl}/api/auth/login`, {
        data: { email: fields.email, password: fields.password },
      })
    : await page.request.post(`${stack.baseUrl}/api/auth/register`, { data: fields });
  expect(res.status()).toBe(options.login ? 200 : 201);
  const { id } = (await res.json()) as { id: string };
  return { page, id, fields };
}

/** Feedback given through the API; resolves once the server has answered (201). */
async function giveFeedback(member: Member, videoId: number, content: string): Promise<number> {
  const res = await member.page.request.post(`${stack.baseUrl}/api/videos/${videoId}/feedback`, {
    data: { content },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

type Inbox = { items: { id: number; type: string; text: string; read: boolean }[]; unreadCount: number };
const inboxOf = async (member: Member) =>
  (await (await member.page.request.get(`${stack.baseUrl}/api/notifications`)).json()) as Inbox;

/** The inbox once it has stayed the same for 2 s (at most 15 s). */
async function settledInbox(member: Member): Promise<Inbox> {
  const deadline = Date.now() + 15_000;
  let last = await inboxOf(member);
  let since = Date.now();
  while (Date.now() - since < 2000 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = await inboxOf(member);
    if (JSON.stringify(now) !== JSON.stringify(last)) {
      last = now;
      since = Date.now();
    }
  }
  return last;
}

const bell = (page: Page) => page.getByTestId('notification-bell');
const count = (page: Page) => page.getByTestId('notification-count');
/** The bell's stream is open: from now on a notification arrives as it happens. */
const bellLive = (page: Page) => page.locator('[data-testid="notification-bell"][data-live="true"]').waitFor();
const noHorizontalScroll = (page: Page) => page.evaluate(`document.scrollingElement.scrollWidth`) as Promise<number>;

describe('notifications in the browser', () => {
  let owner: Member;
  let coach: Member;
  let videoId: number;
  let firstFeedbackId: number;

  beforeAll(async () => {
    owner = await memberPage();
    coach = await memberPage({ fields: newUserFields({ firstName: 'Bianca', lastName: 'Stone' }) });
    videoId = await linkYoutubeVideoFromPage(owner.page, stack.baseUrl, 'Serve toss');
    // The upload brings the owner news of its own (the First Video badge, recorded a moment later):
    // once nothing more arrives, it is read, so the bell starts at 0.
    const settled = await settledInbox(owner);
    console.log(`[notifications] the owner's news before any feedback: ${settled.items.map((n) => n.type).join(', ')}`);
    const read = await owner.page.request.post(`${stack.baseUrl}/api/notifications/read`, { data: { all: true } });
    expect(read.status()).toBe(200);
    expect(((await read.json()) as { unreadCount: number }).unreadCount).toBe(0);
  });

  afterAll(async () => {
    for (const member of [owner, coach]) await member?.page.context().close();
  });

  it('rings the bell within a second of feedback on my video', async () => {
    const { page } = owner;
    await page.goto(`${stack.baseUrl}/`);
    await bell(page).waitFor();
    expect(await count(page).count()).toBe(0);
    expect(await bell(page).getAttribute('aria-label')).toBe('Notifications');
    await bellLive(page);

    firstFeedbackId = await giveFeedback(coach, videoId, 'Toss the ball a little further in front.');
    const answered = Date.now();
    await count(page).waitFor({ timeout: 10_000 });
    const elapsed = Date.now() - answered;
    console.log(`[notifications] the bell showed the new feedback ${elapsed} ms after the POST answered`);

    expect(elapsed).toBeLessThanOrEqual(1000);
    expect((await count(page).innerText()).trim()).toBe('1');
    expect(await bell(page).getAttribute('aria-label')).toBe('Notifications, 1 unread');
  });

  it('opens the notification at the exact feedback, highlighted, and marks it read', async () => {
    const { page } = owner;
    await bell(page).click();
    const panel = page.getByTestId('notification-panel');
    const item = panel.getByTestId('notification-item').filter({ hasText: 'Bianca' });
    await item.waitFor();
    const text = await item.innerText();
    expect(text).toContain('Bianca');
    expect(text).toContain('feedback');
    expect(await item.getAttribute('data-read')).toBe('false');

    await item.click();

    await page.waitForURL(`${stack.baseUrl}/video/${videoId}?feedback=${firstFeedbackId}`);
    await page
      .locator(`[data-testid="feedback-item"][data-feedback-id="${firstFeedbackId}"][data-highlighted="true"]`)
      .waitFor({ timeout: 5000 });
    await count(page).waitFor({ state: 'detached' });
    expect((await inboxOf(owner)).unreadCount).toBe(0);
  });

  it('"Mark all as read" clears the count', async () => {
    const { page } = owner;
    await bellLive(page);
    await giveFeedback(coach, videoId, 'Keep the racket head up through contact.');
    await count(page).waitFor({ timeout: 10_000 });
    expect((await count(page).innerText()).trim()).toBe('1');

    await bell(page).click();
    const panel = page.getByTestId('notification-panel');
    await panel.getByTestId('notification-item').filter({ hasText: 'Bianca' }).first().waitFor();
    await panel.getByRole('button', { name: 'Mark all as read' }).click();

    await count(page).waitFor({ state: 'detached' });
    expect(await bell(page).getAttribute('aria-label')).toBe('Notifications');
    const inbox = await inboxOf(owner);
    expect(inbox.unreadCount).toBe(0);
    expect(inbox.items.every((notification) => notification.read)).toBe(true);
    await page.keyboard.press('Escape');
  });

  it('stays quiet about a type turned off on my profile', async () => {
    const { page } = owner;
    await page.goto(`${stack.baseUrl}/profile/${owner.id}`);
    const settings = page.getByTestId('notification-settings');
    const newFeedback = settings.getByLabel('New feedback on my videos');
    await newFeedback.waitFor();
    expect(await newFeedback.isChecked()).toBe(true);
    const saved = page.waitForResponse(
      (res) => res.url().endsWith('/api/notifications/preferences') && res.request().method() === 'PUT',
    );
    await newFeedback.uncheck();
    expect((await saved).status()).toBe(200);
    const preferences = (await (
      await owner.page.request.get(`${stack.baseUrl}/api/notifications/preferences`)
    ).json()) as { types: Record<string, boolean> };
    expect(preferences.types).toMatchObject({ feedback_received: false, feedback_rated: true });
    await bellLive(page);
    const before = (await inboxOf(owner)).items.length;

    await giveFeedback(coach, videoId, 'Bend the knees more before you push up.');
    await new Promise((resolve) => setTimeout(resolve, 2000));

    expect(await count(page).count()).toBe(0);
    const inbox = await inboxOf(owner);
    expect(inbox.unreadCount).toBe(0);
    expect(inbox.items).toHaveLength(before);
    // The feedback itself was given: it is on the video.
    const feedback = (await (
      await owner.page.request.get(`${stack.baseUrl}/api/feedback/video/${videoId}`)
    ).json()) as { content: string }[];
    expect(feedback.map((item) => item.content)).toContain('Bend the knees more before you push up.');
  });

  it('fits a 390 px phone: the bell and its list, with no sideways scrolling', async () => {
    const phone = await memberPage({ width: 390, fields: owner.fields, login: true });
    try {
      const { page } = phone;
      await page.goto(`${stack.baseUrl}/`);
      await bell(page).waitFor();
      expect(await bell(page).isVisible()).toBe(true);
      expect(await noHorizontalScroll(page)).toBeLessThanOrEqual(390);

      await bell(page).click();
      const panel = page.getByTestId('notification-panel');
      await panel.getByTestId('notification-item').first().waitFor();
      const box = await panel.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      expect(await panel.getByRole('button', { name: 'Mark all as read' }).isVisible()).toBe(true);
      expect(await noHorizontalScroll(page)).toBeLessThanOrEqual(390);
    } finally {
      await phone.page.context().close();
    }
  });
});
