import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { UserDto, VideoDto } from '@app/contracts';
import {
  chooseOption,
  eventually,
  launchChromium,
  linkYoutubeVideo,
  makeTestVideo,
  promoteToAdmin,
  signUpMember,
  startStack,
  type TestStack,
  waitForPageCondition,
} from '@app/testing';

// The Content-Security-Policy the gateway sends, as Chromium enforces it: every screen of the app
// (visitor, member, admin; a file video playing, a YouTube video embedded, a picture previewed
// before upload, a select's list open on a page and in a dialog) works with no violation reported, while a deliberate violation is caught, so
// the check can fail.

// A real 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let stack: TestStack;
let browser: Browser;
let scratch: string;
let uploader: { user: UserDto; fields: { email: string; password: string } };
let admin: { fields: { email: string; password: string } };
let fileVideo: VideoDto;
let youtubeVideo: VideoDto;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'e2ecsp-'));
  stack = await startStack('e2ecsp', ['gateway', 'auth', 'catalog', 'video', 'feedback', 'admin', 'media-worker']);
  browser = await launchChromium();

  const password = 'correct horse battery';
  const member = await signUpMember(stack.baseUrl, { password });
  uploader = { user: member.user, fields: { email: member.user.email!, password } };
  const adminMember = await signUpMember(stack.baseUrl, { password });
  await promoteToAdmin(stack.envFor('auth'), adminMember.user.email!);
  admin = { fields: { email: adminMember.user.email!, password } };

  const categoryId = (await member.session.get<{ id: number }[]>('/api/categories')).body[0]!.id;
  youtubeVideo = await linkYoutubeVideo(member.session, { title: 'Linked drill', categoryId });
  const clip = await makeTestVideo(join(scratch, 'clip.mp4'), { seconds: 1 });
  const form = new FormData();
  form.append('title', 'Uploaded drill');
  form.append('categoryId', String(categoryId));
  form.append('video', new Blob([new Uint8Array(await readFile(clip))], { type: 'video/mp4' }), 'clip.mp4');
  const upload = await member.session.request<VideoDto>('POST', '/api/videos', { form });
  expect(upload.status).toBe(201);
  fileVideo = await eventually(
    async () => (await member.session.get<VideoDto>(`/api/videos/${upload.body.id}`)).body,
    (video) => video.processingState === 'ready',
    60_000,
  );
  const reviewer = await signUpMember(stack.baseUrl);
  expect(
    (await reviewer.session.post(`/api/videos/${fileVideo.id}/feedback`, { content: 'Nice tempo at 0:01' })).status,
  ).toBe(201);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

// Runs in every page before the app: hands the browser's own violation events to the test at
// once, so none is lost to a navigation (the spec's tsconfig has no DOM types, so page code is
// passed as text, as in the other browser tests).
const REPORT_VIOLATIONS = `
  document.addEventListener('securitypolicyviolation', (event) => {
    window.__cspViolation(event.effectiveDirective + ' blocked ' + event.blockedURI + ' (' + event.sourceFile + ')');
  });
`;
/**
 * With a select's list open, what Radix's two <style> elements do, had the policy let them apply:
 * the page does not scroll behind the list (react-remove-scroll-bar), and the list's scrollbar is
 * hidden (Select.Viewport).
 */
const RADIX_SELECT_STYLES_APPLIED = `({
  pageLocked: getComputedStyle(document.body).overflow === 'hidden',
  scrollbarHidden: getComputedStyle(document.querySelector('[data-radix-select-viewport]')).scrollbarWidth === 'none',
})`;
/** Every image of the page has loaded or failed: a blocked one has been reported by then. */
const IMAGES_SETTLED = `[...document.images].every((img) => img.complete)`;

interface Watched {
  context: BrowserContext;
  page: Page;
  /** Every violation so far: console reports and securitypolicyviolation events. */
  violations: () => string[];
}

/** A browser context whose pages report every CSP violation, signed in as `account` if given. */
async function watchedPage(account?: { email: string; password: string }): Promise<Watched> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const reported: string[] = [];
  await context.exposeBinding('__cspViolation', (_source, text: string) => {
    reported.push(text);
  });
  await context.addInitScript(REPORT_VIOLATIONS);
  const page = await context.newPage();
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|frame|connect)/i.test(message.text())) {
      reported.push(message.text());
    }
  });
  if (account) {
    const res = await page.request.post(`${stack.baseUrl}/api/auth/login`, { data: account });
    expect(res.status()).toBe(200);
  }
  return { context, page, violations: () => [...reported] };
}

/** Opens a screen, checks it came with the policy, waits until it has shown `ready` and its images settled. */
async function visit(watched: Watched, path: string, ready: (page: Page) => Promise<unknown>): Promise<string[]> {
  const before = watched.violations().length;
  const response = await watched.page.goto(`${stack.baseUrl}${path}`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
  try {
    await ready(watched.page);
    await waitForPageCondition(watched.page, IMAGES_SETTLED);
  } catch (error) {
    // A screen the policy broke often never gets ready: say what was blocked.
    const blocked = watched.violations().slice(before);
    throw new Error(`${path} did not get ready (${String(error)}); violations: ${JSON.stringify(blocked)}`);
  }
  return watched
    .violations()
    .slice(before)
    .map((violation) => `${path}: ${violation}`);
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name }).first().waitFor();

describe('the Content-Security-Policy in Chromium', () => {
  it('lets every screen work with no violation, for visitors, members and admins', async () => {
    const violations: string[] = [];

    const visitor = await watchedPage();
    for (const [path, ready] of [
      ['/', (page: Page) => page.getByTestId('home-search-input').waitFor()],
      ['/about', heading(/^Why /)],
      ['/login', (page: Page) => page.locator('#login-title').waitFor()],
      ['/register', (page: Page) => page.locator('#register-title').waitFor()],
      [`/video/${fileVideo.id}`, (page: Page) => page.getByTestId('video-player').waitFor()],
      [`/video/${youtubeVideo.id}`, (page: Page) => page.getByTestId('youtube-player').waitFor()],
      [`/profile/${uploader.user.id}`, (page: Page) => page.getByTestId('profile-joined').waitFor()],
      ['/no-such-page', heading('404 Page Not Found')],
    ] as const) {
      violations.push(...(await visit(visitor, path, ready)));
    }
    await visitor.context.close();

    const member = await watchedPage(uploader.fields);
    // The uploaded video really plays: media from /stream under media-src.
    violations.push(
      ...(await visit(member, `/video/${fileVideo.id}`, (page) =>
        waitForPageCondition(
          page,
          `(() => { const v = document.querySelector('[data-testid="video-player"]'); return v && v.readyState >= 2; })()`,
          30_000,
        ),
      )),
    );
    for (const [path, ready] of [
      ['/', (page: Page) => page.getByTestId('home-search-input').waitFor()],
      ['/saved-videos', heading('Saved Videos')],
    ] as const) {
      violations.push(...(await visit(member, path, ready)));
    }
    // A select's list open, on the page and in the upload dialog: Radix adds two <style> elements
    // (the page's scroll lock, the list's hidden scrollbar), which apply with the response's nonce.
    violations.push(
      ...(await visit(member, '/my-videos', async (page) => {
        await heading('My Videos')(page);
        await page.getByRole('combobox', { name: 'Category' }).click();
        await page.getByRole('listbox').waitFor();
        expect(await page.evaluate(RADIX_SELECT_STYLES_APPLIED)).toEqual({ pageLocked: true, scrollbarHidden: true });
        await page.keyboard.press('Escape');
        await page.getByRole('listbox').waitFor({ state: 'detached' });
        await chooseOption(page.getByRole('combobox', { name: 'Sort by' }), 'Most Viewed');
        await page.getByRole('button', { name: 'Upload Video' }).first().click();
        const dialog = page.getByRole('dialog', { name: 'Upload Video' });
        await dialog.getByRole('combobox', { name: 'Category' }).click();
        await page.getByRole('listbox').waitFor();
        expect(await page.evaluate(RADIX_SELECT_STYLES_APPLIED)).toEqual({ pageLocked: true, scrollbarHidden: true });
        await page.getByRole('option').first().click();
        await page.getByRole('listbox').waitFor({ state: 'detached' });
        expect(await dialog.getByRole('combobox', { name: 'Category' }).getAttribute('data-placeholder')).toBeNull();
      })),
    );
    // The profile, with a new picture previewed (a blob: image) before it is uploaded.
    violations.push(
      ...(await visit(member, `/profile/${uploader.user.id}`, async (page) => {
        await page.getByRole('button', { name: 'Edit Profile' }).click();
        const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
        await dialog.getByTestId('profile-picture-input').setInputFiles({
          name: 'me.png',
          mimeType: 'image/png',
          buffer: PNG,
        });
        await waitForPageCondition(
          page,
          `(() => { const img = document.querySelector('img[alt="Preview of your new picture"]'); return img && img.src.startsWith('blob:') && img.complete && img.naturalWidth > 0; })()`,
        );
      })),
    );
    await member.context.close();

    const adminPage = await watchedPage(admin.fields);
    violations.push(...(await visit(adminPage, '/admin', (page) => page.getByTestId('admin-panel').waitFor())));

    expect(violations).toEqual([]);

    // The watch works: a load the policy forbids is reported.
    await adminPage.page.evaluate(
      `(() => { const img = document.createElement('img'); img.src = 'https://tracker.invalid/pixel.png'; document.body.append(img); })()`,
    );
    const caught = await eventually(
      () => Promise.resolve(adminPage.violations()),
      (found) => found.some((violation) => violation.includes('tracker.invalid') && violation.includes('img-src')),
    );
    expect(caught.length).toBeGreaterThan(0);
    await adminPage.context.close();
  });

  it('lets the queue board work under its own policy, blocking only its third-party font', async () => {
    const board = await watchedPage(admin.fields);
    const response = await board.page.goto(`${stack.baseUrl}/admin/queues`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("base-uri 'self'");
    // Its scripts ran (relative to its <base href>) and drew every queue.
    await board.page.getByText('media-cleanup').first().waitFor();
    await board.page.getByText('events-reputation').first().waitFor();
    const blocked = board.violations().filter((violation) => !violation.includes('fonts.googleapis.com'));
    expect(blocked).toEqual([]);
    await board.context.close();
  });
});
