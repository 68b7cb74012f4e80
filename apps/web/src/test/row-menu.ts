import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Opens a table row's "⋯" menu (components/row-menu.tsx) and chooses one of its actions. */
export async function chooseRowAction(user: UserEvent, row: HTMLElement, action: string): Promise<void> {
  await user.click(within(row).getByRole('button', { name: /^More actions for / }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
}

/** The actions a row's "⋯" menu offers, each with whether it can be chosen; the menu is closed again. */
export async function rowMenuActions(
  user: UserEvent,
  row: HTMLElement,
): Promise<{ name: string; disabled: boolean }[]> {
  await user.click(within(row).getByRole('button', { name: /^More actions for / }));
  const menu = await screen.findByRole('menu');
  const items = within(menu)
    .getAllByRole('menuitem')
    .map((item) => ({ name: item.textContent ?? '', disabled: item.getAttribute('aria-disabled') === 'true' }));
  await user.keyboard('{Escape}');
  return items;
}
