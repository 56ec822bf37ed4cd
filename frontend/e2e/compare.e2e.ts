import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  decodeFrameCode,
  eventually,
  launchChromium,
  makeFrameCodedClip,
  newUserFields,
  startStack,
  type TestStack,
  waitForPageCondition,
} from '@app/testing';

// Side-by-side compare in Chromium (issue 15 §4): two generated clips of different frame rates
// (30 and 60 fps, 80 s, 160x90, each frame's number burned into the picture) are synced on a
// chosen frame each, then played for 60 s at 1×, and at 0.5× and 0.25× in two windows at once: the
// two media clocks, sampled in each page every animation frame and every 50 ms, never drift apart
// by more than one frame of the slower clip (1/30 s) from their sync points, but in the half
// second after the engine held both for missing data (or after the start), where they stay within
// two frames. 50 linked steps are
// read back from the pictures themselves (canvas grabs), and a reload restores the whole state
// from the address.
let stack: TestStack;
let browser: Browser;
let scratch: string;

const CLIP_SECONDS = 80;
const CLIP_SIZE = { width: 160, height: 90 };
const PLAY_SECONDS = 60;
const SYNC_A = 30; // 1.000 s into the 30 fps clip
const SYNC_B = 150; // 2.500 s into the 60 fps clip
const SLOWER_FRAME = 1 / 30;
/**
 * When one side runs out of data the engine holds both, and on resuming the audible side's clock
 * jumps ahead by up to a frame (Chromium's audio clock restarting; seen after a 35 ms hold under
 * load: A +47 ms, B +21 ms in 23 ms). This long after a hold the engine has nudged B back (its
 * correction horizon, SYNC_TUNING.horizonSeconds); until then drift is held to RESUME_LIMIT_FRAMES.
 */
const RESUME_SETTLE_MS = 500;
const RESUME_LIMIT_FRAMES = 2;
/** Holds (both paused while one side waits for data) a minute of playback may have. */
const MAX_HOLDS = 6;

/** Reads the frame number burned into the picture a side shows now (page script). */
const decodeSide = (side: 'a' | 'b') => `(() => {
  const decode = ${decodeFrameCode.toString()};
  const video = document.querySelector('[data-testid="compare-video-${side}"]');
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return decode(context.getImageData(0, 0, canvas.width, canvas.height).data, canvas.width, canvas.height, 4);
})()`;

/** Both sides' burned-in frame numbers (null for a picture that carries none). */
async function decodedFrames(page: Page): Promise<[number | null, number | null]> {
  return [
    (await page.evaluate(decodeSide('a'))) as number | null,
    (await page.evaluate(decodeSide('b'))) as number | null,
  ];
}

/** Each side's screen data, element state and loaded ranges: what a timeout reports. */
async function sidesState(page: Page): Promise<unknown> {
  return page.evaluate(`['a', 'b'].map((side) => {
    const screen = document.querySelector('[data-testid="compare-screen-' + side + '"]');
    const video = document.querySelector('[data-testid="compare-video-' + side + '"]');
    const ranges = (r) => Array.from({ length: r.length }, (_, i) => [r.start(i), r.end(i)]);
    if (!screen || !video) return { side, missing: true, text: document.querySelector('main')?.innerText.slice(0, 300) };
    return { side, ...screen.dataset, linked: document.querySelector('[data-testid="compare-view"]')?.dataset.linked, time: video.currentTime, paused: video.paused, seeking: video.seeking, readyState: video.readyState, networkState: video.networkState, buffered: ranges(video.buffered), seekable: ranges(video.seekable) };
  })`);
}

/** Waits for a page condition on the compare view, reporting both sides if it does not come. */
async function waitForCompare(page: Page, condition: string, timeoutMs: number) {
  try {
    await waitForPageCondition(page, condition, timeoutMs);
  } catch (error) {
    throw new Error(`${(error as Error).message}; sides: ${JSON.stringify(await sidesState(page))}`);
  }
}

/** Both sides paused, done seeking and showing the frames the transport names. */
async function waitSettled(page: Page, timeoutMs = 20_000) {
  await waitForCompare(
    page,
    `['a', 'b'].every((side) => document.querySelector('[data-testid="compare-screen-' + side + '"]')?.dataset.settled === 'true')`,
    timeoutMs,
  );
}

/** One clock drives both (both sync frames known and both elements loaded). */
async function waitLinked(page: Page, timeoutMs = 60_000) {
  await waitForCompare(
    page,
    `document.querySelector('[data-testid="compare-view"]')?.dataset.linked === 'true'`,
    timeoutMs,
  );
}

async function frameAttribute(page: Page, side: 'a' | 'b'): Promise<number> {
  return Number(await page.getByTestId(`compare-screen-${side}`).getAttribute('data-frame'));
}

type Member = { page: Page; id: string };

async function memberPage(width = 1280, height = 900): Promise<Member> {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const res = await page.request.post(`${stack.baseUrl}/api/auth/register`, { data: newUserFields() });
  expect(res.status()).toBe(201);
  return { page, id: ((await res.json()) as { id: string }).id };
}

async function uploadClip(member: Member, title: string, path: string): Promise<number> {
  const categories = (await (await member.page.request.get(`${stack.baseUrl}/api/categories`)).json()) as {
    id: number;
  }[];
  const res = await member.page.request.post(`${stack.baseUrl}/api/videos`, {
    multipart: {
      title,
      categoryId: String(categories[0]!.id),
      video: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: await readFile(path) },
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function uploadLink(member: Member, title: string): Promise<number> {
  const categories = (await (await member.page.request.get(`${stack.baseUrl}/api/categories`)).json()) as {
    id: number;
  }[];
  const res = await member.page.request.post(`${stack.baseUrl}/api/videos`, {
    multipart: {
      title,
      categoryId: String(categories[0]!.id),
      youtubeUrl: 'https://www.youtube.com/watch?v=9bZkp7q19f0',
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

type VideoFacts = { processingState: string; frameRate: number | null; frameCount: number | null };

async function readyVideo(member: Member, id: number): Promise<VideoFacts> {
  return eventually(
    async () => (await (await member.page.request.get(`${stack.baseUrl}/api/videos/${id}`)).json()) as VideoFacts,
    (video) => video.processingState === 'ready' && video.frameRate !== null,
    180_000,
  );
}

/** Starts sampling both media clocks in the page: every animation frame and every 50 ms. */
const START_SAMPLING = `(() => {
  const a = document.querySelector('[data-testid="compare-video-a"]');
  const b = document.querySelector('[data-testid="compare-video-b"]');
  const state = { samples: [], running: true };
  const read = () => state.samples.push([performance.now(), a.currentTime, b.currentTime, a.paused ? 1 : 0, b.paused ? 1 : 0]);
  const frame = () => { if (!state.running) return; read(); requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
  state.timer = setInterval(read, 50);
  window.__compareSampling = state;
  return true;
})()`;

const STOP_SAMPLING = `(() => {
  const state = window.__compareSampling;
  state.running = false;
  clearInterval(state.timer);
  return state.samples;
})()`;

type DriftFigures = {
  speed: number;
  samples: number;
  /** Largest drift outside the half second after a resume. */
  maxDriftMs: number;
  maxDriftFrames: number;
  meanAbsDriftMs: number;
  maxGapMs: number;
  advancedA: number;
  advancedB: number;
  bothPlayingShare: number;
  /** Seconds after the first sample that the largest drift was seen. */
  maxDriftAtS: number;
  /** Largest drift after the first second (once both clocks run). */
  maxDriftAfterStartMs: number;
  /** Times both were held (one side waiting for data) and then played on, the start included. */
  resumes: number;
  /** Largest drift within RESUME_SETTLE_MS of a resume (left out of maxDriftMs). */
  maxResumeDriftMs: number;
};

function driftFigures(speed: number, samples: [number, number, number, number, number][]): DriftFigures {
  const syncA = SYNC_A / 30;
  const syncB = SYNC_B / 60;
  let maxDrift = 0;
  let maxDriftAt = 0;
  let maxAfterStart = 0;
  let sumDrift = 0;
  let maxGap = 0;
  let bothPlaying = 0;
  let heldAt = -Infinity;
  let held = false;
  let resumes = 0;
  let maxResumeDrift = 0;
  samples.forEach(([at, a, b, pausedA, pausedB], index) => {
    const drift = Math.abs(b - syncB - (a - syncA));
    if (pausedA && pausedB) {
      held = true;
      heldAt = at;
    } else if (held) {
      held = false;
      resumes += 1;
    }
    if (!pausedA && !pausedB && at - heldAt <= RESUME_SETTLE_MS) {
      maxResumeDrift = Math.max(maxResumeDrift, drift);
    } else {
      if (drift > maxDrift) {
        maxDrift = drift;
        maxDriftAt = at;
      }
      if (at - samples[0]![0] > 1000) maxAfterStart = Math.max(maxAfterStart, drift);
    }
    sumDrift += drift;
    if (index > 0) maxGap = Math.max(maxGap, at - samples[index - 1]![0]);
    if (!pausedA && !pausedB) bothPlaying += 1;
  });
  const first = samples[0]!;
  const last = samples[samples.length - 1]!;
  return {
    speed,
    samples: samples.length,
    maxDriftMs: Math.round(maxDrift * 1e5) / 100,
    maxDriftFrames: Math.round((maxDrift / SLOWER_FRAME) * 1000) / 1000,
    meanAbsDriftMs: Math.round((sumDrift / samples.length) * 1e5) / 100,
    maxGapMs: Math.round(maxGap),
    advancedA: Math.round((last[1] - first[1]) * 1000) / 1000,
    advancedB: Math.round((last[2] - first[2]) * 1000) / 1000,
    bothPlayingShare: Math.round((bothPlaying / samples.length) * 1000) / 1000,
    maxDriftAtS: Math.round(maxDriftAt - first[0]) / 1000,
    maxDriftAfterStartMs: Math.round(maxAfterStart * 1e5) / 100,
    resumes,
    maxResumeDriftMs: Math.round(maxResumeDrift * 1e5) / 100,
  };
}

/** Sets the speed on a settled compare page and starts sampling both media clocks. */
async function readyToPlay(page: Page, speed: number) {
  await page
    .getByRole('group', { name: 'Playback speed' })
    .getByRole('button', { name: `${speed}×`, exact: true })
    .click();
  await waitSettled(page);
  await page.evaluate(START_SAMPLING);
}

type Played = { figures: DriftFigures; frames: [number | null, number | null] };

/** Stops sampling, pauses, and reads what both sides show once settled. */
async function stopPlaying(page: Page, speed: number): Promise<Played> {
  const samples = (await page.evaluate(STOP_SAMPLING)) as [number, number, number, number, number][];
  await page.getByRole('button', { name: 'Pause both' }).click();
  await waitSettled(page);
  return { figures: driftFigures(speed, samples), frames: await decodedFrames(page) };
}

function expectInStep({ figures, frames: [frameA, frameB] }: Played) {
  const { speed } = figures;
  console.log(`compare drift at ${speed}×: ${JSON.stringify(figures)}`);
  // The sampler really ran the whole minute, and both clips really played at the speed.
  expect(figures.samples).toBeGreaterThan(PLAY_SECONDS * 10);
  expect(figures.advancedA).toBeGreaterThan(PLAY_SECONDS * speed * 0.8);
  expect(figures.advancedB).toBeGreaterThan(PLAY_SECONDS * speed * 0.8);
  expect(figures.bothPlayingShare).toBeGreaterThan(0.9);
  expect(figures.maxDriftMs).toBeLessThanOrEqual(SLOWER_FRAME * 1000);
  // Right after a hold (and after the start), within two frames; and holds stay rare.
  expect(figures.resumes).toBeGreaterThanOrEqual(1);
  expect(figures.resumes).toBeLessThanOrEqual(MAX_HOLDS);
  expect(figures.maxResumeDriftMs).toBeLessThanOrEqual(RESUME_LIMIT_FRAMES * SLOWER_FRAME * 1000);
  // Paused again: both pictures show the same moment (B's frame lies within A's, twice as fine).
  // B's picture codes wrap at 4096: on a busy machine the pause lands a few seconds after the
  // minute, past B's frame 4096, so B's code is compared modulo 4096.
  expect(frameA).not.toBeNull();
  const expectedB = SYNC_B + 2 * (frameA! - SYNC_A);
  expect([expectedB % 4096, (expectedB + 1) % 4096]).toContain(frameB);
}

beforeAll(async () => {
  stack = await startStack('e2ecompare', ['gateway', 'auth', 'catalog', 'video', 'feedback', 'media-worker']);
  browser = await launchChromium();
  scratch = await mkdtemp(join(tmpdir(), 'e2ecompare-'));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('side-by-side compare in the browser', () => {
  let athlete: Member;
  let coach: Member;
  let clipA: number;
  let clipB: number;
  let compareUrl: string;

  beforeAll(async () => {
    athlete = await memberPage();
    const [pathA, pathB] = await Promise.all([
      // The 60 fps clip has more frames than the code numbers: frame N shows N mod 4096 (only the
      // check after a minute at 1× can get past 4096, and it compares modulo 4096).
      // Small pictures: two clips decoding in real time on a busy machine must not starve.
      makeFrameCodedClip(join(scratch, 'serve-30.mp4'), { rate: 30, frames: 30 * CLIP_SECONDS, size: CLIP_SIZE }),
      makeFrameCodedClip(join(scratch, 'serve-60.mp4'), {
        rate: 60,
        frames: 60 * CLIP_SECONDS,
        wraps: true,
        size: CLIP_SIZE,
      }),
    ]);
    clipA = await uploadClip(athlete, 'Serve at 30 fps', pathA);
    clipB = await uploadClip(athlete, 'Serve reference at 60 fps', pathB);
    await uploadLink(athlete, 'Serve reference on YouTube');
    const [factsA, factsB] = await Promise.all([readyVideo(athlete, clipA), readyVideo(athlete, clipB)]);
    expect(factsA).toMatchObject({ frameRate: 30, frameCount: 30 * CLIP_SECONDS });
    expect(factsB).toMatchObject({ frameRate: 60, frameCount: 60 * CLIP_SECONDS });
    coach = await memberPage();
  }, 300_000);

  afterAll(async () => {
    for (const member of [athlete, coach]) await member?.page.context().close();
  });

  it('picks the second video from the site, saying why a YouTube video cannot be compared', async () => {
    const { page } = coach;
    await page.goto(`${stack.baseUrl}/video/${clipA}`);
    await page.getByTestId('compare-with').click();
    const picker = page.getByRole('dialog', { name: 'Compare with…' });
    await picker.waitFor();
    await picker.getByRole('tab', { name: 'All videos' }).click();
    await picker.getByLabel('Search by title').fill('Serve reference');
    const youtube = picker.getByTestId('compare-candidate-disabled').filter({ hasText: 'on YouTube' });
    await youtube.getByText('YouTube videos cannot be frame-synced').waitFor();
    await picker.getByRole('link', { name: 'Compare with Serve reference at 60 fps' }).click();
    await page.waitForURL(`**/compare?a=${clipA}&b=${clipB}`);
    await page.getByTestId('compare-hint').waitFor();
  });

  it('steps each side to its sync frame and links them with “Sync here”', async () => {
    const { page } = coach;
    await waitForPageCondition(
      page,
      `['a', 'b'].every((side) => document.querySelector('[data-testid="compare-screen-' + side + '"]')?.dataset.ready === 'true')`,
      60_000,
    );
    // The slider gets each side near the moment; the frame buttons find it exactly.
    await page.getByLabel('Position in video A').fill(String(SYNC_A - 2));
    await page.getByRole('button', { name: 'Next frame of video A' }).click();
    await page.getByRole('button', { name: 'Next frame of video A' }).click();
    await page.getByLabel('Position in video B').fill(String(SYNC_B + 1));
    await page.getByRole('button', { name: 'Previous frame of video B' }).click();
    await waitForPageCondition(
      page,
      `document.querySelector('[data-testid="compare-screen-a"]').dataset.frame === '${SYNC_A}' && document.querySelector('[data-testid="compare-screen-b"]').dataset.frame === '${SYNC_B}'`,
    );
    await waitForPageCondition(
      page,
      `['a', 'b'].every((side) => { const v = document.querySelector('[data-testid="compare-video-' + side + '"]'); return v.paused && !v.seeking && v.readyState >= 2; })`,
    );
    expect(await decodedFrames(page)).toEqual([SYNC_A, SYNC_B]);

    await page.getByRole('button', { name: 'Sync video A here' }).click();
    await page.getByRole('button', { name: 'Sync video B here' }).click();
    await page.getByTestId('compare-transport').waitFor();
    await waitSettled(page);
    expect(new URL(page.url()).search).toBe(`?a=${clipA}&b=${clipB}&sa=${SYNC_A}&sb=${SYNC_B}`);
    expect(await decodedFrames(page)).toEqual([SYNC_A, SYNC_B]);
    compareUrl = page.url();
  });

  it(
    'plays both for 60 s at 1× without drifting a frame of the slower clip apart',
    async () => {
      const { page } = coach;
      await page.getByRole('button', { name: 'Back to sync' }).click();
      await readyToPlay(page, 1);
      await page.getByRole('button', { name: 'Play both' }).click();
      await new Promise((resolve) => setTimeout(resolve, PLAY_SECONDS * 1000));
      expectInStep(await stopPlaying(page, 1));
    },
    PLAY_SECONDS * 1000 + 60_000,
  );

  // The slower speeds play at the same time, each in a window of its own (its own renderer and
  // media clocks), so their two minutes cost the run one. 1× plays alone, above: it has the least
  // slack per frame, and three windows at once stalled a page for 160 ms on two cores.
  it(
    'plays both for 60 s at 0.5× and at 0.25× (two windows at once) without drifting a frame of the slower clip apart',
    async () => {
      const signedIn = await coach.page.context().storageState();
      const windows = await Promise.all(
        [0.5, 0.25].map(async (speed) => {
          const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, storageState: signedIn });
          const page = await context.newPage();
          await page.goto(compareUrl);
          await waitLinked(page);
          await waitSettled(page, 60_000);
          await readyToPlay(page, speed);
          return { speed, page };
        }),
      );
      try {
        await Promise.all(windows.map(({ page }) => page.getByRole('button', { name: 'Play both' }).click()));
        await new Promise((resolve) => setTimeout(resolve, PLAY_SECONDS * 1000));
        const played = await Promise.all(windows.map(({ speed, page }) => stopPlaying(page, speed)));
        played.forEach(expectInStep);
      } finally {
        await Promise.all(windows.map(({ page }) => page.context().close()));
      }
    },
    PLAY_SECONDS * 1000 + 120_000,
  );

  it('takes 50 linked steps, each showing the same moment on both sides', async () => {
    const { page } = coach;
    await page.getByRole('button', { name: 'Back to sync' }).click();
    await waitSettled(page);
    const next = page.getByRole('button', { name: 'Next frame, both videos' });
    const seen: [number | null, number | null][] = [];
    for (let step = 1; step <= 50; step += 1) {
      await next.click();
      await waitForPageCondition(
        page,
        `document.querySelector('[data-testid="compare-screen-a"]').dataset.frame === '${SYNC_A + step}'`,
      );
      await waitSettled(page);
      seen.push(await decodedFrames(page));
    }
    const wrong = seen.filter(([a, b], index) => a !== SYNC_A + index + 1 || b !== SYNC_B + 2 * (index + 1));
    console.log(
      `compare steps: 50 linked steps from frames ${SYNC_A}/${SYNC_B} ended on ${seen[49]!.join('/')} (expected ${SYNC_A + 50}/${SYNC_B + 100}), ${wrong.length} steps off`,
    );
    expect(wrong).toEqual([]);
    expect(seen[49]).toEqual([SYNC_A + 50, SYNC_B + 100]);
  }, 180_000);

  it('restores ids, sync frames, speed, layout, opacity and mirroring from the address on reload', async () => {
    const { page } = coach;
    await page.getByRole('group', { name: 'Layout' }).getByRole('button', { name: 'Overlay' }).click();
    await page.getByTestId('compare-opacity').fill('30');
    await page.getByRole('button', { name: 'Mirror video B' }).click();
    await page
      .getByRole('group', { name: 'Playback speed' })
      .getByRole('button', { name: '0.5×', exact: true })
      .click();
    await waitForPageCondition(page, `location.search.includes('mb=1') && location.search.includes('opacity=0.3')`);
    const search = new URL(page.url()).search;
    expect(search).toBe(`?a=${clipA}&b=${clipB}&sa=${SYNC_A}&sb=${SYNC_B}&speed=0.5&layout=overlay&opacity=0.3&mb=1`);

    await page.reload();
    await page.getByTestId('compare-transport').waitFor({ timeout: 60_000 });
    await waitSettled(page, 60_000);
    expect(new URL(page.url()).search).toBe(search);
    expect(await page.getByTestId('compare-view').getAttribute('data-layout')).toBe('overlay');
    expect(await page.getByTestId('compare-opacity').inputValue()).toBe('30');
    expect(await page.getByRole('button', { name: 'Mirror video B' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('button', { name: 'Mirror video A' }).getAttribute('aria-pressed')).toBe('false');
    expect(
      await page
        .getByRole('group', { name: 'Playback speed' })
        .getByRole('button', { name: '0.5×', exact: true })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect(await page.getByTestId('compare-sync-a').innerText()).toBe(`Sync frame ${SYNC_A}`);
    expect(await page.getByTestId('compare-sync-b').innerText()).toBe(`Sync frame ${SYNC_B}`);
    expect(await page.evaluate(`document.querySelector('[data-testid="compare-video-b"]').style.transform`)).toBe(
      'scaleX(-1)',
    );
    expect(await page.evaluate(`document.querySelector('[data-testid="compare-video-b"]').playbackRate`)).toBe(0.5);
    expect(await decodedFrames(page)).toEqual([SYNC_A, SYNC_B]);
    expect([await frameAttribute(page, 'a'), await frameAttribute(page, 'b')]).toEqual([SYNC_A, SYNC_B]);
    console.log(`compare reload: ${search} restored, pictures at ${SYNC_A}/${SYNC_B}`);
  }, 120_000);

  it('writes feedback on side B pinned to the frame that side shows', async () => {
    const { page } = coach;
    await page.getByRole('button', { name: 'Next frame, both videos' }).click();
    await waitSettled(page);
    // One linked step from the sync frames: A shows frame 31 and B frame 152.
    expect(await decodedFrames(page)).toEqual([SYNC_A + 1, SYNC_B + 2]);
    await page.getByTestId('compare-feedback-side-b').click();
    const form = page.getByTestId('compare-feedback').getByTestId('feedback-form');
    await form.getByTestId('feedback-input').fill('Racket drop is later than mine at');
    await form.getByTestId('insert-current-time').click();
    await form.getByTestId('use-current-frame').click();
    await form.getByTestId('feedback-form-timecode').waitFor();
    await form.getByTestId('feedback-submit').click();
    const item = page.getByTestId('feedback-item').filter({ hasText: 'Racket drop is later than mine at 0:02' });
    await item.waitFor();
    const listed = (await (await page.request.get(`${stack.baseUrl}/api/feedback/video/${clipB}`)).json()) as {
      content: string;
      timecode: { start: number } | null;
    }[];
    const posted = listed.find((feedback) => feedback.content === 'Racket drop is later than mine at 0:02');
    // Frame 152 of the 60 fps clip, stored as its middle.
    expect(posted?.timecode?.start).toBeCloseTo(152.5 / 60, 5);
    console.log(`compare feedback: side B pinned at ${JSON.stringify(posted?.timecode)} (frame ${SYNC_B + 2})`);
  });

  it('draws on the mirrored side B: stored against the picture as recorded, shown back where it was drawn', async () => {
    const { page } = coach;
    // Still overlay layout, B mirrored and chosen for feedback (the tests above).
    expect(await page.getByRole('button', { name: 'Mirror video B' }).getAttribute('aria-pressed')).toBe('true');
    const frameB = await frameAttribute(page, 'b');
    const drawingRegion = page.getByTestId('compare-feedback').getByRole('region', { name: 'Drawing' });
    // "Draw" scrolls the player into view, smoothly unless the person asks for less motion. On a
    // busy machine a smooth scroll can pause for longer than the settling check below and then
    // move on under the pointer: what is measured here is where the drawing lands, not the scroll.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await drawingRegion.getByRole('button', { name: 'Draw', exact: true }).click();
    await page.getByTestId('drawing-editor').waitFor();
    await drawingRegion
      .getByRole('group', { name: 'Drawing tools' })
      .getByRole('button', { name: 'Line', exact: true })
      .click();

    // Choosing the tool scrolled the toolbar (below the players) into view and can push the
    // picture above the window: bring it back, as a person scrolls up to the picture to draw.
    await page.getByTestId('drawing-editor').scrollIntoViewIfNeeded();
    // B's picture on the page (object-fit: contain in its element's box).
    const pictureB = async () =>
      (await page.evaluate(`(() => {
        const v = document.querySelector('[data-testid="compare-video-b"]');
        const r = v.getBoundingClientRect();
        const scale = Math.min(r.width / v.videoWidth, r.height / v.videoHeight);
        return { x: r.left + (r.width - v.videoWidth * scale) / 2, y: r.top + (r.height - v.videoHeight * scale) / 2, width: v.videoWidth * scale, height: v.videoHeight * scale };
      })()`)) as { x: number; y: number; width: number; height: number };
    // Drawing may scroll the player into view (smoothly): draw once the picture has stopped moving.
    let picture = await pictureB();
    for (let settled = 0, tries = 0; settled < 3 && tries < 50; tries += 1) {
      await page.waitForTimeout(100);
      const now = await pictureB();
      settled = JSON.stringify(now) === JSON.stringify(picture) ? settled + 1 : 0;
      picture = now;
    }
    const seen: [number, number][] = [
      [0.2, 0.3],
      [0.65, 0.75],
    ];
    const onScreen = ([u, v]: [number, number], box: typeof picture): [number, number] => [
      box.x + u * box.width,
      box.y + v * box.height,
    ];
    const [from, to] = seen.map((point) => onScreen(point, picture)) as [[number, number], [number, number]];
    // The stroke starts on the drawing surface (not on a control or a picture that moved on).
    expect(
      await page.evaluate(
        `Boolean(document.elementFromPoint(${from[0]}, ${from[1]})?.closest('[data-testid="drawing-editor"]'))`,
      ),
    ).toBe(true);
    await page.mouse.move(from[0], from[1]);
    await page.mouse.down();
    for (let step = 1; step <= 8; step += 1) {
      await page.mouse.move(from[0] + ((to[0] - from[0]) * step) / 8, from[1] + ((to[1] - from[1]) * step) / 8);
    }
    await page.mouse.up();
    // Done is enabled once the stroke is a mark and the picture is paused; if not, say which.
    const done = page.getByTestId('drawing-done');
    await waitForPageCondition(page, `!document.querySelector('[data-testid="drawing-done"]').disabled`, 10_000).catch(
      async (error: unknown) => {
        const state = await page.evaluate(`({
          status: document.querySelector('[data-testid="drawing-status"]')?.textContent,
          pausedB: document.querySelector('[data-testid="compare-video-b"]').paused,
          marks: document.querySelectorAll('[data-testid="drawing-editor"] line, [data-testid="drawing-editor"] path').length,
        })`);
        throw new Error(`Done stayed disabled: ${JSON.stringify(state)} (${String(error)})`);
      },
    );
    await done.click();
    await page.getByTestId('drawing-attachment').getByText(`Drawing on frame ${frameB} (1 mark)`).waitFor();
    const comment = 'Compare the elbow line on my mirrored serve';
    const form = page.getByTestId('compare-feedback').getByTestId('feedback-form');
    await form.getByTestId('feedback-input').fill(comment);
    await form.getByTestId('feedback-submit').click();
    const item = page.getByTestId('feedback-item').filter({ hasText: comment });
    await item.getByTestId('drawing-preview').waitFor();

    // Stored on video B, on the frame B showed, with x mirrored back onto the recorded picture.
    const listed = (await (await page.request.get(`${stack.baseUrl}/api/feedback/video/${clipB}`)).json()) as {
      content: string;
      drawing: { frame: number; shapes: { type: string; points: [number, number][] }[] } | null;
    }[];
    const drawing = listed.find((feedback) => feedback.content === comment)?.drawing;
    expect(drawing?.frame).toBe(frameB);
    expect(drawing?.shapes.map((shape) => shape.type)).toEqual(['line']);
    const stored = drawing!.shapes[0]!.points;
    const pixel = 1 / picture.width;
    seen.forEach(([u, v], index) => {
      expect(Math.abs(stored[index]![0] - (1 - u))).toBeLessThanOrEqual(pixel);
      expect(Math.abs(stored[index]![1] - v)).toBeLessThanOrEqual(1 / picture.height);
    });

    // Shown again from the card: the line lies where it was drawn on the mirrored picture.
    await item.getByTestId('drawing-preview').click();
    await page.getByTestId('drawing-shown').waitFor();
    // Showing it scrolls the picture into view (smoothly): the line and the picture are read in
    // the same instant, so a scroll in progress cannot pass for an error.
    const { rendered, now } = (await page.evaluate(`(() => {
      const l = document.querySelector('[data-testid="drawing-shown"] g[data-shape="line"] line');
      const at = (x, y) => { const p = new DOMPoint(x, y).matrixTransform(l.getScreenCTM()); return [p.x, p.y]; };
      const v = document.querySelector('[data-testid="compare-video-b"]');
      const r = v.getBoundingClientRect();
      const scale = Math.min(r.width / v.videoWidth, r.height / v.videoHeight);
      return {
        rendered: [at(l.x1.baseVal.value, l.y1.baseVal.value), at(l.x2.baseVal.value, l.y2.baseVal.value)],
        now: { x: r.left + (r.width - v.videoWidth * scale) / 2, y: r.top + (r.height - v.videoHeight * scale) / 2, width: v.videoWidth * scale, height: v.videoHeight * scale },
      };
    })()`)) as { rendered: [number, number][]; now: typeof picture };
    const errors = seen.map((point, index) => {
      const [x, y] = onScreen(point, now);
      return Math.hypot(rendered[index]![0] - x, rendered[index]![1] - y);
    });
    console.log(
      `compare drawing: line on mirrored side B, frame ${frameB}, stored ${JSON.stringify(stored)}, shown within ${Math.max(...errors).toFixed(4)} px`,
    );
    expect(Math.max(...errors)).toBeLessThanOrEqual(1);
  }, 120_000);

  it('fits a 390 px wide phone screen, stacking the two videos', async () => {
    const shots = process.env.E2E_SCREENSHOT_DIR;
    if (shots) {
      await mkdir(shots, { recursive: true });
      await coach.page.screenshot({ path: join(shots, 'compare-1280-overlay.png'), fullPage: true });
    }
    // A member on a phone, with no other page of this browser playing (the desktop sessions end).
    for (const member of [athlete, coach]) await member.page.context().close();
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await phone.newPage();
    await page.goto(compareUrl);
    await waitLinked(page);
    await page.getByTestId('compare-transport').waitFor();
    await waitSettled(page, 60_000);
    expect(await page.getByTestId('compare-view').getAttribute('data-layout')).toBe('stacked');
    expect(Number(await page.evaluate('document.documentElement.scrollWidth'))).toBeLessThanOrEqual(390);
    expect(await page.getByRole('button', { name: 'Play both' }).isVisible()).toBe(true);
    if (shots) await page.screenshot({ path: join(shots, 'compare-390.png'), fullPage: true });

    // The picker fits the phone too.
    await page.goto(`${stack.baseUrl}/video/${clipA}`);
    await page.getByTestId('compare-with').click();
    const picker = page.getByRole('dialog', { name: 'Compare with…' });
    await picker.getByRole('link', { name: 'Compare with Serve reference at 60 fps' }).waitFor();
    expect(Number(await page.evaluate('document.documentElement.scrollWidth'))).toBeLessThanOrEqual(390);
    if (shots) await page.screenshot({ path: join(shots, 'compare-picker-390.png') });
    await phone.close();
  }, 120_000);
});
