/**
 * The client raises a ticket for his own machine with a photo, in one form (issue 31 item 6): the machine is picked
 * by name from the server's scoped list (no site field: the machine's site is taken), the photo is held in the form
 * and sent to the new ticket when Save is pressed; a photo that fails is named with the ticket already saved, and
 * sent again on request. Nothing is "not open to your role".
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { LoginResult } from '../../src/api/account';
import { permissions } from './support/demo';
import { apiFor, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';

const CLIENT: LoginResult = {
  token: 'token-client',
  timezone: 'Asia/Kolkata',
  user: { _id: 'u-client', name: 'Meera Shah', email: 'client@demo.local', roles: [{ name: 'CLIENT' }], userType: 'Client-User', subscriberId: 'sub-demo' },
};
const client: Account = { login: CLIENT, password: 'x', permissions: permissions(['CLIENT_TICKET', 'VIEW', 'CREATE']), menu: [] };
const MACHINES = [
  { _id: 'mi-7', name: 'Weaving air compressor AC-1', serialNo: 'ELGI-EG37-7014', siteName: 'Weaving Utilities', assetId: 'a-9' },
  { _id: 'mi-8', name: 'Humidification chiller HC-2', siteName: 'Weaving Utilities', assetId: 'a-9' },
];

afterEach(() => resetHarness());

function clientApi(attach: () => { status?: number; body: unknown }) {
  storePreviousVisit(client);
  const api = apiFor([client]);
  api.on('GET', '/api/app/ticket/view/:route', { body: { data: [], total: 0 } });
  api.on('GET', '/api/app/machine-dashboard/ticket-machines', { body: { data: MACHINES, total: 2 } });
  api.on('POST', '/api/app/ticket', ({ body }) => ({ status: 201, body: { _id: 't-31', alternateId: 'GTK-2026-000031', ...(body as object) } }));
  api.on('POST', '/api/app/ticket/attachment/:id', attach);
  return api;
}

async function raiseWithPhoto(api: ReturnType<typeof clientApi>) {
  renderApp(api, '/app/ticket-client-list');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'New ticket' }, { timeout: 15_000 }));
  const dialog = await screen.findByRole('dialog', { name: 'New ticket' });
  await user.type(within(dialog).getByLabelText(/^Title/), 'AC-1 trips on start');
  // His company's machines by name, with their site; no site picker and nothing "not open to your role".
  expect(within(dialog).queryByText(/not open to your role/)).toBeNull();
  expect(within(dialog).queryByLabelText('Asset')).toBeNull();
  const machine = within(dialog).getAllByLabelText('Machine').find((el) => el.tagName === 'INPUT') as HTMLInputElement;
  await user.click(machine);
  await user.click(await screen.findByRole('option', { name: 'Weaving air compressor AC-1 · Weaving Utilities' }));
  // The phone's camera: an image input that asks for the rear camera.
  const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
  expect(input.getAttribute('accept')).toBe('image/*');
  expect(input.getAttribute('capture')).toBe('environment');
  fireEvent.change(input, { target: { files: [new File([new Uint8Array([255, 216, 255, 224, 1, 2, 3])], 'loom.jpg', { type: 'image/jpeg' })] } });
  expect(await within(dialog).findByRole('button', { name: 'Remove loom.jpg' })).toBeTruthy();
  // Held, not sent: nothing is asked of the server before Save.
  expect(api.requestsTo('POST', '/api/app/ticket/attachment/:id')).toHaveLength(0);
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  return { dialog, user };
}

describe('the client raises a ticket for his machine with a photo', () => {
  it('creates the ticket for the machine picked by name, then sends the photo to it, in one press of Save', async () => {
    const api = clientApi(() => ({ status: 201, body: { _id: 't-31' } }));
    await raiseWithPhoto(api);
    await waitFor(() => expect(api.requestsTo('POST', '/api/app/ticket/attachment/:id')).toHaveLength(1));
    expect(api.requestsTo('GET', '/api/app/machine-dashboard/ticket-machines')).toHaveLength(1);
    expect(api.requestsTo('POST', '/api/app/ticket')[0]!.body).toMatchObject({ title: 'AC-1 trips on start', machineInstanceId: 'mi-7' });
    expect(api.requestsTo('POST', '/api/app/ticket')[0]!.body).not.toHaveProperty('assetId');
    const [sent] = api.requestsTo('POST', '/api/app/ticket/attachment/:id');
    expect(sent!.path).toBe('/api/app/ticket/attachment/t-31');
    expect(sent!.body).toMatchObject({ name: 'loom.jpg', mimeType: 'image/jpeg', contentBase64: '/9j/4AECAw==' });
    expect(await screen.findByText('Ticket GTK-2026-000031 raised with 1 photo(s)')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New ticket' })).toBeNull());
  });

  it('names a photo that was not sent, with the ticket saved, and sends it again on request', async () => {
    let fail = true;
    const api = clientApi(() => (fail ? ((fail = false), { status: 500, body: { message: 'The file store is full' } }) : { status: 201, body: { _id: 't-31' } }));
    const { dialog, user } = await raiseWithPhoto(api);
    expect(await within(dialog).findByText('Ticket GTK-2026-000031 is saved, but the photo loom.jpg was not sent: The file store is full')).toBeTruthy();
    // The ticket is not raised twice.
    expect(api.requestsTo('POST', '/api/app/ticket')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Send it again' }));
    await waitFor(() => expect(api.requestsTo('POST', '/api/app/ticket/attachment/:id')).toHaveLength(2));
    expect(await screen.findByText('Ticket GTK-2026-000031 raised with 1 photo(s)')).toBeTruthy();
    expect(api.requestsTo('POST', '/api/app/ticket')).toHaveLength(1);
  });
});
