import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  chooseOption,
  eventually,
  launchChromium,
  makeTestVideo,
  newUserFields,
  startStack,
  type TestStack,
  waitForPageCondition,
} from '@app/testing';

// Feedback as members meet it in Chromium: give it (time-coded on a file video), rate it, mark it
// helpful, and see it counted at once, after a reload and on the author's profile: the answer to a
// vote or rating carries the feedback's new numbers. Only the video's own stats (kept by another
// service from the events) are waited for.
let stack: TestStack;
let browser: Browser;
let scratch: string;

beforeAll(async () => {
  stack = await startStack('e2efeedback', ['gateway', 'auth', 'catalog', 'video', 'feedback', 'media-worker']);
  browser = await launchChromium();
  scratch = await mkdtemp(join(tmpdir(), 'e2efeedback-'));
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

type Member = { page: Page; id: string; fields: ReturnType<typeof newUserFields> };

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

/** A signed-in member in a browser context of their own (registered, or logged in again). */
async function memberPage(
  options: { width?: number; fields?: ReturnType<typeof newUserFields>; login?: boolean } = {},
) {
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
  return { page, id, fields } satisfies Member;
}

const textOf = async (locator: Locator) => (await locator.innerText()).trim();

async function waitForPlayerMetadata(page: Page) {
  await page.getByTestId('video-player').waitFor({ timeout: 60_000 });
  await waitForPageCondition(
    page,
    `(() => { const v = document.querySelector('[data-testid="video-player"]'); return v && v.readyState >= 1; })()`,
    30_000,
  );
}

/** Moves the player and waits until the element has really got there. */
async function seekPlayer(page: Page, seconds: number) {
  await page.evaluate(`new Promise((done) => {
    const v = document.querySelector('[data-testid="video-player"]');
    v.pause();
    v.addEventListener('seeked', () => done(), { once: true });
    v.currentTime = ${seconds};
  })`);
}

describe('feedback in the browser', () => {
  let uploader: Member;
  let author: Member;
  let rater: Member;
  let videoId: number;

  beforeAll(async () => {
    uploader = await memberPage();
    const clip = await makeTestVideo(join(scratch, 'swing.mp4'), { seconds: 3, size: '320x240' });
    const categories = (await (await uploader.page.request.get(`${stack.baseUrl}/api/categories`)).json()) as {
      id: number;
    }[];
    const created = await uploader.page.request.post(`${stack.baseUrl}/api/videos`, {
      multipart: {
        title: 'Backhand slice',
        categoryId: String(categories[0]!.id),
        video: { name: 'swing.mp4', mimeType: 'video/mp4', buffer: await readFile(clip) },
      },
    });
    expect(created.status()).toBe(201);
    videoId = ((await created.json()) as { id: number }).id;
    await eventually(
      async () =>
        (
          (await (await uploader.page.request.get(`${stack.baseUrl}/api/videos/${videoId}`)).json()) as {
            processingState: string;
          }
        ).processingState,
      (state) => state === 'ready',
      60_000,
    );
    author = await memberPage();
    rater = await memberPage({ width: 390 });
  });

  afterAll(async () => {
    for (const member of [uploader, author, rater]) await member?.page.context().close();
  });

  it('does not offer the form on your own video', async () => {
    const { page } = uploader;
    await page.goto(`${stack.baseUrl}/video/${videoId}`);
    await page.getByTestId('feedback-section').waitFor();
    await page.getByTestId('feedback-own-video').waitFor();
    expect(await page.getByTestId('feedback-form').count()).toBe(0);
  });

  it('rejects blank feedback, then posts time-coded feedback whose time seeks the player', async () => {
    const { page } = author;
    await page.goto(`${stack.baseUrl}/video/${videoId}`);
    await waitForPlayerMetadata(page);
    const form = page.getByTestId('feedback-form');

    await page.getByTestId('feedback-input').fill('   ');
    await form.getByTestId('feedback-submit').click();
    await form.getByText('Please provide feedback content').waitFor();

    // The coach writes, moves the player to the moment and inserts its time at the cursor.
    await page.getByTestId('feedback-input').fill('Watch the racket face at');
    await seekPlayer(page, 1);
    await page.getByTestId('insert-current-time').click();
    await page.getByTestId('feedback-input').pressSequentially('and keep the wrist firm.');
    const content = 'Watch the racket face at 0:01 and keep the wrist firm.';
    expect(await page.getByTestId('feedback-input').inputValue()).toBe(content);
    expect(await textOf(page.getByTestId('feedback-counter'))).toBe(`${content.length}/500`);
    await form.getByTestId('feedback-submit').click();

    const item = page.getByTestId('feedback-item').filter({ hasText: 'keep the wrist firm' });
    await item.waitFor();
    await waitForPageCondition(page, `document.querySelector('[data-testid="feedback-input"]').value === ''`);
    // Your own feedback cannot be voted on or rated.
    expect(await item.getByTestId('feedback-helpful').isDisabled()).toBe(true);
    expect(await item.getByTestId('feedback-rating').count()).toBe(0);
    const authorLink = item.getByTestId('feedback-author');
    expect(await authorLink.getAttribute('href')).toBe(`/profile/${author.id}`);

    // The time code plays the video from that moment.
    await seekPlayer(page, 0);
    await page.evaluate(`(() => {
      const v = document.querySelector('[data-testid="video-player"]');
      window.__seekedTo = null;
      v.addEventListener('seeked', () => { window.__seekedTo = v.currentTime; }, { once: true });
    })()`);
    const timestamp = item.getByTestId('feedback-timestamp');
    expect(await textOf(timestamp)).toBe('0:01');
    await timestamp.click();
    await waitForPageCondition(page, 'window.__seekedTo !== null');
    const seekedTo = Number(await page.evaluate('window.__seekedTo'));
    expect(Math.abs(seekedTo - 1)).toBeLessThan(0.25);
  });

  it('lets another member rate it and mark it helpful, once, with the Expert badge at 5 stars', async () => {
    const { page } = rater;
    await page.goto(`${stack.baseUrl}/video/${videoId}`);
    const item = page.getByTestId('feedback-item').filter({ hasText: 'keep the wrist firm' });
    await item.waitFor();
    expect(await item.getByTestId('feedback-expert-badge').count()).toBe(0);

    const answered = (path: string) =>
      page.waitForResponse((res) => res.url().endsWith(path) && res.request().method() === 'POST');
    const rated = answered('/rate');
    await item.getByRole('button', { name: 'Rate 5 stars' }).click();
    // Shown at once, then replaced by the server's numbers from the answer.
    await item.getByTestId('feedback-expert-badge').waitFor();
    expect(await textOf(item.getByTestId('feedback-average'))).toBe('5.0');
    const rating = await rated;
    expect(rating.status()).toBe(201);
    expect(await rating.json()).toMatchObject({ rating: 5, averageRating: 5, totalRatings: 1 });
    const voted = answered('/vote');
    await item.getByTestId('feedback-helpful').click();
    await item.getByTestId('feedback-helpful-count').getByText('1', { exact: true }).waitFor();
    const vote = await voted;
    expect(vote.status()).toBe(201);
    expect(await vote.json()).toMatchObject({ helpfulVotes: 1, averageRating: 5, totalRatings: 1 });

    // The server's own numbers say the same right after a reload.
    await page.reload();
    await item.waitFor();
    expect(await textOf(item.getByTestId('feedback-average'))).toBe('5.0');
    expect(await textOf(item.getByTestId('feedback-helpful-count'))).toBe('1');
    await item.getByTestId('feedback-expert-badge').waitFor();
    // Rated and voted: the controls stay disabled after the reload.
    expect(await item.getByRole('button', { name: 'Rate 5 stars' }).isDisabled()).toBe(true);
    expect(await item.getByTestId('feedback-helpful').isDisabled()).toBe(true);
  });

  it('shows the rating and vote as given when the same member opens the page in another browser', async () => {
    // The server says what this member gave, so a fresh browser does not offer it again.
    const elsewhere = await memberPage({ fields: rater.fields, login: true });
    const { page } = elsewhere;
    await page.goto(`${stack.baseUrl}/video/${videoId}`);
    const item = page.getByTestId('feedback-item').filter({ hasText: 'keep the wrist firm' });
    await item.waitFor();
    expect(await item.getByRole('button', { name: 'Rate 4 stars' }).isDisabled()).toBe(true);
    expect(await textOf(item.locator('.feedback-item__rate-label'))).toBe('You rated 5/5');
    expect(await item.getByRole('button', { name: 'Rate 5 stars' }).getAttribute('aria-pressed')).toBe('true');
    const helpful = item.getByTestId('feedback-helpful');
    expect(await helpful.isDisabled()).toBe(true);
    expect(await helpful.getAttribute('aria-pressed')).toBe('true');
    expect(await textOf(item.getByTestId('feedback-average'))).toBe('5.0');
    expect(await textOf(item.getByTestId('feedback-helpful-count'))).toBe('1');
    await page.context().close();
  });

  it('counts the feedback and its rating on the author’s profile', async () => {
    const { page } = rater;
    await page.goto(`${stack.baseUrl}/profile/${author.id}`);
    await page.getByTestId('profile-stat-feedback-given').getByText('1', { exact: true }).waitFor();
    await page.getByTestId('profile-stat-feedback-rating').getByText('5.0').waitFor();
    expect(await textOf(page.getByTestId('profile-level-badge'))).toBe('Amateur');
    await page.getByRole('tab', { name: 'Feedback Given (1)' }).click();
    const card = page.getByTestId('user-feedback-card');
    await card.filter({ hasText: 'Backhand slice' }).waitFor();
    expect(await textOf(card.getByTestId('user-feedback-rating'))).toBe('Rated 5.0/5 stars (1 rating)');
    expect(await textOf(card.getByTestId('user-feedback-helpful'))).toBe('1 found this helpful');
    // No video of their own: no achievements yet.
    expect(await page.getByTestId('achievements-card').count()).toBe(0);

    // The uploader's profile: the video's card carries the feedback count and its rating. The
    // video's stats are another service's, derived from the events: wait for its list to have them.
    await eventually(
      async () =>
        (
          (await (await page.request.get(`${stack.baseUrl}/api/videos?uploaderId=${uploader.id}`)).json()) as {
            id: number;
            feedbackCount: number;
            averageRating: number;
          }[]
        ).find((video) => video.id === videoId),
      (video) => video?.feedbackCount === 1 && video.averageRating === 5,
    );
    await page.goto(`${stack.baseUrl}/profile/${uploader.id}`);
    await page.getByTestId('achievements-card').getByText('Uploaded first video').waitFor();
    expect(await textOf(page.getByTestId('profile-stat-videos'))).toContain('1');
    const videoCard = page.getByTestId('video-card').filter({ hasText: 'Backhand slice' });
    await videoCard.getByText('1 feedback', { exact: true }).waitFor();
    await videoCard.getByText('5.0 average rating', { exact: true }).waitFor();
  });

  it('shows the feedback stats on My Videos', async () => {
    const { page } = author;
    await page.goto(`${stack.baseUrl}/my-videos`);
    await page.getByTestId('stat-feedback-given').getByText('1', { exact: true }).waitFor();
    await page.getByTestId('stat-feedback-rating').getByText('5.0').waitFor();
  });

  it('asks a visitor to log in instead of showing the form', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${stack.baseUrl}/video/${videoId}`);
    await page.getByTestId('feedback-login-prompt').waitFor();
    expect(await page.getByTestId('feedback-form').count()).toBe(0);
    const item = page.getByTestId('feedback-item').filter({ hasText: 'keep the wrist firm' });
    await item.getByTestId('feedback-helpful').click();
    await page.getByRole('dialog', { name: 'Welcome Back' }).waitFor();
    await context.close();
  });

  it('orders feedback by quality, helpfulness or date', async () => {
    const { page } = rater;
    await page.goto(`${stack.baseUrl}/video/${videoId}`);
    await page.getByTestId('feedback-input').fill('Nice footwork before the slice.');
    await page.getByTestId('feedback-submit').click();
    const items = page.getByTestId('feedback-item');
    await items.filter({ hasText: 'Nice footwork' }).waitFor();

    const first = async () => textOf(items.first().locator('.feedback-item__content'));
    // Most Helpful is the default.
    expect(await page.getByTestId('feedback-sort').innerText()).toBe('Most Helpful');
    expect(await first()).toContain('keep the wrist firm');
    await chooseOption(page.getByTestId('feedback-sort'), 'Most Recent');
    expect(await first()).toContain('Nice footwork');
    await chooseOption(page.getByTestId('feedback-sort'), 'Best Quality');
    expect(await first()).toContain('keep the wrist firm');
    expect(await textOf(items.first().locator('time'))).toBe('Today');
  });

  // Last, so its rating and vote do not change the numbers the tests above expect.
  it('says Already Rated when the same member rates again from another browser', async () => {
    // Two browsers of one member, both showing the feedback before either has rated it.
    const first = await memberPage();
    const second = await memberPage({ fields: first.fields, login: true });
    const items = [first, second].map(({ page }) =>
      page.getByTestId('feedback-item').filter({ hasText: 'keep the wrist firm' }),
    );
    for (const [index, { page }] of [first, second].entries()) {
      await page.goto(`${stack.baseUrl}/video/${videoId}`);
      // Offered once the page knows who is signed in.
      const fourStars = items[index]!.getByRole('button', { name: 'Rate 4 stars' });
      await eventually(
        () => fourStars.isDisabled(),
        (disabled) => !disabled,
        30_000,
      );
    }
    const [here, there] = items as [Locator, Locator];
    const answered = (page: Page, path: string) =>
      page.waitForResponse((res) => res.url().endsWith(path) && res.request().method() === 'POST');

    const rated = answered(first.page, '/rate');
    await here.getByRole('button', { name: 'Rate 4 stars' }).click();
    expect((await rated).status()).toBe(201);
    // The second browser has not reloaded: it still offers the stars, and the server refuses them.
    const refused = answered(second.page, '/rate');
    await there.getByRole('button', { name: 'Rate 3 stars' }).click();
    expect((await refused).status()).toBe(400);
    await toast(second.page, 'Already Rated').filter({ hasText: 'You have already rated this feedback.' }).waitFor();
    expect(await there.getByRole('button', { name: 'Rate 3 stars' }).isDisabled()).toBe(true);
    // The page then shows the stars that were given in the first browser.
    await there.locator('.feedback-item__rate-label').getByText('You rated 4/5', { exact: true }).waitFor();

    const voted = answered(first.page, '/vote');
    await here.getByTestId('feedback-helpful').click();
    expect((await voted).status()).toBe(201);
    await there.getByTestId('feedback-helpful').click();
    await toast(second.page, 'Failed to vote on feedback').waitFor();
    expect(await there.getByTestId('feedback-helpful').isDisabled()).toBe(true);

    // The refused rating and vote were not counted: 5 and 4 stars, two helpful votes, in the first
    // browser from the answers, in the second once it has read the list again, and after a reload.
    await here.getByTestId('feedback-average').getByText('4.5', { exact: true }).waitFor();
    await here.getByTestId('feedback-helpful-count').getByText('2', { exact: true }).waitFor();
    await there.getByTestId('feedback-helpful-count').getByText('2', { exact: true }).waitFor();
    await second.page.reload();
    await there.waitFor();
    expect(await textOf(there.getByTestId('feedback-average'))).toBe('4.5');
    expect(await textOf(there.getByTestId('feedback-helpful-count'))).toBe('2');
    for (const { page } of [first, second]) await page.context().close();
  });
});
