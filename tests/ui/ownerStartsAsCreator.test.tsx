/**
 * A new lead's or proposal's owner starts as whoever creates it, when they are among the sellers offered (catalogue
 * `people` … `startsAsCreator`): most leads are entered by the person who will work them. It is a start, not a rule:
 * another seller may be picked, the field may be cleared and stays cleared, and a
 * person not offered (who may not work the pipeline) finds it blank.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_PERMISSIONS } from './support/demo';
import { renderApp, resetHarness, type Account } from './support/renderApp';
import { openModuleTable } from './support/moduleTabs';
import { standInApi } from './support/standIns';

const admin: Account = { login: ADMIN, password: 'x', permissions: ADMIN_PERMISSIONS, menu: [] };
afterEach(resetHarness);

const SELLERS = [
  { _id: 'u-seller', name: 'Meera Shah', openTickets: 0, visitsToday: 0 },
  { _id: ADMIN.user._id, name: ADMIN.user.name, openTickets: 1, visitsToday: 0 },
];

/** The pipeline's table of `tab`, with the sellers offered as `offered`, and its New form open. */
async function newForm(tab: 'Leads' | 'Proposals', module: 'lead' | 'proposal', offered: typeof SELLERS) {
  const api = standInApi(admin);
  api.on('GET', `/api/app/${module}/people/:field`, { body: { data: offered, total: offered.length } });
  api.on('POST', `/api/app/${module}`, ({ body }) => ({ status: 201, body: { _id: `${module}-new`, alternateId: 'X-2026-000099', ...(body as object) } }));
  renderApp(api, '/app/salespipeline');
  const user = userEvent.setup({ delay: null });
  await openModuleTable(user, tab, 8_000);
  await user.click(await screen.findByRole('button', { name: 'New' }, { timeout: 8_000 }));
  const form = await screen.findByRole('dialog', { name: module === 'lead' ? 'New lead' : 'New proposal' });
  return { api, user, form, owner: () => within(form).getAllByLabelText(/^Owner/)[0] as HTMLInputElement };
}

describe("a new sales record's owner", () => {
  it.each([['Leads', 'lead'], ['Proposals', 'proposal']] as const)('%s: starts as the person creating it when offered, and another may be picked', async (tab, module) => {
    const { api, user, owner } = await newForm(tab, module, SELLERS);
    await waitFor(() => expect(owner().value).toBe(ADMIN.user.name));
    // The open list says each seller's load; the chosen one reads as the name alone.
    await user.click(owner());
    await user.click(await screen.findByRole('option', { name: 'Meera Shah · open tickets: 0 · visits today: 0' }));
    expect(owner().value).toBe('Meera Shah');
    expect(api.requestsTo('GET', `/api/app/${module}/people/:field`).at(-1)?.path).toBe(`/api/app/${module}/people/owner`);
  });

  it('stays blank once cleared', async () => {
    const cleared = await newForm('Leads', 'lead', SELLERS);
    await waitFor(() => expect(cleared.owner().value).toBe(ADMIN.user.name));
    // The picker's own clear button (aria-hidden: a mouse's shortcut, the keyboard deletes the text).
    const wrapper = cleared.owner().closest('.mantine-InputWrapper-root') as HTMLElement;
    await cleared.user.click(wrapper.querySelector<HTMLElement>('button[aria-label="Clear this field"]')!);
    // The picker's clear is a change to '', not a new start: it is not filled again.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(cleared.owner().value).toBe('');
  });

  it('is blank for someone the pickers do not offer', async () => {
    const notOffered = await newForm('Leads', 'lead', SELLERS.filter((s) => s._id !== ADMIN.user._id));
    await waitFor(() => expect(notOffered.owner().getAttribute('placeholder')).toBe('Choose…'));
    expect(notOffered.owner().value).toBe('');
  });
});
