/**
 * A record's lifecycle on its detail view (issue 11), generated from every machine of the lifecycle index: in
 * every state, the status badge and exactly the buttons of the steps the server allows (by the index's words);
 * every event clicked once, from the first state offering it (its dialog filled where it needs words or a
 * person, confirmed where it asks), sent with the record's version, and the reply's state shown; the history shown
 * with who did what. The tests are split by the catalogue's areas into tests/ui/lifecyclePanel.<file>.test.tsx, so
 * that the two workers of `npm test` share them.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { moduleNamed, moduleViews } from '../../../src/contract/modules';
import { allowedEvents, LIFECYCLES, nextState, type Lifecycle } from '../../../src/machines/lifecycles/index';
import { modulesForRoute } from '../../../src/ui/routeModules';
import { GUARDED_ROUTES } from '../../../src/contract/routes';
import { EVERY_PRIVILEGE } from '../../machines/support/lifecyclePaths';
import { ADMIN, ADMIN_PERMISSIONS } from './demo';
import { apiFor, renderApp, resetHarness, storePreviousVisit, type Account } from './renderApp';
import { openModuleTable } from './moduleTabs';
import { areaOf, type Area } from './areas';

const admin: Account = { login: ADMIN, password: 'x', permissions: ADMIN_PERMISSIONS, menu: [] };

const ENGINEER_ROW = { _id: 'u-eng', name: 'Ravi Patil', email: 'engineer@demo.local', userType: 'Subscriber-User' };
/** A client company's user: a person of the tenant, never offered as the one to do the work. */
const CLIENT_ROW = { _id: 'u-client', name: 'Meera Shah', email: 'client@demo.local', userType: 'Client-User' };

/** The fields a route's view filters on (Breakdown Maintenance shows tickets of that type): the record has them. */
function viewFields(module: string): Record<string, string> {
  const view = moduleViews.find((v) => v.module === module && v.code === moduleNamed(module).feature);
  return Object.fromEntries(Object.entries(view?.filter ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && !entry[1].startsWith('$')));
}

function recordIn(lifecycle: Lifecycle, state: string, version = 3): Record<string, unknown> & { version: number } {
  return { _id: 'r1', alternateId: 'DOC-2026-000001', ...viewFields(lifecycle.module), [lifecycle.statusField]: state, version, allowedEvents: allowedEvents(lifecycle, { [lifecycle.statusField]: state }, EVERY_PRIVILEGE) };
}

export async function openRecord(lifecycle: Lifecycle, state: string, options: { refuse?: boolean } = {}) {
  const def = moduleNamed(lifecycle.module);
  const route = GUARDED_ROUTES.find((r) => r.code === def.feature);
  if (!route) throw new Error(`No route shows ${lifecycle.module}`);
  storePreviousVisit(admin);
  const api = apiFor([admin]);
  let current = recordIn(lifecycle, state);
  const history = [{ event: 'submit', from: 'Draft', to: state, by: { _id: 'u9', name: 'Kiran Desai', kind: 'staff' }, at: '2026-11-20T06:30:00.000Z', note: 'Raised for the spindle job' }];
  api.on('GET', def.path, () => ({ body: { data: [current], total: 1 } }));
  // The modules the record refers to (a ticket's engineer, client, machine): one engineer to pick, nothing else.
  for (const module of new Set(Object.values(def.references ?? {}))) {
    api.on('GET', moduleNamed(module).path, { body: module === 'subscriber-user' ? { data: [ENGINEER_ROW, CLIENT_ROW], total: 2 } : { data: [], total: 0 } });
  }
  // A person picker asks the module who may do the work (issue 39): the engineer, never a client's user.
  if (def.people) api.on('GET', `${def.path}/people/:field`, { body: { data: [{ _id: ENGINEER_ROW._id, name: ENGINEER_ROW.name, openTickets: 1, visitsToday: 0 }], total: 1 } });
  api.on('GET', `${def.path}/getById/:id`, () => ({ body: current }));
  api.on('GET', `${def.path}/history/:id`, () => ({ body: { data: history, total: history.length } }));
  api.on('PATCH', `${def.path}/transition/:id`, (request) => {
    const { event } = request.body as { event: string };
    if (options.refuse) return { status: 409, body: { message: `${lifecycle.noun} DOC-2026-000001 is ${state}: you may not change it now`, code: 'TRANSITION_NOT_ALLOWED', allowedEvents: [] } };
    const to = nextState(lifecycle, { [lifecycle.statusField]: current[lifecycle.statusField] }, event, EVERY_PRIVILEGE) as string;
    current = recordIn(lifecycle, to, current.version + 1);
    return { body: current };
  });
  const app = renderApp(api, `/app/${route.path}`);
  // No pause between a person's key presses and clicks (each a timer turn otherwise): the same events, sooner.
  const user = userEvent.setup({ delay: null });
  // A route showing several modules (the sales pipeline) has a tab per module.
  await openModuleTable(user, modulesForRoute(route.path, route.code).length > 1 ? def.label : undefined);
  await user.click((await screen.findAllByRole('button', { name: /^View / }))[0]!);
  const panel = await screen.findByTestId('lifecycle-panel');
  await waitFor(() => expect(within(panel).getByTestId('lifecycle-status').textContent).toBe(state));
  return { app, user, panel };
}

/**
 * The file that takes each area's lifecycles (the areas of the catalogue, tests/ui/support/areas.ts): every area is
 * named, so a lifecycle of any module is in exactly one file.
 */
export type LifecycleFile = 'sales' | 'billing' | 'parts' | 'service';
const FILE_OF_AREA: Readonly<Record<Area, LifecycleFile>> = {
  sales: 'sales',
  admin: 'sales',
  billing: 'billing',
  parts: 'parts',
  service: 'service',
  assets: 'service',
  machines: 'service',
  sensors: 'service',
};

/** Every state of every lifecycle a file takes, with the lifecycle. */
function casesOf(file: LifecycleFile) {
  return LIFECYCLES.filter((lifecycle) => FILE_OF_AREA[areaOf(lifecycle.module)] === file).flatMap((lifecycle) =>
    Object.keys(lifecycle.machine.config.states ?? {}).map((state) => [lifecycle.module, state, lifecycle] as const),
  );
}

/**
 * Where each step is taken on screen: every event of every machine once, from the first state that offers it
 * (the buttons of every state are checked above, and every transition through HTTP in tests/api/lifecycles).
 * A machine two modules share (service and generic tickets) is stepped through on the first module's screen.
 */
function stepsTakenIn(lifecycle: Lifecycle, state: string): string[] {
  if (LIFECYCLES.find((l) => l.machine === lifecycle.machine) !== lifecycle) return [];
  const states = Object.keys(lifecycle.machine.config.states ?? {});
  return offered(lifecycle, state).filter((event) => states.find((s) => offered(lifecycle, s).includes(event)) === state);
}

/** The buttons a person with every privilege sees: the allowed steps, but not one taken only through its own call. */
function offered(lifecycle: Lifecycle, state: string): string[] {
  return allowedEvents(lifecycle, { [lifecycle.statusField]: state }, EVERY_PRIVILEGE).filter((event) => !lifecycle.events[event]?.onlyByCall);
}

/**
 * The tests of the lifecycles a file takes: in every state, the status, exactly the allowed steps and the history;
 * every step taken once on screen (see stepsTakenIn).
 */
export function describeLifecyclePanels(file: LifecycleFile): void {
  // Each step shows a notice; Mantine keeps at most five on screen and queues the rest, so clear them between tests.
  // (Registered here, by each file: a support module is evaluated once for all the files a worker runs.)
  afterEach(() => {
    resetHarness();
    notifications.clean();
  });

  describe.each(casesOf(file))('%s in %s', (_module, state, lifecycle) => {
    const allowed = offered(lifecycle, state);

    it('shows its status, exactly the allowed steps, and the history', async () => {
      const { panel } = await openRecord(lifecycle, state);
      const steps = within(panel).getByRole('group', { name: 'Steps' });
      const labels = within(steps).queryAllByRole('button').map((b) => b.textContent);
      expect(labels).toEqual(allowed.map((event) => lifecycle.events[event]!.label));
      // With no button, the panel names the steps the record's own form takes (a delivery), or says none is open.
      const byForm = allowedEvents(lifecycle, { [lifecycle.statusField]: state }, EVERY_PRIVILEGE).filter((event) => lifecycle.events[event]?.onlyByCall);
      const expected = byForm.length > 0 ? `${byForm.map((event) => lifecycle.events[event]!.label).join(' / ')}: with the form below.` : 'No step is open to you now.';
      if (allowed.length === 0) expect(within(steps).getByText(expected)).toBeTruthy();
      const history = await within(panel).findByTestId('lifecycle-history');
      expect(history.textContent).toContain(`${lifecycle.events.submit?.label ?? 'submit'} → ${state}`);
      expect(history.textContent).toContain('Kiran Desai');
      expect(history.textContent).toContain('Raised for the spindle job');
    });

    it.each(stepsTakenIn(lifecycle, state).map((event) => [event] as const))('takes the step %s and shows where it led', async (event) => {
      const { app, user, panel } = await openRecord(lifecycle, state);
      const spec = lifecycle.events[event]!;
      await user.click(within(panel).getByRole('button', { name: spec.label }));
      const data: Record<string, string> = {};
      if (spec.requires || spec.confirm || spec.keeps?.length) {
        const dialog = await screen.findByRole('dialog', { name: spec.label });
        const submit = within(dialog).getAllByRole('button', { name: spec.label }).at(-1)!;
        const required = Object.entries(spec.requires ?? {});
        if (required.length > 0) {
          await user.click(submit);
          for (const [, message] of required) expect(await within(dialog).findByText(message)).toBeTruthy();
          expect(app.api.requestsTo('PATCH', `${moduleNamed(lifecycle.module).path}/transition/r1`)).toHaveLength(0);
          const references = moduleNamed(lifecycle.module).references ?? {};
          for (const [field] of required) {
            const [input] = within(dialog).getAllByLabelText(new RegExp(field.replace(/([A-Z])/g, ' $1').trim(), 'i'));
            if (references[field] === 'subscriber-user') {
              // A person is picked from the list, not typed as an id.
              await user.click(input!);
              await screen.findByRole('option', { name: /^Ravi Patil/ });
              expect(screen.queryByRole('option', { name: /^Meera Shah/ })).toBeNull();
              await user.click(screen.getByRole('option', { name: /^Ravi Patil/ }));
              data[field] = ENGINEER_ROW._id;
            } else {
              data[field] = `Reason for ${event}`;
              await user.type(input!, data[field]!);
            }
          }
        }
        await user.click(submit);
      }
      const to = nextState(lifecycle, { [lifecycle.statusField]: state }, event, EVERY_PRIVILEGE);
      await waitFor(() => expect(within(panel).getByTestId('lifecycle-status').textContent).toBe(to));
      const sent = app.api.requestsTo('PATCH', `${moduleNamed(lifecycle.module).path}/transition/r1`);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.body).toEqual({ event, version: 3, ...data });
    });
  });
}
