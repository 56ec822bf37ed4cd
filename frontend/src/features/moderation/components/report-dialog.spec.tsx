import { afterEach, describe, expect, it } from '@jest/globals';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Toaster } from '@/components/ui/toast';
import { ReportButton } from '@/features/moderation';
import { createQueryClient } from '@/lib/query-client';
import { failure, json, MockApi, type MockReply } from '@/testing/mock-api';

/** The server's side of POST /api/reports: every body it got, answered by `reply`. */
function reportsApi(reply: (body: unknown) => MockReply) {
  const posted: unknown[] = [];
  const api = new MockApi().on('POST', '/api/reports', ({ body }) => {
    posted.push(body);
    return reply(body);
  });
  return { api, posted };
}

function renderButton(api: MockApi, label = 'Report feedback') {
  globalThis.fetch = api.fetch;
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ReportButton subjectType="feedback" subjectId={42} label={label} />
      <Toaster />
    </QueryClientProvider>,
  );
}

const dialog = () => within(screen.getByRole('dialog', { name: 'Report content' }));

describe('ReportButton', () => {
  let api: MockApi;
  afterEach(() => {
    cleanup();
    expect(api.unhandled).toEqual([]);
  });

  it('sends the chosen reason and note, thanks the member and closes', async () => {
    const server = reportsApi((body) =>
      json({ id: 5, ...(body as object), subjectId: '42', status: 'open', createdAt: '2026-01-05T10:00:00Z' }, 201),
    );
    api = server.api;
    renderButton(api);

    const button = screen.getByTestId('report-button');
    expect(button.textContent).toBe('Report feedback');
    await userEvent.click(button);
    // The dialog's code arrives with the first one opened.
    await screen.findByRole('dialog', { name: 'Report content' });

    expect(
      dialog()
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Spam', 'Abuse', 'Inappropriate', 'Other']);
    const send = dialog().getByRole('button', { name: 'Send report' });
    // Nothing to send until a reason is chosen.
    expect((send as HTMLButtonElement).disabled).toBe(true);

    await userEvent.click(dialog().getByRole('radio', { name: 'Abuse' }));
    const note = dialog().getByRole('textbox', { name: /Note/ });
    expect(note.getAttribute('maxlength')).toBe('500');
    await userEvent.type(note, 'Insults the uploader');
    dialog().getByText('20/500');
    await userEvent.click(send);

    await screen.findByText('Thanks — the moderators will review it');
    expect(server.posted).toEqual([
      { subjectType: 'feedback', subjectId: 42, reason: 'abuse', note: 'Insults the uploader' },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the server’s refusal in the dialog and stays open', async () => {
    const server = reportsApi(() => failure(403, 'You cannot report your own content'));
    api = server.api;
    renderButton(api);

    await userEvent.click(screen.getByTestId('report-button'));
    await userEvent.click(dialog().getByRole('radio', { name: 'Spam' }));
    // The toaster is shared by the whole file: count thanks, rather than expect none.
    const thanksBefore = screen.queryAllByText('Thanks — the moderators will review it').length;
    await userEvent.click(dialog().getByRole('button', { name: 'Send report' }));

    const alert = await dialog().findByRole('alert');
    expect(alert.textContent).toBe('You cannot report your own content');
    expect(server.posted).toEqual([{ subjectType: 'feedback', subjectId: 42, reason: 'spam' }]);
    expect(screen.queryAllByText('Thanks — the moderators will review it')).toHaveLength(thanksBefore);

    // Cancel closes without sending anything more.
    await userEvent.click(dialog().getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.posted).toHaveLength(1);
  });
});
