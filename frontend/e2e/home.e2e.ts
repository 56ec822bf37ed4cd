import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { DEFAULT_CATEGORIES } from '@app/contracts';
import { launchChromium, startStack, type TestStack } from '@app/testing';

// A person opening the site in Chromium sees the categories the catalog service seeded.
let stack: TestStack;
let browser: Browser;

beforeAll(async () => {
  stack = await startStack('e2ehome', ['gateway', 'catalog', 'auth', 'video', 'feedback', 'admin']);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('home page', () => {
  it('shows every seeded category, served by the gateway', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.baseUrl}/`);
    const tiles = page.getByTestId('category-tile');
    await tiles.nth(DEFAULT_CATEGORIES.length).waitFor();
    const labels = await tiles.allInnerTexts();
    // The All tile first, then one tile per category.
    expect(labels).toHaveLength(DEFAULT_CATEGORIES.length + 1);
    expect(labels[0]).toContain('All');
    for (const category of DEFAULT_CATEGORIES) {
      expect(labels.some((label) => label.includes(category.name))).toBe(true);
    }
    await page.getByTestId('category-tile').filter({ hasText: 'Golf' }).click();
    await expect(page.getByRole('heading', { name: 'Golf Videos' }).isVisible()).resolves.toBe(true);
  });

  it('shows the not-found page on an unknown route', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.baseUrl}/no/such/page`);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(await page.getByText('Did you forget to add the page to the router?').isVisible()).toBe(true);
  });
});
