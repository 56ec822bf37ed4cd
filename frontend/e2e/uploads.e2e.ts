import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';
import { VIDEO_UPLOAD_MESSAGES } from '@app/contracts';
import { objectStorageFromEnv, type ObjectStorage } from '@app/storage';
import {
  chooseOption,
  eventually,
  launchChromium,
  makeTestVideo,
  newUserFields,
  startStack,
  type TestStack,
  waitForPageCondition,
  withClient,
} from '@app/testing';

// Uploads a member can trust, in Chromium: real progress (bytes, speed, time left, then
// "Processing…"), a Cancel that leaves nothing stored, and a file over 2 minutes refused in the
// dialog before a byte is sent. The browser's upload is throttled through the DevTools protocol
// so the transfer lasts long enough to be watched.
let stack: TestStack;
let browser: Browser;
let storage: ObjectStorage;
let scratch: string;

const MB = 1024 * 1024;

beforeAll(async () => {
  stack = await startStack('e2euploads', ['gateway', 'auth', 'catalog', 'video', 'feedback', 'media-worker']);
  browser = await launchChromium();
  storage = objectStorageFromEnv({ ...stack.env } as never);
  scratch = await mkdtemp(join(tmpdir(), 'e2euploads-'));
});

afterAll(async () => {
  storage?.destroy();
  await browser?.close();
  await stack?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** A signed-in member's page and id (registered through the API, so the cookie lands in the context). */
async function memberPage(): Promise<{ page: Page; memberId: string }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const res = await page.request.post(`${stack.baseUrl}/api/auth/register`, { data: newUserFields() });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await page.goto(`${stack.baseUrl}/`);
  await page.getByRole('main').getByRole('button', { name: 'Upload Video' }).waitFor();
  return { page, memberId: id };
}

/** Sends the page's request bodies at most `bytesPerSecond`, as a slow uplink would. */
async function throttleUploads(page: Page, bytesPerSecond: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

/** Every POST to the upload endpoint the page makes. */
function uploadRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/videos') seen.push(request);
  });
  return seen;
}

async function openUploadDialog(page: Page, title: string, file: string) {
  await page.getByRole('main').getByRole('button', { name: 'Upload Video' }).click();
  const dialog = page.getByTestId('upload-dialog');
  await dialog.waitFor();
  await dialog.getByLabel('Title').fill(title);
  // The first category, once the categories have come (the select is disabled until then).
  await chooseOption(dialog.getByRole('combobox', { name: 'Category' }), { index: 0 });
  // By path: the browser reads the file from disk, as it does a member's.
  await dialog.getByTestId('upload-file-input').setInputFiles(file);
  return dialog;
}

/**
 * Records, in the page, every distinct state of the dialog's progress ("<phase> | <detail>"), so
 * the sequence can be checked afterwards however quickly it went by.
 */
async function recordProgress(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    window.__progressLog = [];
    const read = () => {
      const region = document.querySelector('[data-testid="upload-progress-region"]');
      if (!region) return;
      const phase = region.querySelector('[role="status"]')?.textContent ?? '';
      const detail = region.querySelector('[data-testid="upload-progress-detail"]')?.textContent ?? '';
      const entry = phase + ' | ' + detail;
      if (window.__progressLog[window.__progressLog.length - 1] !== entry) window.__progressLog.push(entry);
    };
    new MutationObserver(read).observe(document.body, { subtree: true, childList: true, characterData: true });
  })()`);
}

const progressLog = (page: Page) => page.evaluate('window.__progressLog') as Promise<string[]>;

/** "3.4 MB" / "512 KB" in bytes. */
const bytesOf = (amount: string, unit: string) => Number(amount) * (unit === 'MB' ? MB : 1024);

const SENDING =
  /^Uploading… \| ([\d.]+) (KB|MB) of ([\d.]+) (KB|MB) · ([\d.]+) (KB|MB)\/s · (\d+ s|\d+ min(?: \d+ s)?) left$/;

/** The member's videos as the API and the video service's own table know them. */
async function videosOf(memberId: string) {
  const listed = (await (await fetch(`${stack.baseUrl}/api/videos?uploaderId=${memberId}`)).json()) as unknown[];
  const rows = await withClient(
    stack.database.url,
    async (client) => (await client.query('SELECT id FROM video.videos WHERE "uploaderId" = $1', [memberId])).rows,
  );
  return { listed, rows };
}

describe('uploads in the browser', () => {
  it('shows bytes sent, speed and time left, then "Processing…", then opens the new video', async () => {
    const { page } = await memberPage();
    const clip = await makeTestVideo(join(scratch, 'rally.mp4'), { seconds: 20, size: '640x360' });
    const size = (await readFile(clip)).length;
    // About six seconds of transfer, whatever the clip's exact size.
    const throughput = Math.max(32 * 1024, Math.round(size / 6));
    const dialog = await openUploadDialog(page, 'Baseline rally', clip);
    const requests = uploadRequests(page);
    await throttleUploads(page, throughput);
    await recordProgress(page);

    await dialog.getByRole('button', { name: 'Upload Video' }).click();
    await page.waitForURL(/\/video\/\d+$/, { timeout: 60_000 });
    await page.getByTestId('toast').filter({ hasText: 'Video uploaded successfully!' }).waitFor();
    await page.getByTestId('video-title').filter({ hasText: 'Baseline rally' }).waitFor();

    const log = await progressLog(page);
    const sending = log.map((entry) => SENDING.exec(entry)).filter((match) => match !== null);
    // Several readings while the bytes went out, each of the whole file, the amount growing.
    expect(sending.length).toBeGreaterThanOrEqual(3);
    const sent = sending.map((match) => bytesOf(match[1]!, match[2]!));
    expect(sent).toEqual([...sent].sort((a, b) => a - b));
    expect(sent.at(-1)!).toBeGreaterThan(sent[0]!);
    for (const match of sending) expect(Math.abs(bytesOf(match[3]!, match[4]!) - size)).toBeLessThan(0.06 * MB);
    // The speed is the connection's: never above the throttled uplink (within rounding).
    for (const match of sending) {
      const speed = bytesOf(match[5]!, match[6]!);
      expect(speed).toBeGreaterThan(0);
      expect(speed).toBeLessThan(throughput * 1.5);
    }
    // Then the server's turn, after the last byte.
    const processing = log.findIndex((entry) => entry.startsWith('Processing…'));
    const lastSending = log.findLastIndex((entry) => entry.startsWith('Uploading…'));
    expect({ processing: processing > lastSending, log }).toEqual({ processing: true, log });
    expect(requests).toHaveLength(1);
    process.stdout.write(
      `[uploads.e2e] ${size} bytes at ${throughput} B/s: ${sending.length} progress readings, e.g. "${log[lastSending]}", then "${log[processing]}"\n`,
    );
    await page.context().close();
  });

  it('cancels a transfer halfway and leaves nothing stored', async () => {
    const { page, memberId } = await memberPage();
    // A real MP4's first bytes (so the gateway's check passes) padded to 40 MB: the browser cannot
    // read a length from it, so the dialog lets the server decide and sends it.
    const head = (await readFile(await makeTestVideo(join(scratch, 'head.mp4'), { seconds: 1 }))).subarray(0, 4096);
    const big = join(scratch, 'long-session.mp4');
    await writeFile(big, Buffer.concat([head, Buffer.alloc(40 * MB - head.length, 9)]));
    const originalsBefore = new Set(await storage.listKeys('videos/originals/'));

    const dialog = await openUploadDialog(page, 'Whole training session', big);
    const requests = uploadRequests(page);
    await throttleUploads(page, 2 * MB);
    await dialog.getByRole('button', { name: 'Upload Video' }).click();

    // Well past the gateway's first 5 MiB storage parts: a multipart upload is under way.
    await waitForPageCondition(
      page,
      `(() => {
        const text = document.querySelector('[data-testid="upload-progress-detail"]')?.textContent ?? '';
        const match = /^([\\d.]+) MB of/.exec(text);
        return match !== null && Number(match[1]) >= 12;
      })()`,
      60_000,
    );
    expect(await dialog.getByRole('button', { name: 'Cancel' }).isEnabled()).toBe(true);
    const cutOff = page.waitForEvent('requestfailed', {
      predicate: (request) => new URL(request.url()).pathname === '/api/videos',
      timeout: 15_000,
    });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // The browser dropped the request mid-body; no answer came back.
    expect((await cutOff).failure()?.errorText).toBe('net::ERR_ABORTED');

    await page.getByTestId('toast').filter({ hasText: 'Upload cancelled' }).waitFor();
    // The dialog stays, with what the member typed, ready to try again.
    expect(await dialog.getByLabel('Title').inputValue()).toBe('Whole training session');
    expect(await dialog.getByTestId('upload-progress-region').count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Upload Video' }).isEnabled()).toBe(true);
    expect(requests).toHaveLength(1);

    // Nothing stored: no object, no pending multipart upload, no video.
    await eventually(
      async () => ({
        pending: await storage.pendingUploads('videos/'),
        originals: (await storage.listKeys('videos/originals/')).filter((key) => !originalsBefore.has(key)),
      }),
      (left) => left.pending.length === 0 && left.originals.length === 0,
      30_000,
    );
    expect(await videosOf(memberId)).toEqual({ listed: [], rows: [] });
    await page.context().close();
  });

  it('refuses a clip longer than 2 minutes in the dialog without sending a byte', async () => {
    const { page, memberId } = await memberPage();
    const long = await makeTestVideo(join(scratch, 'long.mp4'), { seconds: 125, size: '64x64' });
    const requests = uploadRequests(page);

    const dialog = await openUploadDialog(page, 'Full round', long);
    // Reported as soon as the browser has read the file's length…
    await dialog.getByText(VIDEO_UPLOAD_MESSAGES.tooLong).waitFor();
    expect(VIDEO_UPLOAD_MESSAGES.tooLong).toBe('Video must be 2 minutes or shorter');
    expect(await dialog.getByTestId('upload-file-input').getAttribute('aria-invalid')).toBe('true');
    // …and again on Upload, which sends nothing.
    await dialog.getByRole('button', { name: 'Upload Video' }).click();
    await dialog.getByText(VIDEO_UPLOAD_MESSAGES.tooLong).waitFor();
    await page.waitForTimeout(1000);
    expect(await dialog.getByTestId('upload-progress-region').count()).toBe(0);
    expect(requests).toHaveLength(0);
    expect(await videosOf(memberId)).toEqual({ listed: [], rows: [] });
    await page.context().close();
  });
});
