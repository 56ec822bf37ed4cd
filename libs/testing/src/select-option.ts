import type { Locator } from 'playwright-core';

/**
 * Chooses an option of one of the app's selects (Radix: frontend/src/components/ui/select.tsx) as a
 * person does: a click on the select, then on the option, by its visible text or its place, in the
 * list it opens; done once the list has closed.
 */
export async function chooseOption(select: Locator, option: string | { index: number }): Promise<void> {
  await select.click();
  const list = select.page().getByRole('listbox');
  const choice =
    typeof option === 'string'
      ? list.getByRole('option', { name: option, exact: true })
      : list.getByRole('option').nth(option.index);
  await choice.click();
  await list.waitFor({ state: 'hidden' });
}
