import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { DropdownMenu } from '@/components/ui/dropdown-menu';
import { Tabs } from '@/components/ui/tabs';
import { toast, Toaster } from '@/components/ui/toast';
import { Tooltip, TooltipProvider } from '@/components/ui/tooltip';
import { TOOLTIP_OPEN_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '@/config/constants';

// The Radix primitives as a keyboard or screen-reader user meets them, in jsdom.

afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

/** A page with an Edit button that opens a form dialog; the form's Discard opens a confirm over it. */
function DialogPage({ preventClose = false }: { preventClose?: boolean }) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        Edit
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Edit Profile" preventClose={preventClose}>
        <label>
          First name
          <input />
        </label>
        <button type="button" onClick={() => setConfirming(true)}>
          Discard
        </button>
        <ConfirmDeleteDialog
          open={confirming}
          title="Discard changes"
          description="Your edits will be lost."
          pending={false}
          onConfirm={() => setOpen(false)}
          onClose={() => setConfirming(false)}
        />
      </Dialog>
    </main>
  );
}

describe('Dialog', () => {
  it('is a named modal that keeps focus inside, hides the page behind, and gives focus back on Escape', async () => {
    render(<DialogPage />);
    const opener = screen.getByRole('button', { name: 'Edit' });
    await userEvent.click(opener);

    const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const field = within(dialog).getByRole('textbox', { name: 'First name' });
    await waitFor(() => expect(document.activeElement).toBe(field));
    // The page behind is out of the accessibility tree.
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(opener.closest('[aria-hidden="true"]')).not.toBeNull();

    // Tab goes round inside: field, Discard, Close, and back to the field.
    await userEvent.tab();
    await userEvent.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(field);

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(opener.closest('[aria-hidden="true"]')).toBeNull();

    // A press on the backdrop, outside the dialog, closes it too.
    await userEvent.click(opener);
    fireEvent.pointerDown((await screen.findByRole('dialog', { name: 'Edit Profile' })).parentElement!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('stays open while preventClose: Escape, a press outside and the disabled close button do nothing', async () => {
    render(<DialogPage preventClose />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });

    await userEvent.keyboard('{Escape}');
    const backdrop = dialog.parentElement!;
    fireEvent.pointerDown(backdrop);
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Close' }).disabled).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Edit Profile' })).toBe(dialog);
  });

  it('stacks a confirm over the form: Escape closes only the confirm, and Cancel takes its first focus', async () => {
    render(<DialogPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('dialog', { name: 'Edit Profile' });
    const discard = within(form).getByRole('button', { name: 'Discard' });
    await userEvent.click(discard);

    const confirm = await screen.findByRole('dialog', { name: 'Discard changes' });
    await waitFor(() => expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Cancel' })));
    // Only the top dialog is in the accessibility tree.
    expect(screen.getAllByRole('dialog')).toEqual([confirm]);

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard changes' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Edit Profile' })).toBe(form);
    await waitFor(() => expect(document.activeElement).toBe(discard));
  });
});

describe('DropdownMenu', () => {
  it('opens from the keyboard on its first item, moves with the arrows, and Escape gives focus back', async () => {
    const onLogout = jest.fn();
    render(
      <MemoryRouter>
        <DropdownMenu
          label="Account menu"
          trigger={<span>AB</span>}
          items={[
            { kind: 'link', label: 'Profile', to: '/profile/1' },
            { kind: 'action', label: 'Log out', onSelect: onLogout },
          ]}
        />
      </MemoryRouter>,
    );
    // Named by its label, not by the initials it shows; Radix's trigger (data-state) replaces a stand-in.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Account menu' }).getAttribute('data-state')).toBe('closed'),
    );
    const trigger = screen.getByRole('button', { name: 'Account menu' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');

    const menu = await screen.findByRole('menu', { name: 'Account menu' });
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'Profile' })));
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'Log out' }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement).toBe(trigger);

    await userEvent.keyboard('{Enter}');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });
});

describe('Tooltip', () => {
  it(`opens ${TOOLTIP_OPEN_DELAY_MS} ms after the pointer arrives, and the next one at once within ${TOOLTIP_SKIP_DELAY_MS} ms`, async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    render(
      <TooltipProvider>
        <Tooltip content="Save for later">
          <button type="button">Save</button>
        </Tooltip>
        <Tooltip content="Share this video">
          <button type="button">Share</button>
        </Tooltip>
      </TooltipProvider>,
    );

    await user.hover(screen.getByRole('button', { name: 'Save' }));
    act(() => jest.advanceTimersByTime(TOOLTIP_OPEN_DELAY_MS - 1));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('tooltip').textContent).toBe('Save for later');
    expect(screen.getByRole('button', { name: 'Save' }).getAttribute('aria-describedby')).toBe(
      screen.getByRole('tooltip').id,
    );

    // Closed, then straight to the next one: no second wait.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.hover(screen.getByRole('button', { name: 'Share' }));
    expect(screen.getByRole('tooltip').textContent).toBe('Share this video');

    // Once the skip delay has passed, a tooltip waits again.
    await user.keyboard('{Escape}');
    act(() => jest.advanceTimersByTime(TOOLTIP_SKIP_DELAY_MS));
    await user.hover(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => jest.advanceTimersByTime(TOOLTIP_OPEN_DELAY_MS));
    expect(screen.getByRole('tooltip').textContent).toBe('Save for later');
  });

  it('opens at once on keyboard focus, and explains an unavailable control when it is pressed', async () => {
    render(
      <>
        <Tooltip content="Only file videos can be compared">
          <button type="button" aria-disabled="true">
            Compare
          </button>
        </Tooltip>
        <Tooltip content="Save for later">
          <button type="button">Save</button>
        </Tooltip>
      </>,
    );
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByRole('tooltip').textContent).toBe('Save for later');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());

    await userEvent.pointer({ keys: '[TouchA]', target: screen.getByRole('button', { name: 'Compare' }) });
    expect((await screen.findByRole('tooltip')).textContent).toBe('Only file videos can be compared');
  });
});

describe('Toaster', () => {
  it('shows one toast at a time in the F8 region, which the Dismiss button closes', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Saved', description: 'The video is in your list.' });
      toast({ title: 'Upload Failed', description: 'Upload failed', variant: 'destructive' });
    });

    const region = await screen.findByRole('region', { name: 'Notifications (F8)' });
    const shown = await within(region).findAllByTestId('toast');
    expect(shown.map((item) => item.textContent)).toEqual(['Upload FailedUpload failed']);
    await userEvent.click(within(shown[0]!).getByRole('button', { name: 'Dismiss notification' }));
    await waitFor(() => expect(within(region).queryByTestId('toast')).toBeNull());
  });

  it('closes a toast by itself after its duration', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Copied', duration: 50 });
    });
    const shown = await screen.findByTestId('toast');
    expect(shown.textContent).toContain('Copied');
    await waitFor(() => expect(screen.queryByTestId('toast')).toBeNull());
  });
});

describe('Tabs', () => {
  it('moves and selects with the arrow keys, Home and End; only the selected panel has content', async () => {
    render(
      <Tabs
        label="Profile sections"
        tabs={[
          { id: 'videos', label: 'Videos', content: <p>Video list</p> },
          { id: 'feedback', label: 'Feedback Given (1)', content: <p>Feedback list</p> },
        ]}
      />,
    );
    const videos = screen.getByRole('tab', { name: 'Videos' });
    expect(videos.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Videos' }).textContent).toBe('Video list');
    expect(screen.queryByText('Feedback list')).toBeNull();

    await userEvent.tab();
    expect(document.activeElement).toBe(videos);
    await userEvent.keyboard('{ArrowRight}');
    const feedback = screen.getByRole('tab', { name: 'Feedback Given (1)' });
    expect(document.activeElement).toBe(feedback);
    expect(feedback.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Feedback Given (1)' }).textContent).toBe('Feedback list');
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Videos' }).getAttribute('aria-selected')).toBe('true');
  });
});
