/**
 * The machine card's meters panel (issue 31 item 2), `MachineMeters({ machineId })` on its own, as the card embeds
 * it: each meter with its last reading; a reading entered and sent as typed; the server's refusal shown under the
 * field it names; a reading that raised a preventive ticket says so; and the plan's schedule panel.
 */
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromCallback } from 'xstate';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { configureHttp } from '../../src/api/http';
import { configureStorage } from '../../src/api/storage';
import { SessionProvider } from '../../src/machines/SessionProvider';
import { sessionMachine, type SocketInput } from '../../src/machines/session';
import { MachineMeters } from '../../src/ui/screens/machines/MachineMeters';
import PlanSchedule from '../../src/ui/screens/maintenance/PlanSchedule';
import type { FakeApi } from './support/fakeApi';
import { ADMIN, ADMIN_PERMISSIONS } from './support/demo';
import { apiFor, resetHarness, storePreviousVisit, type Account } from './support/renderApp';

const admin: Account = { login: ADMIN, password: 'x', permissions: ADMIN_PERMISSIONS, menu: [] };
/** The fake API of a signed-in administrator (the HTTP layer sends no call without a session). */
const createFakeApi = (): FakeApi => apiFor([admin]);

afterEach(resetHarness);

const quietSocket = fromCallback<{ type: 'socket.noop' }, SocketInput>(() => () => undefined);

function show(api: FakeApi, ui: ReactNode) {
  configureStorage({ backend: window.localStorage });
  storePreviousVisit(admin);
  configureHttp({ baseURL: '', fetch: api.fetch, navigate: () => undefined, reload: () => undefined });
  return render(
    <MantineProvider env="test">
      <SessionProvider logic={sessionMachine.provide({ actors: { socket: quietSocket } })}>{ui}</SessionProvider>
    </MantineProvider>,
  );
}

const HOURS = {
  _id: 'mm-1',
  machineId: 'mi-1',
  kind: 'Running Hours',
  unit: 'h',
  lastReading: 1480,
  lastReadAt: '2026-11-26T04:30:00.000Z',
  sensorInstanceId: null,
  sensorParameter: null,
  dailyUsage: 16,
  readings: [{ reading: 1480, readAt: '2026-11-26T04:30:00.000Z', source: 'person', reset: false, resetReason: null, byName: 'Ravi Patil' }],
};

describe('MachineMeters', () => {
  it('shows each meter with its last reading, and sends a reading as typed; a crossing says which ticket it raised', async () => {
    const api = createFakeApi();
    let meters = [HOURS];
    api.on('GET', '/api/app/machine-dashboard/card/:id/meters', () => ({ body: { data: meters, total: meters.length, awaitingReading: [] } }));
    // The reply's meter is a row without readings.
    api.on('POST', '/api/app/machine-dashboard/card/:id/meter-reading', ({ body }) => {
      meters = [{ ...HOURS, lastReading: (body as { reading: number }).reading }];
      const { readings: _r, ...row } = HOURS;
      return { body: { data: { ...row, lastReading: 1502 }, raisedTickets: ['TKT-2026-000042'] } };
    });
    show(api, <MachineMeters machineId="mi-1" />);
    const card = await screen.findByLabelText('Running Hours', { selector: 'div' });
    expect(within(card).getByText('1,480 h')).toBeTruthy();
    expect(within(card).getByText(/About 16 h a day/)).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Reading' }), '1502');
    await user.click(screen.getByRole('button', { name: 'Save reading' }));
    expect(await screen.findByText('Preventive ticket raised: TKT-2026-000042')).toBeTruthy();
    expect(api.requestsTo('POST', '/api/app/machine-dashboard/card/:id/meter-reading')[0]?.body).toEqual({ kind: 'Running Hours', reading: 1502 });
    await waitFor(() => expect(within(screen.getByLabelText('Running Hours', { selector: 'div' })).getByText('1,502 h')).toBeTruthy());
  });

  it('shows a refusal under the field it names, and sends a reset with its reason', async () => {
    const api = createFakeApi();
    api.on('GET', '/api/app/machine-dashboard/card/:id/meters', { body: { data: [HOURS], total: 1, awaitingReading: [] } });
    api.on('POST', '/api/app/machine-dashboard/card/:id/meter-reading', ({ body }) =>
      (body as { reset?: boolean }).reset
        ? { body: { data: { ...HOURS, readings: undefined }, raisedTickets: [] } }
        : { status: 400, body: { message: 'reading: Reading cannot be lower than the last one (1480): if the meter was replaced or rolled over, enter it as a reset with the reason' } },
    );
    show(api, <MachineMeters machineId="mi-1" />);
    const user = userEvent.setup();
    const reading = await screen.findByRole('textbox', { name: 'Reading' });
    await user.type(reading, '12');
    await user.click(screen.getByRole('button', { name: 'Save reading' }));
    expect(await screen.findByText(/^Reading cannot be lower than the last one \(1480\)/)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Reading' }).getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('checkbox', { name: 'The meter was reset or replaced' }));
    await user.type(screen.getByRole('textbox', { name: 'Reason for the reset' }), 'Hour meter replaced');
    await user.click(screen.getByRole('button', { name: 'Save reading' }));
    await waitFor(() => expect(api.requestsTo('POST', '/api/app/machine-dashboard/card/:id/meter-reading')).toHaveLength(2));
    expect(api.requestsTo('POST', '/api/app/machine-dashboard/card/:id/meter-reading')[1]?.body).toEqual({ kind: 'Running Hours', reading: 12, reset: true, resetReason: 'Hour meter replaced' });
  });
});

describe('a plan waiting for the machine’s first reading', () => {
  it('is named on the machine’s card, which asks for that reading, the form on that meter', async () => {
    const api = createFakeApi();
    api.on('GET', '/api/app/machine-dashboard/card/:id/meters', {
      body: { data: [], total: 0, awaitingReading: [{ _id: 'pm-9', alternateId: 'PM-2026-000009', title: 'Press clutch inspection', kind: 'Cycles', interval: 50000 }] },
    });
    show(api, <MachineMeters machineId="mi-1" />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('A first Cycles reading is wanted')).toBeTruthy();
    expect(within(alert).getByText('PM-2026-000009 · Press clutch inspection counts every 50,000 cycles of Cycles from this machine’s first reading: enter the meter’s reading below to start it.')).toBeTruthy();
    expect((screen.getAllByLabelText('Meter').find((e) => e.tagName === 'INPUT') as HTMLInputElement).value).toBe('Cycles');
  });

  it('says so on the plan, with the way to the machine’s card, instead of "no occurrence ahead"', async () => {
    const api = createFakeApi();
    api.on('GET', '/api/app/preventive-maintenance/schedule/:id', {
      body: { data: { occurrences: [], tickets: [], meter: null, waitsForReading: { machineId: 'mi-1', kind: 'Running Hours', unit: 'h', interval: 500 } } },
    });
    show(api, <PlanSchedule record={{ _id: 'pm-9', version: 1 }} />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Waiting for a first meter reading')).toBeTruthy();
    expect(within(alert).getByText(/^Counts every 500 h of Running Hours from the machine’s first reading/)).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Open the machine’s card' }).getAttribute('href')).toBe('/app/machine/mi-1');
    expect(screen.queryByText(/^No occurrence ahead/)).toBeNull();
  });
});

describe('PlanSchedule', () => {
  it('lists the next occurrences and the tickets raised', async () => {
    const api = createFakeApi();
    api.on('GET', '/api/app/preventive-maintenance/schedule/:id', {
      body: {
        data: {
          occurrences: [
            { date: '2026-12-05', reason: 'time' },
            { date: '2026-12-20', reason: 'meter', meterThreshold: 2000 },
          ],
          tickets: [{ occurrenceNo: 1, occurrenceDate: '2026-11-05', reason: 'time', ticketId: 't1', alternateId: 'TKT-2026-000041', status: 'Resolved', raisedAt: '2026-10-29T00:30:00.000Z', doneAt: '2026-11-04T10:00:00.000Z' }],
          meter: { ...HOURS, readings: undefined },
          waitsForReading: null,
        },
      },
    });
    show(api, <PlanSchedule record={{ _id: 'pm-1', version: 2 }} />);
    const list = await screen.findByRole('list', { name: 'Next occurrences' });
    expect(within(list).getByText('05/12/2026')).toBeTruthy();
    expect(within(list).getByText('At 2,000 h on the meter')).toBeTruthy();
    const tickets = screen.getByRole('table', { name: 'Tickets raised' });
    expect(within(tickets).getByText('TKT-2026-000041')).toBeTruthy();
    expect(within(tickets).getByText('Occurrence 1, due 05/11/2026')).toBeTruthy();
  });
});
