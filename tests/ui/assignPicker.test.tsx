/**
 * Issue 39 item 2 on screen: assigning a breakdown ticket offers the people the server says may work it (the module's
 * `people` call, asked for this ticket), each with their load today, not the tenant's staff list; the person picked is
 * the step's `assignedTo`. Which people the server answers is tests/api/people-pickers.test.ts's.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_PERMISSIONS } from './support/demo';
import { apiFor, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';

const dispatcher: Account = { login: ADMIN, password: 'x', permissions: ADMIN_PERMISSIONS, menu: [] };
afterEach(() => resetHarness());

const TICKET = { _id: 't1', alternateId: 'TKT-2026-000031', title: 'Hydraulic pressure drops on press P-4', ticketType: 'Breakdown Maintenance', priority: 'High', status: 'Open', version: 1, allowedEvents: ['assign', 'start', 'cancel'] };
/** The staff list holds QA and accounts too: the picker must not offer it. */
const STAFF = [
  { _id: 'u-ravi', name: 'Ravi Patil', userType: 'Subscriber-User' },
  { _id: 'u-qa', name: 'Ishaan Rao', userType: 'Subscriber-User' },
  { _id: 'u-farah', name: 'Farah Khan', userType: 'Subscriber-User' },
];
const WORKERS = [
  { _id: 'u-asha', name: 'Asha Kulkarni', designation: 'Operations Manager', openTickets: 0, visitsToday: 0 },
  { _id: 'u-ravi', name: 'Ravi Patil', designation: 'Field Service Engineer', openTickets: 3, visitsToday: 1 },
];

describe('the Assign picker of a breakdown ticket', () => {
  it("offers who may work the ticket, with their load today, and assigns the one picked", async () => {
    storePreviousVisit(dispatcher);
    const api = apiFor([dispatcher]);
    let current: Record<string, unknown> = TICKET;
    api.on('GET', '/api/app/svc-ticket', () => ({ body: { data: [current], total: 1 } }));
    api.on('GET', '/api/app/subscriber-user', { body: { data: STAFF, total: STAFF.length } });
    api.on('GET', '/api/app/svc-ticket/people/:field', { body: { data: WORKERS, total: WORKERS.length } });
    api.on('GET', '/api/app/svc-ticket/getById/:id', () => ({ body: current }));
    api.on('GET', '/api/app/svc-ticket/history/:id', { body: { data: [], total: 0 } });
    api.on('PATCH', '/api/app/svc-ticket/transition/:id', ({ body }) => {
      current = { ...TICKET, status: 'Assigned', assignedTo: (body as { assignedTo: string }).assignedTo, version: 2, allowedEvents: ['start', 'resolve', 'cancel'] };
      return { body: current };
    });
    renderApp(api, '/app/breakdownMaintenence');
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: /^View / }, { timeout: 15_000 }))[0]!);
    const panel = await screen.findByTestId('lifecycle-panel');
    await user.click(await within(panel).findByRole('button', { name: 'Assign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign' });
    await user.click(within(dialog).getAllByLabelText(/^Assigned to/i)[0]!);

    const offered = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(offered).toEqual(['Asha Kulkarni · open tickets: 0 · visits today: 0', 'Ravi Patil · open tickets: 3 · visits today: 1']);
    // Asked for this ticket and this field, so the server weighs the ticket's own scope.
    const asked = api.requestsTo('GET', '/api/app/svc-ticket/people/:field');
    expect(asked.at(-1)?.path).toBe('/api/app/svc-ticket/people/assignedTo');
    expect(asked.at(-1)?.query.get('recordId')).toBe('t1');

    await user.click(screen.getByRole('option', { name: /^Ravi Patil/ }));
    await user.click(within(dialog).getAllByRole('button', { name: 'Assign' }).at(-1)!);
    await waitFor(() => expect(api.requestsTo('PATCH', '/api/app/svc-ticket/transition/t1')).toHaveLength(1));
    expect(api.requestsTo('PATCH', '/api/app/svc-ticket/transition/t1')[0]!.body).toMatchObject({ event: 'assign', assignedTo: 'u-ravi' });
  });
});
