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
    // (Strings: this file is compiled without the DOM's types.)
    await page.addInitScript(`
      window.policyViolations = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        window.policyViolations.push(event.effectiveDirective + ' ' + event.blockedURI);
      });
    `);

    const response = await page.goto(`${stack.baseUrl}/api/docs`);
    expect(response?.status()).toBe(200);
    await page.locator('.swagger-ui .info .title').filter({ hasText: 'SkillShare API' }).waitFor();
    await page.locator('.opblock-tag', { hasText: 'videos' }).waitFor();

    const tags = await page.locator('.opblock-tag').allTextContents();
    expect(tags.map((tag) => tag.trim().split(/\s/)[0])).toEqual(
      expect.arrayContaining(['auth', 'users', 'videos', 'feedback', 'notifications', 'admin']),
    );
    // Operations opened, with their responses and a response schema shown.
    await page.locator('.opblock-summary', { hasText: '/api/videos/{id}/stream' }).click();
    await page.locator('.opblock.is-open .responses-table').first().waitFor();
    await page.locator('.opblock-summary', { hasText: '/api/feedback/video/{videoId}' }).click();
    await page.locator('.opblock.is-open button', { hasText: 'Schema' }).first().click();
    await page.locator('.opblock.is-open .model-box').first().waitFor();

    expect(problems).toEqual([]);
    expect(await page.evaluate('window.policyViolations')).toEqual([]);
    await page.close();
  });
});
