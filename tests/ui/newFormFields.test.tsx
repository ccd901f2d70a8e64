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
import { catalogue } from '../../src/contract/modules';
import { describeFields } from '../../src/ui/screens/module/fieldModel';
import { createScreens } from '../support/formFill';
import { ADMIN, ADMIN_PERMISSIONS } from './support/demo';
import { renderApp, resetHarness, type Account } from './support/renderApp';
import { openModuleTable } from './support/moduleTabs';
import { notOnNewForm, shownLabels, standInApi } from './support/standIns';

const admin: Account = { login: ADMIN, password: 'x', permissions: ADMIN_PERMISSIONS, menu: [] };
afterEach(() => {
  resetHarness();
  notifications.clean();
});

describe('a New form', () => {
  const targets = createScreens();

  it('covers every module with a create screen', () => {
    expect(targets.length).toBeGreaterThanOrEqual(40);
  });

  it('of every module shows no field of a later state or a step, none the server or the screen sets', { timeout: 240_000 }, async () => {
    const app = renderApp(standInApi(admin), '/app/home');
    const user = userEvent.setup({ delay: null });
    const shown: string[] = [];
    for (const target of targets) {
      app.navigate(`/app/${target.path}`);
      await openModuleTable(user, target.tab, 8_000);
      await user.click(await screen.findByRole('button', { name: 'New' }, { timeout: 8_000 }));
      const form = await screen.findByRole('form');
      const labels = shownLabels(form);
      const all = describeFields(target.def);
      const barred = notOnNewForm(target);
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

