/**
 * A record's view reloaded after the record has left the person's reach (deleted, or moved on to a step that is not
 * theirs): the page says so, with a way back, instead of nothing (a list opened by `?view=` that no longer holds the
 * record) or a bare "could not be read: No … record with id …" with a "Try again" that can only fail again (found
 * walking).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_PERMISSIONS } from './support/demo';
import { apiFor, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';

afterEach(() => {
  resetHarness();
  notifications.clean();
});

const admin: Account = { login: ADMIN, password: 'x', permissions: ADMIN_PERMISSIONS, menu: [] };
const FIRST = { timeout: 15_000 };
const GONE = "No request-spare record with id rs-9";
const goneReply = { status: 404, body: { message: GONE, words: { key: 'refusal.noRecord', values: { module: 'request-spare', id: 'rs-9' } } } };

describe('a record view whose record has left the person’s reach', () => {
  it('opened by its link (a reload) says the record is no longer open, and leads back to the list', async () => {
    const user = userEvent.setup();
    storePreviousVisit(admin);
    const api = apiFor([admin]).on('GET', '/api/app/privilege', { body: { data: [{ _id: 'p1', name: 'View', code: 'VIEW' }], total: 1 } });
    const app = renderApp(api, '/app/manage-privilege?view=p9');
    const alert = await screen.findByRole('alert', {}, FIRST);
    expect(within(alert).getByText('This record is no longer open to you')).toBeTruthy();
    expect(within(alert).getByText('It was deleted, or it has moved on to a step that is not yours to see. The list shows what is open to you now.')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Manage Privilege' })).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Back to the list' }));
    await waitFor(() => expect(app.path()).toBe('/app/manage-privilege'));
    expect(screen.queryByText('This record is no longer open to you')).toBeNull();
  });

  it('says nothing of the kind while the list holds the record: its view opens', async () => {
    storePreviousVisit(admin);
    const api = apiFor([admin]).on('GET', '/api/app/privilege', { body: { data: [{ _id: 'p1', name: 'View', code: 'VIEW' }], total: 1 } });
    renderApp(api, '/app/manage-privilege?view=p1');
    expect(await screen.findByRole('dialog', { name: 'View' }, FIRST)).toBeTruthy();
    expect(screen.queryByText('This record is no longer open to you')).toBeNull();
  });

  it('open in a drawer whose record the server no longer gives says so, without a "Try again" that cannot help', async () => {
    const user = userEvent.setup();
    storePreviousVisit(admin);
    const row = { _id: 'rs-9', alternateId: 'RSP-2026-000009', status: 'Requested', items: [], version: 1 };
    const api = apiFor([admin])
      .on('GET', '/api/app/request-spare', { body: { data: [row], total: 1 } })
      .on('GET', '/api/app/request-spare/getById/:id', goneReply)
      .on('GET', '/api/app/request-spare/history/:id', goneReply);
    renderApp(api, '/app/request-spareparts');
    await user.click(await screen.findByRole('button', { name: 'View RSP-2026-000009' }, FIRST));
    const view = await screen.findByRole('dialog', { name: 'RSP-2026-000009' });
    expect(await within(view).findByText('This record is no longer open to you')).toBeTruthy();
    expect(within(view).getByText('It was deleted, or it has moved on to a step that is not yours to see. Close this view to go back to the list.')).toBeTruthy();
    expect(within(view).queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(within(view).queryByText(new RegExp(GONE))).toBeNull();
  });
});
