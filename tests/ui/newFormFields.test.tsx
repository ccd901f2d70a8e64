/**
 * A new record's form asks only what a new record takes (issue 39, Tests), generated from the catalogue and the
 * lifecycle index: every module's New form (every create screen the administrator reaches) shows no field of a later
 * state or of a step (each asked in its step's dialog, the index's createWith aside), none the server or the screen
 * sets. One app is rendered and walked from screen to screen (as a person does), so each screen's code loads once.
 * The step dialogs: ./stepDialogFields.test.tsx.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogue, opRoute } from '../../src/contract/modules';
import { lifecycleOf } from '../../src/machines/lifecycles/index';
import { fixedValues } from '../../src/ui/routeModules';
import { describeFields } from '../../src/ui/screens/module/fieldModel';
import { createScreens, referenceRecord, type CreateScreen } from '../support/formFill';
import { ADMIN, ADMIN_PERMISSIONS } from './support/demo';
import { apiFor, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';
import { openModuleTable } from './support/moduleTabs';

const admin: Account = { login: ADMIN, password: 'x', permissions: ADMIN_PERMISSIONS, menu: [] };
afterEach(() => {
  resetHarness();
  notifications.clean();
});

/** The labels of a form's or dialog's inputs (a document's line cells aside), without the required mark. */
function labelsIn(scope: HTMLElement): string[] {
  return [...scope.querySelectorAll('label')].filter((l) => !l.closest('[data-testid$="-line"]')).map((l) => (l.textContent ?? '').replace(/\s*\*\s*$/, '').trim());
}

/**
 * What a new record's form must not ask, read from the lifecycle index and the route (not from the form's own rule):
 * every step's data, stamps and status, the work after the record exists (`later`), the server's fields and the
 * screen's fixed values (a Breakdown ticket's type).
 */
function barredOnNewForm(target: CreateScreen): Set<string> {
  const lifecycle = lifecycleOf(target.def.name);
  const steps = Object.values(lifecycle?.events ?? {}).flatMap((e) => [...Object.keys(e.requires ?? {}), ...(e.keeps ?? []), ...(e.signatures ?? []), ...(e.stamps ? [e.stamps.by, e.stamps.at] : [])]);
  return new Set([
    ...steps.filter((f) => !lifecycle?.createWith?.includes(f)),
    ...(lifecycle ? [lifecycle.statusField, ...(lifecycle.later ?? [])] : []),
    ...(target.def.serverFields ?? []),
    ...Object.keys(fixedValues(target.filter)),
  ]);
}

/** Every module's list answers one stand-in record (what pickers offer), and person pickers the stand-in person. */
function standInApi() {
  storePreviousVisit(admin);
  const api = apiFor([admin]);
  for (const def of catalogue) {
    const list = opRoute(def, 'list');
    api.on(list.method, def.path + list.path, { body: { data: [referenceRecord(def.name)], total: 1 } });
    if (def.people) {
      const person = referenceRecord('subscriber-user');
      api.on('GET', `${def.path}/people/:field`, { body: { data: [{ _id: person._id, name: person.name, openTickets: 0, visitsToday: 0 }], total: 1 } });
    }
  }
  return api;
}

describe('a New form', () => {
  const targets = createScreens();

  it('covers every module with a create screen', () => {
    expect(targets.length).toBeGreaterThanOrEqual(40);
  });

  it('of every module shows no field of a later state or a step, none the server or the screen sets', { timeout: 240_000 }, async () => {
    const app = renderApp(standInApi(), '/app/home');
    const user = userEvent.setup({ delay: null });
    const shown: string[] = [];
    for (const target of targets) {
      app.navigate(`/app/${target.path}`);
      await openModuleTable(user, target.tab, 8_000);
      await user.click(await screen.findByRole('button', { name: 'New' }, { timeout: 8_000 }));
      const form = await screen.findByRole('form');
      const labels = labelsIn(form);
      const all = describeFields(target.def);
      const barred = barredOnNewForm(target);
      // A label two fields share (a ticket's checklist and its checklist id) is judged by the field the form may show.
      const allowed = new Set(all.filter((f) => !barred.has(f.name)).map((f) => f.label));
      for (const field of all.filter((f) => barred.has(f.name) && !allowed.has(f.label))) {
        expect(labels, `${target.def.name}'s New form on /app/${target.path} shows ${field.name}`).not.toContain(field.label);
      }
      expect(labels.length, `${target.def.name}'s New form asks something`).toBeGreaterThan(0);
      shown.push(target.def.name);
      await user.click(within(form).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    }
    expect(shown).toEqual(targets.map((t) => t.def.name));
  });
});

