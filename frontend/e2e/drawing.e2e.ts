import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import type { FeedbackDrawing, FeedbackDto, VideoDto } from '@app/contracts';
import {
  eventually,
  launchChromium,
  newUserFields,
  startStack,
  testInfra,
  type TestStack,
  waitForPageCondition,
} from '@app/testing';

// Drawing on a paused frame, in Chromium: a coach pauses on a known frame of a generated clip,
// draws every tool with the mouse (a landscape clip, desktop) or with touch and a pen (a portrait
// clip, a 390 px phone in fullscreen), measures an angle between two lines burned into the
// picture, and posts the drawing with a comment. Reloaded at a 16:9 player, on a phone, in
// fullscreen (a 9:16 player among them) and on the feedback card, every vertex of the rendered
// SVG must land within 1 px of where its stored point belongs on the picture, computed here from
// the video element's box and its videoWidth × videoHeight (letterbox and pillarbox bars excluded).

const execFileAsync = promisify(execFile);
const SCREENSHOTS = process.env.DRAWING_SCREENSHOTS_DIR ?? join(tmpdir(), 'h-drawing-screenshots');

let stack: TestStack;
let browser: Browser;
let scratch: string;

beforeAll(async () => {
  stack = await startStack('e2edrawing', ['gateway', 'auth', 'catalog', 'video', 'feedback', 'media-worker']);
  browser = await launchChromium();
  scratch = await mkdtemp(join(tmpdir(), 'e2edrawing-'));
  await mkdir(SCREENSHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

type Point = [number, number];

/** A clip with two thin white lines on black meeting at `vertex` (video pixels), at 0° and `degrees`. */
type AngleClip = {
  name: string;
  width: number;
  height: number;
  vertex: Point;
  /** Lengths of the horizontal arm and of the sloping one, in video pixels. */
  arms: [number, number];
  degrees: number;
  frame: number;
};

const LANDSCAPE: AngleClip = {
  name: 'landscape',
  width: 640,
  height: 360,
  vertex: [120, 300],
  arms: [440, 420],
  degrees: 37,
  frame: 15,
};
const PORTRAIT: AngleClip = {
  name: 'portrait',
  width: 360,
  height: 640,
  vertex: [60, 600],
  arms: [260, 420],
  degrees: 58,
  frame: 22,
};

/** The ends of the clip's arms and its vertex, normalised to the picture: the three angle clicks. */
function angleTargets(clip: AngleClip): [Point, Point, Point] {
  const [vx, vy] = clip.vertex;
  const radians = (clip.degrees * Math.PI) / 180;
  const along: Point = [vx + clip.arms[0], vy];
  const sloping: Point = [vx + clip.arms[1] * Math.cos(radians), vy - clip.arms[1] * Math.sin(radians)];
  const normalise = ([x, y]: Point): Point => [x / clip.width, y / clip.height];
  return [normalise(along), normalise(clip.vertex), normalise(sloping)];
}

/**
 * ffmpeg draws the lines analytically at pixel centres (X + 0.5, Y + 0.5), 3 px thick: the line
 * through `vertex` at 0° and the one at `degrees` above it, each as long as its arm.
 */
async function makeAngleClip(clip: AngleClip): Promise<string> {
  const { ffmpegPath } = testInfra();
  const [vx, vy] = clip.vertex;
  const s = Math.sin((clip.degrees * Math.PI) / 180).toFixed(12);
  const c = Math.cos((clip.degrees * Math.PI) / 180).toFixed(12);
  const dx = `(X+0.5-${vx})`;
  const dy = `(Y+0.5-${vy})`;
  const horizontal = `lt(abs(${dy}),1.5)*between(${dx},0,${clip.arms[0]})`;
  const sloping = `lt(abs(${dx}*${s}+${dy}*${c}),1.5)*between(${dx}*${c}-${dy}*${s},0,${clip.arms[1]})`;
  const output = join(scratch, `${clip.name}.mp4`);
  await execFileAsync(ffmpegPath, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=black:s=${clip.width}x${clip.height}:r=30:d=2,format=yuv420p,geq=lum='if(gt(${horizontal}+${sloping},0),235,16)':cb=128:cr=128`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    output,
  ]);
  return output;
}

/**
 * The paused frame's luma at points given in video pixels (a canvas grab of the video element):
 * proves the clicks of the angle land on lines that are really in the picture.
 */
async function lumaAt(page: Page, points: Point[]): Promise<number[]> {
  return (await page.evaluate(`(() => {
    const v = document.querySelector('[data-testid="video-player"]');
    const canvas = document.createElement('canvas');
    canvas.width = v.videoWidth;
    canvas.height = v.videoHeight;
    const context = canvas.getContext('2d');
    context.drawImage(v, 0, 0);
    return ${JSON.stringify(points)}.map(([x, y]) => context.getImageData(Math.floor(x), Math.floor(y), 1, 1).data[1]);
  })()`)) as number[];
}

/** Points on the middle of each arm of the clip's lines, and one between them (video pixels). */
function armSamples(clip: AngleClip): { onLines: Point[]; between: Point } {
  const [vx, vy] = clip.vertex;
  const radians = (clip.degrees * Math.PI) / 180;
  const half = (length: number, angle: number): Point => [
    vx + (length / 2) * Math.cos(angle),
    vy - (length / 2) * Math.sin(angle),
  ];
  return {
    onLines: [half(clip.arms[0], 0), half(clip.arms[1], radians)],
    between: half(Math.min(...clip.arms) / 2, radians / 2),
  };
}

/** The shapes drawn on each clip, normalised to the picture (the angle comes from the clip). */
type PlannedShape = { tool: string; points: Point[]; label?: string };
function plannedShapes(clip: AngleClip): PlannedShape[] {
  // Kept below the top quarter on the portrait clip: a floating toolbar sits there in fullscreen.
  const top = clip === PORTRAIT ? 0.3 : 0.08;
  const span = 1 - top;
  const y = (fraction: number) => top + fraction * span;
  const freehand: Point[] = Array.from({ length: 25 }, (_, index) => [
    0.3 + index * 0.015,
    y(0.45) + (index % 2 === 0 ? 0 : 0.04) + index * 0.004,
  ]);
  return [
    {
      tool: 'arrow',
      points: [
        [0.32, y(0.02)],
        [0.47, y(0.2)],
      ],
    },
    {
      tool: 'line',
      points: [
        [0.55, y(0.03)],
        [0.86, y(0.12)],
      ],
    },
    {
      tool: 'circle',
      points: [
        [0.72, y(0.42)],
        [0.8, y(0.42)],
      ],
    },
    {
      tool: 'rectangle',
      points: [
        [0.04, y(0.02)],
        [0.22, y(0.3)],
      ],
    },
    { tool: 'freehand', points: freehand },
    { tool: 'text', points: [[0.45, y(0.34)]], label: 'Elbow up' },
    { tool: 'angle', points: angleTargets(clip) },
  ];
}

type PictureBox = { x: number; y: number; width: number; height: number; videoWidth: number; videoHeight: number };

/**
 * Where the picture is on the page, from the video element's content box and its own size, as
 * object-fit: contain (a video's default) places it: the reference the drawing is checked against.
 */
async function pictureBox(page: Page): Promise<PictureBox> {
  const box = (await page.evaluate(`(() => {
    const v = document.querySelector('[data-testid="video-player"]');
    const r = v.getBoundingClientRect();
    const s = getComputedStyle(v);
    const n = (k) => parseFloat(s[k]) || 0;
    return {
      left: r.left + n('borderLeftWidth') + n('paddingLeft'),
      top: r.top + n('borderTopWidth') + n('paddingTop'),
      width: r.width - n('borderLeftWidth') - n('paddingLeft') - n('borderRightWidth') - n('paddingRight'),
      height: r.height - n('borderTopWidth') - n('paddingTop') - n('borderBottomWidth') - n('paddingBottom'),
      fit: s.objectFit,
      videoWidth: v.videoWidth,
      videoHeight: v.videoHeight,
    };
  })()`)) as {
    left: number;
    top: number;
    width: number;
    height: number;
    fit: string;
    videoWidth: number;
    videoHeight: number;
  };
  expect(box.fit).toBe('contain');
  return {
    ...containIn(box, box.videoWidth, box.videoHeight),
    videoWidth: box.videoWidth,
    videoHeight: box.videoHeight,
  };
}

function containIn(box: { left: number; top: number; width: number; height: number }, width: number, height: number) {
  const scale = Math.min(box.width / width, box.height / height);
  return {
    x: box.left + (box.width - width * scale) / 2,
    y: box.top + (box.height - height * scale) / 2,
    width: width * scale,
    height: height * scale,
  };
}

const onPage = (picture: { x: number; y: number; width: number; height: number }, [u, v]: Point): Point => [
  picture.x + u * picture.width,
  picture.y + v * picture.height,
];

/** One way of pointing: a mouse, a finger or a pen, at page coordinates (fractions kept). */
type Pointer = {
  down(at: Point): Promise<void>;
  move(to: Point): Promise<void>;
  up(at: Point): Promise<void>;
  /** Moves without pressing (mouse and pen hover; a finger cannot). */
  hover?(to: Point): Promise<void>;
};

function mouse(page: Page): Pointer {
  return {
    down: async ([x, y]) => {
      await page.mouse.move(x, y);
      await page.mouse.down();
    },
    move: ([x, y]) => page.mouse.move(x, y),
    up: async ([x, y]) => {
      await page.mouse.move(x, y);
      await page.mouse.up();
    },
    hover: ([x, y]) => page.mouse.move(x, y),
  };
}

function finger(cdp: CDPSession): Pointer {
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: Point[]) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: points.map(([x, y]) => ({ x, y, id: 1, radiusX: 1, radiusY: 1, force: 1 })),
    });
  return {
    down: async (at) => void (await touch('touchStart', [at])),
    move: async (to) => void (await touch('touchMove', [to])),
    up: async (at) => {
      await touch('touchMove', [at]);
      await touch('touchEnd', []);
    },
  };
}

function pen(cdp: CDPSession): Pointer {
  const send = (type: 'mousePressed' | 'mouseReleased' | 'mouseMoved', [x, y]: Point, pressed: boolean) =>
    cdp.send('Input.dispatchMouseEvent', {
      type,
      x,
      y,
      pointerType: 'pen',
      button: type === 'mouseMoved' && !pressed ? 'none' : 'left',
      buttons: pressed ? 1 : 0,
      clickCount: type === 'mouseMoved' ? 0 : 1,
      force: pressed ? 0.5 : 0,
    });
  return {
    down: async (at) => {
      await send('mouseMoved', at, false);
      await send('mousePressed', at, true);
    },
    move: async (to) => void (await send('mouseMoved', to, true)),
    up: async (at) => {
      await send('mouseMoved', at, true);
      await send('mouseReleased', at, false);
    },
    hover: async (to) => void (await send('mouseMoved', to, false)),
  };
}

/** Presses at the first point, passes through the others and lets go at the last. */
async function stroke(pointer: Pointer, points: Point[]) {
  await pointer.down(points[0]!);
  for (const point of points.slice(1, -1)) await pointer.move(point);
  // A drag moves in a few steps to its end, as a hand does.
  const [from, to] = [points.at(-2)!, points.at(-1)!];
  for (const t of [0.25, 0.5, 0.75])
    await pointer.move([from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t]);
  await pointer.up(points.at(-1)!);
}

async function waitForPlayerMetadata(page: Page) {
  await page.getByTestId('video-player').waitFor({ timeout: 60_000 });
  await waitForPageCondition(
    page,
    `(() => { const v = document.querySelector('[data-testid="video-player"]'); return v && v.readyState >= 2 && v.videoWidth > 0; })()`,
    30_000,
  );
}

/** Pauses on the middle of a frame and waits until the element shows it. */
async function pauseOnFrame(page: Page, frame: number, rate: number) {
  await page.evaluate(`new Promise((done) => {
    const v = document.querySelector('[data-testid="video-player"]');
    v.pause();
    v.addEventListener('seeked', () => done(), { once: true });
    v.currentTime = ${(frame + 0.5) / rate};
  })`);
}

const playerFrame = async (page: Page, rate: number) =>
  Math.floor(
    ((await page.evaluate(`document.querySelector('[data-testid="video-player"]').currentTime`)) as number) * rate +
      1e-6,
  );

/** Fullscreens the player: its own Fullscreen button when it has one, else its container. */
async function enterFullscreen(page: Page) {
  const button = page.getByRole('button', { name: 'Fullscreen', exact: true });
  if ((await button.count()) > 0) await button.click();
  else await page.evaluate(`document.querySelector('[data-testid="video-player"]').parentElement.requestFullscreen()`);
  await waitForPageCondition(page, `document.fullscreenElement !== null`);
  // Fullscreen resizes the player over a frame or two: wait until the fullscreen element fills
  // the window and the picture's box holds still across two animation frames.
  await waitForPageCondition(
    page,
    `(() => { const f = document.fullscreenElement.getBoundingClientRect(); return Math.abs(f.width - innerWidth) < 1 && Math.abs(f.height - innerHeight) < 1; })()`,
  );
  await page.evaluate(`new Promise((done) => {
    const box = () => JSON.stringify(document.querySelector('[data-testid="video-player"]').getBoundingClientRect());
    let last = box();
    let still = 0;
    const check = () => {
      const now = box();
      still = now === last ? still + 1 : 0;
      last = now;
      if (still >= 2) done();
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })`);
}

async function exitFullscreen(page: Page) {
  await page.evaluate(`document.exitFullscreen()`);
  await waitForPageCondition(page, `document.fullscreenElement === null`);
}

/** The vertices of every rendered shape, in page pixels through each element's screen CTM. */
type RenderedShape = { type: string; vertices: Point[]; radius?: number; degrees?: string };
type Measured = { reference: PictureBox; shapes: RenderedShape[] };

/**
 * In one task of the page (so no scroll or resize can slip between them): the rendered shapes of
 * the SVG at `selector`, and the picture they belong on: the video's, from its element's content
 * box, or, for a card's preview, the preview's frame holding a picture of the video's shape.
 */
async function measure(page: Page, selector: string, reference: 'video' | 'preview'): Promise<Measured> {
  const measured = (await page.evaluate(`(() => {
    const svg = document.querySelector(${JSON.stringify(selector)});
    const v = document.querySelector('[data-testid="video-player"]');
    const s = getComputedStyle(v);
    const n = (k) => parseFloat(s[k]) || 0;
    let box;
    if (${JSON.stringify(reference)} === 'video') {
      const r = v.getBoundingClientRect();
      box = {
        left: r.left + n('borderLeftWidth') + n('paddingLeft'),
        top: r.top + n('borderTopWidth') + n('paddingTop'),
        width: r.width - n('borderLeftWidth') - n('paddingLeft') - n('borderRightWidth') - n('paddingRight'),
        height: r.height - n('borderTopWidth') - n('paddingTop') - n('borderBottomWidth') - n('paddingBottom'),
      };
    } else {
      const r = svg.closest('.drawing-preview__frame').getBoundingClientRect();
      box = { left: r.left, top: r.top, width: r.width, height: r.height };
    }
    const at = (el, x, y) => { const p = new DOMPoint(x, y).matrixTransform(el.getScreenCTM()); return [p.x, p.y]; };
    const len = (el, name) => el[name].baseVal.value;
    const points = (el) => Array.from(el.points, (p) => at(el, p.x, p.y));
    const shapes = Array.from(svg.querySelectorAll('g[data-shape]'), (g) => {
      const type = g.dataset.shape;
      if (type === 'arrow') {
        const shaft = g.querySelector('[data-part="shaft"]');
        const head = g.querySelector('[data-part="head"]');
        const tip = head.points[0];
        return { type, vertices: [at(shaft, len(shaft, 'x1'), len(shaft, 'y1')), at(head, tip.x, tip.y)] };
      }
      if (type === 'line') {
        const l = g.querySelector('line');
        return { type, vertices: [at(l, len(l, 'x1'), len(l, 'y1')), at(l, len(l, 'x2'), len(l, 'y2'))] };
      }
      if (type === 'rectangle') {
        const r = g.querySelector('rect');
        const x = len(r, 'x'), y = len(r, 'y');
        return { type, vertices: [at(r, x, y), at(r, x + len(r, 'width'), y + len(r, 'height'))] };
      }
      if (type === 'circle') {
        const c = g.querySelector('circle');
        const centre = at(c, len(c, 'cx'), len(c, 'cy'));
        const rim = at(c, len(c, 'cx') + len(c, 'r'), len(c, 'cy'));
        return { type, vertices: [centre], radius: Math.hypot(rim[0] - centre[0], rim[1] - centre[1]) };
      }
      if (type === 'freehand') return { type, vertices: points(g.querySelector('polyline')) };
      if (type === 'text') {
        const t = g.querySelector('text');
        return { type, vertices: [at(t, t.x.baseVal[0].value, t.y.baseVal[0].value)] };
      }
      const degrees = g.querySelector('[data-part="degrees"]');
      return { type, vertices: points(g.querySelector('polyline')), degrees: degrees ? degrees.textContent : undefined };
    });
    return { box, fit: s.objectFit, videoWidth: v.videoWidth, videoHeight: v.videoHeight, shapes };
  })()`)) as {
    box: { left: number; top: number; width: number; height: number };
    fit: string;
    videoWidth: number;
    videoHeight: number;
    shapes: RenderedShape[];
  };
  expect(measured.fit).toBe('contain');
  return {
    reference: {
      ...containIn(measured.box, measured.videoWidth, measured.videoHeight),
      videoWidth: measured.videoWidth,
      videoHeight: measured.videoHeight,
    },
    shapes: measured.shapes,
  };
}

/** Waits until the page has stopped scrolling (showing a drawing brings the player into view). */
async function waitForStillPage(page: Page) {
  let last = '';
  let still = 0;
  const deadline = Date.now() + 10_000;
  while (still < 3 && Date.now() < deadline) {
    const now = JSON.stringify(await page.evaluate(`[scrollX, scrollY]`));
    still = now === last ? still + 1 : 0;
    last = now;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The worst distance, in CSS pixels, between each rendered vertex and where its stored point
 * belongs on this picture (a circle: its centre, and its radius against the stored rim point).
 */
function worstVertexError(
  stored: FeedbackDrawing,
  rendered: RenderedShape[],
  picture: { x: number; y: number; width: number; height: number },
) {
  expect(rendered.map((shape) => shape.type)).toEqual(stored.shapes.map((shape) => shape.type));
  let worst = 0;
  let count = 0;
  stored.shapes.forEach((shape, index) => {
    const drawn = rendered[index]!;
    const expected = shape.points.map((point) => onPage(picture, point as Point));
    if (shape.type === 'circle') {
      const [centre, rim] = expected as [Point, Point];
      worst = Math.max(worst, Math.hypot(drawn.vertices[0]![0] - centre[0], drawn.vertices[0]![1] - centre[1]));
      worst = Math.max(worst, Math.abs(drawn.radius! - Math.hypot(rim[0] - centre[0], rim[1] - centre[1])));
      count += 2;
      return;
    }
    expect(drawn.vertices).toHaveLength(expected.length);
    expected.forEach((point, vertex) => {
      worst = Math.max(worst, Math.hypot(drawn.vertices[vertex]![0] - point[0], drawn.vertices[vertex]![1] - point[1]));
      count += 1;
    });
  });
  return { worst, count };
}

const readout = async (page: Page) =>
  Number.parseFloat((await page.getByTestId('angle-readout').innerText()).replace('°', ''));

async function signedInContext(options: Parameters<Browser['newContext']>[0]) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const response = await page.request.post(`${stack.baseUrl}/api/auth/register`, { data: newUserFields() });
  expect(response.status()).toBe(201);
  return { context, page };
}

describe('drawing on a paused frame', () => {
  const contexts: BrowserContext[] = [];
  const figures: Record<string, unknown>[] = [];
  let uploader: Page;

  beforeAll(async () => {
    const signed = await signedInContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(signed.context);
    uploader = signed.page;
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    console.log(`[drawing e2e] figures\n${figures.map((line) => JSON.stringify(line)).join('\n')}`);
  });

  async function uploadClip(clip: AngleClip): Promise<VideoDto> {
    const file = await makeAngleClip(clip);
    const categories = (await (await uploader.request.get(`${stack.baseUrl}/api/categories`)).json()) as {
      id: number;
    }[];
    const created = await uploader.request.post(`${stack.baseUrl}/api/videos`, {
      multipart: {
        title: `Angle drill (${clip.name})`,
        categoryId: String(categories[0]!.id),
        video: { name: `${clip.name}.mp4`, mimeType: 'video/mp4', buffer: await readFile(file) },
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const video = await eventually(
      async () => (await (await uploader.request.get(`${stack.baseUrl}/api/videos/${id}`)).json()) as VideoDto,
      (dto) => dto.processingState === 'ready' && dto.frameRate !== null,
      90_000,
    );
    expect(video.frameRate).toBeCloseTo(30, 6);
    return video;
  }

  /**
   * Draws every tool on the paused frame with the given pointers, checks the live and final
   * angle read-outs, and returns what was meant to be stored with the layout it was drawn in.
   */
  async function drawEveryTool(
    page: Page,
    clip: AngleClip,
    pointers: { drag: Pointer; angle: Pointer },
    label: string,
  ) {
    const planned = plannedShapes(clip);
    await page.getByRole('region', { name: 'Drawing' }).getByRole('button', { name: 'Draw', exact: true }).click();
    await page.getByTestId('drawing-editor').waitFor();
    expect(await page.getByTestId('drawing-frame').innerText()).toBe(`Frame ${clip.frame}`);
    // The paused frame shows the two lines the angle is measured between.
    const samples = armSamples(clip);
    const [alongLuma, slopingLuma, betweenLuma] = await lumaAt(page, [...samples.onLines, samples.between]);
    expect(Math.min(alongLuma!, slopingLuma!)).toBeGreaterThan(150);
    expect(betweenLuma).toBeLessThan(60);
    await waitForStillPage(page);
    const picture = await pictureBox(page);
    const at = (point: Point) => onPage(picture, point);

    let live = Number.NaN;
    for (const shape of planned) {
      await page
        .getByRole('group', { name: 'Drawing tools' })
        .getByRole('button', { name: toolName(shape.tool), exact: true })
        .click();
      if (shape.tool === 'text') {
        await pointers.drag.down(at(shape.points[0]!));
        await pointers.drag.up(at(shape.points[0]!));
        await page.getByRole('textbox', { name: 'Text label' }).waitFor();
        await page.keyboard.type(shape.label!);
        await page.keyboard.press('Enter');
      } else if (shape.tool === 'angle') {
        const [first, vertex, second] = shape.points.map(at) as [Point, Point, Point];
        for (const point of [first, vertex]) {
          await pointers.angle.down(point);
          await pointers.angle.up(point);
        }
        // The live read-out follows the pointer to the third point before it is placed.
        await pointers.angle.hover?.(second);
        if (pointers.angle.hover) {
          await page.getByTestId('angle-readout').waitFor();
          live = await readout(page);
        }
        await pointers.angle.down(second);
        await pointers.angle.up(second);
      } else {
        await stroke(pointers.drag, shape.points.map(at));
      }
    }
    await waitForPageCondition(
      page,
      `document.querySelectorAll('[data-testid="drawing-editor"] g[data-shape]').length === ${planned.length}`,
    );
    const final = await readout(page);
    await page.screenshot({ path: join(SCREENSHOTS, `${label}-drawing.png`) });
    await page.getByTestId('drawing-done').click();
    return { planned, picture, live, final };
  }

  const toolName = (tool: string) => tool[0]!.toUpperCase() + tool.slice(1);

  /** Posts the attached drawing with a comment and reads back what the server stored. */
  async function postFeedback(page: Page, video: VideoDto, clip: AngleClip, comment: string) {
    await page.getByTestId('drawing-attachment').getByText(`Drawing on frame ${clip.frame} (7 marks)`).waitFor();
    await page.getByTestId('feedback-input').fill(comment);
    await page.getByTestId('feedback-submit').click();
    const item = page.getByTestId('feedback-item').filter({ hasText: comment });
    await item.getByTestId('drawing-preview').waitFor();
    const list = (await (
      await page.request.get(`${stack.baseUrl}/api/feedback/video/${video.id}`)
    ).json()) as FeedbackDto[];
    const stored = list.find((feedback) => feedback.content === comment)!;
    expect(stored.drawing).not.toBeNull();
    return stored;
  }

  /** Stored points against where they were drawn: within a pixel of the drawing layout. */
  function checkStoredAgainstDrawn(stored: FeedbackDto, planned: PlannedShape[], picture: PictureBox, clip: AngleClip) {
    const drawing = stored.drawing!;
    expect(drawing.frame).toBe(clip.frame);
    expect(drawing.shapes.map((shape) => shape.type)).toEqual(planned.map((shape) => shape.tool));
    let worst = 0;
    drawing.shapes.forEach((shape, index) => {
      const meant = planned[index]!.points;
      // A freehand stroke is simplified; its ends are kept.
      const pairs: [Point, Point][] =
        shape.type === 'freehand'
          ? [
              [shape.points[0] as Point, meant[0]!],
              [shape.points.at(-1) as Point, meant.at(-1)!],
            ]
          : shape.points.map((point, vertex) => [point as Point, meant[vertex]!]);
      for (const [got, want] of pairs) {
        worst = Math.max(worst, Math.hypot((got[0] - want[0]) * picture.width, (got[1] - want[1]) * picture.height));
      }
    });
    expect(drawing.shapes.find((shape) => shape.type === 'text')?.label).toBe('Elbow up');
    expect(worst).toBeLessThanOrEqual(1);
    return worst;
  }

  /** Opens the video page in a layout, shows the feedback's drawing on the player and measures it. */
  async function checkLayout(
    layout: { name: string; viewport: { width: number; height: number }; fullscreen: boolean; touch?: boolean },
    video: VideoDto,
    stored: FeedbackDto,
    clip: AngleClip,
  ) {
    const context = await browser.newContext({
      viewport: layout.viewport,
      hasTouch: layout.touch ?? false,
      isMobile: layout.touch ?? false,
    });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${stack.baseUrl}/video/${video.id}`);
    await waitForPlayerMetadata(page);
    const item = page.getByTestId('feedback-item').filter({ hasText: stored.content });
    await item.getByTestId('drawing-preview').click();
    await page.getByTestId('drawing-shown').waitFor();
    await waitForPageCondition(page, `document.querySelector('[data-testid="video-player"]').paused`);
    expect(await playerFrame(page, video.frameRate!)).toBe(clip.frame);
    if (layout.fullscreen) await enterFullscreen(page);
    await waitForStillPage(page);
    // The overlay follows a new size within a frame or two.
    let measured = await measure(page, '[data-testid="drawing-shown"]', 'video');
    await waitForPageCondition(
      page,
      `(() => { const r = document.querySelector('[data-testid="drawing-shown"]').getBoundingClientRect(); return Math.abs(r.width - ${measured.reference.width}) < 0.01 && Math.abs(r.height - ${measured.reference.height}) < 0.01; })()`,
    );
    measured = await measure(page, '[data-testid="drawing-shown"]', 'video');
    const picture = measured.reference;
    const { worst, count } = worstVertexError(stored.drawing!, measured.shapes, picture);
    const degrees = measured.shapes.find((shape) => shape.type === 'angle')?.degrees;
    await page.screenshot({ path: join(SCREENSHOTS, `${clip.name}-${layout.name}.png`) });

    // The card's preview: the same drawing over the thumbnail, in its 160×90 frame.
    if (layout.fullscreen) await exitFullscreen(page);
    const previewMeasured = await measure(page, '[data-testid="drawing-preview-svg"]', 'preview');
    const preview = worstVertexError(stored.drawing!, previewMeasured.shapes, previewMeasured.reference);
    figures.push({
      clip: clip.name,
      layout: layout.name,
      picture: `${picture.width.toFixed(1)}x${picture.height.toFixed(1)} at (${picture.x.toFixed(1)}, ${picture.y.toFixed(1)})`,
      verticesChecked: count,
      worstErrorPx: Number(worst.toFixed(4)),
      angleLabel: degrees,
      previewVerticesChecked: preview.count,
      previewWorstErrorPx: Number(preview.worst.toFixed(4)),
    });
    expect(worst).toBeLessThanOrEqual(1);
    expect(Math.abs(Number.parseFloat(degrees!) - clip.degrees)).toBeLessThanOrEqual(0.1);
    expect(preview.worst).toBeLessThanOrEqual(1);
    return { page, worst, count, preview };
  }

  it('draws every tool with a mouse on a landscape clip; every vertex lands within 1 px at 16:9, 9:16 and fullscreen', async () => {
    const clip = LANDSCAPE;
    const video = await uploadClip(clip);
    const { page } = await signedInContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(page.context());
    await page.goto(`${stack.baseUrl}/video/${video.id}`);
    await waitForPlayerMetadata(page);
    await pauseOnFrame(page, clip.frame, video.frameRate!);

    const drawn = await drawEveryTool(page, clip, { drag: mouse(page), angle: mouse(page) }, 'landscape-desktop');
    figures.push({
      clip: clip.name,
      angleTrue: clip.degrees,
      angleLive: drawn.live,
      angleReadout: drawn.final,
      angleErrorDeg: Number(Math.abs(drawn.final - clip.degrees).toFixed(3)),
    });
    expect(Math.abs(drawn.live - clip.degrees)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(drawn.final - clip.degrees)).toBeLessThanOrEqual(0.1);

    const stored = await postFeedback(page, video, clip, 'Drawn with a mouse: keep the elbow up.');
    figures.push({
      clip: clip.name,
      storedVsDrawnWorstPx: Number(checkStoredAgainstDrawn(stored, drawn.planned, drawn.picture, clip).toFixed(4)),
    });

    const desktop = await checkLayout(
      { name: 'desktop-16x9', viewport: { width: 1280, height: 900 }, fullscreen: false },
      video,
      stored,
      clip,
    );
    // Playback moving on hides the drawing again.
    await desktop.page.getByRole('button', { name: 'Next frame' }).click();
    await waitForPageCondition(desktop.page, `document.querySelector('[data-testid="drawing-shown"]') === null`);

    await checkLayout(
      { name: 'desktop-fullscreen', viewport: { width: 1280, height: 900 }, fullscreen: true },
      video,
      stored,
      clip,
    );
    await checkLayout(
      { name: 'phone-390', viewport: { width: 390, height: 844 }, fullscreen: false, touch: true },
      video,
      stored,
      clip,
    );
    await checkLayout(
      { name: 'portrait-9x16-fullscreen', viewport: { width: 450, height: 800 }, fullscreen: true, touch: true },
      video,
      stored,
      clip,
    );
  }, 300_000);

  it('draws every tool with touch and a pen on a 390 px phone in fullscreen on a portrait clip; every vertex lands within 1 px', async () => {
    const clip = PORTRAIT;
    const video = await uploadClip(clip);
    const { page } = await signedInContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    contexts.push(page.context());
    const cdp = await page.context().newCDPSession(page);
    await page.goto(`${stack.baseUrl}/video/${video.id}`);
    await waitForPlayerMetadata(page);
    await pauseOnFrame(page, clip.frame, video.frameRate!);
    // The tools below the player at 390 px, for the record; the drawing itself is made in fullscreen.
    const region = page.getByRole('region', { name: 'Drawing' });
    await region.getByRole('button', { name: 'Draw', exact: true }).click();
    await page.getByTestId('drawing-editor').waitFor();
    await waitForStillPage(page);
    await page.screenshot({ path: join(SCREENSHOTS, 'portrait-phone-390-tools.png') });
    await region.getByRole('button', { name: 'Cancel', exact: true }).click();
    await enterFullscreen(page);

    const drawn = await drawEveryTool(page, clip, { drag: finger(cdp), angle: pen(cdp) }, 'portrait-phone-fullscreen');
    figures.push({
      clip: clip.name,
      angleTrue: clip.degrees,
      angleLive: drawn.live,
      angleReadout: drawn.final,
      angleErrorDeg: Number(Math.abs(drawn.final - clip.degrees).toFixed(3)),
    });
    expect(Math.abs(drawn.final - clip.degrees)).toBeLessThanOrEqual(0.1);
    await exitFullscreen(page);

    const stored = await postFeedback(page, video, clip, 'Drawn with a finger and a pen: hips square.');
    await page.screenshot({ path: join(SCREENSHOTS, 'portrait-phone-feedback.png'), fullPage: true });
    figures.push({
      clip: clip.name,
      storedVsDrawnWorstPx: Number(checkStoredAgainstDrawn(stored, drawn.planned, drawn.picture, clip).toFixed(4)),
    });

    await checkLayout(
      { name: 'desktop-16x9', viewport: { width: 1280, height: 900 }, fullscreen: false },
      video,
      stored,
      clip,
    );
    await checkLayout(
      { name: 'desktop-fullscreen', viewport: { width: 1280, height: 900 }, fullscreen: true },
      video,
      stored,
      clip,
    );
    await checkLayout(
      { name: 'phone-390', viewport: { width: 390, height: 844 }, fullscreen: false, touch: true },
      video,
      stored,
      clip,
    );
    await checkLayout(
      { name: 'portrait-9x16-fullscreen', viewport: { width: 450, height: 800 }, fullscreen: true, touch: true },
      video,
      stored,
      clip,
    );
  }, 300_000);
});
