/**
 * Lifecycle steps on list rows and for several rows at once (issue 11, item 3), generated from the lifecycle index:
 * for every module and state, a row offers exactly the steps the index marks `inList` that the machine allows the
 * person (the same pure machine the server uses); clicking one reads the record through its workflow, asks for
 * the step's words where it needs them, sends it, and shows the new status. A step someone took first is
 * explained, not sent. A `bulk` step (send to purchase) is offered for every shown row that allows it, confirmed
 * with their names, and sent once through updateList.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { moduleNamed } from '../../src/contract/modules';
import { allowedEvents, LIFECYCLES, nextState, type Lifecycle, type LifecycleCaller } from '../../src/machines/lifecycles/index';
import { modulesForRoute } from '../../src/ui/routeModules';
import { GUARDED_ROUTES } from '../../src/contract/routes';
import { ADMIN, ADMIN_PERMISSIONS } from './support/demo';
import { apiFor, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';
import { openModuleTable } from './support/moduleTabs';

const admin: Account = { login: ADMIN, password: 'x', permissions: ADMIN_PERMISSIONS, menu: [] };
/** The demo administrator as the machines see them on the client (src/ui/data/lifecycleCaller.ts). */
const ADMIN_CALLER: LifecycleCaller = {
  kind: 'staff',
  id: ADMIN.user._id,
  name: 'Admin',
  permissions: Object.fromEntries(ADMIN_PERMISSIONS.map((e) => [e.screenCode, e.privileges.map((p) => p.code)])),
};

afterEach(() => {
  resetHarness();
  notifications.clean();
});

const rowSteps = (lifecycle: Lifecycle, state: string): string[] =>
  allowedEvents(lifecycle, { [lifecycle.statusField]: state }, ADMIN_CALLER).filter((event) => lifecycle.events[event]?.inList);

function row(lifecycle: Lifecycle, id: string, state: string, version = 2): Record<string, unknown> & { _id: string; version: number } {
  return { _id: id, alternateId: `DOC-${id}`, title: `Record ${id}`, [lifecycle.statusField]: state, version, allowedEvents: allowedEvents(lifecycle, { [lifecycle.statusField]: state }, ADMIN_CALLER) };
}

async function openList(lifecycle: Lifecycle, rows: Array<ReturnType<typeof row>>, options: { movedElsewhere?: string } = {}) {
  const def = moduleNamed(lifecycle.module);
  const route = GUARDED_ROUTES.find((r) => r.code === def.feature);
  if (!route) throw new Error(`No route shows ${lifecycle.module}`);
  storePreviousVisit(admin);
  const api = apiFor([admin]);
  const stored = new Map(rows.map((r) => [r._id, r]));
  api.on('GET', def.path, () => ({ body: { data: [...stored.values()], total: stored.size } }));
  for (const module of new Set(Object.values(def.references ?? {}))) api.on('GET', moduleNamed(module).path, { body: { data: [], total: 0 } });
  api.on('GET', `${def.path}/getById/:id`, (request) => {
    const id = request.path.split('/').pop() as string;
    const current = stored.get(id) as ReturnType<typeof row>;
    // Someone else took a step since the list was read: the server's record says where it is now.
    return { body: options.movedElsewhere ? row(lifecycle, id, options.movedElsewhere, current.version + 1) : current };
  });
  api.on('GET', `${def.path}/history/:id`, { body: { data: [], total: 0 } });
  api.on('PATCH', `${def.path}/transition/:id`, (request) => {
    const id = request.path.split('/').pop() as string;
    const { event } = request.body as { event: string };
    const current = stored.get(id) as ReturnType<typeof row>;
    const next = row(lifecycle, id, nextState(lifecycle, current, event, ADMIN_CALLER) as string, current.version + 1);
    stored.set(id, next);
    return { body: next };
  });
  api.on('PUT', `${def.path}/update/list`, (request) => {
    const { ids, status } = request.body as { ids: string[]; status: string };
    const moved = ids.map((id) => row(lifecycle, id, status, (stored.get(id)?.version ?? 0) + 1));
    for (const m of moved) stored.set(m._id, m);
    return { body: { data: moved, total: moved.length } };
  });
  const app = renderApp(api, `/app/${route.path}`);
  const user = userEvent.setup();
  await openModuleTable(user, modulesForRoute(route.path, route.code).length > 1 ? def.label : undefined);
  await screen.findAllByRole('button', { name: /^View / }, { timeout: 4_000 });
  return { app, api, user };
}

const cases = LIFECYCLES.filter((l) => Object.values(l.events).some((e) => e.inList)).flatMap((lifecycle) =>
  Object.keys(lifecycle.machine.config.states ?? {}).map((state) => [lifecycle.module, state, lifecycle] as const),
);

describe.each(cases)('a %s row in %s', (_module, state, lifecycle) => {
  const steps = rowSteps(lifecycle, state);
  const label = (event: string) => lifecycle.events[event]?.label ?? event;

  it(`offers exactly ${steps.length ? steps.join(', ') : 'no step'}`, async () => {
    await openList(lifecycle, [row(lifecycle, 'r1', state)]);
    for (const event of Object.keys(lifecycle.events).filter((e) => lifecycle.events[e]?.inList)) {
      const button = screen.queryByRole('button', { name: `${label(event)} Record r1` });
      expect(Boolean(button), `${event} in ${state}`).toBe(steps.includes(event));
    }
  });

  it.each(steps.map((event) => [event] as const))('takes %s from the row and shows where it led', async (event) => {
    const { api, user } = await openList(lifecycle, [row(lifecycle, 'r1', state)]);
    await user.click(screen.getByRole('button', { name: `${label(event)} Record r1` }));
    const spec = lifecycle.events[event];
    if (spec?.requires || spec?.confirm || spec?.keeps?.length) {
      const dialog = await screen.findByRole('dialog', { name: label(event) });
      for (const field of Object.keys(spec.requires ?? {})) {
        const input = within(dialog).getAllByRole('textbox').find((el) => el.closest('[data-field]')?.getAttribute('data-field') === field) ?? within(dialog).getAllByRole('textbox')[0]!;
        await user.type(input, 'Checked against the delivery note');
      }
      await user.click(within(dialog).getByRole('button', { name: label(event) }));
    }
    await waitFor(() => expect(api.requestsTo('PATCH', `${moduleNamed(lifecycle.module).path}/transition/:id`)).toHaveLength(1));
    expect(api.requestsTo('PATCH', `${moduleNamed(lifecycle.module).path}/transition/:id`)[0]?.body).toMatchObject({ event, version: 2 });
    const to = nextState(lifecycle, { [lifecycle.statusField]: state }, event, ADMIN_CALLER);
    expect(await screen.findByText(`${lifecycle.noun} DOC-r1 is ${String(to)}`)).toBeTruthy();
  });

  if (steps.length > 0) {
    it('explains a step someone took first, and sends nothing', async () => {
      const elsewhere = Object.keys(lifecycle.machine.config.states ?? {}).find((s) => rowSteps(lifecycle, s).length === 0 && s !== state) as string;
      const { api, user } = await openList(lifecycle, [row(lifecycle, 'r1', state)], { movedElsewhere: elsewhere });
      await user.click(screen.getByRole('button', { name: `${label(steps[0]!)} Record r1` }));
      expect(await screen.findByText(new RegExp(`^${lifecycle.noun} Record r1 is ${elsewhere.replace(/[()]/g, '\\$&')}: `))).toBeTruthy();
      expect(api.requestsTo('PATCH', `${moduleNamed(lifecycle.module).path}/transition/:id`)).toHaveLength(0);
    });
  }
});

describe('several requisitions at once', () => {
  const lifecycle = LIFECYCLES.find((l) => l.module === 'purchase-order-requisition') as Lifecycle;

  it('sends every approved one shown to purchase through update/list, after naming them', async () => {
    const { api, user } = await openList(lifecycle, [row(lifecycle, 'a1', 'Approved'), row(lifecycle, 'a2', 'Approved'), row(lifecycle, 's1', 'Submitted')]);
    await user.click(await screen.findByRole('button', { name: 'Send to purchase (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send to purchase: 2' });
    expect(within(dialog).getByText('These will become Sent To Purchase:')).toBeTruthy();
    expect(within(dialog).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Record a1', 'Record a2']);
    await user.click(within(dialog).getByRole('button', { name: 'Send to purchase' }));
    await waitFor(() => expect(api.requestsTo('PUT', '/api/app/purchase-order-requisition/update/list')).toHaveLength(1));
    expect(api.requestsTo('PUT', '/api/app/purchase-order-requisition/update/list')[0]?.body).toEqual({ ids: ['a1', 'a2'], status: 'Sent To Purchase' });
    expect(await screen.findByText('Send to purchase: 2 done')).toBeTruthy();
  });

  it('is not offered when no shown requisition is approved', async () => {
    await openList(lifecycle, [row(lifecycle, 's1', 'Submitted')]);
    expect(screen.queryByRole('button', { name: /^Send to purchase \(/ })).toBeNull();
  });
});
