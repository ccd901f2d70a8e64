/**
 * The sensor screens as a person meets them (the whole app, a fake API, a fake socket.io client):
 * dashboard-realtime (live, stale, alarm, a reading arriving through the socket, failure), dashboard-ui
 * (choices, series, figures, empty range with a jump to the latest readings, failure), graphURLDashboard
 * (selection from and into the address) and dynamic-dashboard (panels remembered per person).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { layoutStorageKey } from '../../src/machines/flows/dashboardLayout';
import { ADMIN, permissions } from './support/demo';
import { CHART_SENSORS, liveSensors, seriesOf } from './support/machineData';
import { apiFor, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';

/** The socket.io client the live screen's socket actor gets: the test plays the server. */
const fake = vi.hoisted(() => {
  type Handler = (...args: unknown[]) => void;
  class FakeSocket {
    readonly handlers = new Map<string, Handler[]>();
    readonly emitted: Array<[string, unknown]> = [];
    disconnected = false;
    constructor(readonly options: unknown) {}
    on(event: string, handler: Handler) {
      this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
      return this;
    }
    emit(event: string, payload: unknown) {
      this.emitted.push([event, payload]);
      return this;
    }
    disconnect() {
      this.disconnected = true;
      return this;
    }
    serverSends(event: string, payload?: unknown) {
      for (const handler of this.handlers.get(event) ?? []) handler(payload);
    }
  }
  return { FakeSocket, sockets: [] as FakeSocket[] };
});

vi.mock('socket.io-client', () => ({
  io: (...args: unknown[]) => {
    const socket = new fake.FakeSocket(args.at(-1));
    fake.sockets.push(socket);
    return socket;
  },
}));

afterEach(() => {
  resetHarness();
  fake.sockets.length = 0;
});

const SENSORS_ACCESS = permissions(['SENSOR_DATA', 'VIEW'], ['SENSOR_ANALYTICS', 'VIEW']);
const admin: Account = { login: ADMIN, password: 'x', permissions: SENSORS_ACCESS, menu: [] };
const FIRST = { timeout: 15_000 };
const SERVER_TIME = '2026-03-10T10:00:00.000Z';
const SERIES = '/api/app/sensor-dashboard/series';

type Api = ReturnType<typeof apiFor>;

function open(account: Account, path: string, routes: (api: Api) => void) {
  storePreviousVisit(account);
  const api = apiFor([account]);
  routes(api);
  return renderApp(api, path);
}

const chartRoutes = (api: Api, withPoints = true) =>
  api
    .on('GET', '/api/app/sensor-dashboard/sensors', { body: { data: CHART_SENSORS, total: CHART_SENSORS.length } })
    .on('POST', SERIES, ({ body }) => {
      const { sensorInstanceIds, parameter, from, to } = body as { sensorInstanceIds: string[]; parameter: string; from: string; to: string };
      return { body: seriesOf(sensorInstanceIds, parameter, from, to, withPoints) };
    });

/** The picker's input (its listbox carries the same label). */
function inputLabelled(label: string): HTMLElement {
  const input = screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT');
  if (!input) throw new Error(`no input labelled ${label}`);
  return input;
}

const seriesBodies = (api: Api) => api.requestsTo('POST', SERIES).map((r) => r.body as { sensorInstanceIds: string[]; parameter: string; from: string; to: string });

describe('dashboard-realtime', () => {
  const liveRoutes = (api: Api) => api.on('GET', '/api/app/sensor-dashboard/live', { body: { data: liveSensors(SERVER_TIME), total: 2, serverTime: SERVER_TIME } });

  it('shows each sensor’s newest values, alarm and freshness, and takes a new reading from the socket', async () => {
    const app = open(admin, '/app/dashboard-realtime', (api) =>
      liveRoutes(api).on('GET', '/api/app/sensor-dashboard/readings', ({ query }) => ({
        body: { data: query.get('ids') === 'r-9' ? [{ _id: 'r-9', sensorInstanceId: 's-2', recordedAt: SERVER_TIME, values: { temperature: 9.9, pressure: 7.3 }, alarm: false }] : [] },
      })),
    );
    const bearing = await screen.findByRole('article', { name: 'CP-01 motor DE bearing' }, FIRST);
    expect(within(bearing).getByText('Live')).toBeTruthy();
    expect(within(bearing).getByText('Alarm')).toBeTruthy();
    expect(within(bearing).getByLabelText('Vibration 8.3 mm/s')).toBeTruthy();
    const discharge = screen.getByRole('article', { name: 'CP-01 discharge line' });
    expect(within(discharge).getByText('Stale')).toBeTruthy();
    expect(screen.getByText('2 sensors: 1 live, 1 stale, 1 in alarm')).toBeTruthy();

    // The screen's socket authenticates and joins the tenant's room.
    const socket = fake.sockets.at(-1);
    expect(socket?.options).toEqual({ auth: { token: ADMIN.token } });
    socket?.serverSends('connect');
    expect(socket?.emitted).toContainEqual(['addUser', ADMIN.user.subscriberId]);

    socket?.serverSends('record.changed', { module: 'role', op: 'create', _id: 'x' });
    socket?.serverSends('record.changed', { module: 'sensor-data', op: 'create', _id: 'r-9' });
    await waitFor(() => expect(within(discharge).getByLabelText('Temperature 9.9 °C')).toBeTruthy());
    expect(within(discharge).getByText('Live')).toBeTruthy();
    expect(app.api.requestsTo('GET', '/api/app/sensor-dashboard/readings').map((r) => r.query.get('ids'))).toEqual(['r-9']);
    expect(screen.getByText('1 new readings since you opened this page')).toBeTruthy();
  });

  it('shows a failure with a retry, and the empty state', async () => {
    const user = userEvent.setup();
    const app = open(admin, '/app/dashboard-realtime', (api) => api.on('GET', '/api/app/sensor-dashboard/live', { status: 500, body: { message: 'Readings store unavailable' } }));
    expect(await screen.findByText('Readings store unavailable', {}, FIRST)).toBeTruthy();
    app.api.on('GET', '/api/app/sensor-dashboard/live', { body: { data: [], total: 0, serverTime: SERVER_TIME } });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No sensors to show')).toBeTruthy();
  });

  it('asks nothing of a person without SENSOR_DATA', async () => {
    const app = open({ ...admin, permissions: permissions(['SENSOR_ANALYTICS', 'VIEW']) }, '/app/dashboard-realtime', liveRoutes);
    expect(await screen.findByText('Not available with your access', {}, FIRST)).toBeTruthy();
    expect(app.api.requestsTo('GET', '/api/app/sensor-dashboard/live')).toHaveLength(0);
    expect(fake.sockets).toHaveLength(0);
  });
});

describe('dashboard-ui', () => {
  it('charts the chosen sensor’s parameter with its figures, over the chosen range, with a link to share', async () => {
    const user = userEvent.setup();
    const app = open(admin, '/app/dashboard-ui', chartRoutes);
    expect(await screen.findByText('Choose sensors and a parameter to draw the chart.', {}, FIRST)).toBeTruthy();
    await user.click(inputLabelled('Sensors'));
    await user.click(await screen.findByRole('option', { name: 'CP-01 motor DE bearing · Compressor House' }));
    const figures = await screen.findByRole('table', { name: 'Figures over the range' });
    expect(within(figures).getAllByRole('row')[1]?.textContent).toBe('CP-01 motor DE bearing2.1 mm/s3 mm/s3.9 mm/s4');
    const [first] = seriesBodies(app.api);
    expect(first).toMatchObject({ sensorInstanceIds: ['s-1'], parameter: 'vibration' });
    expect(Date.parse(first?.to ?? '') - Date.parse(first?.from ?? '')).toBe(24 * 3_600_000);
    expect(screen.getByRole('link', { name: 'Share as link' }).getAttribute('href')).toBe('/app/graphURLDashboard?sensors=s-1&parameter=vibration&range=24h');

    await user.click(screen.getByRole('radio', { name: '7 days' }));
    await waitFor(() => expect(seriesBodies(app.api)).toHaveLength(2));
    const week = seriesBodies(app.api)[1];
    expect(Date.parse(week?.to ?? '') - Date.parse(week?.from ?? '')).toBe(168 * 3_600_000);
  });

  it('offers the latest readings when the range holds none, and shows a failure with a retry', async () => {
    const user = userEvent.setup();
    const app = open(admin, '/app/dashboard-ui', (api) => chartRoutes(api, false));
    await user.click(await screen.findByLabelText('Sensors', { selector: 'input' }, FIRST));
    await user.click(await screen.findByRole('option', { name: 'CP-01 discharge line · Compressor House' }));
    expect(await screen.findByText('No readings in this range')).toBeTruthy();
    app.api.on('POST', SERIES, { status: 400, body: { message: 'to: The range is at most 90 days' } });
    await user.click(screen.getByRole('button', { name: 'Show the readings before it' }));
    expect(await screen.findByText('to: The range is at most 90 days')).toBeTruthy();
    const jump = seriesBodies(app.api).at(-1);
    expect(jump?.to).toBe(new Date('2026-03-10T10:00:00+05:30').toISOString());
    expect(Date.parse(jump?.to ?? '') - Date.parse(jump?.from ?? '')).toBe(24 * 3_600_000);
    chartRoutes(app.api);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Figures over the range' })).toBeTruthy();
  });

  it('asks nothing of a person without SENSOR_ANALYTICS', async () => {
    const app = open({ ...admin, permissions: permissions(['SENSOR_DATA', 'VIEW']) }, '/app/dashboard-ui', chartRoutes);
    expect(await screen.findByText('Not available with your access', {}, FIRST)).toBeTruthy();
    expect(app.api.requests.filter((r) => r.path.startsWith('/api/app/sensor-dashboard'))).toEqual([]);
  });
});

describe('graphURLDashboard', () => {
  it('charts the link’s selection, leaves out sensors the person may not see, and keeps the address in step', async () => {
    const user = userEvent.setup();
    const app = open(admin, '/app/graphURLDashboard?sensors=s-2,s-hidden&parameter=pressure&range=6h', chartRoutes);
    expect(await screen.findByText('1 sensor(s) of this link are not visible to you and were left out.', {}, FIRST)).toBeTruthy();
    await screen.findByRole('table', { name: 'Figures over the range' });
    const [first] = seriesBodies(app.api);
    expect(first).toMatchObject({ sensorInstanceIds: ['s-2'], parameter: 'pressure' });
    expect(Date.parse(first?.to ?? '') - Date.parse(first?.from ?? '')).toBe(6 * 3_600_000);
    await user.click(screen.getByRole('radio', { name: '3 days' }));
    await waitFor(() => expect(app.path()).toBe('/app/graphURLDashboard?sensors=s-2&parameter=pressure&range=3d'));
  });
});

describe('dynamic-dashboard', () => {
  it('adds charts, remembers them for the person, and arranges them', async () => {
    const user = userEvent.setup();
    const app = open(admin, '/app/dynamic-dashboard', chartRoutes);
    expect(await screen.findByText('Your dashboard is empty', {}, FIRST)).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: 'Add chart' })[0] as HTMLElement);
    const panel = await screen.findByRole('region', { name: 'Chart 1' });
    await user.click(await within(panel).findByLabelText('Sensors', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'CP-01 discharge line · Compressor House' }));
    await within(panel).findByRole('table', { name: 'Figures over the range' });
    const stored = () => JSON.parse(window.localStorage.getItem(layoutStorageKey(ADMIN.user._id)) ?? '{}') as { panels: Array<{ selection: unknown; size: string }> };
    expect(stored().panels.map((p) => p.selection)).toEqual([{ sensorIds: ['s-2'], parameter: 'temperature', range: '24h' }]);

    await user.click(screen.getByRole('button', { name: 'Add chart' }));
    expect(await screen.findByRole('region', { name: 'Chart 2' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Arrange' }));
    await user.click(within(screen.getByRole('region', { name: 'Chart 1' })).getByRole('button', { name: 'Full width' }));
    await user.click(within(screen.getByRole('region', { name: 'Chart 2' })).getByRole('button', { name: 'Move up' }));
    expect(stored().panels.map((p) => [p.size, (p.selection as { sensorIds: string[] }).sensorIds])).toEqual([['half', []], ['full', ['s-2']]]);
    await user.click(within(screen.getByRole('region', { name: 'Chart 1' })).getByRole('button', { name: 'Remove chart' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(stored().panels).toHaveLength(1);

    // Another visit shows the remembered chart and draws it again.
    app.unmount();
    const again = open(admin, '/app/dynamic-dashboard', chartRoutes);
    expect(await screen.findByRole('table', { name: 'Figures over the range' }, FIRST)).toBeTruthy();
    expect(seriesBodies(again.api)[0]).toMatchObject({ sensorInstanceIds: ['s-2'], parameter: 'temperature' });
  });
});
