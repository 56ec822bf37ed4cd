import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import type { UserDto } from '@app/contracts';
import { HttpSession, launchChromium, newUserFields, startStack, withClient, type TestStack } from '@app/testing';

// These tests write the catalog's listings directly (no events, so no announcement to the
// gateways): anonymous lists must not come from a gateway's cache.
const NO_LIST_CACHE = { LIST_CACHE_SECONDS: '0' };

// Finding any video from Home in Chromium: the search box asks the server, so it finds a video far
// below the newest 12 (misspelt, too), and "Load more" appends the next 12. The 40 videos are
// written in bulk into the catalog's listing projection, as its event handlers keep it.
let stack: TestStack;
let browser: Browser;

const SEEDED = 40;

const sql = <T>(text: string, values: unknown[] = []) =>
  withClient(stack.database.url, async (client) => (await client.query(text, values)).rows as T[]);

beforeAll(async () => {
  stack = await startStack('e2esearch', ['gateway', 'auth', 'catalog'], NO_LIST_CACHE);
  browser = await launchChromium();
  const res = await new HttpSession(stack.baseUrl).post<UserDto>('/api/auth/register', newUserFields());
  expect(res.status).toBe(201);
  // Video 1 is the oldest: "Backhand slice drill", 28 videos below the newest 12.
  await sql(
    `INSERT INTO catalog.video_listings (id, revision, title, description, "categoryId", "uploaderId", "hasStoredVideo",
       "hasStoredThumbnail", "processingState", "hasFileError", views, "feedbackCount", "averageRating", "createdAt")
     SELECT n, 1, CASE n WHEN 1 THEN 'Backhand slice drill' ELSE 'Rally number ' || n END, NULL, NULL, $2, false, false,
       'ready', false, 0, 0, 0, timestamptz '2026-01-01T00:00:00Z' + n * interval '1 minute'
     FROM generate_series(1, $1::int) AS n`,
    [SEEDED, res.body.id],
  );
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const featured = (page: Page) => page.getByRole('region', { name: 'Featured Videos' });
const cardTitles = (page: Page) => featured(page).getByTestId('video-card').getByRole('heading').allInnerTexts();

describe('finding any video from Home', () => {
  it('shows the newest 12, and "Load more" appends the next 12, then the rest', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.baseUrl}/`);
    await featured(page).getByTestId('video-card').nth(11).waitFor();
    expect(await cardTitles(page)).toEqual(Array.from({ length: 12 }, (_, i) => `Rally number ${SEEDED - i}`));

    await featured(page).getByRole('button', { name: 'Load more' }).click();
    await featured(page).getByTestId('video-card').nth(23).waitFor();
    expect(await cardTitles(page)).toEqual(Array.from({ length: 24 }, (_, i) => `Rally number ${SEEDED - i}`));

    await featured(page).getByRole('button', { name: 'Load more' }).click();
    await featured(page).getByTestId('video-card').nth(35).waitFor();
    await featured(page).getByRole('button', { name: 'Load more' }).click();
    await featured(page)
      .getByTestId('video-card')
      .nth(SEEDED - 1)
      .waitFor();
    const all = await cardTitles(page);
    expect(all).toHaveLength(SEEDED);
    expect(all.at(-1)).toBe('Backhand slice drill');
    // The last page names no next one.
    await featured(page).getByRole('button', { name: 'Load more' }).waitFor({ state: 'detached' });
  });

  it('finds with the search box a video that is not among the newest 12, misspelt too', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.baseUrl}/`);
    await featured(page).getByTestId('video-card').nth(11).waitFor();
    expect(await cardTitles(page)).not.toContain('Backhand slice drill');

    await page.getByTestId('home-search-input').fill('backhnad');
    await page.getByTestId('home-search-input').press('Enter');

    await featured(page).getByRole('heading', { name: 'Backhand slice drill' }).waitFor();
    expect(await cardTitles(page)).toEqual(['Backhand slice drill']);
    expect(page.url()).toBe(`${stack.baseUrl}/?q=backhnad`);
    expect(await page.getByRole('status').filter({ hasText: 'Showing videos matching' }).innerText()).toContain(
      'backhnad',
    );
  });
});
