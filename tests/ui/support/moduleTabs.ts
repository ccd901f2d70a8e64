/**
 * Opening a module's list on a route that shows several modules, as a person does: its tab first, then,
 * where the tab opens on a board (the leads' pipeline, issue 33), the table one click away.
 */
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/**
 * `timeout`: how long the tab may take to show; by default the configured wait (tests/setup/ui.ts), which a screen
 * whose code is not loaded yet needs on a loaded machine (a fixed 4 s was overrun).
 */
export async function openModuleTable(user: UserEvent, tab: string | undefined, timeout?: number): Promise<void> {
  if (!tab) return;
  await user.click(await screen.findByRole('tab', { name: tab }, timeout === undefined ? undefined : { timeout }));
  const table = screen.queryByRole('radio', { name: 'Table' });
  if (table) await user.click(table);
}
