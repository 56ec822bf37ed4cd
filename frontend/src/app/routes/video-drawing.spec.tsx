import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { FeedbackDrawing } from '@app/contracts';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { aFeedback, aUser, aVideo } from '@/testing/fixtures';
import { failure, json, MockApi, type MockRequest } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

// Drawing on the video page, in jsdom: the route composes the player's overlay, the drawing
// tools, the feedback form and the cards. jsdom lays nothing out and plays nothing, so the video
// element gets a box (a 640×360 player) and a portrait picture (360×640: bars left and right),
// and pointer events carry their coordinates. Real layout and input are the browser test's part.

const BOX = { left: 100, top: 50, width: 640, height: 360 };
const PICTURE = { width: 360, height: 640 };
// The portrait picture in the 16:9 box: 202.5 px wide, centred.
const PICTURE_LEFT = BOX.left + (640 - 202.5) / 2;
const PICTURE_WIDTH = 202.5;

class TestPointerEvent extends MouseEvent {
  readonly pointerId: number;
  readonly pointerType: string;
  readonly isPrimary: boolean;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
    this.pointerType = init.pointerType ?? 'mouse';
    this.isPrimary = init.isPrimary ?? true;
  }
}

const rect = (box: { left: number; top: number; width: number; height: number }) =>
  ({
    ...box,
    x: box.left,
    y: box.top,
    right: box.left + box.width,
    bottom: box.top + box.height,
    toJSON: () => box,
  }) as DOMRect;

let boxes: { mockRestore: () => void } | undefined;
beforeAll(() => {
  (window as unknown as { PointerEvent: typeof TestPointerEvent }).PointerEvent = TestPointerEvent;
  Element.prototype.setPointerCapture = () => undefined;
  // The player, its overlay and the SVG laid over the picture get real-looking boxes; the rest
  // keeps jsdom's empty one.
  boxes = jest.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    if (this.matches('[data-testid="video-player"], .drawing-overlay')) return rect(BOX);
    if (this instanceof SVGSVGElement && this.closest('.drawing-overlay')) {
      return rect({
        left: BOX.left + Number.parseFloat(this.style.left),
        top: BOX.top + Number.parseFloat(this.style.top),
        width: Number.parseFloat(this.style.width),
        height: Number.parseFloat(this.style.height),
      });
    }
    return rect({ left: 0, top: 0, width: 0, height: 0 });
  });
});
afterAll(() => boxes?.mockRestore());

/** The page's video element, given a picture and a frame to show, with pause and play recorded. */
async function loadPlayer() {
  const media = await screen.findByTestId<HTMLVideoElement>('video-player');
  Object.defineProperty(media, 'videoWidth', { configurable: true, get: () => PICTURE.width });
  Object.defineProperty(media, 'videoHeight', { configurable: true, get: () => PICTURE.height });
  const pause = jest.fn();
  const play = jest.fn(() => Promise.resolve());
  Object.assign(media, { pause, play, scrollIntoView: () => undefined });
  act(() => {
    media.dispatchEvent(new Event('loadedmetadata'));
  });
  return { media, pause, play };
}

const fire = (media: HTMLVideoElement, type: string) =>
  act(() => {
    media.dispatchEvent(new Event(type));
  });

const drawing: FeedbackDrawing = {
  frame: 12,
  shapes: [
    {
      type: 'line',
      points: [
        [0.25, 0.5],
        [0.75, 0.25],
      ],
      color: '#ef4444',
    },
  ],
};

/** An uploaded file (not a YouTube link), ready to play. */
const fileVideo = (overrides: Parameters<typeof aVideo>[0]) =>
  aVideo({ youtubeUrl: null, videoUrl: '/api/videos/7/stream', ...overrides });

function videoApi({ signedIn }: { signedIn: boolean }) {
  return new MockApi()
    .get('/api/auth/user', () => (signedIn ? json(aUser()) : failure(401, 'Unauthorized')))
    .get('/api/videos/:id', () => json(fileVideo({ frameRate: 30, frameCount: 1260 })))
    .get('/api/feedback/video/:id', () => json([aFeedback({ id: 5, content: 'Look at the knee.', drawing })]))
    .get('/api/bookmarks/check/:id', () => json({ isBookmarked: false }));
}

describe('drawing on the video page', () => {
  let api: MockApi;
  afterEach(() => {
    cleanup();
    expect(api.unhandled).toEqual([]);
  });

  it("shows a feedback's drawing on its frame over the picture itself, until playback moves on", async () => {
    api = videoApi({ signedIn: false });
    renderRoute('/video/7', api);
    const { media, pause } = await loadPlayer();

    await userEvent.click(await screen.findByRole('button', { name: 'Show the drawing on frame 12 on the video' }));

    expect(pause).toHaveBeenCalled();
    expect(media.currentTime).toBeCloseTo(12.5 / 30, 12);
    const shown = await screen.findByTestId('drawing-shown');
    // Laid over the pillarboxed picture, not the player's box.
    expect(shown.style.left).toBe(`${PICTURE_LEFT - BOX.left}px`);
    expect(shown.style.width).toBe(`${PICTURE_WIDTH}px`);
    const line = shown.querySelector('line')!;
    expect(Number(line.getAttribute('x1'))).toBeCloseTo(0.25 * PICTURE_WIDTH, 9);
    expect(Number(line.getAttribute('y1'))).toBeCloseTo(0.5 * 360, 9);

    // Still on frame 12: it stays; the next frame hides it.
    fire(media, 'seeked');
    expect(screen.getByTestId('drawing-shown')).toBeTruthy();
    media.currentTime = 13.5 / 30;
    fire(media, 'seeking');
    expect(screen.queryByTestId('drawing-shown')).toBeNull();
  });

  it('lets a member draw on the paused frame and posts the drawing, with its frame, alongside the comment', async () => {
    api = videoApi({ signedIn: true });
    let posted: MockRequest['body'];
    api.on('POST', '/api/videos/:id/feedback', ({ body }) => {
      posted = body;
      return json(
        aFeedback({ id: 6, content: 'Hips first.', drawing: (body as { drawing: FeedbackDrawing }).drawing }),
        201,
      );
    });
    renderRoute('/video/7', api);
    const { media } = await loadPlayer();
    media.currentTime = 20.5 / 30;

    await userEvent.click(await screen.findByRole('button', { name: 'Add a drawing' }));
    fire(media, 'pause');
    const tools = within(screen.getByRole('region', { name: 'Drawing' }));
    expect(tools.getByTestId('drawing-frame').textContent).toBe('Frame 20');
    await userEvent.click(tools.getByRole('button', { name: 'Line' }));
    await userEvent.click(tools.getByRole('button', { name: 'Yellow' }));

    // A drag from a quarter across and down the picture to its centre; the end strays into the bar.
    const surface = await screen.findByTestId('drawing-editor');
    const at = (x: number, y: number) => ({ clientX: PICTURE_LEFT + x * PICTURE_WIDTH, clientY: BOX.top + y * 360 });
    fireEvent.pointerDown(surface, { ...at(0.25, 0.25), pointerId: 3, button: 0 });
    fireEvent.pointerMove(surface, { ...at(0.4, 0.4), pointerId: 3 });
    fireEvent.pointerUp(surface, { clientX: BOX.left + 600, clientY: BOX.top + 0.5 * 360, pointerId: 3 });
    await userEvent.click(tools.getByRole('button', { name: 'Done' }));

    const form = within(screen.getByTestId('feedback-form'));
    expect(form.getByText('Drawing on frame 20 (1 mark)')).toBeTruthy();
    await userEvent.type(form.getByTestId('feedback-input'), 'Hips first.');
    await userEvent.click(form.getByTestId('feedback-submit'));

    expect(await screen.findByText('Your feedback was posted.')).toBeTruthy();
    expect(posted).toEqual({
      content: 'Hips first.',
      drawing: {
        frame: 20,
        shapes: [
          {
            type: 'line',
            points: [
              [0.25, 0.25],
              [1, 0.5],
            ],
            color: '#facc15',
          },
        ],
      },
    });
    // The drawing went with that feedback; the form offers a new one.
    expect(form.getByRole('button', { name: 'Add a drawing' })).toBeTruthy();
  });

  it('offers no drawing tools to a visitor, nor on a video whose frame rate is unknown', async () => {
    api = videoApi({ signedIn: false });
    renderRoute('/video/7', api);
    await loadPlayer();
    expect(await screen.findByText('Look at the knee.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Drawing' })).toBeNull();
    cleanup();

    api = videoApi({ signedIn: true }).get('/api/videos/:id', () => json(fileVideo({ frameRate: null })));
    renderRoute('/video/7', api);
    await loadPlayer();
    expect(await screen.findByTestId('feedback-form')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Drawing' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a drawing' })).toBeNull();
    // The card still shows the drawing, as a picture.
    expect(screen.getByTestId('drawing-preview').tagName).toBe('FIGURE');
  });
});
