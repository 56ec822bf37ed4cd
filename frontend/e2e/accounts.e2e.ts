import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, newUserFields, startStack, type TestStack, waitForPageCondition } from '@app/testing';

// Accounts as a person meets them in Chromium: sign up, profile, picture, sign out and in again.
let stack: TestStack;
let browser: Browser;

beforeAll(async () => {
  stack = await startStack('e2eaccounts', ['gateway', 'auth', 'catalog', 'video', 'feedback']);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

// A real 2×2 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

async function newPage(width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  return context.newPage();
}

async function signUpThroughApi(page: Page, fields = newUserFields()) {
  await page.goto(`${stack.baseUrl}/`);
  const res = await page.request.post(`${stack.baseUrl}/api/auth/register`, { data: fields });
  expect(res.status()).toBe(201);
  return { fields, user: (await res.json()) as { id: string; email: string } };
}

describe('accounts in the browser', () => {
  it('signs up, edits the profile with a picture, logs out and logs back in', async () => {
    const page = await newPage();
    const fields = newUserFields({ firstName: 'Casey', lastName: 'Jordan' });

    await page.goto(`${stack.baseUrl}/register`);
    await page.getByRole('heading', { name: 'Create Account' }).waitFor();
    await page.getByLabel('First Name').fill(fields.firstName);
    await page.getByLabel('Last Name').fill(fields.lastName);
    await page.getByLabel('Email').fill(fields.email);
    await page.getByLabel('Password').fill(fields.password);
    await page.getByLabel('Tell us about yourself').fill('I play the cello.');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await toast(page, 'Registration successful!').waitFor();
    await page.waitForURL(`${stack.baseUrl}/`);

    // Signed in: the avatar menu leads to the profile, which shows the owner their email.
    await page.getByTestId('user-menu-trigger').click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.getByRole('heading', { name: 'Casey Jordan' }).waitFor();
    expect(await page.getByTestId('profile-email').innerText()).toContain(fields.email);
    expect(await page.getByTestId('profile-description').innerText()).toContain('I play the cello.');

    // Edit Profile: the picture uploads only on Upload, then names and About Me are saved.
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await dialog.getByTestId('profile-picture-input').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await toast(page, 'Profile picture updated successfully!').waitFor();

    await dialog.getByLabel('First Name').fill('Robin');
    const about = 'Cellist, ten years in, working on vibrato.';
    await dialog.getByLabel('About Me').fill(about);
    expect(await dialog.getByTestId('about-me-counter').innerText()).toBe(`${about.length}/1000`);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Profile updated successfully!').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Robin Jordan' }).waitFor();
    expect(await page.getByTestId('profile-description').innerText()).toContain(about);

    // The stored picture is what the page shows, and it actually loads.
    const picture = page.locator('img[src*="/profile-image/"]').first();
    await picture.waitFor();
    // Runs in the page (this file is type-checked without the DOM library).
    await waitForPageCondition(
      page,
      `[...document.querySelectorAll('img[src*="/profile-image/"]')].some((img) => img.complete && img.naturalWidth === 2)`,
    );

    // Log out from the avatar menu: the header offers Log in again and the session is gone.
    await page.getByTestId('user-menu-trigger').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect((await page.request.get(`${stack.baseUrl}/api/auth/user`)).status()).toBe(401);

    // Log in on the login page.
    await page.goto(`${stack.baseUrl}/login`);
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    await page.getByLabel('Email').fill(fields.email);
    await page.getByLabel('Password').fill(fields.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await toast(page, 'Login successful!').waitFor();
    await page.waitForURL(`${stack.baseUrl}/`);
    await page.getByTestId('user-menu-trigger').waitFor();
    await page.context().close();
  });

  it('shows the spec’s text for a wrong password', async () => {
    const page = await newPage();
    const { fields } = await signUpThroughApi(await newPage());
    await page.goto(`${stack.baseUrl}/login`);
    await page.getByLabel('Email').fill(fields.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const failure = toast(page, 'Invalid email or password. Please check your credentials and try again.');
    await failure.waitFor();
    expect(await failure.innerText()).toContain('Login failed');
    expect(page.url()).toBe(`${stack.baseUrl}/login`);
    expect((await page.request.get(`${stack.baseUrl}/api/auth/user`)).status()).toBe(401);
    await page.context().close();
  });

  it('switches from the login dialog to the sign-up dialog and signs up there', async () => {
    const page = await newPage();
    const fields = newUserFields({ firstName: 'Dana', lastName: 'Reyes' });
    await page.goto(`${stack.baseUrl}/about`);
    await page.getByRole('button', { name: 'Log in' }).click();
    const login = page.getByRole('dialog', { name: 'Welcome Back' });
    await login.waitFor();
    await login.getByRole('button', { name: 'Create one' }).click();
    const register = page.getByRole('dialog', { name: 'Create Account' });
    await register.waitFor();
    expect(await login.count()).toBe(0);

    await register.getByLabel('First Name').fill(fields.firstName);
    await register.getByLabel('Last Name').fill(fields.lastName);
    await register.getByLabel('Email').fill(fields.email);
    await register.getByLabel('Password').fill('12345');
    await register.getByRole('button', { name: 'Create Account' }).click();
    await register.getByText('Password must be at least 6 characters long').waitFor();

    await register.getByLabel('Password').fill(fields.password);
    await register.getByRole('button', { name: 'Create Account' }).click();
    // The dialog variant reloads the page it was opened on, now signed in.
    await page.getByTestId('user-menu-trigger').waitFor();
    expect(page.url()).toBe(`${stack.baseUrl}/about`);
    await page.context().close();
  });

  it('hides the email on another member’s profile', async () => {
    const owner = await newPage(390);
    const { user } = await signUpThroughApi(owner, newUserFields({ firstName: 'Ola', lastName: 'Nordmann' }));
    const other = await newPage(390);
    await signUpThroughApi(other);

    await other.goto(`${stack.baseUrl}/profile/${user.id}`);
    await other.getByRole('heading', { name: 'Ola Nordmann' }).waitFor();
    expect(await other.getByTestId('profile-email').count()).toBe(0);
    expect(await other.getByText(user.email).count()).toBe(0);
    expect(await other.getByRole('button', { name: 'Edit Profile' }).count()).toBe(0);
    await other.getByText("This user hasn't uploaded any videos yet.").waitFor();

    await owner.goto(`${stack.baseUrl}/profile/${user.id}`);
    await owner.getByTestId('profile-email').waitFor();
    expect(await owner.getByTestId('profile-email').innerText()).toContain(user.email);

    await other.goto(`${stack.baseUrl}/profile/00000000-0000-4000-8000-000000000000`);
    await other.getByText('User Not Found').waitFor();
    await owner.context().close();
    await other.context().close();
  });

  it('changes the password on the profile, then signs in with the new one only', async () => {
    const page = await newPage();
    const { fields, user } = await signUpThroughApi(page, newUserFields({ firstName: 'Pat', lastName: 'Lock' }));
    await page.goto(`${stack.baseUrl}/profile/${user.id}`);
    await page.getByRole('heading', { name: 'Pat Lock' }).waitFor();

    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    // The form's own rule first, then the server's answers in a toast.
    await dialog.getByLabel('Current Password').fill(fields.password);
    await dialog.getByLabel('New Password').fill('12345');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await dialog.getByText('Password must be at least 6 characters long').waitFor();

    await dialog.getByLabel('New Password').fill('iloveyou');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await toast(page, 'This password is too common. Please choose another one.').waitFor();

    await dialog.getByLabel('Current Password').fill('not my password');
    await dialog.getByLabel('New Password').fill('violin practice every day');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await toast(page, 'Current password is incorrect').waitFor();

    await dialog.getByLabel('Current Password').fill(fields.password);
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await toast(page, 'Password changed successfully!').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // Still signed in here.
    expect((await page.request.get(`${stack.baseUrl}/api/auth/user`)).status()).toBe(200);

    await page.getByTestId('user-menu-trigger').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByRole('button', { name: 'Log in' }).waitFor();

    await page.goto(`${stack.baseUrl}/login`);
    await page.getByLabel('Email').fill(fields.email);
    await page.getByLabel('Password').fill(fields.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await toast(page, 'Invalid email or password. Please check your credentials and try again.').waitFor();

    await page.getByLabel('Password').fill('violin practice every day');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await toast(page, 'Login successful!').waitFor();
    await page.waitForURL(`${stack.baseUrl}/`);
    await page.getByTestId('user-menu-trigger').waitFor();
    await page.context().close();
  });
});
