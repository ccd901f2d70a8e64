/**
 * Every close button says what it closes (found walking: Mantine's close buttons of modals, drawers and notices had
 * no accessible name, read by a screen reader as "button"). Walked on the screens that have them: a notice (a list
 * that failed), a form in a modal, a record view in a drawer, and an alert with its close button; in English and in
 * French, each from its dictionary. And no button on any of them is left without a name.
 */
import { Alert, MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { loadDictionary, translator } from '../../src/i18n';
import { productTheme } from '../../src/ui/theme';
import { ADMIN, ADMIN_PERMISSIONS } from './support/demo';
import { apiFor, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';

afterEach(() => {
  resetHarness();
  notifications.clean();
});

const admin: Account = { login: ADMIN, password: 'x', permissions: ADMIN_PERMISSIONS, menu: [] };
const PRIVILEGES = [{ _id: 'p1', name: 'View', code: 'VIEW', description: 'Open a screen' }];

/** The buttons in `root` a screen reader would read as nothing but "button". */
const unnamed = (root: HTMLElement) => within(root).queryAllByRole('button', { name: (name) => name.trim() === '' });

function openPrivileges(list: (api: ReturnType<typeof apiFor>) => void) {
  storePreviousVisit(admin);
  const api = apiFor([admin]);
  list(api);
  return renderApp(api, '/app/manage-privilege');
}

describe('close buttons', () => {
  it('of a notice is named, and nothing on the screen is an unnamed button', async () => {
    openPrivileges((api) => api.on('GET', '/api/app/privilege', { status: 500, body: { message: 'Database unavailable' } }));
    await waitFor(() => expect(screen.getAllByText('Database unavailable')).toHaveLength(2), { timeout: 15_000 });
    expect(screen.getByRole('button', { name: 'Dismiss this notice' })).toBeTruthy();
    expect(unnamed(document.body)).toEqual([]);
  });

  it('of a form in a modal and of a record view in a drawer are named', async () => {
    const user = userEvent.setup();
    openPrivileges((api) => api.on('GET', '/api/app/privilege', { body: { data: PRIVILEGES, total: 1 } }));
    await screen.findByRole('table', { name: 'Manage Privilege' }, { timeout: 15_000 });
    await user.click(screen.getAllByRole('button', { name: 'New' })[0]!);
    const form = await screen.findByRole('dialog', { name: /^New / });
    expect(within(form).getByRole('button', { name: 'Close this window' })).toBeTruthy();
    expect(unnamed(form)).toEqual([]);
    await user.click(within(form).getByRole('button', { name: 'Close this window' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^New / })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'View View' }));
    const view = await screen.findByRole('dialog', { name: 'View' });
    expect(within(view).getByRole('button', { name: 'Close this panel' })).toBeTruthy();
    expect(unnamed(document.body)).toEqual([]);
  });

  it.each([
    ['en', 'Dismiss this message'],
    ['fr', 'Fermer ce message'],
  ] as const)('of an alert is named in the person’s language (%s)', async (locale, label) => {
    await loadDictionary(locale);
    render(
      <MantineProvider theme={productTheme(translator(locale))} env="test">
        <Alert title="Saved" withCloseButton onClose={() => undefined}>
          Done
        </Alert>
      </MantineProvider>,
    );
    expect(screen.getByRole('button', { name: label })).toBeTruthy();
  });
});
