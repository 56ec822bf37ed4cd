import type { FeedbackTimecode } from '@app/contracts';
import { afterEach, describe, expect, it } from '@jest/globals';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Toaster } from '@/components/ui/toast';
import { FeedbackForm } from '@/features/feedback/components/feedback-form';
import type { FeedbackPlayer } from '@/features/feedback/types';
import { createQueryClient } from '@/lib/query-client';
import { aFeedback } from '@/testing/fixtures';
import { json, MockApi } from '@/testing/mock-api';

const RATE = 30;

/**
 * The page's player as the feedback section sees it, at 30 fps, showing `frame`, with an A–B
 * loop that a test can set (as the player's keys would) and notify about.
 */
function fakePlayer(frame: number) {
  const listeners = new Set<() => void>();
  let loop: [number, number] | null = null;
  const middle = (index: number) => (index + 0.5) / RATE;
  const player: FeedbackPlayer = {
    duration: 42,
    seek: () => undefined,
    currentTime: () => frame / RATE,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    hasLoop: () => loop !== null,
    currentFrameTimecode: () => ({ start: middle(frame) }),
    loopTimecode: () => (loop ? { start: middle(loop[0]), end: middle(loop[1]) } : null),
    showTimecode: () => undefined,
    // m:ss.ff at 30 fps, enough for these clips of under a minute.
    formatTime: (seconds) => {
      const index = Math.floor(seconds * RATE);
      const second = Math.floor(index / RATE);
      return `0:${String(second).padStart(2, '0')}.${String(index - second * RATE).padStart(2, '0')}`;
    },
  };
  return {
    player,
    setLoop(next: [number, number] | null) {
      loop = next;
      for (const listener of listeners) listener();
    },
  };
}

/** The server's side: every feedback POST body, answered with 201. */
function feedbackApi() {
  const posted: unknown[] = [];
  const api = new MockApi()
    .on('POST', '/api/videos/:id/feedback', ({ body }) => {
      posted.push(body);
      const { content, timecode } = body as { content: string; timecode?: FeedbackTimecode };
      return json(aFeedback({ id: 90 + posted.length, content, timecode: timecode ?? null }), 201);
    })
    .get('/api/feedback/video/:id', () => json([]))
    .get('/api/feedback/user/:id', () => json([]))
    .get('/api/feedback/user/:id/stats', () => json({}));
  return { api, posted };
}

function renderForm(api: MockApi, player: FeedbackPlayer | null) {
  globalThis.fetch = api.fetch;
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <FeedbackForm videoId={7} player={player} />
      <Toaster />
    </QueryClientProvider>,
  );
}

describe('FeedbackForm time codes', () => {
  afterEach(() => cleanup());

  it('pins the current frame as a chip and sends it as the time code', async () => {
    const { api, posted } = feedbackApi();
    const { player } = fakePlayer(102);
    renderForm(api, player);

    await userEvent.type(screen.getByLabelText('Your feedback'), 'Hips open too early here.');
    await userEvent.click(screen.getByRole('button', { name: 'Use current frame' }));
    expect(screen.getByTestId('feedback-form-timecode').textContent).toBe('0:03.12');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Feedback' }));

    await screen.findByText('Your feedback was posted.');
    expect(posted).toEqual([{ content: 'Hips open too early here.', timecode: { start: 102.5 / RATE } }]);
    // Sent: the next feedback starts without one.
    expect(screen.queryByTestId('feedback-form-timecode')).toBeNull();
  });

  it('offers "Use loop" once the player has a loop, and sends the range', async () => {
    const { api, posted } = feedbackApi();
    const fake = fakePlayer(10);
    renderForm(api, fake.player);

    const useLoop = screen.getByRole('button', { name: 'Use loop' });
    expect((useLoop as HTMLButtonElement).disabled).toBe(true);
    act(() => fake.setLoop([102, 122]));
    expect((useLoop as HTMLButtonElement).disabled).toBe(false);

    await userEvent.click(useLoop);
    expect(screen.getByTestId('feedback-form-timecode').textContent).toBe('0:03.12–0:04.02');
    await userEvent.type(screen.getByLabelText('Your feedback'), 'Watch the whole turn.');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Feedback' }));

    await screen.findByText('Your feedback was posted.');
    expect(posted).toEqual([
      { content: 'Watch the whole turn.', timecode: { start: 102.5 / RATE, end: 122.5 / RATE } },
    ]);
    act(() => fake.setLoop(null));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Use loop' }).disabled).toBe(true);
  });

  it('sends no time code once its chip is removed', async () => {
    const { api, posted } = feedbackApi();
    renderForm(api, fakePlayer(45).player);

    await userEvent.click(screen.getByRole('button', { name: 'Use current frame' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove time code 0:01.15' }));
    expect(screen.queryByTestId('feedback-form-timecode')).toBeNull();
    await userEvent.type(screen.getByLabelText('Your feedback'), 'Good rhythm overall.');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Feedback' }));

    await screen.findByText('Your feedback was posted.');
    expect(posted).toEqual([{ content: 'Good rhythm overall.' }]);
  });

  it('offers no time codes without a file player', () => {
    const { api } = feedbackApi();
    renderForm(api, null);
    expect(screen.queryByRole('button', { name: 'Use current frame' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Use loop' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Submit Feedback' })).toBeTruthy();
  });
});
