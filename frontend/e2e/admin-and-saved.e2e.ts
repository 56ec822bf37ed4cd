import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Locator, Page } from 'playwright-core';
import { eventually, firstAdmin, launchChromium, newUserFields, startStack, type TestStack } from '@app/testing';

// Saved Videos and the Admin Panel as people meet them in Chromium: a member saves and un-saves a
// video, the first admin (ADMIN_EMAIL + ADMIN_PASSWORD) runs the panel, and members and visitors are kept out of it.
const ADMIN = firstAdmin('panel.admin@example.com');

let stack: TestStack;
let browser: Browser;

beforeAll(async () => {
  stack = await startStack(
    'e2eadmin',
    ['gateway', 'auth', 'catalog', 'video', 'feedback', 'admin', 'media-worker'],
    ADMIN,
  );
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

type Member = { page: Page; id: string; fields: ReturnType<typeof newUserFields> };

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });
const textOf = async (locator: Locator) => (await locator.innerText()).trim();

/** A registered, signed-in member in a browser context of their own. */
async function memberPage(overrides: Parameters<typeof newUserFields>[0] = {}, width = 1280): Promise<Member> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const fields = newUserFields(overrides);
  const res = await page.request.post(`${stack.baseUrl}/api/auth/register`, { data: fields });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  return { page, id, fields };
}

/** The first admin, made by the stack at start, signed in in a browser context of their own. */
async function firstAdminPage(): Promise<Member> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const fields = newUserFields({ email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD });
  const res = await page.request.post(`${stack.baseUrl}/api/auth/login`, {
    data: { email: fields.email, password: fields.password },
  });
  expect(res.status()).toBe(200);
  const { id } = (await res.json()) as { id: string };
  return { page, id, fields };
}

async function visitorPage(width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  return context.newPage();
}

/** A YouTube-link video (ready at once, no media processing), uploaded by the member. */
async function uploadLinkVideo(member: Member, title: string): Promise<number> {
  const categories = (await (await member.page.request.get(`${stack.baseUrl}/api/categories`)).json()) as {
    id: number;
  }[];
  const res = await member.page.request.post(`${stack.baseUrl}/api/videos`, {
    multipart: {
      title,
      description: `${title}, please comment`,
      categoryId: String(categories[0]!.id),
      youtubeUrl: 'https://www.youtube.com/watch?v=9bZkp7q19f0',
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** Reloads until the page shows what is expected: some changes (a user's removal) land asynchronously. */
async function untilAfterReload(page: Page, expected: () => Promise<boolean>, timeoutMs = 20_000) {
  await eventually(
    async () => {
      await page.reload();
      return expected();
    },
    Boolean,
    timeoutMs,
  );
}

describe('Saved Videos', () => {
  let uploader: Member;
  let videoId: number;

  beforeAll(async () => {
    uploader = await memberPage();
    videoId = await uploadLinkVideo(uploader, 'Putting drill');
  });

  afterAll(async () => {
    await uploader?.page.context().close();
  });

  it('saves and un-saves a video from its page, and Saved Videos follows', async () => {
    const member = await memberPage({}, 390);
    const { page } = member;
    const cards = page.getByTestId('saved-videos-grid').getByTestId('video-card');

    await page.goto(`${stack.baseUrl}/saved-videos`);
    await page.getByTestId('saved-videos-empty').getByText('No saved videos yet').waitFor();
    await page.getByText("When you bookmark videos, they'll appear here for easy access.").waitFor();

    await page.goto(`${stack.baseUrl}/video/${videoId}`);
    const save = page.getByTestId('save-button');
    await save.and(page.locator('[aria-busy="false"]')).waitFor();
    expect(await textOf(save)).toBe('Save');
    const saved = page.waitForResponse(
      (res) => res.url().endsWith('/api/bookmarks') && res.request().method() === 'POST',
    );
    await save.click();
    expect((await saved).status()).toBe(201);
    await save.getByText('Saved', { exact: true }).waitFor();

    // The server says so too (the check call after a reload).
    await page.reload();
    await save.and(page.locator('[data-saved="true"]')).waitFor();
    expect(await textOf(save)).toBe('Saved');

    // A second save of the same video changes nothing: one card.
    const again = await page.request.post(`${stack.baseUrl}/api/bookmarks`, { data: { videoId } });
    expect(again.status()).toBe(201);

    await page.goto(`${stack.baseUrl}/saved-videos`);
    await cards.first().waitFor();
    expect(await cards.count()).toBe(1);
    const card = cards.first();
    expect(await card.getAttribute('data-video-id')).toBe(String(videoId));
    expect(await card.getAttribute('data-bookmarked')).toBe('true');
    expect(await card.getByTestId('bookmarked-badge').count()).toBe(1);
    expect(await textOf(card.locator('.video-card__title'))).toBe('Putting drill');

    // Un-save from the video page (reached from the card).
    await card.getByRole('link').click();
    await page.waitForURL(`**/video/${videoId}`);
    await save.and(page.locator('[data-saved="true"]')).waitFor();
    const removed = page.waitForResponse(
      (res) => res.url().endsWith(`/api/bookmarks/${videoId}`) && res.request().method() === 'DELETE',
    );
    await save.click();
    expect((await removed).status()).toBe(204);
    await save.getByText('Save', { exact: true }).waitFor();

    await page.goto(`${stack.baseUrl}/saved-videos`);
    await page.getByTestId('saved-videos-empty').waitFor();
    expect(await page.getByTestId('saved-videos-grid').count()).toBe(0);
    await page.context().close();
  });

  it('asks a visitor to log in, on Saved Videos and when saving', async () => {
    const page = await visitorPage();
    await page.goto(`${stack.baseUrl}/saved-videos`);
    const prompt = page.getByTestId('saved-videos-logged-out');
    await prompt.getByText('Please log in').waitFor();
    await prompt.getByText('You need to be logged in to view your saved videos.').waitFor();

    await page.goto(`${stack.baseUrl}/video/${videoId}`);
    const save = page.getByTestId('save-button');
    await save.waitFor();
    expect(await textOf(save)).toBe('Save');
    await save.click();
    await page.getByTestId('login-dialog').waitFor();
    await page.context().close();
  });
});

describe('Admin Panel', () => {
  let admin: Member;

  beforeAll(async () => {
    admin = await firstAdminPage();
  });

  afterAll(async () => {
    await admin?.page.context().close();
  });

  it('keeps visitors and members out, and shows the Admin link to admins only', async () => {
    const visitor = await visitorPage();
    await visitor.goto(`${stack.baseUrl}/admin`);
    await visitor.getByTestId('admin-access-denied').waitFor();
    await visitor.getByText('You need to be logged in to access the admin panel.').waitFor();
    expect(await visitor.getByTestId('admin-panel').count()).toBe(0);
    await visitor.context().close();

    const member = await memberPage();
    await member.page.goto(`${stack.baseUrl}/admin`);
    await member.page.getByText("You don't have admin privileges to access this page.").waitFor();
    expect(await member.page.getByTestId('admin-panel').count()).toBe(0);
    const nav = member.page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'About' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Admin', exact: true }).count()).toBe(0);
    // The API refuses too.
    expect((await member.page.request.get(`${stack.baseUrl}/api/admin/users`)).status()).toBe(403);
    await member.page.context().close();

    const { page } = admin;
    await page.goto(`${stack.baseUrl}/`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin', exact: true }).click();
    await page.waitForURL('**/admin');
    await page.getByTestId('admin-panel').waitFor();
    await page.getByRole('heading', { name: 'User Management' }).waitFor();
  });

  it('promotes a member and deletes another', async () => {
    const promoted = await memberPage({ firstName: 'Pat', lastName: 'Promoted' });
    const leaving = await memberPage({ firstName: 'Lee', lastName: 'Leaving' });
    const { page } = admin;
    await page.goto(`${stack.baseUrl}/admin`);
    await page.getByTestId('admin-tab-users').click();

    const rowOf = (id: string) => page.locator(`[data-testid="admin-user-row"][data-user-id="${id}"]`);

    // Your own row cannot be demoted or deleted.
    const own = rowOf(admin.id);
    await own.waitFor();
    expect(await own.getByTestId('admin-badge').count()).toBe(1);
    expect(await own.getByTestId('admin-toggle-admin').isDisabled()).toBe(true);
    expect(await own.getByTestId('admin-delete-user').isDisabled()).toBe(true);

    const row = rowOf(promoted.id);
    await row.waitFor();
    expect(await row.getByText(promoted.fields.email).count()).toBe(1);
    await row.getByText(/^Joined /).waitFor();
    expect(await row.getByTestId('admin-badge').count()).toBe(0);
    const toggle = row.getByTestId('admin-toggle-admin');
    expect(await textOf(toggle)).toBe('Make Admin');
    await toggle.click();
    await toast(page, 'Admin status updated').waitFor();
    await row.getByTestId('admin-badge').waitFor();
    expect(await textOf(toggle)).toBe('Remove Admin');
    // The promoted member now gets the panel.
    await promoted.page.goto(`${stack.baseUrl}/admin`);
    await promoted.page.getByTestId('admin-panel').waitFor();
    await promoted.page.context().close();

    const leavingRow = rowOf(leaving.id);
    await leavingRow.getByTestId('admin-delete-user').click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.getByRole('heading', { name: 'Delete User' }).waitFor();
    await dialog
      .getByText('Are you sure you want to delete Lee Leaving? This action cannot be undone.', { exact: true })
      .waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await leavingRow.count()).toBe(1);

    await leavingRow.getByTestId('admin-delete-user').click();
    await dialog.getByTestId('confirm-delete').click();
    await toast(page, 'User deleted successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await leavingRow.waitFor({ state: 'detached' });
    // Gone for good, and the account no longer signs in.
    await untilAfterReload(page, async () => {
      await rowOf(admin.id).waitFor();
      return (await leavingRow.count()) === 0;
    });
    const signIn = () =>
      fetch(`${stack.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: leaving.fields.email, password: leaving.fields.password }),
      }).then((res) => res.status);
    await eventually(signIn, (status) => status === 401);
    await leaving.page.context().close();
  });

  it('creates and deletes a category', async () => {
    const { page } = admin;
    await page.goto(`${stack.baseUrl}/admin`);
    await page.getByTestId('admin-tab-categories').click();
    await page.getByRole('heading', { name: 'Category Management' }).waitFor();

    const name = page.getByTestId('admin-category-name');
    const icon = page.getByTestId('admin-category-icon');
    const create = page.getByTestId('admin-create-category');
    expect(await name.getAttribute('placeholder')).toBe('Enter category name');
    expect(await icon.getAttribute('placeholder')).toBe('Enter emoji icon');
    expect(await create.isDisabled()).toBe(true);
    await name.fill('Juggling');
    expect(await create.isDisabled()).toBe(true);
    await icon.fill('🤹');
    expect(await create.isDisabled()).toBe(false);
    await create.click();
    await toast(page, 'Category created successfully').waitFor();
    const card = page.getByTestId('admin-category-card').filter({ hasText: 'Juggling' });
    await card.waitFor();
    expect(await card.innerText()).toContain('🤹');
    expect(await name.inputValue()).toBe('');
    expect(await create.isDisabled()).toBe(true);

    // A second category with the same name is refused.
    await name.fill('Juggling');
    await icon.fill('🎪');
    await create.click();
    await toast(page, 'Failed to create category').waitFor();
    expect(await page.getByTestId('admin-category-card').filter({ hasText: 'Juggling' }).count()).toBe(1);

    await card.getByTestId('admin-delete-category').click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.getByRole('heading', { name: 'Delete Category' }).waitFor();
    await dialog.getByTestId('confirm-delete').click();
    await toast(page, 'Category deleted successfully').waitFor();
    await card.waitFor({ state: 'detached' });
    const categories = (await (await page.request.get(`${stack.baseUrl}/api/categories`)).json()) as {
      name: string;
    }[];
    expect(categories.some((category) => category.name === 'Juggling')).toBe(false);
  });

  it('lists the latest videos and deletes one', async () => {
    const uploader = await memberPage({ firstName: 'Vic', lastName: 'Video' });
    const videoId = await uploadLinkVideo(uploader, 'Cartwheel attempt');
    const { page } = admin;
    await page.goto(`${stack.baseUrl}/admin`);
    await page.getByTestId('admin-tab-videos').click();
    await page.getByRole('heading', { name: 'Video Management' }).waitFor();

    const row = page.locator(`[data-testid="admin-video-row"][data-video-id="${videoId}"]`);
    await row.waitFor();
    expect(await textOf(row.getByTestId('admin-video-title'))).toBe('Cartwheel attempt');
    expect(await row.innerText()).toMatch(/By Vic Video • .+ • 0 views/);
    expect(await row.getByTestId('admin-view-video').getAttribute('href')).toBe(`/video/${videoId}`);

    await row.getByTestId('admin-delete-video').click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.getByRole('heading', { name: 'Delete Video' }).waitFor();
    await dialog.getByTestId('confirm-delete').click();
    await toast(page, 'Video deleted successfully').waitFor();
    await row.waitFor({ state: 'detached' });
    expect((await page.request.get(`${stack.baseUrl}/api/videos/${videoId}`)).status()).toBe(404);
    await uploader.page.context().close();
  });
});
