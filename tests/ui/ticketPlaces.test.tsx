/**
 * A ticket's machine and site are its client's (found walking the dispatcher's first job: the machine picker listed
 * every client's machines, and the server refused the mismatch only on Save). The New form's machine and site pickers
 * offer the chosen client's only (the catalogue's `pickWithin`), say so before a client is chosen and when the client
 * has none, and a machine that no longer belongs is cleared when the client changes. The server's refusal is
 * tests/api/ticket-client-places.test.ts's.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_PERMISSIONS } from './support/demo';
import { apiFor, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';

const dispatcher: Account = { login: ADMIN, password: 'x', permissions: ADMIN_PERMISSIONS, menu: [] };
afterEach(() => resetHarness());

const CLIENTS = [
  { _id: 'c-kalyani', companyName: 'Kalyani Forge Components' },
  { _id: 'c-sunrise', companyName: 'Sunrise Textiles' },
  { _id: 'c-nashik', companyName: 'Nashik Precision Tools' },
];
const MACHINES = [
  { _id: 'm-press', name: 'Forging press FP-2', clientId: 'c-kalyani' },
  { _id: 'm-furnace', name: 'Induction furnace IF-1', clientId: 'c-kalyani' },
  { _id: 'm-chiller', name: 'Chiller CH-4', clientId: 'c-sunrise' },
  { _id: 'm-spare', name: 'Spare compressor (in stock)' },
];
const SITES = [
  { _id: 's-chakan', name: 'Chakan plant', clientId: 'c-kalyani' },
  { _id: 's-surat', name: 'Surat mill', clientId: 'c-sunrise' },
];

/** The Breakdown Maintenance New form, with the demo's clients, machines and sites behind it (started as `path` says). */
async function newTicketForm(path = '/app/breakdownMaintenence') {
  storePreviousVisit(dispatcher);
  const api = apiFor([dispatcher]);
  api.on('GET', '/api/app/svc-ticket', { body: { data: [], total: 0 } });
  api.on('GET', '/api/app/client', { body: { data: CLIENTS, total: CLIENTS.length } });
  api.on('GET', '/api/app/svc-machine-instances', { body: { data: MACHINES, total: MACHINES.length } });
  api.on('GET', '/api/app/asset/list', { body: { data: SITES, total: SITES.length } });
  const posted: unknown[] = [];
  api.on('POST', '/api/app/svc-ticket', ({ body }) => {
    posted.push(body);
    return { status: 201, body: { _id: 't-new', alternateId: 'TKT-2026-000040', status: 'Open', ...(body as object) } };
  });
  renderApp(api, path);
  const user = userEvent.setup();
  if (!path.includes('?')) await user.click(await screen.findByRole('button', { name: 'New' }, { timeout: 15_000 }));
  const form = await screen.findByRole('form', {}, { timeout: 15_000 });
  const input = (label: RegExp) => within(form).getAllByLabelText(label).find((e) => e.tagName === 'INPUT') as HTMLInputElement;
  /** The options a picker offers when opened (closed again afterwards). */
  const offered = async (label: RegExp): Promise<string[]> => {
    await user.click(input(label));
    const names = (await screen.findAllByRole('option')).map((o) => o.textContent ?? '');
    await user.keyboard('{Escape}');
    return names;
  };
  const pick = async (label: RegExp, option: string) => {
    await user.click(input(label));
    await user.click(await screen.findByRole('option', { name: option }));
  };
  return { user, form, input, offered, pick, posted };
}

describe("a new ticket's machine and site", () => {
  it('before a client is chosen: the picker says to choose it first, offering only the machines of no client', async () => {
    const { form, offered } = await newTicketForm();
    expect(within(form).getAllByText('Choose the client first')).toHaveLength(2);
    expect(await offered(/^Machine/)).toEqual(['Spare compressor (in stock)']);
  });

  it("offers the chosen client's machines and sites only", async () => {
    const { offered, pick } = await newTicketForm();
    await pick(/^Client/, 'Kalyani Forge Components');
    expect(await offered(/^Machine/)).toEqual(['Forging press FP-2', 'Induction furnace IF-1']);
    expect(await offered(/^Asset/)).toEqual(['Chakan plant']);
  });

  it('says so when the client has no machine on record, and offers none', async () => {
    const { form, input, pick } = await newTicketForm();
    await pick(/^Client/, 'Nashik Precision Tools');
    expect(within(form).getByText('Nashik Precision Tools has no machine on record')).toBeTruthy();
    expect(input(/^Machine/).disabled).toBe(false);
  });

  it('clears a machine of the client before when the client changes, so what is saved is consistent', async () => {
    const { user, form, input, pick, posted } = await newTicketForm();
    await user.type(within(form).getByLabelText(/^Title/), 'Ram stuck on the forging press');
    await pick(/^Client/, 'Kalyani Forge Components');
    await pick(/^Machine/, 'Forging press FP-2');
    expect(input(/^Machine/).value).toBe('Forging press FP-2');
    await pick(/^Client/, 'Sunrise Textiles');
    await waitFor(() => expect(input(/^Machine/).value).toBe(''));
    await pick(/^Machine/, 'Chiller CH-4');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ clientId: 'c-sunrise', machineInstanceId: 'm-chiller' });
  });

  it("started from a machine's card, holds the machine and its client, each by name", async () => {
    const { input } = await newTicketForm('/app/breakdownMaintenence?ticketType=Breakdown%20Maintenance&clientId=c-kalyani&machineInstanceId=m-furnace');
    await waitFor(() => expect(input(/^Machine/).value).toBe('Induction furnace IF-1'));
    expect(input(/^Client/).value).toBe('Kalyani Forge Components');
  });

  it('names a machine given without its client, never by its id', async () => {
    const { input } = await newTicketForm('/app/breakdownMaintenence?ticketType=Breakdown%20Maintenance&machineInstanceId=m-press');
    await waitFor(() => expect(input(/^Machine/).value).toBe('Forging press FP-2'));
  });

  it("clears the client's machine when the client is cleared", async () => {
    const { input, pick, user } = await newTicketForm();
    await pick(/^Client/, 'Kalyani Forge Components');
    await pick(/^Machine/, 'Induction furnace IF-1');
    const client = input(/^Client/);
    await user.click(client.parentElement!.parentElement!.querySelector('button')!);
    await waitFor(() => expect(input(/^Client/).value).toBe(''));
    await waitFor(() => expect(input(/^Machine/).value).toBe(''));
  });
});
