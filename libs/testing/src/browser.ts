import type { Browser, Page } from 'playwright-core';

/**
 * Debian's Chromium (CHROMIUM_PATH from `npm test`), headless, without background chatter; its
 * contexts prefer reduced motion by default (below).
 * Playwright is loaded here, not when the harness is imported: most suites start no browser.
 */
export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  // Contexts prefer reduced motion unless a test says otherwise: the hero slideshow's endless
  // transition kept headless Chromium's software compositor busy in every page left on Home
  // (measured: about a third of Chromium's CPU in a suite). Tests of the motion itself pass
  // `reducedMotion: 'no-preference'`.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options = {}) => newContext({ reducedMotion: 'reduce', ...options });
  return browser;
}

/**
 * Waits until a JavaScript expression (text: the specs are type-checked without the DOM library)
 * is truthy in the page. page.waitForFunction would compile that text inside the page, which the
 * app's Content-Security-Policy (no 'unsafe-eval') refuses; page.evaluate hands it to the
 * DevTools protocol, which the policy does not govern.
 */
export async function waitForPageCondition(page: Page, expression: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      if (await page.evaluate(expression)) return;
    } catch (error) {
      lastError = error; // the page was navigating
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const cause = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
  throw new Error(`page condition not met within ${timeoutMs} ms: ${expression}${cause}`);
}

/**
 * A YouTube-link video (ready at once, no media processing) added by the member signed in on
 * `page`, as the upload dialog posts it; answers its id.
 */
export async function linkYoutubeVideoFromPage(page: Page, baseUrl: string, title: string): Promise<number> {
  const categories = (await (await page.request.get(`${baseUrl}/api/categories`)).json()) as { id: number }[];
  const res = await page.request.post(`${baseUrl}/api/videos`, {
    multipart: {
      title,
      description: `${title}, please comment`,
      categoryId: String(categories[0].id),
      youtubeUrl: 'https://www.youtube.com/watch?v=9bZkp7q19f0',
    },
  });
  if (res.status() !== 201) throw new Error(`linking a video answered ${res.status()}: ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}
