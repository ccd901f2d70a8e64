/**
 * The generic module screen (manage-privilege and manage-user here) against a fake API: loading, empty,
 * error and rows; search, sort, filter; windowed rows for 50 000 records; the generated form with the
 * schema's messages; create, edit; delete behind a confirmation; failures with the server's message.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, ADMIN_PERMISSIONS, permissions } from './support/demo';
import { apiFor, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';

afterEach(resetHarness);

const admin: Account = { login: ADMIN, password: 'x', permissions: ADMIN_PERMISSIONS, menu: [] };
const PRIVILEGES = [
  { _id: 'p1', name: 'View', code: 'VIEW', description: 'Open a screen' },
  { _id: 'p2', name: 'Create', code: 'CREATE', description: 'Add records' },
  { _id: 'p3', name: 'Delete', code: 'DELETE', description: 'Remove records' },
];

function openPrivileges(account: Account, list: (api: ReturnType<typeof apiFor>) => void) {
  storePreviousVisit(account);
  const api = apiFor([account]);
  list(api);
  const app = renderApp(api, '/app/manage-privilege');
  return app;
}

function table() {
  return screen.getByRole('table', { name: 'Manage Privilege' });
}

function bodyRows(): string[][] {
  return within(table())
    .getAllByRole('row')
    .filter((r) => r.getAttribute('aria-rowindex') && r.getAttribute('aria-rowindex') !== '1')
    .map((r) => within(r).queryAllByRole('cell').map((c) => c.textContent ?? ''));
}

describe('module list screen', () => {
  it('shows progress while the list loads, then the rows with the total', async () => {
    const app = openPrivileges(admin, (api) => api.on('GET', '/api/app/privilege', { body: { data: PRIVILEGES, total: 3 } }));
    const held = app.api.hold('GET', '/api/app/privilege');
    expect(await screen.findByText('Loading records…')).toBeTruthy();
    held.release();
    await screen.findByRole('table', { name: 'Manage Privilege' });
    expect(bodyRows().map((r) => r.slice(0, 3))).toEqual([
      ['View', 'VIEW', 'Open a screen'],
      ['Create', 'CREATE', 'Add records'],
      ['Delete', 'DELETE', 'Remove records'],
    ]);
    expect(screen.getByTestId('list-total').textContent).toBe('3 of 3 records');
    const [request] = app.api.requestsTo('GET', '/api/app/privilege');
    expect(request.query.get('limit')).toBe(String(Number.MAX_SAFE_INTEGER));
  });

  it('shows an empty state with a way to add the first record', async () => {
    openPrivileges(admin, (api) => api.on('GET', '/api/app/privilege', { body: { data: [], total: 0 } }));
    expect(await screen.findByText('No records yet')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'New' }).length).toBeGreaterThan(0);
  });

  it("shows the server's message when the list fails, notified once, with a retry", async () => {
    const user = userEvent.setup();
    const app = openPrivileges(admin, (api) => api.on('GET', '/api/app/privilege', { status: 500, body: { message: 'Database unavailable' } }));
    expect(await screen.findByText('Could not load the records')).toBeTruthy();
    // Once in the error state, once in the notification of the module's actor.
    // The notice appears once the notifications container has loaded (it loads with the first notice).
    await waitFor(() => expect(screen.getAllByText('Database unavailable')).toHaveLength(2));
    app.api.on('GET', '/api/app/privilege', { body: { data: PRIVILEGES, total: 3 } });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Manage Privilege' })).toBeTruthy();
  });

  it('falls back to the module default message when the server sends none', async () => {
    openPrivileges(admin, (api) => api.on('GET', '/api/app/privilege', { status: 500, body: {} }));
    expect((await screen.findAllByText('Failed to get list of Privilege')).length).toBeGreaterThan(0);
  });

  it('searches every column, sorts by a column click, and clears', async () => {
    const user = userEvent.setup();
    openPrivileges(admin, (api) => api.on('GET', '/api/app/privilege', { body: { data: PRIVILEGES, total: 3 } }));
    await screen.findByRole('table', { name: 'Manage Privilege' });
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'records');
    expect(bodyRows().map((r) => r[0])).toEqual(['Create', 'Delete']);
    expect(screen.getByTestId('list-total').textContent).toBe('2 of 3 records');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(bodyRows().map((r) => r[0])).toEqual(['Create', 'Delete', 'View']);
    await user.click(screen.getByRole('button', { name: 'Name: Sorted ascending' }));
    expect(bodyRows().map((r) => r[0])).toEqual(['View', 'Delete', 'Create']);
  });

  it('renders only a window of 50 000 rows and moves it on scroll', async () => {
    const many = Array.from({ length: 50_000 }, (_, i) => ({ _id: `p${i}`, name: `Privilege ${String(i).padStart(5, '0')}`, code: `CODE_${i}` }));
    openPrivileges(admin, (api) => api.on('GET', '/api/app/privilege', { body: { data: many, total: many.length } }));
    await screen.findByRole('table', { name: 'Manage Privilege' }, { timeout: 10_000 });
    expect(screen.getByTestId('list-total').textContent).toBe('50000 of 50000 records');
    expect(bodyRows().length).toBeLessThan(60);
    expect(bodyRows()[0][0]).toBe('Privilege 00000');
    const scroller = screen.getByTestId('virtual-table-scroller');
    scroller.scrollTop = 44 * 30_000;
    fireEvent.scroll(scroller);
    await waitFor(() => expect(bodyRows().some((r) => r[0] === 'Privilege 30000')).toBe(true));
    expect(bodyRows().length).toBeLessThan(60);
  });

  it('exports the shown rows as CSV', async () => {
    const user = userEvent.setup();
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:csv';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    openPrivileges(admin, (api) => api.on('GET', '/api/app/privilege', { body: { data: PRIVILEGES, total: 3 } }));
    await screen.findByRole('table', { name: 'Manage Privilege' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(clicked).toHaveBeenCalled();
    // jsdom's Blob has no text(); FileReader reads it.
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(created[0]);
    });
    expect(text.replace(/^\ufeff/, '')).toBe('Name,Code,Description\r\nView,VIEW,Open a screen\r\nCreate,CREATE,Add records\r\nDelete,DELETE,Remove records\r\n');
  });

  it('deletes only after confirmation and removes the row', async () => {
    const user = userEvent.setup();
    const app = openPrivileges(admin, (api) =>
      api.on('GET', '/api/app/privilege', { body: { data: PRIVILEGES, total: 3 } }).on('DELETE', '/api/app/privilege/:id', { body: { message: 'deleted' } }),
    );
    await screen.findByRole('table', { name: 'Manage Privilege' });
    await user.click(screen.getByRole('button', { name: 'Delete Create' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete record' });
    expect(within(dialog).getByText('Delete Create? This cannot be undone.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(app.api.requestsTo('DELETE', '/api/app/privilege/:id')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Create' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete record' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete record' })).toBeNull());
    expect(app.api.requestsTo('DELETE', '/api/app/privilege/:id')[0].path).toBe('/api/app/privilege/p2');
    expect(bodyRows().map((r) => r[0])).toEqual(['View', 'Delete']);
    expect(screen.getByTestId('list-total').textContent).toBe('2 of 2 records');
    // The outcome is said once, naming the record.
    expect(await screen.findByText('Create deleted')).toBeTruthy();
  });

  it("keeps the confirmation open with the server's message when the delete fails", async () => {
    const user = userEvent.setup();
    openPrivileges(admin, (api) =>
      api.on('GET', '/api/app/privilege', { body: { data: PRIVILEGES, total: 3 } }).on('DELETE', '/api/app/privilege/:id', { status: 400, body: { message: 'Privilege is in use by a role' } }),
    );
    await screen.findByRole('table', { name: 'Manage Privilege' });
    await user.click(screen.getByRole('button', { name: 'Delete View' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete record' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Privilege is in use by a role')).toBeTruthy();
    expect(bodyRows().map((r) => r[0])).toEqual(['View', 'Create', 'Delete']);
  });

  it('validates the generated form with the schema messages, then creates and shows the record', async () => {
    const user = userEvent.setup();
    const app = openPrivileges(admin, (api) =>
      api
        .on('GET', '/api/app/privilege', { body: { data: PRIVILEGES, total: 3 } })
        .on('POST', '/api/app/privilege', ({ body }) => ({ status: 201, body: { _id: 'p9', ...(body as object) } })),
    );
    await screen.findByRole('table', { name: 'Manage Privilege' });
    await user.click(screen.getByRole('button', { name: 'New' }));
    const dialog = await screen.findByRole('dialog', { name: 'New privilege' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The schema's message ("Privilege name is required"), naming the field as the form labels it.
    expect(within(dialog).getByText('Name is required')).toBeTruthy();
    expect(within(dialog).getByText('Code is required')).toBeTruthy();
    expect(app.api.requestsTo('POST', '/api/app/privilege')).toHaveLength(0);
    // The first refused field is where the person lands.
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText(/^Name/)));

    await user.type(within(dialog).getByLabelText(/^Name/), 'Approve');
    await user.type(within(dialog).getByLabelText(/^Code/), 'APPROVE');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New privilege' })).toBeNull());
    expect(app.api.requestsTo('POST', '/api/app/privilege')[0].body).toEqual({ name: 'Approve', code: 'APPROVE' });
    // Created records go first (document 1 §4).
    expect(bodyRows()[0][0]).toBe('Approve');
    expect(screen.getByTestId('list-total').textContent).toBe('4 of 4 records');
    expect(await screen.findByText('Approve created')).toBeTruthy();
  });

  it('edits a record from its detail drawer, sending the id in the path and the body without _id', async () => {
    const user = userEvent.setup();
    const app = openPrivileges(admin, (api) =>
      api
        .on('GET', '/api/app/privilege', { body: { data: PRIVILEGES, total: 3 } })
        .on('GET', '/api/app/privilege/getById/:id', (_r, { id }) => ({ body: PRIVILEGES.find((p) => p._id === id) }))
        .on('PUT', '/api/app/privilege/:id', ({ body }, { id }) => ({ body: { ...PRIVILEGES.find((p) => p._id === id), ...(body as object) } })),
    );
    await screen.findByRole('table', { name: 'Manage Privilege' });
    await user.click(screen.getByRole('button', { name: 'View View' }));
    const drawer = await screen.findByRole('dialog', { name: 'View' });
    expect(within(drawer).getByText('Open a screen')).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('dialog', { name: 'Edit privilege' });
    const description = within(form).getByLabelText(/^Description/);
    await user.clear(description);
    await user.type(description, 'Open any screen');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit privilege' })).toBeNull());
    const [put] = app.api.requestsTo('PUT', '/api/app/privilege/:id');
    expect(put.path).toBe('/api/app/privilege/p1');
    expect(put.body).toEqual({ name: 'View', code: 'VIEW', description: 'Open any screen' });
    expect(bodyRows()[0]).toContain('Open any screen');
  });

  it('offers no create, edit or delete to a person who may only view', async () => {
    const viewer: Account = { login: ADMIN, password: 'x', permissions: permissions(['MANAGE_PRIVILEGES', 'VIEW']), menu: [] };
    openPrivileges(viewer, (api) => api.on('GET', '/api/app/privilege', { body: { data: PRIVILEGES, total: 3 } }));
    await screen.findByRole('table', { name: 'Manage Privilege' });
    expect(screen.queryByRole('button', { name: 'New' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit View' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete View' })).toBeNull();
    expect(screen.getByRole('button', { name: 'View View' })).toBeTruthy();
  });
});
