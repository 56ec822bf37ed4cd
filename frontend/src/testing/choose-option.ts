import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';

/** The select's Radix trigger, once its code has arrived and taken the stand-in's place. */
export function readySelect(id: string): Promise<HTMLElement> {
  return waitFor(() => {
    const trigger = document.getElementById(id);
    if (!trigger?.hasAttribute('data-state')) throw new Error(`The select #${id} has not got its code yet`);
    return trigger;
  });
}

/**
 * Chooses `option` in a select as a person does: the pointer comes over it (which fetches Radix's
 * code: components/ui/select.tsx), then a press on it and on the option in its list.
 */
export async function chooseOption(select: HTMLElement, option: string): Promise<void> {
  await userEvent.hover(select);
  await userEvent.click(await readySelect(select.id));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}
