import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/**
 * Chooses `name` in the menu a click has just opened, with the keyboard (clicked in jsdom, three of the nine exports
 * of exportar.test.tsx chose the other format). The keys wait for the menu to take the focus, a moment after it
 * opens: sent before, they reach the trigger and the highlight starts elsewhere (seen once under load: CSV asked,
 * Excel chosen).
 */
export async function chooseInMenu(user: UserEvent, name: string): Promise<void> {
  const item = await screen.findByRole('menuitem', { name });
  const menu = item.closest<HTMLElement>('[role="menu"]');
  // Up to 5 s: on a loaded machine (CI, 2 cores) the focus once took longer than waitFor's default second.
  await waitFor(() => expect(menu?.contains(document.activeElement)).toBe(true), { timeout: 5000 });
  for (let i = 0; i < 3 && !item.hasAttribute('data-highlighted'); i++) {
    await user.keyboard('{ArrowDown}');
  }
  expect(item).toHaveAttribute('data-highlighted');
  await user.keyboard('{Enter}');
}
