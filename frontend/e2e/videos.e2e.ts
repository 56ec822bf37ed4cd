import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
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

// Videos as a member meets them in Chromium: upload, watch, link, edit, delete.
let stack: TestStack;
let browser: Browser;
let scratch: string;

beforeAll(async () => {
  stack = await startStack('e2evideos', ['gateway', 'auth', 'catalog', 'video', 'feedback', 'media-worker']);
  browser = await launchChromium();
  scratch = await mkdtemp(join(tmpdir(), 'e2evideos-'));
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

type VideoState = { processingState: string; thumbnailUrl: string | null };

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

/** A signed-in member's page (registered through the API, as the session cookie lands in the context). */
async function memberPage(width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const res = await page.request.post(`${stack.baseUrl}/api/auth/register`, { data: newUserFields() });
  expect(res.status()).toBe(201);
  await page.goto(`${stack.baseUrl}/`);
  // The hero offers Upload Video only to a signed-in member (at every width).
  await page.getByRole('main').getByRole('button', { name: 'Upload Video' }).waitFor();
  return page;
}

async function openUploadDialog(page: Page) {
  await page.getByRole('main').getByRole('button', { name: 'Upload Video' }).click();
  const dialog = page.getByTestId('upload-dialog');
  await dialog.waitFor();
  // The categories have come: the select offers to choose one.
  await dialog.getByRole('combobox', { name: 'Category' }).getByText('Select a category').waitFor();
  return dialog;
}

/** What a page did wrong while it loaded: console errors, uncaught errors and failing requests. */
function recordProblems(page: Page) {
  const problems: string[] = [];
  const requests: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => {
    // The player cancels its own range requests as it seeks: not a failure of the server's.
    const failure = request.failure()?.errorText ?? '';
    if (failure !== 'net::ERR_ABORTED') problems.push(`${failure} ${request.url()}`);
  });
  return { problems, requests };
}

// First in the file, before its link videos exist: their previews come from YouTube, which a test
// machine may not reach.
describe('a visitor’s first visit', () => {
  it('to Home and to a video’s page logs no console error and sends no request that fails', async () => {
    const member = await browser.newContext();
    const uploader = await member.newPage();
    expect(
      (await uploader.request.post(`${stack.baseUrl}/api/auth/register`, { data: newUserFields() })).status(),
    ).toBe(201);
    const categories = (await (await uploader.request.get(`${stack.baseUrl}/api/categories`)).json()) as {
      id: number;
    }[];
    const clip = await makeTestVideo(join(scratch, 'visit.mp4'), { seconds: 2, size: '320x240' });
    const created = await uploader.request.post(`${stack.baseUrl}/api/videos`, {
      multipart: {
        title: 'Backhand drill',
        categoryId: String(categories[0]!.id),
        video: { name: 'visit.mp4', mimeType: 'video/mp4', buffer: await readFile(clip) },
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    await eventually(
      async () => (await (await uploader.request.get(`${stack.baseUrl}/api/videos/${id}`)).json()) as VideoState,
      (video) => video.processingState === 'ready' && video.thumbnailUrl !== null,
      60_000,
    );
    await member.close();

    // A new browser each time, as a first visit is: nothing cached, no cookie.
    for (const path of ['/', `/video/${id}`]) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      const page = await context.newPage();
      const { problems, requests } = recordProblems(page);
      await page.goto(`${stack.baseUrl}${path}`, { waitUntil: 'networkidle' });
      if (path === '/') await page.getByTestId('video-card').filter({ hasText: 'Backhand drill' }).waitFor();
      else await page.getByTestId('video-player').waitFor();
      // On a phone the header's Log in sits in the closed menu.
      await page.getByRole('button', { name: 'Log in', includeHidden: true }).first().waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
      expect({ path, problems }).toEqual({ path, problems: [] });
      // What the shell's Link header preloads (the video page's API answers, code and styles) is
      // taken by the app, not fetched a second time. The player's range requests repeat its stream.
      const fetchedTwice = requests.filter(
        (request, i) => !request.endsWith('/stream') && requests.indexOf(request) !== i,
      );
      expect({ path, fetchedTwice }).toEqual({ path, fetchedTwice: [] });
      // Nothing asked that could only answer 401.
      expect({ path, asked: requests.filter((request) => request.startsWith('/api/auth/')) }).toEqual({
        path,
        asked: [],
      });
      await context.close();
    }
  });

  it('after signing out, the next visit asks nothing about who is signed in; signed in, it does', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const marker = async () =>
      (await context.cookies(stack.baseUrl)).find((cookie) => cookie.name === 'vf.signed-in')?.value;
    expect((await page.request.post(`${stack.baseUrl}/api/auth/register`, { data: newUserFields() })).status()).toBe(
      201,
    );
    expect(await marker()).toBe('1');

    let seen = recordProblems(page);
    await page.goto(`${stack.baseUrl}/`);
    await page.getByTestId('user-menu-trigger').waitFor();
    expect(seen.requests).toContain('/api/auth/user');

    expect((await page.request.post(`${stack.baseUrl}/api/auth/logout`)).status()).toBe(204);
    expect(await marker()).toBe('0');
    const next = await context.newPage();
    seen = recordProblems(next);
    await next.goto(`${stack.baseUrl}/`, { waitUntil: 'networkidle' });
    await next.getByRole('button', { name: 'Log in' }).first().waitFor();
    expect(seen.requests).not.toContain('/api/auth/user');
    expect(seen.problems).toEqual([]);
    await context.close();
  });
});

describe('videos in the browser', () => {
  it('uploads a file, plays it on its page and shows its thumbnail on Home', async () => {
    const page = await memberPage();
    const clip = await makeTestVideo(join(scratch, 'serve.mp4'), { seconds: 3, size: '320x240' });

    const dialog = await openUploadDialog(page);
    await dialog.getByLabel('Title').fill('Kick serve practice');
    await dialog.getByLabel('Description').fill('Second serve, slow motion please');
    await chooseOption(dialog.getByRole('combobox', { name: 'Category' }), '🎾 Tennis');
    await dialog.getByTestId('upload-file-input').setInputFiles({
      name: 'serve.mp4',
      mimeType: 'video/mp4',
      buffer: await readFile(clip),
    });
    await dialog.getByRole('button', { name: 'Upload Video' }).click();
    await page.waitForURL(/\/video\/\d+$/);
    await page.getByTestId('video-title').filter({ hasText: 'Kick serve practice' }).waitFor();

    // Once the worker is done the player replaces the processing state and really plays.
    const player = page.getByTestId('video-player');
    await player.waitFor({ timeout: 60_000 });
    await waitForPageCondition(
      page,
      `(() => { const v = document.querySelector('[data-testid="video-player"]'); return v && v.readyState >= 2; })()`,
      30_000,
    );
    const duration = await page.evaluate(`document.querySelector('[data-testid="video-player"]').duration`);
    expect(Math.round(Number(duration))).toBe(3);

    // Coaches' controls act on the real element.
    await page.getByRole('button', { name: '0.5×' }).click();
    expect(await page.evaluate(`document.querySelector('[data-testid="video-player"]').playbackRate`)).toBe(0.5);

    await page.goto(`${stack.baseUrl}/`);
    const card = page.getByTestId('video-card').filter({ hasText: 'Kick serve practice' });
    await card.waitFor();
    await waitForPageCondition(
      page,
      `[...document.querySelectorAll('[data-testid="video-card"] img')].some((img) => img.src.includes('/thumbnail') && img.complete && img.naturalWidth > 0)`,
    );
    await page.context().close();
  });

  it('shows the dialog’s validation messages and uploads a YouTube link', async () => {
    const page = await memberPage(390);
    const dialog = await openUploadDialog(page);
    await dialog.getByRole('button', { name: 'Upload Video' }).click();
    for (const message of ['Title is required', 'Category is required', 'Please select a video file']) {
      await dialog.getByText(message).waitFor();
    }
    await dialog.getByTestId('upload-file-input').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a video'),
    });
    await dialog.getByText('Please select a valid video file (MP4, MOV, WebM)').waitFor();

    await dialog.getByLabel('YouTube link').check();
    await dialog.getByLabel('Title').fill('Pro putting drill');
    await chooseOption(dialog.getByRole('combobox', { name: 'Category' }), '⛳ Golf');
    await dialog.getByRole('button', { name: 'Upload Video' }).click();
    await dialog.getByText('YouTube URL is required').waitFor();
    await dialog.getByLabel('YouTube URL').fill('https://vimeo.com/12345');
    await dialog.getByRole('button', { name: 'Upload Video' }).click();
    await dialog.getByText('Please enter a valid YouTube URL').waitFor();

    await dialog.getByLabel('YouTube URL').fill('https://youtu.be/dQw4w9WgXcQ');
    await dialog.getByRole('button', { name: 'Upload Video' }).click();
    await page.waitForURL(/\/video\/\d+$/);
    const embed = page.getByTestId('youtube-player');
    await embed.waitFor();
    expect(await embed.getAttribute('src')).toContain('/embed/dQw4w9WgXcQ');
    await page.context().close();
  });

  it('edits the description on the video page and deletes the video from My Videos', async () => {
    const page = await memberPage();
    const categories = (await (await page.request.get(`${stack.baseUrl}/api/categories`)).json()) as { id: number }[];
    const form = {
      title: 'Ollie basics',
      categoryId: String(categories[0]!.id),
      youtubeUrl: 'https://www.youtube.com/watch?v=9bZkp7q19f0',
    };
    const created = await page.request.post(`${stack.baseUrl}/api/videos`, { multipart: form });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };

    await page.goto(`${stack.baseUrl}/video/${id}`);
    await page.getByRole('button', { name: 'Edit Description' }).click();
    const edit = page.getByTestId('edit-description-dialog');
    await edit.getByLabel('Description').fill('Focus on the back foot snap');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'hidden' });
    await page.getByTestId('video-description').filter({ hasText: 'Focus on the back foot snap' }).waitFor();

    await page.goto(`${stack.baseUrl}/my-videos`);
    const card = page.getByTestId('video-card').filter({ hasText: 'Ollie basics' });
    await card.getByRole('button', { name: 'Video actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByTestId('delete-video-dialog');
    await confirm.getByText('Are you sure you want to delete "Ollie basics"? This action cannot be undone.').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Video deleted successfully').waitFor();
    await card.waitFor({ state: 'detached' });
    expect((await page.request.get(`${stack.baseUrl}/api/videos/${id}`)).status()).toBe(404);
    await page.context().close();
  });
});
