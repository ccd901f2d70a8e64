/**
 * Model-based tests of the machine scanner: camera granted, refused or missing, a browser without the
 * detector, codes detected or typed, found / not found / failed lookups, and a page opened from a QR link.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromCallback, type Actor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { ApiError } from '../../src/api/http';
import { CameraError } from '../../src/machines/flows/cameraScan';
import type { MachineCard } from '../../src/machines/flows/machineDashboardCalls';
import { machineScannerMachine, type ScannerContext, type ScannerEvent, type ScannerInput } from '../../src/machines/flows/machineScanner';
import { PathCoverage, serializeBy } from './support/coverage';
import { createDeferredRequests, type DeferredRequests } from './support/deferred';
import { stateChecks } from './support/modelChecks';

let stoppedTracks = 0;
const STREAM = { getTracks: () => [{ stop: () => void (stoppedTracks += 1) }] } as unknown as MediaStream;
const CARD: MachineCard = {
  machine: { _id: 'mi-1', alternateId: 'MI-2026-000001', name: 'VMC Bay 1 / M-03', serialNo: 'BFW-45-22817', status: 'Breakdown', hasQrCode: true },
  machineType: { _id: 'mt-1', machineName: 'Vertical Machining Centre VMC-850' },
  location: { _id: 'a-1', name: 'Machining Bay 1', parentName: 'Chakan Plant 1', city: 'Chakan' },
  openTickets: { total: 1, items: [{ _id: 't-1', module: 'svc-ticket', title: 'Spindle overheating', ticketType: 'Breakdown Maintenance', status: 'In Progress' }] },
  lastService: null,
  nextMaintenance: null,
};
const QR_LINK = 'http://localhost:3000/app/machine-scanning?machineId=mi-1&code=MI-2026-000001';

const EVENTS: ScannerEvent[] = [
  { type: 'scan.start' },
  { type: 'scan.stop' },
  { type: 'scan.submit', code: '  mi-2026-000001 ' },
  // Blank and overlong codes are refused where they are typed.
  { type: 'scan.submit', code: '   ' },
  { type: 'scan.submit', code: 'x'.repeat(1001) },
  { type: 'scan.detected', code: QR_LINK },
  { type: 'scan.retry' },
  { type: 'scan.reset' },
  { type: 'xstate.done.actor.camera', output: STREAM, actorId: 'camera' },
  { type: 'xstate.error.actor.camera', error: Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' }), actorId: 'camera' },
  { type: 'xstate.error.actor.camera', error: Object.assign(new Error('Requested device not found'), { name: 'NotFoundError' }), actorId: 'camera' },
  { type: 'xstate.error.actor.camera', error: new CameraError('unsupported', 'This browser cannot read QR codes'), actorId: 'camera' },
  { type: 'xstate.done.actor.lookup', output: CARD, actorId: 'lookup' },
  { type: 'xstate.error.actor.lookup', error: new ApiError(404, { message: 'No machine matches the code X' }, 'x'), actorId: 'lookup' },
  { type: 'xstate.error.actor.lookup', error: new ApiError(500, null, 'Request failed with status 500'), actorId: 'lookup' },
];

const project = (c: ScannerContext) => ({ ...c, stream: c.stream ? 'stream' : null, error: c.error?.status ?? null, card: c.card?.machine._id ?? null });

interface Harness {
  actor: Actor<typeof machineScannerMachine>;
  requests: DeferredRequests;
  detecting: { running: boolean; stream: unknown };
}

function start(input: ScannerInput): Harness {
  const requests = createDeferredRequests();
  const detecting = { running: false, stream: null as unknown };
  const machine = machineScannerMachine.provide({
    actors: {
      openCamera: requests.actor('camera'),
      lookupMachine: requests.actor('lookup'),
      detectCodes: fromCallback<{ type: 'detector.noop' }, { stream: MediaStream }>(({ input: detectorInput }) => {
        detecting.running = true;
        detecting.stream = detectorInput.stream;
        return () => void (detecting.running = false);
      }),
    },
  });
  return { actor: createActor(machine, { input }).start(), requests, detecting };
}

function checks({ actor, requests, detecting }: Harness) {
  const context = () => actor.getSnapshot().context;
  // A request still pending after its state was left belongs to a stopped actor: children tell what runs.
  const running = (id: string) => Boolean((actor.getSnapshot().children as Record<string, unknown>)[id]);
  return stateChecks(() => actor, {
    '#machineScanner.idle': () => {
      expect(running('camera')).toBe(false);
      expect(running('lookup')).toBe(false);
      expect(context().stream).toBeNull();
    },
    '#machineScanner.requestingCamera': () => expect(running('camera') && requests.has('camera')).toBe(true),
    '#machineScanner.scanning': () => {
      expect(detecting.running).toBe(true);
      expect(detecting.stream).toBe(STREAM);
    },
    '#machineScanner.resolving': () => {
      expect(detecting.running).toBe(false);
      expect(context().stream).toBeNull();
      expect(running('lookup')).toBe(true);
      expect(requests.inputOf('lookup')).toEqual(context().query);
    },
    '#machineScanner.found': () => expect(context().card).toEqual(CARD),
    '#machineScanner.notFound': () => expect(context().error?.status).toBe(404),
    '#machineScanner.failed': () => expect(context().error?.status).toBe(500),
    '#machineScanner.cameraRefused': () => {
      expect(['denied', 'unavailable']).toContain(context().cameraProblem);
      expect(running('camera')).toBe(false);
    },
    '#machineScanner.unsupported': () => expect(running('camera')).toBe(false),
  }, project);
}

function executors({ actor, requests }: Harness) {
  const send = ({ event }: { event: ScannerEvent }) => {
    const tracksBefore = stoppedTracks;
    const wasScanning = actor.getSnapshot().matches('scanning');
    actor.send(event);
    // Leaving the scanning state turns the camera off.
    if (wasScanning && !actor.getSnapshot().matches('scanning')) expect(stoppedTracks).toBe(tracksBefore + 1);
  };
  return {
    'scan.start': send,
    'scan.stop': send,
    'scan.submit': send,
    'scan.detected': send,
    'scan.retry': send,
    'scan.reset': send,
    'xstate.done.actor.camera': ({ event }: { event: ScannerEvent }) => requests.resolve('camera', 'output' in event ? event.output : undefined),
    'xstate.error.actor.camera': ({ event }: { event: ScannerEvent }) => requests.reject('camera', 'error' in event ? event.error : undefined),
    'xstate.done.actor.lookup': ({ event }: { event: ScannerEvent }) => requests.resolve('lookup', 'output' in event ? event.output : undefined),
    'xstate.error.actor.lookup': ({ event }: { event: ScannerEvent }) => requests.reject('lookup', 'error' in event ? event.error : undefined),
  };
}

const coverage = new PathCoverage();
let current: Harness | undefined;
afterEach(() => current?.actor.stop());

const INPUTS: Array<[string, ScannerInput]> = [
  ['a browser that can scan', { cameraSupported: true }],
  ['a browser without the detector', { cameraSupported: false }],
  ['a page opened from a QR link', { cameraSupported: true, initial: { machineId: 'mi-1', code: 'MI-2026-000001' } }],
];

describe.each(INPUTS)('machine scanner paths in %s', (_name, input) => {
  const model = createTestModel(machineScannerMachine, { input, serializeState: serializeBy(project) });
  const paths = model.getShortestPaths({ events: EVENTS, filterEvents: (snapshot, event) => snapshot.can(event) });
  it('has paths to test', () => expect(paths.length).toBeGreaterThan(3));
  paths.forEach((path, index) => {
    it(`path ${index + 1}: ${path.steps.map((step) => step.event.type.replace('xstate.', '')).join(' → ')}`, async () => {
      current = start(input);
      if (input.initial) expect(current.requests.inputOf('lookup')).toEqual(input.initial);
      await path.test({ states: checks(current), events: executors(current) as unknown as Parameters<typeof path.test>[0]['events'] });
      coverage.record(path);
    });
  });
});

describe('coverage of the machine scanner', () => {
  it('visited every state', () => expect(coverage.missingStates(machineScannerMachine)).toEqual([]));
  it('executed every event', () => expect(coverage.missingEvents(machineScannerMachine)).toEqual([]));
  it('trims a typed code and keeps a scanned link whole', () => {
    const harness = start({ cameraSupported: true });
    harness.actor.send({ type: 'scan.submit', code: '  mi-2026-000001 ' });
    expect(harness.requests.inputOf('lookup')).toEqual({ code: 'mi-2026-000001' });
    harness.actor.stop();
  });
});
