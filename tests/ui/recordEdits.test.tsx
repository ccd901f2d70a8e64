/**
 * Edits and deletes of lifecycle records on screen (issue 28), on requisitions (a draft is its maker's; a requisition
 * under review or approved is nobody's): Edit and Delete offered on a row and on the record view only where the
 * machine allows them for the signed-in person; a form the machine refuses opens read-only with its sentence; a
 * save sends the version read, and one refused as stale says who changed the record and offers Reload, which reads
 * it again and keeps what the person typed; a delete says what happens and sends its version; the history names an
 * edit as such, with its note.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { moduleNamed } from '../../src/contract/modules';
import { GUARDED_ROUTES } from '../../src/contract/routes';
import { modulesForRoute } from '../../src/ui/routeModules';
import { ADMIN, ADMIN_PERMISSIONS } from './support/demo';
import { apiFor, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';
import { openModuleTable } from './support/moduleTabs';

afterEach(() => {
  resetHarness();
  notifications.clean();
});

const admin: Account = { login: ADMIN, password: 'x', permissions: ADMIN_PERMISSIONS, menu: [] };
const def = moduleNamed('purchase-order-requisition');
const PATH = def.path;
const ME = ADMIN.user._id;
const PART = { _id: 'part-1', partName: 'Bearing 6205', name: 'Bearing 6205' };

type Req = Record<string, unknown> & { _id: string; version: number };

function requisition(id: string, status: string, raisedBy: string, extra: Record<string, unknown> = {}): Req {
  return { _id: id, alternateId: `REQ-${id}`, title: `Bearings ${id}`, department: 'Maintenance', lines: [{ partId: PART._id, quantity: 4 }], status, raisedBy, version: 2, ...extra };
}

/** What the server answers by id: the record with the events the person may send (steps, then edit and delete). */
function read(record: Req, allowed: string[]): Req {
  return { ...record, allowedEvents: allowed, names: {} };
}

interface Server {
  rows: Req[];
  byId?: (id: string) => Req;
  history?: unknown[];
}

async function openList(server: Server) {
  const route = GUARDED_ROUTES.find((r) => r.code === def.feature);
  if (!route) throw new Error('No route shows requisitions');
  storePreviousVisit(admin);
  const api = apiFor([admin]);
  api.on('GET', PATH, () => ({ body: { data: server.rows, total: server.rows.length } }));
  for (const module of new Set(Object.values(def.references ?? {}))) api.on('GET', moduleNamed(module).path, { body: { data: [], total: 0 } });
  api.on('GET', moduleNamed('spare-part-inventory').path, { body: { data: [PART], total: 1 } });
  api.on('GET', `${PATH}/getById/:id`, (_request, { id }) => ({ body: server.byId ? server.byId(id!) : read(server.rows.find((r) => r._id === id)!, []) }));
  api.on('GET', `${PATH}/history/:id`, () => ({ body: { data: server.history ?? [], total: server.history?.length ?? 0 } }));
  renderApp(api, `/app/${route.path}`);
  const user = userEvent.setup();
  await openModuleTable(user, modulesForRoute(route.path, route.code).length > 1 ? def.label : undefined, 10_000);
  await screen.findAllByRole('button', { name: /^View / }, { timeout: 10_000 });
  return { api, user };
}

describe('Edit and Delete follow the machine', () => {
  it('offers them on a row only where the signed-in person may: their own draft, not another maker\'s, not one approved', async () => {
    await openList({ rows: [requisition('mine', 'Draft', ME), requisition('theirs', 'Draft', 'u-other'), requisition('done', 'Approved', ME)] });
    expect(screen.getByRole('button', { name: 'Edit Bearings mine' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Bearings mine' })).toBeTruthy();
    for (const name of ['Bearings theirs', 'Bearings done']) {
      expect(screen.queryByRole('button', { name: `Edit ${name}` }), name).toBeNull();
      expect(screen.queryByRole('button', { name: `Delete ${name}` }), name).toBeNull();
      expect(screen.getByRole('button', { name: `View ${name}` })).toBeTruthy();
    }
  });

  it("offers them on the record view as the server's answer for the record says", async () => {
    const rows = [requisition('mine', 'Draft', ME), requisition('done', 'Approved', ME)];
    const { user } = await openList({ rows, byId: (id) => (id === 'mine' ? read(rows[0]!, ['submit', 'edit', 'delete']) : read(rows[1]!, ['sendToPurchase'])) });
    await user.click(screen.getByRole('button', { name: 'View Bearings mine' }));
    let drawer = await screen.findByRole('dialog', { name: 'Bearings mine' });
    await waitFor(() => expect(within(drawer).getByRole('button', { name: 'Edit' })).toBeTruthy());
    expect(within(drawer).getByRole('button', { name: 'Delete' })).toBeTruthy();
    // Edit and Delete are not steps: the panel's step buttons do not repeat them.
    expect(within(within(drawer).getByRole('group', { name: 'Steps' })).queryByRole('button', { name: /edit|delete/i })).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Bearings mine' })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'View Bearings done' }));
    drawer = await screen.findByRole('dialog', { name: 'Bearings done' });
    await waitFor(() => expect(within(drawer).getByTestId('lifecycle-status').textContent).toBe('Approved'));
    expect(within(drawer).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('says what a delete does, and sends the version read', async () => {
    const { api, user } = await openList({ rows: [requisition('mine', 'Draft', ME)] });
    api.on('DELETE', `${PATH}/:id`, (_request, { id }) => ({ body: { message: 'deleted', _id: id, data: { _id: id } } }));
    await user.click(screen.getByRole('button', { name: 'Delete Bearings mine' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete record' });
    expect(within(dialog).getByText('Delete requisition REQ-mine? It is removed for good; its history keeps a line saying who deleted it.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.requestsTo('DELETE', `${PATH}/:id`)).toHaveLength(1));
    expect(api.requestsTo('DELETE', `${PATH}/:id`)[0]!.query.get('version')).toBe('2');
  });
});

describe('the edit form', () => {
  it('opens read-only with the reason when the save is refused by the machine, instead of an editable form', async () => {
    const { api, user } = await openList({ rows: [requisition('mine', 'Draft', ME)] });
    api.on('PUT', `${PATH}/:id`, () => ({
      status: 409,
      body: { message: 'A requisition under review cannot be changed: recall it first', code: 'TRANSITION_NOT_ALLOWED', allowedEvents: ['recall'] },
    }));
    await user.click(screen.getByRole('button', { name: 'Edit Bearings mine' }));
    const form = await screen.findByRole('dialog', { name: 'Edit requisition' });
    await user.type(within(form).getByLabelText(/^Title/), ' (urgent)');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const why = await within(form).findByTestId('form-read-only');
    expect(why.textContent).toContain('A requisition under review cannot be changed: recall it first');
    expect(within(form).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(form).getByRole('button', { name: 'Close' })).toBeTruthy();
    expect((within(form).getByLabelText(/^Title/) as HTMLInputElement).closest('fieldset')?.disabled).toBe(true);
    // What the person typed is still there to read.
    expect((within(form).getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Bearings mine (urgent)');
  });

  it('after a stale save, says who changed the record and when, and Reload keeps the typed input on the record read again', async () => {
    let current = requisition('mine', 'Draft', ME);
    const { api, user } = await openList({ rows: [current], byId: () => read(current, ['submit', 'edit', 'delete']) });
    const stale = 'Requisition REQ-mine was changed by Asha Patil at 2026-11-27T10:15:00.000Z since you opened it: reload it and try again (your changes are kept on screen)';
    api.on('PUT', `${PATH}/:id`, (request) => {
      const body = request.body as Record<string, unknown>;
      if (body.version !== current.version) return { status: 409, body: { message: stale, code: 'STALE_VERSION', keyValue: { version: current.version, changedBy: 'Asha Patil', changedAt: '2026-11-27T10:15:00.000Z' } } };
      current = { ...current, ...body, version: current.version + 1 } as Req;
      return { body: current };
    });
    await user.click(screen.getByRole('button', { name: 'Edit Bearings mine' }));
    const form = await screen.findByRole('dialog', { name: 'Edit requisition' });
    const title = () => within(form).getByLabelText(/^Title/) as HTMLInputElement;
    await user.clear(title());
    await user.type(title(), 'Bearings for the spindle (urgent)');
    // Meanwhile someone else saved the requisition: another department.
    current = { ...current, department: 'Stores', version: 3 };
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const notice = await within(form).findByTestId('stale-save');
    expect(notice.textContent).toContain(stale);
    expect(api.requestsTo('PUT', `${PATH}/:id`)[0]!.body).toMatchObject({ title: 'Bearings for the spindle (urgent)', version: 2 });
    expect(title().value).toBe('Bearings for the spindle (urgent)');

    await user.click(within(notice).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect((within(form).getByLabelText(/^Department/) as HTMLInputElement).value).toBe('Stores'));
    // The person's own change stays on top of the record as read again.
    expect(title().value).toBe('Bearings for the spindle (urgent)');
    expect(within(form).queryByTestId('stale-save')).toBeNull();
    expect(within(form).queryByTestId('form-read-only')).toBeNull();

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit requisition' })).toBeNull());
    const puts = api.requestsTo('PUT', `${PATH}/:id`);
    expect(puts).toHaveLength(2);
    expect(puts[1]!.body).toMatchObject({ title: 'Bearings for the spindle (urgent)', department: 'Stores', version: 3 });
  });

  it('after Reload, opens read-only with the reason when the record has moved on meanwhile', async () => {
    let current = requisition('mine', 'Draft', ME);
    const { api, user } = await openList({ rows: [current], byId: () => read(current, current.status === 'Draft' ? ['submit', 'edit', 'delete'] : ['recall']) });
    api.on('PUT', `${PATH}/:id`, () => ({ status: 409, body: { message: 'Requisition REQ-mine was changed by Asha Patil at 2026-11-27T10:15:00.000Z since you opened it', code: 'STALE_VERSION', keyValue: { version: 3 } } }));
    await user.click(screen.getByRole('button', { name: 'Edit Bearings mine' }));
    const form = await screen.findByRole('dialog', { name: 'Edit requisition' });
    await user.type(within(form).getByLabelText(/^Title/), ' (urgent)');
    current = { ...current, status: 'Submitted', version: 3 };
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await user.click(within(await within(form).findByTestId('stale-save')).getByRole('button', { name: 'Reload' }));
    const why = await within(form).findByTestId('form-read-only');
    expect(why.textContent).toContain('A requisition under review cannot be changed: recall it first');
    expect(within(form).queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe('the history', () => {
  it('shows an edit as "Edited" with what changed, not as a step', async () => {
    const rows = [requisition('mine', 'Draft', ME)];
    const history = [
      { event: 'edit', from: 'Draft', to: 'Draft', by: { _id: ME, name: 'Admin', kind: 'staff' }, at: '2026-11-27T10:15:00.000Z', note: 'Title: Bearings → Bearings (urgent); Lines changed' },
      { event: 'submit', from: 'Draft', to: 'Submitted', by: { _id: ME, name: 'Admin', kind: 'staff' }, at: '2026-11-27T11:00:00.000Z' },
    ];
    const { user } = await openList({ rows, history, byId: () => read(rows[0]!, ['submit', 'edit', 'delete']) });
    await user.click(screen.getByRole('button', { name: 'View Bearings mine' }));
    const timeline = await screen.findByTestId('lifecycle-history');
    expect(within(timeline).getByText('Edited')).toBeTruthy();
    expect(within(timeline).getByText('Title: Bearings → Bearings (urgent); Lines changed')).toBeTruthy();
    expect(within(timeline).queryByText(/^edit → /)).toBeNull();
    // A step still names where it led.
    expect(within(timeline).getByText(/ → Submitted$/)).toBeTruthy();
  });
});
