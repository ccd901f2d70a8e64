/**
 * A step dialog asks exactly its step's fields (issue 39, Tests), generated from the lifecycle index: every event of
 * every lifecycle that asks for words, a person, a reason or a confirmation, opened from the first state that offers
 * it, shows what the step requires, then what it keeps, and the note box only when none of those is typed words.
 * One app is rendered and walked from record to record, so each screen's code loads once. New forms:
 * ./newFormFields.test.tsx.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { moduleNamed, moduleViews, type ModuleDef } from '../../src/contract/modules';
import { GUARDED_ROUTES } from '../../src/contract/routes';
import { allowedEvents, LIFECYCLES, type Lifecycle } from '../../src/machines/lifecycles/index';
import { modulesForRoute } from '../../src/ui/routeModules';
import { describeFields, type FieldSpec } from '../../src/ui/screens/module/fieldModel';
import { stepName } from '../../src/ui/screens/module/stepName';
import { translator } from '../../src/i18n';
import { EVERY_PRIVILEGE } from '../machines/support/lifecyclePaths';
import { referenceRecord } from '../support/formFill';
import { ADMIN, ADMIN_PERMISSIONS } from './support/demo';
import { renderApp, resetHarness, type Account } from './support/renderApp';
import { openModuleTable } from './support/moduleTabs';
import { shownLabels, standInApi } from './support/standIns';

const admin: Account = { login: ADMIN, password: 'x', permissions: ADMIN_PERMISSIONS, menu: [] };
afterEach(() => {
  resetHarness();
  notifications.clean();
});

/** The fields a route's view filters on (Breakdown Maintenance shows tickets of that type): the record has them. */
function viewFields(module: string): Record<string, string> {
  const view = moduleViews.find((v) => v.module === module && v.code === moduleNamed(module).feature);
  return Object.fromEntries(Object.entries(view?.filter ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && !entry[1].startsWith('$')));
}

/** A record of the lifecycle's module in `state`, with the steps someone with every privilege may take there. */
function recordIn(lifecycle: Lifecycle, state: string): Record<string, unknown> {
  const record = { ...referenceRecord(lifecycle.module), alternateId: 'DOC-2026-000001', ...viewFields(lifecycle.module), [lifecycle.statusField]: state, version: 2 };
  return { ...record, allowedEvents: allowedEvents(lifecycle, record, EVERY_PRIVILEGE) };
}

/** The first state offering `event` to someone with every privilege (the index's own rules), if any. */
function stateOffering(lifecycle: Lifecycle, event: string): string | undefined {
  return Object.keys(lifecycle.machine.config.states ?? {}).find((state) => allowedEvents(lifecycle, { [lifecycle.statusField]: state }, EVERY_PRIVILEGE).includes(event));
}

/** Steps that open a dialog (words, a person, a reason or a confirmation asked), with the state that offers each. */
function dialogSteps(lifecycle: Lifecycle): Array<{ event: string; state: string }> {
  return Object.entries(lifecycle.events)
    .filter(([, spec]) => !spec.onlyByCall && !spec.signatures?.length && (spec.requires || spec.confirm || spec.keeps?.length) && spec.sender !== 'customer')
    .flatMap(([event]) => {
      const state = stateOffering(lifecycle, event);
      return state ? [{ event, state }] : [];
    });
}

/**
 * The labels a step's dialog must show, read from the index: each field it requires, then each it keeps, by the
 * field's label; the note box only when none of them is typed words (a person or a reason picked from a list is not).
 */
function expectedDialogLabels(lifecycle: Lifecycle, event: string, fields: readonly FieldSpec[], def: ModuleDef): string[] {
  const spec = lifecycle.events[event]!;
  const asked = [...Object.keys(spec.requires ?? {}), ...(spec.keeps ?? []).filter((f) => !(f in (spec.requires ?? {})))];
  const labelOf = (name: string) => fields.find((f) => f.name === name)?.label;
  const typed = asked.filter((name) => !def.references?.[name] && !spec.choices?.[name]);
  return [...asked.map((name) => labelOf(name) ?? name), ...(typed.length === 0 ? ['Note (optional)'] : [])];
}

/** Where the administrator opens a module's records: the route of its own feature, and the tab that shows it. */
function screenOf(def: ModuleDef): { path: string; tab?: string } | undefined {
  for (const route of GUARDED_ROUTES.filter((r) => r.code === def.feature)) {
    const modules = modulesForRoute(route.path, route.code);
    const shown = modules.find((m) => m.def.name === def.name && !m.filter) ?? modules.find((m) => m.def.name === def.name);
    if (shown) return { path: route.path, ...(modules.length > 1 ? { tab: shown.label } : route.path === 'resource-view' ? { tab: 'List' } : {}) };
  }
  return undefined;
}

const en = translator('en');
const lifecycles = LIFECYCLES.filter((l) => dialogSteps(l).length > 0 && screenOf(moduleNamed(l.module)));

describe('a step dialog', () => {
  it('is checked for every lifecycle that has one', () => {
    expect(lifecycles.length).toBeGreaterThanOrEqual(10);
    // Approvals, rejections, cancellations, holds, assignments: dozens of steps ask something.
    expect(lifecycles.reduce((n, l) => n + dialogSteps(l).length, 0)).toBeGreaterThanOrEqual(20);
  });

  it('of every step shows exactly the fields the lifecycle index gives it', { timeout: 240_000 }, async () => {
    const api = standInApi(admin);
    // The record the open module lists and reads: in the state the step under test is offered from.
    const current = new Map<string, Record<string, unknown>>();
    for (const lifecycle of lifecycles) {
      const def = moduleNamed(lifecycle.module);
      const [first] = dialogSteps(lifecycle);
      current.set(def.name, recordIn(lifecycle, first!.state));
      api.on('GET', def.path, () => ({ body: { data: [current.get(def.name)], total: 1 } }));
      api.on('GET', `${def.path}/getById/:id`, () => ({ body: current.get(def.name) }));
      api.on('GET', `${def.path}/history/:id`, { body: { data: [], total: 0 } });
    }
    const app = renderApp(api, '/app/home');
    const user = userEvent.setup({ delay: null });
    let checked = 0;
    for (const lifecycle of lifecycles) {
      const def = moduleNamed(lifecycle.module);
      const fields = describeFields(def);
      const where = screenOf(def)!;
      for (const { event, state } of dialogSteps(lifecycle)) {
        current.set(def.name, recordIn(lifecycle, state));
        app.navigate(`/app/${where.path}`);
        await openModuleTable(user, where.tab, 8_000);
        await user.click(await screen.findByRole('button', { name: /^View / }, { timeout: 8_000 }));
        const drawer = await screen.findByRole('dialog');
        const panel = await within(drawer).findByTestId('lifecycle-panel');
        const before = new Set(screen.queryAllByRole('dialog'));
        const button = await within(panel).findByRole('button', { name: stepName(en, lifecycle, event) });
        await user.click(button);
        const dialog = await waitFor(() => {
          const opened = screen.queryAllByRole('dialog').find((d) => !before.has(d));
          if (!opened) throw new Error(`${def.name} ${event}: no dialog`);
          return opened;
        });
        expect(shownLabels(dialog), `${def.name}: the ${event} dialog from ${state}`).toEqual(expectedDialogLabels(lifecycle, event, fields, def));
        await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
        await user.keyboard('{Escape}');
        await waitFor(() => expect(screen.queryAllByRole('dialog')).toHaveLength(0));
        checked++;
      }
    }
    expect(checked).toBe(lifecycles.reduce((n, l) => n + dialogSteps(l).length, 0));
  });
});
