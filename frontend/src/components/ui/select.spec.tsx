import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { Select } from '@/components/ui/select';
import { chooseOption, readySelect } from '@/testing/choose-option';

const SORTS = [
  { value: 'recent', label: 'Most Recent' },
  { value: 'rating', label: 'Highest Rated' },
  { value: 'views', label: 'Most Viewed' },
];

/** A labelled select, as the screens lay one out, recording each choice. */
function Labelled({ initial = 'recent', chosen }: { initial?: string; chosen: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="sort">Sort by</label>
      <Select
        id="sort"
        value={value}
        placeholder="Pick one"
        options={SORTS}
        onValueChange={(next) => {
          chosen.push(next);
          setValue(next);
        }}
      />
    </>
  );
}

const select = () => screen.getByRole('combobox', { name: 'Sort by' });

// In this order: the first test meets the select before Radix's code has been fetched.
describe('Select', () => {
  afterEach(cleanup);

  it('before its code has arrived: named by its label, showing the choice or the placeholder; a key press opens it once the code is there', async () => {
    render(<Labelled initial="" chosen={[]} />);
    expect(select().textContent).toBe('Pick one');
    cleanup();
    render(<Labelled chosen={[]} />);
    expect(select().textContent).toBe('Most Recent');
    // The stand-in (Radix's trigger carries data-state): focus on it, and at once a key that opens it.
    expect(select().hasAttribute('data-state')).toBe(false);
    select().focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(await screen.findByRole('listbox')).toBeTruthy();
    // Open, the page behind the list is hidden from assistive technology: the trigger found by its id.
    expect(document.getElementById('sort')?.getAttribute('aria-expanded')).toBe('true');
  });

  it('chooses with the pointer: the list offers every option, the choice is shown and reported', async () => {
    const chosen: string[] = [];
    render(<Labelled chosen={chosen} />);
    await userEvent.click(await readySelect('sort'));
    await screen.findByRole('listbox');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Most Recent',
      'Highest Rated',
      'Most Viewed',
    ]);
    expect(screen.getByRole('option', { name: 'Most Recent' }).getAttribute('aria-selected')).toBe('true');
    await userEvent.click(screen.getByRole('option', { name: 'Most Viewed' }));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(chosen).toEqual(['views']);
    expect(select().textContent).toBe('Most Viewed');
    await chooseOption(select(), 'Highest Rated');
    expect(chosen).toEqual(['views', 'rating']);
    expect(select().textContent).toBe('Highest Rated');
  });

  it('chooses from the keyboard: Enter opens, an arrow moves, Enter chooses, and focus stays on it', async () => {
    const chosen: string[] = [];
    render(<Labelled chosen={chosen} />);
    await userEvent.tab();
    expect(document.activeElement).toBe(select());
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(chosen).toEqual(['rating']);
    expect(document.activeElement).toBe(select());
    expect(select().textContent).toBe('Highest Rated');
  });

  it('makes the page behind its open list inert, and closes on Escape without choosing, focus back on it', async () => {
    const chosen: string[] = [];
    render(<Labelled chosen={chosen} />);
    await userEvent.click(await readySelect('sort'));
    await screen.findByRole('listbox');
    // Hidden from assistive technology by Radix, and out of reach of focus and pointer too.
    expect(document.getElementById('sort')?.closest('[inert]')).not.toBeNull();
    expect(screen.getByRole('listbox').closest('[inert]')).toBeNull();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(document.querySelector('[inert]')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(select()));
    expect(chosen).toEqual([]);
    expect(select().textContent).toBe('Most Recent');
  });
});
