import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { VideoDto } from '@app/contracts';
import {
  eventually,
  firstAdmin,
  launchChromium,
  makeTestVideo,
  signUpMember,
  startStack,
  type TestStack,
} from '@app/testing';

// axe-core in Chromium over every screen of the router and every dialog and menu, as a visitor, a
// member and the admin meet them, in the light and the dark colour scheme: no violation of
// impact serious or critical. Each scan prints one line (route, scheme, violations by impact);
// a failure names the rule, its impact, the elements and the route.
const ADMIN = firstAdmin('a11y.admin@example.com');
const PASSWORD = 'correct horse battery';
const IMPACTS = ['critical', 'serious', 'moderate', 'minor'] as const;
type Impact = (typeof IMPACTS)[number];
type Scheme = 'light' | 'dark';

let stack: TestStack;
let browser: Browser;
let scratch: string;
let member: { id: string; email: string };
let reviewer: { id: string };
let video: VideoDto;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'e2ea11y-'));
  stack = await startStack(
    'e2ea11y',
    ['gateway', 'auth', 'catalog', 'video', 'feedback', 'admin', 'notifications', 'media-worker'],
    {},
    { auth: ADMIN },
  );
  browser = await launchChromium();

  const owner = await signUpMember(stack.baseUrl, { password: PASSWORD });
  member = { id: owner.user.id, email: owner.user.email! };
  const categoryId = (await owner.session.get<{ id: number }[]>('/api/categories')).body[0]!.id;
  // A file video, so the player's keyboard shortcuts and the compare picker exist.
  const clip = await makeTestVideo(join(scratch, 'clip.mp4'), { seconds: 1 });
  const form = new FormData();
  form.append('title', 'Backhand drill');
  form.append('description', 'Two-handed backhand, slow motion');
  form.append('categoryId', String(categoryId));
  form.append('video', new Blob([new Uint8Array(await readFile(clip))], { type: 'video/mp4' }), 'clip.mp4');
  const upload = await owner.session.request<VideoDto>('POST', '/api/videos', { form });
  expect(upload.status).toBe(201);
  video = await eventually(
    async () => (await owner.session.get<VideoDto>(`/api/videos/${upload.body.id}`)).body,
    (current) => current.processingState === 'ready',
    60_000,
  );

  // Feedback from someone else, which the owner can report (and so the admin has a report to judge).
  const other = await signUpMember(stack.baseUrl, { password: PASSWORD });
  reviewer = { id: other.user.id };
  const feedback = await other.session.post<{ id: number }>(`/api/videos/${video.id}/feedback`, {
    content: 'Turn your shoulders earlier at 0:00.50',
  });
  expect(feedback.status).toBe(201);
  const report = await owner.session.post('/api/reports', {
    subjectType: 'feedback',
    subjectId: feedback.body.id,
    reason: 'spam',
  });
  expect(report.status).toBe(201);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** A browser context in `scheme`, signed in with `credentials` when given. */
async function contextFor(scheme: Scheme, credentials?: { email: string; password: string }): Promise<BrowserContext> {
  const context = await browser.newContext({ colorScheme: scheme, viewport: { width: 1280, height: 900 } });
  if (credentials) {
    const res = await context.request.post(`${stack.baseUrl}/api/auth/login`, { data: credentials });
    expect(res.status()).toBe(200);
  }
  return context;
}

// Waits until no finite CSS animation runs (a dialog fading in would be measured half transparent).
// Page code is passed as text: the spec's tsconfig has no DOM types.
const ANIMATIONS_DONE = `document.getAnimations().every((animation) =>
  animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity)`;

/** The scans of one colour scheme, and the serious or critical violations they found. */
class Scanner {
  readonly blocking: string[] = [];

  constructor(private readonly scheme: Scheme) {}

  async scan(page: Page, route: string, ready: Locator): Promise<void> {
    await ready.waitFor();
    // Polled from here: waitForFunction evaluates in the page, which the app's CSP forbids.
    await eventually(
      () => page.evaluate(ANIMATIONS_DONE) as Promise<boolean>,
      (done) => done,
      5_000,
    );
    // The embedded third-party frames (none here but YouTube's) are not the app's to fix.
    const results = await new AxeBuilder({ page })
      .setLegacyMode()
      .options({ iframes: false, resultTypes: ['violations'] })
      .analyze();
    const counts = Object.fromEntries(IMPACTS.map((impact) => [impact, 0])) as Record<Impact, number>;
    for (const violation of results.violations) {
      const impact = (violation.impact ?? 'minor') as Impact;
      counts[impact] += violation.nodes.length;
      if (impact === 'serious' || impact === 'critical') {
        const targets = violation.nodes.map((node) => node.target.join(' ')).join(', ');
        const line = `${route} [${this.scheme}]: ${violation.id} (${impact}) at ${targets}`;
        this.blocking.push(line);
        console.log(`axe violation ${line}`);
      }
    }
    console.log(`axe ${route} [${this.scheme}]: ${IMPACTS.map((impact) => `${impact} ${counts[impact]}`).join(', ')}`);
  }
}

/** Opens a dialog with `open`, scans the page with it open, and closes it with Escape. */
async function scanDialog(scanner: Scanner, page: Page, route: string, name: string, open: () => Promise<void>) {
  await open();
  const dialog = page.getByRole('dialog', { name, exact: true });
  await scanner.scan(page, `${route} + dialog "${name}"`, dialog);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

async function visitorScans(scanner: Scanner, scheme: Scheme): Promise<void> {
  const context = await contextFor(scheme);
  const page = await context.newPage();
  const visit = async (path: string, ready: (page: Page) => Locator) => {
    await page.goto(`${stack.baseUrl}${path}`);
    await scanner.scan(page, `visitor ${path}`, ready(page));
  };
  try {
    await visit('/', (p) => p.getByTestId('category-tile').first());
    await scanDialog(scanner, page, 'visitor /', 'Welcome Back', () =>
      page.getByRole('button', { name: 'Log in' }).click(),
    );
    await page.getByRole('button', { name: 'Sign up' }).click();
    const register = page.getByRole('dialog', { name: 'Create Account' });
    await scanner.scan(page, 'visitor / + dialog "Create Account"', register);
    await page.keyboard.press('Escape');
    await register.waitFor({ state: 'detached' });
    // A category's list of videos.
    await page.getByTestId('category-tile').first().click();
    await scanner.scan(page, 'visitor / (a category chosen)', page.getByRole('heading', { name: / Videos$/ }));

    await visit('/about', (p) => p.getByRole('main'));
    await visit('/login', (p) => p.getByRole('button', { name: 'Sign In' }));
    await visit('/register', (p) => p.getByRole('button', { name: 'Create Account' }));
    await visit(`/video/${video.id}`, (p) => p.getByRole('heading', { name: video.title }));
    await visit(`/profile/${member.id}`, (p) => p.getByRole('tab').first());
    await visit('/my-videos', (p) => p.getByRole('main'));
    await visit('/saved-videos', (p) => p.getByRole('main'));
    await visit('/admin', (p) => p.getByRole('main'));
    await visit(`/compare?a=${video.id}&b=${video.id}`, (p) => p.getByRole('main'));
    await visit('/no-such-page', (p) => p.getByRole('heading', { name: '404 Page Not Found' }));
  } finally {
    await context.close();
  }
}

async function memberScans(scanner: Scanner, scheme: Scheme): Promise<void> {
  const context = await contextFor(scheme, { email: member.email, password: PASSWORD });
  const page = await context.newPage();
  const visit = async (path: string, ready: (page: Page) => Locator) => {
    await page.goto(`${stack.baseUrl}${path}`);
    await scanner.scan(page, `member ${path}`, ready(page));
  };
  try {
    await visit('/', (p) => p.getByTestId('user-menu-trigger'));
    await scanDialog(scanner, page, 'member /', 'Upload Video', () =>
      page.getByRole('button', { name: 'Upload Video' }).first().click(),
    );
    // A select's list open inside a dialog: the upload dialog's Category.
    await page.getByRole('button', { name: 'Upload Video' }).first().click();
    const upload = page.getByRole('dialog', { name: 'Upload Video', exact: true });
    await upload.getByRole('combobox', { name: 'Category' }).getByText('Select a category').waitFor();
    await upload.getByRole('combobox', { name: 'Category' }).click();
    await scanner.scan(page, 'member / + dialog "Upload Video" + Category list', page.getByRole('listbox'));
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await upload.waitFor({ state: 'detached' });
    await page.getByTestId('user-menu-trigger').click();
    await scanner.scan(page, 'member / + account menu', page.getByRole('menuitem', { name: 'Log out' }));
    await page.keyboard.press('Escape');
    await page.getByTestId('notification-bell').click();
    await scanner.scan(page, 'member / + notifications panel', page.getByTestId('notification-panel'));
    await page.keyboard.press('Escape');

    await visit('/my-videos', (p) => p.getByRole('button', { name: 'Video actions' }).first());
    // A select's list open on a page: the Category filter.
    await page.getByRole('combobox', { name: 'Category' }).click();
    await scanner.scan(page, 'member /my-videos + Category list', page.getByRole('listbox'));
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Video actions' }).first().click();
    await scanner.scan(page, 'member /my-videos + video actions menu', page.getByRole('menuitem', { name: 'Delete' }));
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirmDelete = page.getByTestId('delete-video-dialog');
    await scanner.scan(page, 'member /my-videos + delete video dialog', confirmDelete);
    await confirmDelete.getByRole('button', { name: 'Cancel' }).click();
    await confirmDelete.waitFor({ state: 'detached' });

    const videoPath = `/video/${video.id}`;
    await visit(videoPath, (p) => p.getByRole('button', { name: 'Edit Description' }));
    await scanDialog(scanner, page, `member ${videoPath}`, 'Edit Description', () =>
      page.getByRole('button', { name: 'Edit Description' }).click(),
    );
    await scanDialog(scanner, page, `member ${videoPath}`, 'Compare with…', () =>
      page.getByTestId('compare-with').click(),
    );
    await scanDialog(scanner, page, `member ${videoPath}`, 'Report content', () =>
      page.getByRole('button', { name: 'Report feedback' }).first().click(),
    );
    await scanDialog(scanner, page, `member ${videoPath}`, 'Keyboard shortcuts', async () => {
      await page.getByRole('main').click({ position: { x: 1, y: 1 } });
      await page.keyboard.press('?');
    });

    await visit('/saved-videos', (p) => p.getByRole('main'));
    await visit(`/compare?a=${video.id}&b=${video.id}`, (p) => p.getByRole('main'));
    await visit(`/compare?a=${video.id}`, (p) => p.getByRole('main'));
    await visit(`/profile/${reviewer.id}`, (p) => p.getByRole('tab').first());
    const ownProfile = `/profile/${member.id}`;
    await visit(ownProfile, (p) => p.getByRole('button', { name: 'Edit Profile' }));
    await scanDialog(scanner, page, `member ${ownProfile}`, 'Edit Profile', () =>
      page.getByRole('button', { name: 'Edit Profile' }).click(),
    );
    await scanDialog(scanner, page, `member ${ownProfile}`, 'Change Password', () =>
      page.getByRole('button', { name: 'Change Password' }).click(),
    );
  } finally {
    await context.close();
  }
}

async function adminScans(scanner: Scanner, scheme: Scheme): Promise<void> {
  const context = await contextFor(scheme, { email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD });
  const page = await context.newPage();
  await page.goto(`${stack.baseUrl}/admin`);
  const confirm = page.getByTestId('confirm-dialog');
  const scanConfirm = async (tab: string, open: Locator) => {
    await open.click();
    await scanner.scan(page, `admin /admin (${tab}) + confirm dialog`, confirm);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
  };
  try {
    await scanner.scan(page, 'admin /admin (Users)', page.getByTestId('admin-delete-user').first());
    await scanConfirm('Users', page.getByTestId('admin-delete-user').first());
    await page.getByTestId('admin-tab-categories').click();
    await scanner.scan(page, 'admin /admin (Categories)', page.getByTestId('admin-delete-category').first());
    await scanConfirm('Categories', page.getByTestId('admin-delete-category').first());
    await page.getByTestId('admin-tab-videos').click();
    await scanner.scan(page, 'admin /admin (Videos)', page.getByTestId('admin-delete-video').first());
    await scanConfirm('Videos', page.getByTestId('admin-delete-video').first());
    await page.getByTestId('admin-tab-reports').click();
    const group = page.getByTestId('report-group').first();
    await scanner.scan(page, 'admin /admin (Reports)', group);
    await group.getByRole('button', { name: 'Delete' }).click();
    const deleteContent = page.getByRole('dialog', { name: 'Delete content' });
    await scanner.scan(page, 'admin /admin (Reports) + dialog "Delete content"', deleteContent);
    await page.keyboard.press('Escape');
    await deleteContent.waitFor({ state: 'detached' });
  } finally {
    await context.close();
  }
}

describe('accessibility (axe-core)', () => {
  it.each<Scheme>(['light', 'dark'])(
    'finds no serious or critical violation on any route or dialog, %s colour scheme',
    async (scheme) => {
      const scanner = new Scanner(scheme);
      await visitorScans(scanner, scheme);
      await memberScans(scanner, scheme);
      await adminScans(scanner, scheme);
      expect(scanner.blocking).toEqual([]);
    },
    120_000,
  );
});
