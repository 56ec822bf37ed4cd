import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import {
  chooseOption,
  eventually,
  launchChromium,
  linkYoutubeVideoFromPage,
  newUserFields,
  startStack,
  type TestStack,
} from '@app/testing';

// Conversations on feedback as members meet them in Chromium: the uploader answers a coach's
// feedback, "@" suggests the conversation's people, the mention shows as a link to the coach's
// profile and tells the coach; the uploader marks the advice applied and the list filters open and
// applied feedback; all of it fits a phone.
let stack: TestStack;
let browser: Browser;

beforeAll(async () => {
  stack = await startStack('e2econv', ['gateway', 'auth', 'catalog', 'video', 'feedback', 'notifications']);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

type Member = { page: Page; id: string };

async function memberPage(firstName: string, width = 1280): Promise<Member> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const res = await page.request.post(`${stack.baseUrl}/api/auth/register`, {
    data: newUserFields({ firstName, lastName: 'Moreau' }),
  });
  expect(res.status()).toBe(201);
  return { page, id: ((await res.json()) as { id: string }).id };
}

async function giveFeedback(member: Member, videoId: number, content: string): Promise<number> {
  const res = await member.page.request.post(`${stack.baseUrl}/api/videos/${videoId}/feedback`, { data: { content } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

describe('conversations on feedback', () => {
  it('lets the uploader answer with a mention, and mark the advice applied', async () => {
    const uploader = await memberPage('Ulla');
    const coach = await memberPage('Carla');
    const videoId = await linkYoutubeVideoFromPage(uploader.page, stack.baseUrl, 'Cartwheel basics');
    const feedbackId = await giveFeedback(coach, videoId, 'Keep your arms straight');
    const { page } = uploader;
    await page.goto(`${stack.baseUrl}/video/${videoId}`);
    const item = page.locator(`[data-feedback-id="${feedbackId}"]`);
    await item.waitFor();

    await item.getByTestId('reply-button').click();
    const input = item.getByTestId('reply-input');
    await input.pressSequentially('Thanks @Ca');
    const suggestion = item.getByTestId('mention-suggestions').getByRole('button', { name: '@Carla Moreau' });
    await suggestion.click();
    await input.pressSequentially('how straight?');
    await expect(input.inputValue()).resolves.toBe('Thanks @Carla Moreau how straight?');
    await item.getByTestId('reply-submit').click();

    const reply = item.getByTestId('feedback-reply');
    await reply.waitFor();
    expect(await reply.innerText()).toContain('Thanks @Carla Moreau how straight?');
    const mention = reply.getByTestId('reply-mention');
    expect(await mention.getAttribute('href')).toBe(`/profile/${coach.id}`);

    // The coach is told of the mention, once (not also as a reply to their feedback).
    const inbox = await eventually(
      async () =>
        (await (await coach.page.request.get(`${stack.baseUrl}/api/notifications`)).json()) as {
          items: { type: string; text: string }[];
        },
      (page) => page.items.some((n) => n.type === 'mention'),
    );
    expect(inbox.items.map((n) => n.type)).toEqual(['mention']);
    expect(inbox.items[0]!.text).toBe('Ulla Moreau mentioned you in a reply on “Cartwheel basics”');

    // Its author may correct it within 10 minutes; the mention stays.
    await reply.getByRole('button', { name: 'Edit' }).click();
    await reply.getByRole('textbox', { name: 'Edit your reply' }).fill('Thanks @Carla Moreau, how straight exactly?');
    await reply.getByRole('button', { name: 'Save' }).click();
    await reply.getByText('edited').waitFor();
    expect(await reply.innerText()).toContain('Thanks @Carla Moreau, how straight exactly?');
    expect(await reply.getByTestId('reply-mention').getAttribute('href')).toBe(`/profile/${coach.id}`);

    // Applied: the uploader's mark, shown to everyone, and the list's open/applied filter.
    await item.getByTestId('feedback-mark-applied').click();
    await item.getByTestId('feedback-applied').waitFor();
    const second = await giveFeedback(coach, videoId, 'Look at your hands');
    await page.reload();
    await page.locator(`[data-feedback-id="${second}"]`).waitFor();
    await chooseOption(page.getByTestId('feedback-status'), 'Applied');
    await expect(page.getByTestId('feedback-item').count()).resolves.toBe(1);
    expect(await page.getByTestId('feedback-item').getAttribute('data-feedback-id')).toBe(String(feedbackId));
    await chooseOption(page.getByTestId('feedback-status'), 'Open');
    expect(await page.getByTestId('feedback-item').getAttribute('data-feedback-id')).toBe(String(second));

    // The coach sees the mark too, and on a phone nothing scrolls sideways.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const visitor = await phone.newPage();
    await visitor.goto(`${stack.baseUrl}/video/${videoId}`);
    const seen = visitor.locator(`[data-feedback-id="${feedbackId}"]`);
    await seen.getByTestId('feedback-applied').waitFor();
    expect(await seen.getByTestId('feedback-reply').count()).toBe(1);
    const width = Number(await visitor.evaluate('document.scrollingElement.scrollWidth'));
    expect(width).toBeLessThanOrEqual(390);
  });
});
