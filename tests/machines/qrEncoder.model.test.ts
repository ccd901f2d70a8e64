/**
 * Model-based tests of the QR code encoder: text encoded in the browser, a machine's stored code shown
 * without a write, a missing one generated (or explained to a person who may not update machines), and
 * every failure with a way on.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, type Actor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { ApiError } from '../../src/api/http';
import type { MachineOption } from '../../src/machines/flows/machineDashboardCalls';
import { qrEncoderMachine, type QrEncoderContext, type QrEncoderEvent, type QrEncoderInput } from '../../src/machines/flows/qrEncoder';
import { PathCoverage, serializeBy } from './support/coverage';
import { createDeferredRequests, type DeferredRequests } from './support/deferred';
import { stateChecks } from './support/modelChecks';

const WITH_CODE: MachineOption = { _id: 'mi-1', alternateId: 'MI-2026-000001', name: 'VMC Bay 1 / M-03', serialNo: 'BFW-45-22817', qrCode: 'data:image/png;base64,AAA', qrPayload: 'http://x/app/machine-scanning?machineId=mi-1' };
const WITHOUT_CODE: MachineOption = { _id: 'mi-2', alternateId: 'MI-2026-000002', name: 'Compressor CP-02', serialNo: 'ELGI-EG37-5532' };
const GENERATED: MachineOption = { ...WITHOUT_CODE, qrCode: 'data:image/png;base64,BBB', qrPayload: 'http://x/app/machine-scanning?machineId=mi-2' };
const REGENERATED: MachineOption = { ...WITH_CODE, qrCode: 'data:image/png;base64,CCC' };

const EVENTS: QrEncoderEvent[] = [
  { type: 'qr.encodeText', text: 'Gate 3 – visitor Wi-Fi' },
  { type: 'qr.encodeText', text: '   ' },
  { type: 'qr.encodeText', text: 'x'.repeat(1001) },
  { type: 'qr.pickMachine', machineId: 'mi-1' },
  { type: 'qr.pickMachine', machineId: 'mi-2' },
  { type: 'qr.pickMachine', machineId: 'mi-unknown' },
  { type: 'qr.regenerate' },
  { type: 'qr.clear' },
  { type: 'qr.retry' },
  { type: 'xstate.done.actor.machines', output: [WITH_CODE, WITHOUT_CODE], actorId: 'machines' },
  { type: 'xstate.error.actor.machines', error: new ApiError(500, null, 'Request failed with status 500'), actorId: 'machines' },
  { type: 'xstate.done.actor.encode', output: 'data:image/png;base64,TXT', actorId: 'encode' },
  { type: 'xstate.error.actor.encode', error: new Error('The amount of data is too big to be stored in a QR Code'), actorId: 'encode' },
  { type: 'xstate.done.actor.generate', output: GENERATED, actorId: 'generate' },
  { type: 'xstate.done.actor.generate', output: REGENERATED, actorId: 'generate' },
  { type: 'xstate.error.actor.generate', error: new ApiError(500, { message: 'Failed to update machine instance' }, 'x'), actorId: 'generate' },
];

const project = (c: QrEncoderContext) => ({ ...c, error: c.error?.message ?? null });

interface Harness {
  actor: Actor<typeof qrEncoderMachine>;
  requests: DeferredRequests;
}

function start(input: QrEncoderInput): Harness {
  const requests = createDeferredRequests();
  const machine = qrEncoderMachine.provide({
    actors: { fetchMachines: requests.actor('machines'), encodeText: requests.actor('encode'), generateQrCode: requests.actor('generate') },
  });
  return { actor: createActor(machine, { input }).start(), requests };
}

function checks({ actor, requests }: Harness, input: QrEncoderInput) {
  const context = () => actor.getSnapshot().context;
  const running = (id: string) => Boolean((actor.getSnapshot().children as Record<string, unknown>)[id]);
  return stateChecks(() => actor, {
    '#qrEncoder.loadingMachines': () => expect(requests.inputOf('machines')).toEqual({ allowed: input.canListMachines }),
    '#qrEncoder.machinesFailed': () => expect(context().error?.status).toBe(500),
    '#qrEncoder.ready.idle': () => {
      expect(context().image).toBeNull();
      expect(running('encode') || running('generate')).toBe(false);
    },
    '#qrEncoder.ready.encoding': () => expect(requests.inputOf('encode')).toEqual({ text: context().text }),
    '#qrEncoder.ready.generating': () => {
      expect(input.canGenerate).toBe(true);
      expect(requests.inputOf('generate')).toEqual({ machineId: context().selectedId });
    },
    '#qrEncoder.ready.shown': () => {
      const { image, selectedId, text } = context();
      expect(image?.dataUrl).toMatch(/^data:image\/png;base64,/);
      if (selectedId) expect(image).toMatchObject({ machineId: selectedId, code: context().machines.find((m) => m._id === selectedId)?.alternateId });
      else expect(image).toMatchObject({ payload: text, title: text });
    },
    '#qrEncoder.ready.missing': () => {
      expect(input.canGenerate).toBe(false);
      expect(context().image).toBeNull();
      expect(running('generate')).toBe(false);
    },
    '#qrEncoder.ready.failed': () => expect(context().error).not.toBeNull(),
  }, project);
}

function executors({ actor, requests }: Harness) {
  const send = ({ event }: { event: QrEncoderEvent }) => actor.send(event);
  const settle = (id: string) => ({ event }: { event: QrEncoderEvent }) =>
    'error' in event ? requests.reject(id, event.error) : requests.resolve(id, 'output' in event ? event.output : undefined);
  return {
    'qr.encodeText': send,
    'qr.pickMachine': send,
    'qr.regenerate': send,
    'qr.clear': send,
    'qr.retry': send,
    'xstate.done.actor.machines': settle('machines'),
    'xstate.error.actor.machines': settle('machines'),
    'xstate.done.actor.encode': settle('encode'),
    'xstate.error.actor.encode': settle('encode'),
    'xstate.done.actor.generate': ({ event }: { event: QrEncoderEvent }) =>
      requests.resolve('generate', 'output' in event ? event.output : undefined).then(() => {
        // The picked machine now carries its code in the list, so picking it again writes nothing.
        const output = (event as { output: MachineOption }).output;
        expect(actor.getSnapshot().context.machines.find((m) => m._id === output._id)?.qrCode).toBe(output.qrCode);
      }),
    'xstate.error.actor.generate': settle('generate'),
  };
}

const INPUTS: Array<[string, QrEncoderInput]> = [
  ['a person who may update machines', { canListMachines: true, canGenerate: true }],
  ['a person who may only view machines', { canListMachines: true, canGenerate: false }],
];

const coverage = new PathCoverage();
let current: Harness | undefined;
afterEach(() => current?.actor.stop());

describe.each(INPUTS)('QR encoder paths for %s', (_name, input) => {
  const model = createTestModel(qrEncoderMachine, { input, serializeState: serializeBy(project) });
  const paths = model.getShortestPaths({ events: EVENTS, filterEvents: (snapshot, event) => snapshot.can(event) });
  it('has paths to test', () => expect(paths.length).toBeGreaterThan(4));
  paths.forEach((path, index) => {
    it(`path ${index + 1}: ${path.steps.map((step) => step.event.type.replace('xstate.', '')).join(' → ')}`, async () => {
      current = start(input);
      await path.test({ states: checks(current, input), events: executors(current) as unknown as Parameters<typeof path.test>[0]['events'] });
      coverage.record(path);
    });
  });
});

describe('coverage of the QR encoder', () => {
  it('visited every state', () => expect(coverage.missingStates(qrEncoderMachine)).toEqual([]));
  it('executed every event', () => expect(coverage.missingEvents(qrEncoderMachine)).toEqual([]));
  it('asks for no machines when the person may not list them', async () => {
    const harness = start({ canListMachines: false, canGenerate: false });
    expect(harness.requests.inputOf('machines')).toEqual({ allowed: false });
    harness.actor.stop();
  });
});
