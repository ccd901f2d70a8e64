/**
 * The machine screens as a person meets them (the whole app, a fake API): machine-scanning in every state
 * of its flow (no detector, camera refused, scanning, found, not found, failed, opened from a QR link),
 * qr-code-encoder (stored code, generated code, text, label, missing privilege) and bom-tree.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, permissions } from './support/demo';
import { apiFor, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';
import { BOM, CARD, MACHINES } from './support/machineData';

const FULL = permissions(['SVC_MACHINE_INSTANCE', 'VIEW', 'UPDATE'], ['BREAKDOWN_MAINTENENCE', 'VIEW', 'CREATE']);
const admin: Account = { login: ADMIN, password: 'x', permissions: FULL, menu: [] };
const viewOnly: Account = { ...admin, permissions: permissions(['SVC_MACHINE_INSTANCE', 'VIEW']) };
const noMachines: Account = { ...admin, permissions: permissions(['TICKET_LIST', 'VIEW']) };

afterEach(() => {
  resetHarness();
  Reflect.deleteProperty(globalThis, 'BarcodeDetector');
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

function open(account: Account, path: string, routes: (api: ReturnType<typeof apiFor>) => void = () => undefined) {
  storePreviousVisit(account);
  const api = apiFor([account]).on('GET', '/api/app/svc-machine-instances', { body: { data: MACHINES, total: MACHINES.length } });
  routes(api);
  return renderApp(api, path);
}

/** The first screen of a test waits for its lazy chunk, which takes longer on a busy machine. */
const FIRST = { timeout: 15_000 };

/** The machine picker's input (its listbox carries the same label). */
async function machinePicker(): Promise<HTMLElement> {
  await screen.findAllByLabelText('Machine', {}, FIRST);
  const input = screen.getAllByLabelText('Machine').find((el) => el.tagName === 'INPUT');
  if (!input) throw new Error('no machine picker');
  return input;
}

/** The card's hour meter, as GET machine-dashboard/card/{id}/meters answers it. */
const HOUR_METER = { _id: 'mm-1', machineId: 'mi-1', kind: 'Running Hours', unit: 'h', lastReading: 1480, lastReadAt: '2026-11-26T04:30:00.000Z', sensorInstanceId: null, sensorParameter: null, dailyUsage: 16, readings: [] };
const metersFound = (api: ReturnType<typeof apiFor>) => api.on('GET', '/api/app/machine-dashboard/card/:id/meters', { body: { data: [HOUR_METER], total: 1, awaitingReading: [] } });
const lookupFound = (api: ReturnType<typeof apiFor>) => {
  api.on('GET', '/api/app/machine-dashboard/lookup', { body: CARD });
  metersFound(api);
};

/** A browser with the detector and a camera; `detect` answers what the "camera" sees. */
function cameraBrowser(options: { refuse?: string; sees?: string }) {
  const stopped: string[] = [];
  const stream = { getTracks: () => [{ stop: () => stopped.push('track') }] };
  class FakeDetector {
    static getSupportedFormats = async () => ['qr_code', 'ean_13'];
    async detect() {
      return options.sees ? [{ rawValue: options.sees }] : [];
    }
  }
  Object.defineProperty(globalThis, 'BarcodeDetector', { value: FakeDetector, configurable: true });
  const getUserMedia = vi.fn(async () => {
    if (options.refuse) throw Object.assign(new Error('refused'), { name: options.refuse });
    return stream;
  });
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  // jsdom plays no media: the detector's video counts as having frames.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4);
  return { stopped, getUserMedia };
}

describe('machine-scanning', () => {
  it('explains a browser without a detector, and finds the machine by a typed code', async () => {
    const user = userEvent.setup();
    const app = open(admin, '/app/machine-scanning', lookupFound);
    await user.click(await screen.findByRole('button', { name: 'Scan with camera' }, FIRST));
    expect(await screen.findByText('This browser cannot scan QR codes')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Machine code/), 'mi-2026-000001');
    await user.click(screen.getByRole('button', { name: 'Find machine' }));
    const card = await screen.findByRole('article', { name: 'VMC Bay 1 / M-03' });
    expect(app.api.requestsTo('GET', '/api/app/machine-dashboard/lookup')[0]?.query.get('code')).toBe('mi-2026-000001');
    expect(within(card).getByText('Breakdown')).toBeTruthy();
    expect(within(card).getByText('Vertical Machining Centre VMC-850 · BFW · BMV 45 TC24')).toBeTruthy();
    expect(within(card).getByText('Machining Bay 1 · Kalyani Forge – Chakan Plant 1 · Chakan')).toBeTruthy();
    expect(within(card).getByText('Open tickets: 2')).toBeTruthy();
    expect(within(card).getByText(/VMC M-03 spindle overheating/)).toBeTruthy();
    expect(within(card).getByText(/ATC arm not returning home/)).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Raise a ticket' }).getAttribute('href')).toBe('/app/breakdownMaintenence?ticketType=Breakdown%20Maintenance&clientId=c-1&machineInstanceId=mi-1');
    expect(within(card).getByRole('link', { name: 'Bill of materials' }).getAttribute('href')).toBe('/app/bom-tree?machineId=mi-1');
  });

  it('opens the card at once from the link a QR code holds', async () => {
    const app = open(admin, '/app/machine-scanning?machineId=mi-1&code=MI-2026-000001', lookupFound);
    await screen.findByRole('article', { name: 'VMC Bay 1 / M-03' }, FIRST);
    const [request] = app.api.requestsTo('GET', '/api/app/machine-dashboard/lookup');
    expect(request?.query.get('machineId')).toBe('mi-1');
    expect(request?.query.get('code')).toBe('MI-2026-000001');
  });

  it('says when the camera is refused, and offers to try again', async () => {
    const user = userEvent.setup();
    const browser = cameraBrowser({ refuse: 'NotAllowedError' });
    open(admin, '/app/machine-scanning');
    await user.click(await screen.findByRole('button', { name: 'Scan with camera' }, FIRST));
    expect(await screen.findByText('Camera access was refused')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try the camera again' }));
    await waitFor(() => expect(browser.getUserMedia).toHaveBeenCalledTimes(2));
  });

  it('says when no camera can be opened', async () => {
    const user = userEvent.setup();
    cameraBrowser({ refuse: 'NotFoundError' });
    open(admin, '/app/machine-scanning');
    await user.click(await screen.findByRole('button', { name: 'Scan with camera' }, FIRST));
    expect(await screen.findByText('No camera could be opened')).toBeTruthy();
  });

  it('scans a QR code with the camera, turns the camera off and shows the machine', async () => {
    const user = userEvent.setup();
    const link = 'http://localhost:3000/app/machine-scanning?machineId=mi-1&code=MI-2026-000001';
    const browser = cameraBrowser({ sees: link });
    const app = open(admin, '/app/machine-scanning', lookupFound);
    await user.click(await screen.findByRole('button', { name: 'Scan with camera' }, FIRST));
    await screen.findByRole('article', { name: 'VMC Bay 1 / M-03' });
    expect(app.api.requestsTo('GET', '/api/app/machine-dashboard/lookup')[0]?.query.get('code')).toBe(link);
    expect(browser.stopped).toEqual(['track']);
    expect(screen.getByRole('button', { name: 'Scan another machine' })).toBeTruthy();
  });

  it('shows the camera preview while scanning, and stops on request', async () => {
    const user = userEvent.setup();
    const browser = cameraBrowser({});
    open(admin, '/app/machine-scanning');
    await user.click(await screen.findByRole('button', { name: 'Scan with camera' }, FIRST));
    expect(await screen.findByLabelText('Camera preview')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Stop camera' }));
    expect(await screen.findByRole('button', { name: 'Scan with camera' })).toBeTruthy();
    expect(browser.stopped).toEqual(['track']);
  });

  it('says when no machine matches, and shows a failure with a retry', async () => {
    const user = userEvent.setup();
    const app = open(admin, '/app/machine-scanning', (api) => api.on('GET', '/api/app/machine-dashboard/lookup', { status: 404, body: { message: 'No machine matches the code XYZ' } }));
    await user.type(await screen.findByLabelText(/^Machine code/, {}, FIRST), 'XYZ');
    await user.click(screen.getByRole('button', { name: 'Find machine' }));
    expect(await screen.findByText('No machine matches this code')).toBeTruthy();
    app.api.on('GET', '/api/app/machine-dashboard/lookup', { status: 500, body: { message: 'Database unavailable' } });
    await user.click(screen.getByRole('button', { name: 'Find machine' }));
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
    lookupFound(app.api);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('article', { name: 'VMC Bay 1 / M-03' });
  });

  it("lets a field engineer without the machines' privilege scan: the server shows him the card of a machine he works a ticket on, without the machines' own screens", async () => {
    const app = open(noMachines, '/app/machine-scanning?machineId=mi-1&code=MI-2026-000001', lookupFound);
    const card = await screen.findByRole('article', { name: 'VMC Bay 1 / M-03' }, FIRST);
    expect(app.api.requestsTo('GET', '/api/app/machine-dashboard/lookup')[0]?.query.get('machineId')).toBe('mi-1');
    expect(screen.queryByText('Not available with your access')).toBeNull();
    // The BOM and the QR screens read the machines' module, which is not his: not offered.
    expect(within(card).queryByRole('link', { name: 'Bill of materials' })).toBeNull();
    // The meters take the card's access: he reads the hour meter of the machine he works on.
    const meters = await within(card).findByRole('region', { name: 'Meters' });
    expect(await within(meters).findByText(/1,480/)).toBeTruthy();
    expect(app.api.requestsTo('GET', '/api/app/machine-dashboard/card/:id/meters').map((r) => r.path)).toEqual(['/api/app/machine-dashboard/card/mi-1/meters']);
  });
});

describe('the machine card page', () => {
  it('shows the card of the machine on his ticket, by id, with its place, service and open tickets', async () => {
    const app = open(noMachines, '/app/machine/mi-1', (api) => {
      api.on('GET', '/api/app/machine-dashboard/card/:id', { body: CARD });
      metersFound(api);
    });
    const card = await screen.findByRole('article', { name: 'VMC Bay 1 / M-03' }, FIRST);
    expect(app.api.requestsTo('GET', '/api/app/machine-dashboard/card/:id').map((r) => r.path)).toEqual(['/api/app/machine-dashboard/card/mi-1']);
    expect(within(card).getByText('Machining Bay 1 · Kalyani Forge – Chakan Plant 1 · Chakan')).toBeTruthy();
    expect(within(card).getByText('Open tickets: 2')).toBeTruthy();
    expect(await within(card).findByRole('region', { name: 'Meters' })).toBeTruthy();
    expect(within(card).queryByRole('link', { name: 'Bill of materials' })).toBeNull();
  });

  it('says one true thing about its meters: no running hours from the record beside "No meter yet", and the hours of its meter when it has one', async () => {
    // The machine's record holds 14,820 h typed in by hand (CARD); it has no meter yet.
    open(noMachines, '/app/machine/mi-1', (api) => {
      api.on('GET', '/api/app/machine-dashboard/card/:id', { body: CARD });
      api.on('GET', '/api/app/machine-dashboard/card/:id/meters', { body: { data: [], total: 0, awaitingReading: [] } });
    });
    const card = await screen.findByRole('article', { name: 'VMC Bay 1 / M-03' }, FIRST);
    const meters = await within(card).findByRole('region', { name: 'Meters' });
    expect(await within(meters).findByText('No meter yet: enter a first reading below to start one.')).toBeTruthy();
    // No "Running hours" fact giving the record's figure as the machine's count; the figure is said for what it is.
    expect(within(card).queryByText(/^(14820|14,820) h$/)).toBeNull();
    expect(within(card).queryByText('Running hours')).toBeNull();
    expect(within(meters).getByText('The machine’s record says 14,820 h, typed in by hand: it is not a meter reading.')).toBeTruthy();
  });

  it('shows the running hours of its meter in the meters section only, without the record’s hand-typed figure', async () => {
    open(noMachines, '/app/machine/mi-1', (api) => {
      api.on('GET', '/api/app/machine-dashboard/card/:id', { body: CARD });
      metersFound(api);
    });
    const card = await screen.findByRole('article', { name: 'VMC Bay 1 / M-03' }, FIRST);
    const meters = await within(card).findByRole('region', { name: 'Meters' });
    expect(await within(meters).findByText('1,480 h')).toBeTruthy();
    expect(within(card).queryByText(/14820|14,820/)).toBeNull();
    expect(within(meters).queryByText(/^No meter yet/)).toBeNull();
  });

  it.each([
    [{}, 'After a first Running Hours reading (none yet) · Separator every 1,000 h'],
    [{ threshold: 5200 }, 'At 5,200 h on the meter · Separator every 1,000 h'],
    [{ threshold: 8150, expectedDate: '2026-12-04' }, 'At 8,150 h on the meter, about 04/12/2026 · Separator every 1,000 h'],
  ])('says what a plan by meter waits for as the next preventive maintenance, never "None planned" (%o)', async (meter, said) => {
    open(noMachines, '/app/machine/mi-1', (api) => {
      api.on('GET', '/api/app/machine-dashboard/card/:id', { body: { ...CARD, nextMaintenance: { _id: 'pm-7', title: 'Separator every 1,000 h', status: 'Scheduled', meter: { kind: 'Running Hours', unit: 'h', ...meter } } } });
      metersFound(api);
    });
    const card = await screen.findByRole('article', { name: 'VMC Bay 1 / M-03' }, FIRST);
    expect(within(card).getByText(said)).toBeTruthy();
    expect(within(card).queryByText('None planned')).toBeNull();
  });

  it('gives a whichever-first plan its date and its reading', async () => {
    open(noMachines, '/app/machine/mi-1', (api) => {
      api.on('GET', '/api/app/machine-dashboard/card/:id', { body: { ...CARD, nextMaintenance: { _id: 'pm-8', title: 'Yearly or 80,000 cycles', nextDueDate: '2027-01-10', meter: { kind: 'Cycles', unit: 'cycles', threshold: 80100 } } } });
      metersFound(api);
    });
    const card = await screen.findByRole('article', { name: 'VMC Bay 1 / M-03' }, FIRST);
    expect(within(card).getByText('10/01/2027, or at 80,100 cycles on the meter if sooner · Yearly or 80,000 cycles')).toBeTruthy();
  });

  it('gives a whichever-first plan whose meter will get there first the day it is expected', async () => {
    open(noMachines, '/app/machine/mi-1', (api) => {
      api.on('GET', '/api/app/machine-dashboard/card/:id', { body: { ...CARD, nextMaintenance: { _id: 'pm-9', title: 'Separator element', nextDueDate: '2027-05-12', meter: { kind: 'Running Hours', unit: 'h', threshold: 8150, expectedDate: '2026-11-30' } } } });
      metersFound(api);
    });
    const card = await screen.findByRole('article', { name: 'VMC Bay 1 / M-03' }, FIRST);
    expect(within(card).getByText('12/05/2027, or at 8,150 h on the meter if sooner (about 30/11/2026 at its present use) · Separator element')).toBeTruthy();
  });

  it('says the machine is not open to him when the server refuses it, and asks nothing more', async () => {
    const app = open(noMachines, '/app/machine/mi-9', (api) =>
      api.on('GET', '/api/app/machine-dashboard/card/:id', { status: 404, body: { message: "No machine with id mi-9 that you may open: a machine's card opens to whoever may see the machines or works an open ticket on it" } }),
    );
    expect(await screen.findByText('This machine is not open to you', {}, FIRST)).toBeTruthy();
    expect(screen.getByText('A machine’s card opens to whoever may see the machines, or works an open ticket on it.')).toBeTruthy();
    expect(app.api.requestsTo('GET', '/api/app/machine-dashboard/card/:id')).toHaveLength(1);
  });

  it('offers to try again when the card could not be read', async () => {
    let fail = true;
    open(noMachines, '/app/machine/mi-1', (api) => api.on('GET', '/api/app/machine-dashboard/card/:id', () => (fail ? ((fail = false), { status: 500, body: { message: 'Database down' } }) : { body: CARD })));
    const user = userEvent.setup();
    expect(await screen.findByText('Could not read the machine’s card', {}, FIRST)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('article', { name: 'VMC Bay 1 / M-03' });
  });
});

describe('qr-code-encoder', () => {
  let opened: { html: string; printed: boolean } | null;
  beforeEach(() => {
    opened = null;
  });

  function stubPrintWindow() {
    vi.spyOn(window, 'open').mockImplementation(() => {
      const record = { html: '', printed: false };
      opened = record;
      return {
        document: { open: () => undefined, write: (html: string) => void (record.html += html), close: () => undefined, querySelector: () => null },
        focus: () => undefined,
        print: () => void (record.printed = true),
      } as unknown as Window;
    });
  }

  it('shows a machine’s stored code without writing, with a PNG download and a printable label', async () => {
    const user = userEvent.setup();
    stubPrintWindow();
    const app = open(admin, '/app/qr-code-encoder');
    await user.click(await machinePicker());
    await user.click(await screen.findByRole('option', { name: /VMC Bay 1 \/ M-03/ }));
    const result = await screen.findByRole('region', { name: 'QR code' });
    expect(within(result).getByRole('img', { name: 'QR code of VMC Bay 1 / M-03' }).getAttribute('src')).toBe(MACHINES[0]?.qrCode);
    expect(within(result).getByRole('link', { name: 'Download PNG' }).getAttribute('download')).toBe('MI-2026-000001.png');
    expect(app.api.requestsTo('PATCH', '/api/app/svc-machine-instances/generate-qr-code/:id')).toHaveLength(0);
    await user.click(within(result).getByRole('button', { name: 'Print label' }));
    expect(opened?.printed).toBe(true);
    expect(opened?.html).toContain('VMC Bay 1 / M-03');
    expect(opened?.html).toContain('MI-2026-000001');
  });

  it('generates a code for a machine without one, and says when the label window is blocked', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'open').mockReturnValue(null);
    const generated = { ...MACHINES[1], qrCode: 'data:image/png;base64,R0VO', qrPayload: 'http://localhost:3000/app/machine-scanning?machineId=mi-2&code=MI-2026-000002' };
    const app = open(admin, '/app/qr-code-encoder', (api) => api.on('PATCH', '/api/app/svc-machine-instances/generate-qr-code/:id', { body: generated }));
    await user.click(await machinePicker());
    await user.click(await screen.findByRole('option', { name: /Compressor CP-02/ }));
    const image = await screen.findByRole('img', { name: 'QR code of Compressor CP-02' });
    expect(image.getAttribute('src')).toBe('data:image/png;base64,R0VO');
    expect(app.api.requestsTo('PATCH', '/api/app/svc-machine-instances/generate-qr-code/mi-2')).toHaveLength(1);
    expect(screen.getByRole('link', { name: generated.qrPayload })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Print label' }));
    expect(await screen.findByText(/The browser blocked the label window/)).toBeTruthy();
  });

  it('encodes any text in the browser', async () => {
    const user = userEvent.setup();
    const app = open(admin, '/app/qr-code-encoder');
    await user.click(await screen.findByRole('radio', { name: 'Any text' }, FIRST));
    await user.type(screen.getByLabelText(/^Text to encode/), 'Gate 3 visitor Wi-Fi');
    await user.click(screen.getByRole('button', { name: 'Make QR code' }));
    const image = await screen.findByRole('img', { name: 'QR code of Gate 3 visitor Wi-Fi' });
    expect(image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByRole('link', { name: 'Download PNG' }).getAttribute('download')).toBe('qr-code.png');
    expect(app.api.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('tells a person who may only view machines that a missing code needs the update privilege', async () => {
    const user = userEvent.setup();
    const app = open(viewOnly, '/app/qr-code-encoder');
    await user.click(await machinePicker());
    await user.click(await screen.findByRole('option', { name: /Compressor CP-02/ }));
    expect(await screen.findByText('This machine has no QR code yet')).toBeTruthy();
    expect(app.api.requestsTo('PATCH', '/api/app/svc-machine-instances/generate-qr-code/:id')).toHaveLength(0);
  });

  it('offers text only to a person who may not see machines, asking nothing', async () => {
    const app = open(noMachines, '/app/qr-code-encoder');
    expect(await screen.findByLabelText(/^Text to encode/, {}, FIRST)).toBeTruthy();
    expect(app.api.requestsTo('GET', '/api/app/svc-machine-instances')).toHaveLength(0);
  });
});

describe('bom-tree', () => {
  it('shows a machine’s parts by assembly with stock and the reorder badge, and folds them', async () => {
    const user = userEvent.setup();
    const app = open(admin, '/app/bom-tree', (api) => api.on('GET', '/api/app/svc-machine-instances/getBomFromMachine/:id', { body: { data: BOM } }));
    expect(await screen.findByText('Choose a machine to see its bill of materials.', {}, FIRST)).toBeTruthy();
    await user.click(await machinePicker());
    await user.click(await screen.findByRole('option', { name: /Compressor CP-02/ }));
    const tree = await screen.findByRole('tree', { name: 'Bill of materials' });
    expect(app.api.requestsTo('GET', '/api/app/svc-machine-instances/getBomFromMachine/mi-2')).toHaveLength(1);
    expect(within(tree).getByText('ELG-OF-37')).toBeTruthy();
    expect(within(tree).getByText('In stock 1 (reorder at 2)', { exact: false })).toBeTruthy();
    expect(within(tree).getAllByText('Below reorder level')).toHaveLength(1);
    expect(within(tree).getAllByText('Critical')).toHaveLength(2);
    expect(screen.getByText('5 lines worth ₹14,560.00')).toBeTruthy();
    await user.click(within(tree).getByText('Oil circuit'));
    await waitFor(() => expect(within(tree).queryByText('ELG-OF-37')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(await within(tree).findByText('ELG-OF-37')).toBeTruthy();
  });

  it('opens the machine of the address, and shows a failure with a retry', async () => {
    const user = userEvent.setup();
    const app = open(admin, '/app/bom-tree?machineId=mi-2', (api) => api.on('GET', '/api/app/svc-machine-instances/getBomFromMachine/:id', { status: 500, body: { message: 'Stock ledger unavailable' } }));
    expect(await screen.findByText('Stock ledger unavailable', {}, FIRST)).toBeTruthy();
    app.api.on('GET', '/api/app/svc-machine-instances/getBomFromMachine/:id', { body: { data: BOM } });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('tree', { name: 'Bill of materials' })).toBeTruthy();
  });
});
