import type { FeedbackTimecode } from '@app/contracts';
import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { FeedbackItem } from '@/features/feedback/components/feedback-item';
import type { FeedbackPlayer } from '@/features/feedback/types';
import { aFeedback } from '@/testing/fixtures';

/** A 25 fps player that records what the feedback asked it to show or play. */
function recordingPlayer() {
  const shown: FeedbackTimecode[] = [];
  const seeks: number[] = [];
  const player: FeedbackPlayer = {
    duration: 42,
    seek: (seconds) => seeks.push(seconds),
    currentTime: () => 0,
    subscribe: () => () => undefined,
    hasLoop: () => false,
    currentFrameTimecode: () => ({ start: 0.02 }),
    loopTimecode: () => null,
    showTimecode: (timecode) => shown.push(timecode),
    formatTime: (seconds) => {
      const index = Math.floor(seconds * 25);
      const second = Math.floor(index / 25);
      return `0:${String(second).padStart(2, '0')}.${String(index - second * 25).padStart(2, '0')}`;
    },
  };
  return { player, shown, seeks };
}

function renderItem(feedback: ReturnType<typeof aFeedback>, player: FeedbackPlayer | null) {
  return render(
    <MemoryRouter>
      <FeedbackItem
        feedback={feedback}
        isOwn={false}
        votePending={false}
        ratePending={false}
        player={player}
        onVote={() => undefined}
        onRate={() => undefined}
      />
    </MemoryRouter>,
  );
}

describe('a feedback’s time code chip', () => {
  afterEach(() => cleanup());

  it('shows a single frame and goes to it when clicked', async () => {
    const { player, shown } = recordingPlayer();
    renderItem(aFeedback({ timecode: { start: 3.5 } }), player);

    const chip = screen.getByRole('button', { name: 'Go to 0:03.12' });
    expect(chip.textContent).toBe('0:03.12');
    await userEvent.click(chip);
    expect(shown).toEqual([{ start: 3.5 }]);
  });

  it('shows a range and loops it when clicked', async () => {
    const { player, shown } = recordingPlayer();
    renderItem(aFeedback({ timecode: { start: 3.5, end: 4.1 } }), player);

    const chip = screen.getByRole('button', { name: 'Loop 0:03.12–0:04.02' });
    await userEvent.click(chip);
    expect(shown).toEqual([{ start: 3.5, end: 4.1 }]);
  });

  it('treats an end the server sent as null as a single frame', async () => {
    const { player, shown } = recordingPlayer();
    const timecode = { start: 1.02, end: null } as unknown as FeedbackTimecode;
    renderItem(aFeedback({ timecode }), player);
    await userEvent.click(screen.getByRole('button', { name: 'Go to 0:01.00' }));
    expect(shown).toEqual([{ start: 1.02 }]);
  });

  it('keeps the m:ss links in the text working beside it', async () => {
    const { player, seeks, shown } = recordingPlayer();
    renderItem(aFeedback({ content: 'Compare with 0:07, the knee is better.', timecode: { start: 3.5 } }), player);

    const item = within(screen.getByTestId('feedback-item'));
    await userEvent.click(item.getByRole('button', { name: 'Play the video from 0:07' }));
    expect(seeks).toEqual([7]);
    expect(shown).toEqual([]);
    expect(item.getAllByTestId('feedback-timecode')).toHaveLength(1);
  });

  it('is plain text without a file player, and absent without a time code', () => {
    renderItem(aFeedback({ timecode: { start: 3.5, end: 4.1 } }), null);
    const chip = screen.getByTestId('feedback-timecode');
    expect(chip.tagName).toBe('SPAN');
    expect(chip.textContent).toBe('0:03–0:04');
    cleanup();

    renderItem(aFeedback({ timecode: null }), recordingPlayer().player);
    expect(screen.queryByTestId('feedback-timecode')).toBeNull();
  });
});
