import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { KEYBOARD_SHORTCUTS } from '@/features/videos/player/keyboard-shortcuts';
import { aCategory, aFeedback, aUser, aVideo, OTHER_MEMBER_ID } from '@/testing/fixtures';
import { failure, json, listPage, MockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

/** The server behind /video/7: the video, its feedback, and a visitor unless `user` is given. */
function videoApi({ user = null as ReturnType<typeof aUser> | null, feedback = [aFeedback()] } = {}) {
  return new MockApi()
    .get('/api/auth/user', () => (user ? json(user) : failure(401, 'Unauthorized')))
    .get('/api/videos/:id', ({ params }) =>
      params.id === '7' ? json(aVideo()) : failure(404, 'The video could not be found.'),
    )
    .get('/api/feedback/video/:id', () => json(feedback))
    .get('/api/bookmarks/check/:id', () => json({ isBookmarked: false }));
}

describe('Video page (/video/{id})', () => {
  afterEach(() => {
    cleanup();
    expect(api.unhandled).toEqual([]);
  });

  it('shows the title, description, views, category, uploader and feedback', async () => {
    api = videoApi();
    renderRoute('/video/7', api);

    expect(await screen.findByRole('heading', { level: 1, name: 'Driving range swing' })).toBeTruthy();
    expect(screen.getByText('Second week with the new grip.')).toBeTruthy();
    expect(screen.getByTestId('video-views').textContent).toBe('12 views');
    expect(screen.getByTestId('video-category').textContent).toBe('⛳Golf');
    const uploader = screen.getByTestId('uploader-link');
    expect(uploader.textContent).toContain('Tom Berg');
    expect(uploader.getAttribute('href')).toBe(`/profile/${OTHER_MEMBER_ID}`);
    const feedback = within(screen.getByTestId('feedback-section'));
    expect(await feedback.findByText('Keep your head still through impact.')).toBeTruthy();
    expect(feedback.getByTestId('feedback-author').textContent).toContain('Maya Lind');
  });

  it('loads the feedback after the first page with "Load more feedback"', async () => {
    api = videoApi().get('/api/feedback/video/:id', ({ url }) =>
      url.searchParams.get('cursor') === 'next'
        ? listPage([aFeedback({ id: 30, content: 'Shorter backswing.' })])
        : listPage([aFeedback()], '/api/feedback/video/7?cursor=next'),
    );
    renderRoute('/video/7', api);
    const feedback = within(await screen.findByTestId('feedback-section'));
    await feedback.findByText('Keep your head still through impact.');

    await userEvent.click(feedback.getByRole('button', { name: 'Load more feedback' }));

    expect(await feedback.findByText('Shorter backswing.')).toBeTruthy();
    expect(feedback.getByRole('heading', { name: /Feedback/ }).textContent).toContain('(2)');
    expect(feedback.queryByRole('button', { name: 'Load more feedback' })).toBeNull();
    expect(api.requests).toContain('GET /api/feedback/video/7?cursor=next');
  });

  it('brings the feedback a link points at (?feedback=) into view and highlights it, loading pages until it is there', async () => {
    const scrolled: Element[] = [];
    const scroll = jest.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function record(this: Element) {
      scrolled.push(this);
    });
    jest.useFakeTimers({ advanceTimers: true });
    try {
      api = videoApi().get('/api/feedback/video/:id', ({ url }) =>
        url.searchParams.get('cursor') === 'next'
          ? listPage([aFeedback({ id: 30, content: 'Shorter backswing.' })])
          : listPage([aFeedback()], '/api/feedback/video/7?cursor=next'),
      );
      renderRoute('/video/7?feedback=30', api);

      const linked = (await screen.findByText('Shorter backswing.')).closest('[data-testid="feedback-item"]')!;
      await waitFor(() => expect(linked.getAttribute('data-highlighted')).toBe('true'));
      expect(linked.classList.contains('feedback-item--highlighted')).toBe(true);
      expect(scrolled).toContain(linked);
      const other = screen.getByText('Keep your head still through impact.').closest('[data-testid="feedback-item"]')!;
      expect(other.getAttribute('data-highlighted')).toBeNull();
      expect(api.requests).toContain('GET /api/feedback/video/7?cursor=next');

      // For a few seconds.
      act(() => {
        jest.advanceTimersByTime(5000);
      });
      expect(linked.getAttribute('data-highlighted')).toBeNull();
      expect(linked.classList.contains('feedback-item--highlighted')).toBe(false);
    } finally {
      jest.useRealTimers();
      scroll.mockRestore();
    }
  });

  it('highlights nothing when the linked feedback is not on any page', async () => {
    api = videoApi();
    renderRoute('/video/7?feedback=999', api);
    await screen.findByText('Keep your head still through impact.');
    expect(screen.getByTestId('feedback-item').getAttribute('data-highlighted')).toBeNull();
    expect(api.requests.filter((line) => line.startsWith('GET /api/feedback/'))).toEqual(['GET /api/feedback/video/7']);
  });

  it("shows 'No description provided.' and the invitation to give the first feedback", async () => {
    api = videoApi({ feedback: [] });
    api.get('/api/videos/:id', () => json(aVideo({ description: null })));
    renderRoute('/video/7', api);

    expect(await screen.findByText('No description provided.')).toBeTruthy();
    expect(await screen.findByText('No feedback yet')).toBeTruthy();
    expect(screen.getByText('Be the first to share constructive feedback on this video.')).toBeTruthy();
  });

  it("shows 'Video Not Found' for a video that cannot be fetched, with a way back to the videos", async () => {
    api = videoApi()
      .get('/api/categories', () => json([aCategory()]))
      .get('/api/videos', () => json([aVideo()]));
    const page = renderRoute('/video/404', api);

    expect(await screen.findByRole('heading', { level: 1, name: 'Video Not Found' })).toBeTruthy();
    expect(screen.getByText("The video you're looking for doesn't exist or has been removed.")).toBeTruthy();

    await userEvent.click(screen.getByRole('link', { name: 'Browse videos' }));

    expect(page.location()).toBe('/');
    expect(await screen.findByRole('heading', { name: 'Featured Videos' })).toBeTruthy();
  });

  it('opens the sign-in dialog when a visitor presses Save', async () => {
    api = videoApi();
    renderRoute('/video/7', api);

    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('dialog', { name: 'Welcome Back' })).toBeTruthy();
    // A visitor's page never asks whether the video is saved.
    expect(api.requests.filter((request) => request.includes('/api/bookmarks'))).toEqual([]);
  });

  it('offers Edit Description to the uploader only', async () => {
    api = videoApi({ user: aUser({ id: OTHER_MEMBER_ID }) });
    renderRoute('/video/7', api);
    expect(await screen.findByRole('button', { name: 'Edit Description' })).toBeTruthy();
    cleanup();
    expect(api.unhandled).toEqual([]);

    api = videoApi({ user: aUser() });
    renderRoute('/video/7', api);
    await screen.findByRole('heading', { level: 1, name: 'Driving range swing' });
    // The signed-in state has arrived (the bookmark check is only asked for a member).
    expect(await screen.findByRole('button', { name: 'Save', pressed: false })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit Description' })).toBeNull();
  });

  it('holds a member’s press on a star until it knows who they are, instead of asking them to log in', async () => {
    let answerWhoIsSignedIn: (reply: ReturnType<typeof json>) => void = () => undefined;
    // Neither the feedback's author nor the uploader: a member who may rate it.
    const rater = aUser({ id: '3b9d6f52-5c1e-4f0a-8d2b-6a7e9c0f1d24', firstName: 'Ada' });
    api = videoApi({ user: rater }).get(
      '/api/auth/user',
      () => new Promise((resolve) => (answerWhoIsSignedIn = resolve)),
    );
    renderRoute('/video/7', api);
    const item = within(await screen.findByTestId('feedback-item'));
    const fiveStars = item.getByRole('button', { name: 'Rate 5 stars' });
    expect(fiveStars.hasAttribute('disabled')).toBe(true);
    fireEvent.click(fiveStars);
    fireEvent.click(item.getByTestId('feedback-helpful'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => answerWhoIsSignedIn(json(rater)));
    await waitFor(() =>
      expect(item.getByRole('button', { name: 'Rate 5 stars' }).hasAttribute('disabled')).toBe(false),
    );
    expect(item.getByTestId('feedback-helpful').hasAttribute('disabled')).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.requests.filter((line) => line.startsWith('POST'))).toEqual([]);
  });

  it('holds a member’s press on Save until it knows who they are, instead of asking them to log in', async () => {
    let answerWhoIsSignedIn: (reply: ReturnType<typeof json>) => void = () => undefined;
    const member = aUser({ id: '3b9d6f52-5c1e-4f0a-8d2b-6a7e9c0f1d24', firstName: 'Ada' });
    api = videoApi({ user: member }).get(
      '/api/auth/user',
      () => new Promise((resolve) => (answerWhoIsSignedIn = resolve)),
    );
    renderRoute('/video/7', api);
    const save = await screen.findByTestId('save-button');
    expect(save.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(save);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => answerWhoIsSignedIn(json(member)));
    await waitFor(() => expect(screen.getByTestId('save-button').getAttribute('aria-busy')).toBe('false'));
    expect(screen.getByRole('button', { name: 'Save', pressed: false })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.requests.filter((line) => line.startsWith('POST'))).toEqual([]);
  });

  it('asks again who is signed in when the server could not answer, instead of showing a member as signed out', async () => {
    const rater = aUser({ id: '3b9d6f52-5c1e-4f0a-8d2b-6a7e9c0f1d24', firstName: 'Ada' });
    const answers: ((reply: ReturnType<typeof json>) => void)[] = [];
    api = videoApi({ user: rater }).get('/api/auth/user', () => new Promise((resolve) => answers.push(resolve)));
    renderRoute('/video/7', api);
    const item = within(await screen.findByTestId('feedback-item'));
    // The page is all there, waiting on who is signed in, when the server fails that request.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(answers).toHaveLength(1);
    act(() => answers[0]!(failure(503, 'Service unavailable')));

    await waitFor(() => expect(answers).toHaveLength(2), { timeout: 5000 });
    // Between the failed answer and the next, the page neither invites a log-in nor takes a rating.
    expect(screen.queryByTestId('feedback-login-prompt')).toBeNull();
    expect(item.getByRole('button', { name: 'Rate 5 stars' }).hasAttribute('disabled')).toBe(true);

    act(() => answers[1]!(json(rater)));
    await waitFor(() =>
      expect(item.getByRole('button', { name: 'Rate 5 stars' }).hasAttribute('disabled')).toBe(false),
    );
    expect(screen.queryByTestId('feedback-login-prompt')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

/** The mocked server of the player tests below. */
let api: MockApi;

/** A file video measured by the server: 25 fps, 150 frames (6 s). */
const aFileVideo = () =>
  aVideo({ youtubeUrl: null, videoUrl: '/api/videos/7/stream', frameRate: 25, frameCount: 150, duration: 6 });

/** The element has loaded its metadata, as a browser would report. */
function loadMetadata(video: HTMLVideoElement, duration: number) {
  Object.defineProperty(video, 'readyState', { configurable: true, value: 4 });
  Object.defineProperty(video, 'duration', { configurable: true, value: duration });
  act(() => {
    video.dispatchEvent(new Event('loadedmetadata'));
  });
}

/** The element has finished seeking (jsdom neither decodes nor seeks). */
function finishSeek(video: HTMLVideoElement) {
  act(() => {
    video.dispatchEvent(new Event('seeked'));
  });
}

async function openFileVideo(
  options: { user?: ReturnType<typeof aUser> | null; feedback?: ReturnType<typeof aFeedback>[]; path?: string } = {},
) {
  api = videoApi({ user: options.user ?? null, feedback: options.feedback ?? [] });
  api.get('/api/videos/:id', () => json(aFileVideo()));
  const page = renderRoute(options.path ?? '/video/7', api);
  const video = await screen.findByTestId<HTMLVideoElement>('video-player');
  await screen.findByTestId('coach-controls');
  loadMetadata(video, 6);
  return { page, video };
}

const readout = () => screen.getByTestId('player-readout').textContent;

describe('Video page: the frame-exact player', () => {
  let plays = 0;
  beforeEach(() => {
    plays = 0;
    // jsdom does not play media: a play starts and reports itself, as a browser's would.
    HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
      plays += 1;
      Object.defineProperty(this, 'paused', { configurable: true, value: false });
      this.dispatchEvent(new Event('play'));
      return Promise.resolve();
    };
  });
  afterEach(() => {
    cleanup();
    expect(api.unhandled).toEqual([]);
  });

  it('steps whole frames at the video’s own rate, with buttons and keys, and shows the frame while paused', async () => {
    const { video } = await openFileVideo();
    // The coach controls replace the native ones (and their fullscreen is the container's).
    expect(video.controls).toBe(false);
    expect(video.getAttribute('controlslist')).toBe('nofullscreen');
    expect(readout()).toBe('Frame 0 0:00.00');
    expect(screen.getByTestId('player-frame-rate').textContent).toBe('25 fps');

    await userEvent.click(screen.getByRole('button', { name: 'Next frame' }));
    // The middle of frame 1 at 25 fps, not a 30 fps guess.
    expect(video.currentTime).toBeCloseTo(1.5 / 25, 9);
    finishSeek(video);
    expect(screen.getByTestId('player-frame').textContent).toBe('1');
    expect(screen.getByTestId('player-timecode').textContent).toBe('0:00.01');

    // Keys pressed before the seek finishes queue onto it.
    await userEvent.keyboard('...{ArrowRight}');
    expect(video.currentTime).toBeCloseTo(5.5 / 25, 9);
    finishSeek(video);
    expect(screen.getByTestId('player-frame').textContent).toBe('5');

    await userEvent.keyboard('{Shift>}{ArrowRight}{/Shift}');
    finishSeek(video);
    expect(screen.getByTestId('player-timecode').textContent).toBe('0:01.05');

    await userEvent.keyboard(',j{Shift>}{ArrowLeft}{/Shift}');
    finishSeek(video);
    expect(screen.getByTestId('player-frame').textContent).toBe('3');
    await userEvent.click(screen.getByRole('button', { name: 'Previous frame' }));
    finishSeek(video);
    expect(screen.getByTestId('player-frame').textContent).toBe('2');

    // The position slider moves in whole frames.
    const position = screen.getByRole('slider', { name: 'Position' });
    expect(position.getAttribute('aria-valuetext')).toBe('Frame 2, 0:00.02');
    fireEvent.change(position, { target: { value: '75' } });
    expect(video.currentTime).toBeCloseTo(75.5 / 25, 9);
    finishSeek(video);
    expect(screen.getByTestId('player-position').textContent).toBe('0:03.00 / 0:05.24');
    expect(screen.getByTestId('player-frame').textContent).toBe('75');
  });

  it('mutes and unmutes, and plays or pauses with a click on the picture', async () => {
    const { video } = await openFileVideo();
    await userEvent.click(screen.getByRole('button', { name: 'Mute' }));
    expect(video.muted).toBe(true);
    expect(screen.getByRole('button', { name: 'Unmute', pressed: true })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Unmute' }));
    expect(video.muted).toBe(false);
    await userEvent.click(video);
    expect(plays).toBe(1);
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
  });

  it('offers the speeds 0.1×, 0.25×, 0.5×, 1× and 2× and plays with the keys', async () => {
    const { video } = await openFileVideo();
    const speeds = within(screen.getByRole('group', { name: 'Playback speed' }));
    expect(speeds.getAllByRole('button').map((button) => button.textContent)).toEqual([
      '0.1×',
      '0.25×',
      '0.5×',
      '1×',
      '2×',
    ]);
    expect(speeds.getByRole('button', { name: '1×', pressed: true })).toBeTruthy();
    await userEvent.click(speeds.getByRole('button', { name: '0.25×' }));
    expect(video.playbackRate).toBe(0.25);
    expect(speeds.getByRole('button', { name: '0.25×', pressed: true })).toBeTruthy();

    await userEvent.keyboard('l');
    expect(plays).toBe(1);
    expect(readout()).toBe('Playing');
    // While playing, l is faster and j slower.
    await userEvent.keyboard('ll');
    expect(video.playbackRate).toBe(1);
    await userEvent.keyboard('jjj');
    expect(video.playbackRate).toBe(0.1);
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
  });

  it('leaves the keys to the feedback box while typing', async () => {
    const { video } = await openFileVideo({ user: aUser() });
    const box = await screen.findByLabelText('Your feedback');
    // '[[' is how user-event types a '['.
    await userEvent.type(box, 'Knees, then hips... [[late] ?');
    expect((box as HTMLTextAreaElement).value).toBe('Knees, then hips... [late] ?');
    expect(video.currentTime).toBe(0);
    expect(screen.queryByTestId('loop-range')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lists every shortcut in the "Keyboard shortcuts" help, opened with ? or its button', async () => {
    await openFileVideo();
    await userEvent.keyboard('?');
    const help = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const shortcut of KEYBOARD_SHORTCUTS) expect(within(help).getByText(shortcut.description)).toBeTruthy();
    // Keys do nothing to the player behind an open dialog.
    await userEvent.keyboard('.');
    expect(screen.getByTestId('player-frame').textContent).toBe('0');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));
    expect(screen.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeTruthy();
  });

  it('sets an A–B loop with [ and ] or the buttons, edits its times and clears it', async () => {
    const { video } = await openFileVideo();
    await userEvent.keyboard('....');
    finishSeek(video);
    await userEvent.keyboard('[[');
    const start = () => screen.getByLabelText<HTMLInputElement>('Loop start time');
    const end = () => screen.getByLabelText<HTMLInputElement>('Loop end time');
    // Until an end is set, the loop runs to the last frame (149 = 5 s + 24 frames).
    expect([start().value, end().value]).toEqual(['0:00.04', '0:05.24']);

    await userEvent.keyboard('......');
    finishSeek(video);
    await userEvent.click(screen.getByRole('button', { name: 'Set loop end' }));
    expect(end().value).toBe('0:00.10');

    await userEvent.clear(end());
    await userEvent.type(end(), '0:02.10{Enter}');
    expect(end().value).toBe('0:02.10');
    await userEvent.clear(start());
    await userEvent.type(start(), 'soon{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('Use m:ss.ff, e.g. 0:03.12');
    await userEvent.clear(start());
    await userEvent.type(start(), '0:03.00{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('The loop start must not be after its end');
    await userEvent.clear(start());
    await userEvent.type(start(), '0:01.00{Enter}');
    expect(screen.queryByRole('alert')).toBeNull();
    expect([start().value, end().value]).toEqual(['0:01.00', '0:02.10']);

    // Playing from outside the loop starts at the loop's start frame.
    await userEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(video.currentTime).toBeCloseTo(25.5 / 25, 9);
    expect(plays).toBe(1);

    await userEvent.click(screen.getByRole('button', { name: 'Clear loop' }));
    expect(screen.queryByTestId('loop-range')).toBeNull();
  });

  it('pins feedback to the frame on screen and plays a feedback’s range as the loop', async () => {
    const ranged = aFeedback({
      id: 32,
      content: 'Look at the whole follow-through.',
      timecode: { start: 1.02, end: 2.02 },
    });
    const { video } = await openFileVideo({
      user: aUser({ id: '3f0d5a4e-0000-4000-8000-000000000001' }),
      feedback: [ranged],
    });
    const posted: unknown[] = [];
    api.on('POST', '/api/videos/:id/feedback', ({ body }) => {
      posted.push(body);
      return json(aFeedback({ id: 33, ...(body as { content: string }) }), 201);
    });

    await userEvent.keyboard('{Shift>}{ArrowRight}{/Shift}');
    finishSeek(video);
    await userEvent.click(screen.getByRole('button', { name: 'Use current frame' }));
    expect(screen.getByTestId('feedback-form-timecode').textContent).toBe('0:01.00');
    await userEvent.type(screen.getByLabelText('Your feedback'), 'Hands lead here.');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    await screen.findByText('Your feedback was posted.');
    expect(posted).toEqual([{ content: 'Hands lead here.', timecode: { start: 1.02 } }]);

    await userEvent.click(await screen.findByRole('button', { name: 'Loop 0:01.00–0:02.00' }));
    expect([
      screen.getByLabelText<HTMLInputElement>('Loop start time').value,
      screen.getByLabelText<HTMLInputElement>('Loop end time').value,
    ]).toEqual(['0:01.00', '0:02.00']);
    expect(video.currentTime).toBeCloseTo(25.5 / 25, 9);
    expect(plays).toBe(1);
  });

  it('shows the moment of the feedback a link points at in the player, paused there', async () => {
    const pinned = aFeedback({ id: 32, content: 'Hands lead here.', timecode: { start: 1.02 } });
    const { video } = await openFileVideo({ feedback: [aFeedback(), pinned], path: '/video/7?feedback=32' });

    const item = (await screen.findByText('Hands lead here.')).closest('[data-testid="feedback-item"]')!;
    await waitFor(() => expect(item.getAttribute('data-highlighted')).toBe('true'));
    // The middle of frame 25 (1.02 s at 25 fps), as its time-code chip would show it.
    await waitFor(() => expect(video.currentTime).toBeCloseTo(25.5 / 25, 9));
    finishSeek(video);
    expect(screen.getByTestId('player-frame').textContent).toBe('25');
    expect(plays).toBe(0);
  });

  it('says discreetly when the frame rate is not measured yet, and steps 1/30 s then', async () => {
    api = videoApi();
    api.get('/api/videos/:id', () => json({ ...aFileVideo(), frameRate: null, frameCount: null }));
    renderRoute('/video/7', api);
    const video = await screen.findByTestId<HTMLVideoElement>('video-player');
    await screen.findByTestId('coach-controls');
    loadMetadata(video, 6);
    expect(screen.getByTestId('player-frame-rate').textContent).toBe('Rate not measured: steps of 1/30 s');
    await userEvent.click(screen.getByRole('button', { name: 'Next frame' }));
    expect(video.currentTime).toBeCloseTo(1.5 / 30, 9);
  });
});
