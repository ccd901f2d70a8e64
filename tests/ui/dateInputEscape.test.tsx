/**
 * Escape in a form's date picker closes the picker, not the form around it (found walking: the New plan form closed,
 * and what was typed in it was lost). A second Escape, the picker closed, closes the form as before.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_PERMISSIONS } from './support/demo';
import { apiFor, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';

const admin: Account = { login: ADMIN, password: 'x', permissions: ADMIN_PERMISSIONS, menu: [] };
afterEach(() => resetHarness());

describe('Escape in a date picker', () => {
  it('closes the calendar only; the form keeps what was typed, and the next Escape closes the form', async () => {
    storePreviousVisit(admin);
    const api = apiFor([admin]);
    api.on('GET', '/api/app/preventive-maintenance', { body: { data: [], total: 0 } });
    renderApp(api, '/app/preventive-maintenance');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New' }, { timeout: 15_000 }));
    const form = await screen.findByRole('form');
    await user.type(within(form).getByLabelText(/^Title/), 'Press lubrication');

    await user.click(within(form).getAllByLabelText(/^Start Date/).find((e) => e.tagName === 'INPUT')!);
    expect(await screen.findByRole('table')).toBeTruthy(); // the calendar's month
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('table')).toBeNull());
    expect(screen.getByRole('form')).toBe(form);
    expect((within(form).getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Press lubrication');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
  });
});
