import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
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
  await dialog.getByLabel('Category').locator('option').nth(1).waitFor({ state: 'attached' });
  return dialog;
}

describe('videos in the browser', () => {
  it('uploads a file, plays it on its page and shows its thumbnail on Home', async () => {
    const page = await memberPage();
    const clip = await makeTestVideo(join(scratch, 'serve.mp4'), { seconds: 3, size: '320x240' });

    const dialog = await openUploadDialog(page);
    await dialog.getByLabel('Title').fill('Kick serve practice');
    await dialog.getByLabel('Description').fill('Second serve, slow motion please');
    await dialog.getByLabel('Category').selectOption({ label: '🎾 Tennis' });
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
    await dialog.getByLabel('Category').selectOption({ label: '⛳ Golf' });
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
