/**
 * Model-based tests of the BOM tree flow: the machine list (or nothing asked without the privilege), a
 * machine picked or given by the page address, its bill of materials loaded or failed and retried.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, type Actor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { ApiError } from '../../src/api/http';
import { bomTreeMachine, type BomTreeContext, type BomTreeEvent, type BomTreeInput } from '../../src/machines/flows/bomTree';
import type { Bom, MachineOption } from '../../src/machines/flows/machineDashboardCalls';
import { PathCoverage, serializeBy } from './support/coverage';
import { createDeferredRequests, type DeferredRequests } from './support/deferred';
import { stateChecks } from './support/modelChecks';

const MACHINES: MachineOption[] = [
  { _id: 'mi-1', alternateId: 'MI-2026-000001', name: 'Compressor CP-02', serialNo: 'ELGI-EG37-5532' },
  { _id: 'mi-2', alternateId: 'MI-2026-000002', name: 'Chiller CH-01', serialNo: 'VOL-WCS60-1180' },
];
const BOM: Bom = {
  machine: { _id: 'mi-1', name: 'Compressor CP-02' },
  machineType: { _id: 'mt-1', machineName: 'Screw Compressor EG-37' },
  assemblies: [{ assembly: 'Oil circuit', valuePaise: 365000, parts: [{ associationId: 'a-1', partId: 'p-1', partNumber: 'ELG-OF-37', partName: 'Oil filter', quantity: 1, critical: true, stockQty: 1, reorderLevel: 2, belowReorderLevel: true, unitPricePaise: 365000, valuePaise: 365000, shortage: true, machineSpecific: false }] }],
  totalParts: 1,
  criticalShortages: 1,
  totalValuePaise: 365000,
};

const EVENTS: BomTreeEvent[] = [
  { type: 'bom.pick', machineId: 'mi-1' },
  { type: 'bom.pick', machineId: 'mi-2' },
  // A machine that is not in the list (another tenant's id in a pasted link) is not asked for.
  { type: 'bom.pick', machineId: 'mi-elsewhere' },
  { type: 'bom.retry' },
  { type: 'xstate.done.actor.machines', output: MACHINES, actorId: 'machines' },
  { type: 'xstate.error.actor.machines', error: new ApiError(500, null, 'Request failed with status 500'), actorId: 'machines' },
  { type: 'xstate.done.actor.bom', output: BOM, actorId: 'bom' },
  { type: 'xstate.error.actor.bom', error: new ApiError(404, { message: 'No svc-machine-instances record with id mi-1' }, 'x'), actorId: 'bom' },
];

const project = (c: BomTreeContext) => ({ ...c, error: c.error?.status ?? null });

interface Harness {
  actor: Actor<typeof bomTreeMachine>;
  requests: DeferredRequests;
}

function start(input: BomTreeInput): Harness {
  const requests = createDeferredRequests();
  const machine = bomTreeMachine.provide({ actors: { fetchMachines: requests.actor('machines'), fetchBom: requests.actor('bom') } });
  return { actor: createActor(machine, { input }).start(), requests };
}

function checks({ actor, requests }: Harness, input: BomTreeInput) {
  const context = () => actor.getSnapshot().context;
  const running = (id: string) => Boolean((actor.getSnapshot().children as Record<string, unknown>)[id]);
  return stateChecks(() => actor, {
    '#bomTree.loadingMachines': () => expect(requests.inputOf('machines')).toEqual({ allowed: input.allowed }),
    '#bomTree.machinesFailed': () => expect(context().error?.status).toBe(500),
    '#bomTree.ready.idle': () => {
      expect(context().bom).toBeNull();
      expect(running('bom')).toBe(false);
      expect(context().machines).toEqual(MACHINES);
    },
    '#bomTree.ready.loading': () => {
      expect(running('bom')).toBe(true);
      expect(requests.inputOf('bom')).toEqual({ machineId: context().machineId });
    },
    '#bomTree.ready.loaded': () => expect(context().bom).toEqual(BOM),
    '#bomTree.ready.failed': () => {
      expect(context().bom).toBeNull();
      expect(context().error?.message).toBe('No svc-machine-instances record with id mi-1');
    },
  }, project);
}

function executors({ actor, requests }: Harness) {
  const send = ({ event }: { event: BomTreeEvent }) => actor.send(event);
  const settle = (id: string) => ({ event }: { event: BomTreeEvent }) =>
    'error' in event ? requests.reject(id, event.error) : requests.resolve(id, 'output' in event ? event.output : undefined);
  return {
    'bom.pick': send,
    'bom.retry': send,
    'xstate.done.actor.machines': settle('machines'),
    'xstate.error.actor.machines': settle('machines'),
    'xstate.done.actor.bom': settle('bom'),
    'xstate.error.actor.bom': settle('bom'),
  };
}

const INPUTS: Array<[string, BomTreeInput]> = [
  ['a screen opened without a machine', { allowed: true }],
  ['a screen opened for a machine', { allowed: true, initialMachineId: 'mi-2' }],
  ['a screen opened for an unknown machine', { allowed: true, initialMachineId: 'mi-gone' }],
];

const coverage = new PathCoverage();
let current: Harness | undefined;
afterEach(() => current?.actor.stop());

describe.each(INPUTS)('BOM tree paths for %s', (_name, input) => {
  const model = createTestModel(bomTreeMachine, { input, serializeState: serializeBy(project) });
  const paths = model.getShortestPaths({ events: EVENTS, filterEvents: (snapshot, event) => snapshot.can(event) });
  it('has paths to test', () => expect(paths.length).toBeGreaterThan(3));
  paths.forEach((path, index) => {
    it(`path ${index + 1}: ${path.steps.map((step) => step.event.type.replace('xstate.', '')).join(' → ')}`, async () => {
      current = start(input);
      await path.test({ states: checks(current, input), events: executors(current) as unknown as Parameters<typeof path.test>[0]['events'] });
      coverage.record(path);
    });
  });
});

describe('coverage of the BOM tree flow', () => {
  it('visited every state', () => expect(coverage.missingStates(bomTreeMachine)).toEqual([]));
  it('executed every event', () => expect(coverage.missingEvents(bomTreeMachine)).toEqual([]));
  it('opens the machine of the page address once the list holds it', async () => {
    const harness = start({ allowed: true, initialMachineId: 'mi-2' });
    await harness.requests.resolve('machines', MACHINES);
    expect(harness.requests.inputOf('bom')).toEqual({ machineId: 'mi-2' });
    harness.actor.stop();
  });
});
