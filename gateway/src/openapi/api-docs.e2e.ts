import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { launchChromium, startStack, type TestStack } from '@app/testing';

// The browsable API document (/api/docs) as a developer opens it: Swagger UI, served by the
// gateway itself under the app's own Content-Security-Policy (scripts and styles from the gateway
// only, nothing inline), renders the document it fetched from /api/openapi.json and opens its
// operations, and the browser reports no blocked script, style or image.
let stack: TestStack;
let browser: Browser;

beforeAll(async () => {
  // The page and the document need no service behind the gateway.
  stack = await startStack('e2eapidocs', ['gateway']);
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('/api/docs', () => {
  it('shows the operations of the OpenAPI document, with nothing blocked by the page’s policy', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    // Every violation of the page's policy, reported or only enforced, as the page itself sees it.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { policyViolations: string[] }).policyViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => {
        seen.push(`${event.effectiveDirective} ${event.blockedURI}`);
      });
    });

    const response = await page.goto(`${stack.baseUrl}/api/docs`);
    expect(response?.status()).toBe(200);
    await page.locator('.swagger-ui .info .title').filter({ hasText: 'SkillShare API' }).waitFor();
    await page.locator('.opblock-tag', { hasText: 'videos' }).waitFor();

    const tags = await page.locator('.opblock-tag').allTextContents();
    expect(tags.map((tag) => tag.trim().split(/\s/)[0])).toEqual(
      expect.arrayContaining(['auth', 'users', 'videos', 'feedback', 'notifications', 'admin']),
    );
    // One operation opened: its path and summary as the document gives them.
    await expect(page.locator('.opblock-summary-path', { hasText: '/api/videos/{id}/stream' }).count()).resolves.toBe(
      1,
    );
    expect(problems).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { policyViolations: string[] }).policyViolations)).toEqual(
      [],
    );
    await page.close();
  });
});
