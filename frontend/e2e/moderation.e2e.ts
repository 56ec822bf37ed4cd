import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import {
  eventually,
  firstAdmin,
  launchChromium,
  linkYoutubeVideoFromPage,
  newUserFields,
  startStack,
  type TestStack,
} from '@app/testing';

// Moderation as an admin meets it in Chromium: members report a feedback, the Admin Panel's Reports
// tab shows it with its reporters, Hide moves it to Resolved marked "Hidden pending review", a
// visitor no longer gets it, and the tab fits a phone.
const ADMIN = firstAdmin('moderation.admin@example.com');

let stack: TestStack;
let browser: Browser;

beforeAll(async () => {
  stack = await startStack(
    'e2emoderation',
    ['gateway', 'auth', 'catalog', 'video', 'feedback', 'admin', 'notifications'],
    {},
    { auth: ADMIN },
  );
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

type Member = { page: Page; id: string };

/** A signed-in member (registered, or the first admin logging in) in a browser context of their own. */
async function memberPage(
  overrides: Parameters<typeof newUserFields>[0] = {},
  options: { login?: boolean; width?: number } = {},
): Promise<Member> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: 900 } });
  const page = await context.newPage();
  const fields = newUserFields(overrides);
  const res = options.login
    ? await page.request.post(`${stack.baseUrl}/api/auth/login`, {
        data: { email: fields.email, password: fields.password },
      })
    : await page.request.post(`${stack.baseUrl}/api/auth/register`, { data: fields });
  expect(res.status()).toBe(options.login ? 200 : 201);
  const { id } = (await res.json()) as { id: string };
  return { page, id };
}

async function report(member: Member, feedbackId: number, reason: string, note?: string): Promise<number> {
  const res = await member.page.request.post(`${stack.baseUrl}/api/reports`, {
    data: { subjectType: 'feedback', subjectId: feedbackId, reason, ...(note ? { note } : {}) },
  });
  return res.status();
}

/** What a visitor gets of a video's feedback. */
async function visibleFeedbackIds(videoId: number): Promise<number[]> {
  const res = await fetch(`${stack.baseUrl}/api/feedback/video/${videoId}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: number }[]).map((feedback) => feedback.id);
}

/** True when the page is no wider than its window (nothing to scroll sideways). */
const fitsWidth = (page: Page) =>
  page.evaluate('document.documentElement.scrollWidth <= window.innerWidth') as Promise<boolean>;

describe('moderation in the browser', () => {
  const members: Member[] = [];
  let videoId: number;
  let feedbackId: number;
  let author: Member;

  beforeAll(async () => {
    const owner = await memberPage({ firstName: 'Olga', lastName: 'Owner' });
    author = await memberPage({ firstName: 'Spencer', lastName: 'Spammer' });
    members.push(owner, author);
    videoId = await linkYoutubeVideoFromPage(owner.page, stack.baseUrl, 'Serve toss');
    const res = await author.page.request.post(`${stack.baseUrl}/api/videos/${videoId}/feedback`, {
      data: { content: 'Buy my tennis course before the price goes up' },
    });
    expect(res.status()).toBe(201);
    feedbackId = ((await res.json()) as { id: number }).id;
  });

  afterAll(async () => {
    for (const member of members) await member.page.context().close();
  });

  it('lists a reported feedback for the admin; Hide resolves it and visitors no longer get it', async () => {
    const rita = await memberPage({ firstName: 'Rita', lastName: 'Reporter' });
    const sam = await memberPage({ firstName: 'Sam', lastName: 'Second' });
    const tia = await memberPage({ firstName: 'Tia', lastName: 'Third' });
    members.push(rita, sam, tia);
    expect(await report(rita, feedbackId, 'spam', 'Selling a course')).toBe(201);
    expect(await report(sam, feedbackId, 'inappropriate')).toBe(201);
    // The same open report again is the same report.
    expect(await report(rita, feedbackId, 'spam')).toBe(200);
    // The third through the video page: "Report feedback" on the item, a reason and a note.
    await tia.page.goto(`${stack.baseUrl}/video/${videoId}`);
    const item = tia.page.locator(`[data-feedback-id="${feedbackId}"]`);
    await item.getByRole('button', { name: 'Report feedback' }).click();
    const dialog = tia.page.getByRole('dialog');
    await dialog.getByRole('radio', { name: 'Other' }).check();
    await dialog.getByRole('textbox').fill('Off topic advertising');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await tia.page.getByTestId('toast').filter({ hasText: 'Thanks — the moderators will review it' }).waitFor();
    expect(await tia.page.getByRole('dialog').count()).toBe(0);
    // Nobody is offered to report their own feedback.
    await author.page.goto(`${stack.baseUrl}/video/${videoId}`);
    await author.page.locator(`[data-feedback-id="${feedbackId}"]`).waitFor();
    expect(await author.page.locator(`[data-feedback-id="${feedbackId}"] [data-testid="report-button"]`).count()).toBe(
      0,
    );
    // Three new members weigh 1.5, under the score that hides content by itself.
    expect(await visibleFeedbackIds(videoId)).toContain(feedbackId);

    const admin = await memberPage({ email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD }, { login: true });
    members.push(admin);
    const { page } = admin;
    await page.goto(`${stack.baseUrl}/admin`);
    await page.getByTestId('admin-tab-reports').click();
    const tab = page.getByTestId('reports-tab');
    const group = tab.locator(`[data-testid="report-group"][data-subject-id="${feedbackId}"]`);
    await group.waitFor();
    expect(await group.getAttribute('data-subject-type')).toBe('feedback');
    await group.getByText('Buy my tennis course before the price goes up').waitFor();
    await group.getByText('Serve toss').waitFor();
    await group.getByText('By Spencer Spammer').waitFor();
    expect(await group.getByTestId('report-reporter').allInnerTexts()).toEqual(
      expect.arrayContaining(['Rita Reporter', 'Sam Second', 'Tia Third']),
    );
    expect(await group.getByTestId('report-reporter').count()).toBe(3);
    await group.getByText('Selling a course').waitFor();
    expect(await group.getByTestId('report-hidden-badge').count()).toBe(0);
    expect(await group.getByTestId('report-subject-link').getAttribute('href')).toBe(
      `/video/${videoId}?feedback=${feedbackId}`,
    );
    // The feature's stylesheet is applied (it is loaded with the tab).
    expect(
      await page.evaluate(`getComputedStyle(document.querySelector('[data-testid="report-group"]')).display`),
    ).toBe('flex');

    // A phone: the tabs, the queue and its buttons fit without sideways scrolling.
    await page.setViewportSize({ width: 390, height: 844 });
    await group.getByTestId('report-hide').waitFor();
    expect(await fitsWidth(page)).toBe(true);

    const resolved = page.waitForResponse(
      (res) => res.url().includes('/api/admin/reports/') && res.url().endsWith('/resolve'),
    );
    await group.getByTestId('report-hide').click();
    expect((await resolved).status()).toBe(200);
    await page.getByTestId('toast').filter({ hasText: 'Reports closed: content hidden' }).waitFor();
    await group.waitFor({ state: 'detached' });

    await tab.getByRole('radio', { name: 'Resolved' }).check();
    await group.waitFor();
    await group.getByTestId('report-hidden-badge').getByText('Hidden pending review').waitFor();
    await group.getByTestId('report-decisions').getByText('Hidden by an admin').waitFor();
    expect(await group.getByTestId('report-hide').count()).toBe(0);
    expect(await fitsWidth(page)).toBe(true);

    // Gone for a visitor.
    await eventually(
      () => visibleFeedbackIds(videoId),
      (ids) => !ids.includes(feedbackId),
    );
  });
});
