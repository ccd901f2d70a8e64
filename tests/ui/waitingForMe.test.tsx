/**
 * "Waiting for me" (issue 14): the header's inbox counts the records the person may approve now, across credit
 * notes, payments, requisitions and spare-part requests, lists them with Approve and Reject inline, and takes the
 * step through the record's workflow; someone who can approve nothing sees no inbox and loads none of those lists.
 * The count comes from the server (GET /api/app/approvals/waiting-count, issue 18) and is asked again on a realtime
 * change to a counted module and after a step taken in the drawer; the lists load only when the drawer first opens.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { fromCallback } from 'xstate';
import type { SessionEvent, SocketInput } from '../../src/machines/sessionMachine';
import { ADMIN, ADMIN_PERMISSIONS, ENGINEER, permissions } from './support/demo';
import { apiFor, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';

afterEach(() => {
  resetHarness();
  notifications.clean();
});

const admin: Account = { login: ADMIN, password: 'x', permissions: ADMIN_PERMISSIONS, menu: [] };
const COUNT = '/api/app/approvals/waiting-count';
const LISTS = ['/api/app/payment', '/api/app/credit-note', '/api/app/purchase-order-requisition', '/api/app/request-spare'];

/** The server's answer for someone who approves in the four modules. */
function counted(payment: number, creditNote: number, requisition: number, spare = 0) {
  const modules = [
    { module: 'credit-note', count: creditNote },
    { module: 'payment', count: payment },
    { module: 'purchase-order-requisition', count: requisition },
    { module: 'request-spare', count: spare },
  ];
  return { body: { modules, total: modules.reduce((sum, m) => sum + m.count, 0) } };
}

describe('the approvals inbox', () => {
  it('counts what waits for the person, lists it by module and approves a payment inline', async () => {
    storePreviousVisit(admin);
    const api = apiFor([admin]);
    let waiting = counted(1, 1, 1);
    api.on('GET', COUNT, () => waiting);
    let payment = { _id: 'pay-1', alternateId: 'PAY-2026-000009', amountPaise: 5_000_000, status: 'Pending', version: 1, allowedEvents: ['approve', 'reject'] };
    api.on('GET', '/api/app/payment', () => ({ body: { data: [payment, { _id: 'pay-2', alternateId: 'PAY-2026-000001', amountPaise: 100, status: 'Approved' }], total: 2 } }));
    api.on('GET', '/api/app/credit-note', { body: { data: [{ _id: 'cn-1', alternateId: 'CRN-2026-000004', grandTotalPaise: 401_200, status: 'Pending Approval' }], total: 1 } });
    api.on('GET', '/api/app/purchase-order-requisition', { body: { data: [{ _id: 'req-1', alternateId: 'REQ-2026-000007', title: 'Spindle bearings', status: 'Submitted' }, { _id: 'req-2', alternateId: 'REQ-2026-000002', status: 'Draft' }], total: 2 } });
    api.on('GET', '/api/app/payment/getById/:id', () => ({ body: payment }));
    api.on('GET', '/api/app/payment/history/:id', { body: { data: [], total: 0 } });
    api.on('PATCH', '/api/app/payment/transition/:id', () => {
      payment = { ...payment, status: 'Approved', version: 2, allowedEvents: [] };
      waiting = counted(0, 1, 1);
      return { body: payment };
    });
    const user = userEvent.setup();
    renderApp(api, '/app/home');
    const button = await screen.findByRole('button', { name: 'Waiting for me: 3' }, { timeout: 4_000 });
    // The count is the server's: no list is read (nor the drawer loaded) until the person opens the inbox.
    for (const path of LISTS) expect(api.requestsTo('GET', path), path).toHaveLength(0);
    await user.click(button);
    const drawer = await screen.findByRole('dialog', { name: 'Waiting for me' });
    // The drawer reads the lists once opened.
    const payments = await within(drawer).findByRole('region', { name: 'Payments' }, { timeout: 4_000 });
    expect(within(payments).getByText('PAY-2026-000009')).toBeTruthy();
    expect(within(payments).getByText('₹50,000.00')).toBeTruthy();
    expect(within(payments).queryByText('PAY-2026-000001')).toBeNull();
    expect(await within(drawer).findByRole('region', { name: 'Credit notes' })).toBeTruthy();
    expect(await within(drawer).findByText('REQ-2026-000007')).toBeTruthy();
    expect(within(drawer).queryByText('REQ-2026-000002')).toBeNull();

    await user.click(within(payments).getByRole('button', { name: /^Approve / }));
    const confirm = await screen.findByRole('dialog', { name: 'Approve' });
    await user.click(within(confirm).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.requestsTo('PATCH', '/api/app/payment/transition/:id')).toHaveLength(1));
    expect(api.requestsTo('PATCH', '/api/app/payment/transition/:id')[0]?.body).toMatchObject({ event: 'approve', version: 1 });
    expect(await screen.findByText('Payment PAY-2026-000009 is Approved')).toBeTruthy();
    // The step changed what waits: the header asks the server again.
    expect(await screen.findByRole('button', { name: 'Waiting for me: 2' }, { timeout: 4_000 })).toBeTruthy();
  });

  it('asks the count again when the socket relays a change to a counted module, not to another', async () => {
    storePreviousVisit(admin);
    const api = apiFor([admin]);
    let waiting = counted(1, 0, 0);
    api.on('GET', COUNT, () => waiting);
    let relay: ((event: SessionEvent) => void) | undefined;
    const socket = fromCallback<{ type: 'socket.noop' }, SocketInput>(({ sendBack }) => {
      relay = sendBack as (event: SessionEvent) => void;
      return () => undefined;
    });
    renderApp(api, '/app/home', { actors: { socket } });
    await screen.findByRole('button', { name: 'Waiting for me: 1' }, { timeout: 4_000 });
    const asked = api.requestsTo('GET', COUNT).length;
    act(() => relay?.({ type: 'socket.recordChanged', module: 'lead', op: 'update', _id: 'lead-1' }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(api.requestsTo('GET', COUNT)).toHaveLength(asked);
    waiting = counted(2, 0, 0);
    act(() => relay?.({ type: 'socket.recordChanged', module: 'payment', op: 'create', _id: 'pay-3' }));
    expect(await screen.findByRole('button', { name: 'Waiting for me: 2' }, { timeout: 4_000 })).toBeTruthy();
    for (const path of LISTS) expect(api.requestsTo('GET', path), path).toHaveLength(0);
  });

  it('is not shown to someone who can approve nothing, and loads none of those lists', async () => {
    const engineer: Account = { login: ENGINEER, password: 'x', permissions: permissions(['MY_OPEN_CALLS', 'VIEW', 'UPDATE'], ['SPAREPART_REQUEST', 'VIEW', 'CREATE']), menu: [] };
    storePreviousVisit(engineer);
    const api = apiFor([engineer]);
    api.on('GET', COUNT, { body: { modules: [], total: 0 } });
    renderApp(api, '/app/home');
    await screen.findByRole('button', { name: /Account/ }, { timeout: 4_000 });
    await waitFor(() => expect(api.requestsTo('GET', COUNT)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('button', { name: /^Waiting for me/ })).toBeNull();
    for (const path of LISTS) expect(api.requestsTo('GET', path), path).toHaveLength(0);
  });
});
