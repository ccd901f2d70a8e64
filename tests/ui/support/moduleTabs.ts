/**
 * Opening a module's list on a route that shows several modules, as a person does: its tab first, then,
 * where the tab opens on a board (the leads' pipeline, issue 33), the table one click away.
 */
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

export async function openModuleTable(user: UserEvent, tab: string | undefined, timeout = 4_000): Promise<void> {
  if (!tab) return;
  await user.click(await screen.findByRole('tab', { name: tab }, { timeout }));
  const table = screen.queryByRole('radio', { name: 'Table' });
  if (table) await user.click(table);
}
