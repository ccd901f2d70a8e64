/**
 * Model-based tests of the lifecycle factory, once per configuration that behaves differently: the default
 * rules (users), create at the end (roles), the id inside `data` on delete (machine instances), the lead
 * rules (stage change, note removal), a call that creates or updates (proposal drafts), fixed list texts (subscribers), "Duplicate {field}" texts (sensor
 * instances) and a plain extra call (lead KPI). Each run pairs its slot with the list region, so requests
 * overlap with list loads and each cache effect meets a loaded list.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ApiError, type ErrorPayload } from '../../src/api/http';
import type { ModuleDef } from '../../src/contract/modules/define';
import { subscriber, subscriberUser, role } from '../../src/contract/modules/admin';
import { moduleNamed } from '../../src/contract/modules';
import { resourceMachine, type ResourceContext, type ResourceEvent } from '../../src/machines/resource';
import { PathCoverage } from './support/coverage';
import { recordNotices, type NoticeRecorder } from './support/notices';
import {
  createDeferredRequests,
  eventExecutors,
  resourcePaths,
  startResourceActor,
  stateChecks,
  type ResourceRun,
} from './support/resourceModel';

const coverage = new PathCoverage();

const SERVER_FAILURE = new ApiError(500, { message: 'Database unavailable' }, 'Request failed with status 500');
const SILENT_FAILURE = new ApiError(502, null, 'Request failed with status 502');

/** Literal texts: the server's message when it sent one, else the module's default. */
function plainNotices(defaults: Record<string, string>) {
  return (target: string, error: ErrorPayload): string[] => [error.message ?? defaults[target]];
}

const listEvents = (page: { data: Array<Record<string, unknown> & { _id: string }>; total: number }): ResourceEvent[] => [
  { type: 'resource.list', query: { status: 'Active' } },
  { type: 'xstate.done.actor.list', output: page, actorId: 'list' },
  { type: 'xstate.error.actor.list', error: SERVER_FAILURE, actorId: 'list' },
  { type: 'resource.changed', op: 'update', _id: 'u1' },
];

const USERS = {
  data: [
    { _id: 'u1', name: 'Asha Patil', email: 'asha@demo.local' },
    { _id: 'u2', name: 'Ravi Kumar', email: 'ravi@demo.local' },
  ],
  total: 2,
};
const USER_DEFAULTS = {
  list: 'Failed to get list of users',
  create: 'Failed to create User',
  update: 'Failed to update User',
  remove: 'Failed to Delete user',
  getById: 'Failed to get users details',
};
const STALE_SAVE = new ApiError(
  409,
  { message: 'User Ravi Kumar was changed by Asha Patil at 2026-11-27T10:15:00.000Z since you opened it: reload it and try again (your changes are kept on screen)', code: 'STALE_VERSION', keyValue: { version: 3 } },
  'x',
);
const EMAIL_TAKEN = new ApiError(409, { message: 'Email Already In use.', code: 11000, keyValue: { email: 'asha@demo.local' } }, 'x');

function userNotices(target: string, error: ErrorPayload): string[] {
  if (error.code === 11000) return ['Email Already In use.'];
  return plainNotices(USER_DEFAULTS)(target, error);
}

const runs: ResourceRun[] = [
  {
    title: 'users: create goes first, duplicates show the module text',
    def: subscriberUser,
    expectedNotices: userNotices,
    events: [
      ...listEvents(USERS),
      { type: 'resource.create', body: { name: 'Meera Shah', email: 'meera@demo.local' } },
      { type: 'xstate.done.actor.create', output: { _id: 'u3', name: 'Meera Shah', email: 'meera@demo.local' }, actorId: 'create' },
      { type: 'xstate.error.actor.create', error: SILENT_FAILURE, actorId: 'create' },
      { type: 'xstate.error.actor.create', error: EMAIL_TAKEN, actorId: 'create' },
      { type: 'resource.reset' },
    ],
  },
  {
    title: 'users: update merges by _id',
    def: subscriberUser,
    expectedNotices: userNotices,
    events: [
      ...listEvents(USERS),
      { type: 'resource.update', id: 'u2', body: { _id: 'u2', name: 'Ravi K.' } },
      { type: 'xstate.done.actor.update', output: { _id: 'u2', name: 'Ravi K.' }, actorId: 'update' },
      { type: 'xstate.error.actor.update', error: SERVER_FAILURE, actorId: 'update' },
      { type: 'resource.reset' },
    ],
  },
  {
    title: 'users: a stale save keeps what the person changed, and Reload reads the record again (issue 28)',
    def: subscriberUser,
    expectedNotices: userNotices,
    events: [
      { type: 'resource.update', id: 'u2', body: { name: 'Ravi K.', email: 'ravi@demo.local' }, version: 2, unchanged: { name: 'Ravi Kumar', email: 'ravi@demo.local' } },
      { type: 'xstate.error.actor.update', error: STALE_SAVE, actorId: 'update' },
      { type: 'resource.rebase' },
      { type: 'xstate.done.actor.rebase', output: { _id: 'u2', name: 'Ravi Kumar', email: 'ravi.kumar@demo.local', version: 3 }, actorId: 'rebase' },
      { type: 'xstate.error.actor.rebase', error: SERVER_FAILURE, actorId: 'rebase' },
      { type: 'resource.reset' },
    ],
  },
  {
    title: 'users: delete removes by id',
    def: subscriberUser,
    expectedNotices: userNotices,
    events: [
      ...listEvents(USERS),
      { type: 'resource.remove', id: 'u1' },
      { type: 'xstate.done.actor.remove', output: { message: 'Deleted' }, actorId: 'remove' },
      { type: 'xstate.error.actor.remove', error: SILENT_FAILURE, actorId: 'remove' },
      { type: 'resource.reset' },
    ],
  },
  {
    title: 'users: get-by-id',
    def: subscriberUser,
    expectedNotices: userNotices,
    events: [
      { type: 'resource.getById', id: 'u1' },
      // A user has no lifecycle: opening one starts no workflow actor.
      { type: 'resource.open', id: 'u1' },
      { type: 'xstate.done.actor.getById', output: USERS.data[0], actorId: 'getById' },
      { type: 'xstate.error.actor.getById', error: SILENT_FAILURE, actorId: 'getById' },
      { type: 'xstate.error.actor.getById', error: SERVER_FAILURE, actorId: 'getById' },
      { type: 'resource.reset' },
    ],
  },
  {
    title: 'roles: create appends at the end',
    def: role,
    expectedNotices: plainNotices({ list: 'Failed to get list of roles', create: 'Failed to create Role' }),
    events: [
      ...listEvents({ data: [{ _id: 'r1', name: 'ADMIN' }], total: 1 }),
      { type: 'resource.create', body: { name: 'AUDITOR' } },
      { type: 'xstate.done.actor.create', output: { _id: 'r2', name: 'AUDITOR' }, actorId: 'create' },
      { type: 'xstate.error.actor.create', error: SILENT_FAILURE, actorId: 'create' },
    ],
  },
  {
    title: 'machine instances: the deleted id comes inside data',
    def: moduleNamed('svc-machine-instances'),
    expectedNotices: (target, error) => [error.message ?? moduleNamed('svc-machine-instances').messages[target as 'list']],
    events: [
      ...listEvents({ data: [{ _id: 'm1', serialNo: 'SN-1' }, { _id: 'm2', serialNo: 'SN-2' }], total: 2 }),
      { type: 'resource.remove', id: 'm2' },
      { type: 'xstate.done.actor.remove', output: { data: { _id: 'm2' } }, actorId: 'remove' },
      { type: 'xstate.error.actor.remove', error: SERVER_FAILURE, actorId: 'remove' },
    ],
  },
  {
    title: 'credit notes: an opened record has its workflow actor until it is closed',
    def: moduleNamed('credit-note'),
    expectedNotices: plainNotices({}),
    events: [
      { type: 'resource.open', id: 'cn1' },
      { type: 'resource.close', id: 'cn1' },
    ],
  },
  ...leadRuns(),
  proposalDraftRun(),
  {
    title: 'subscribers: a failed list shows only its fixed text',
    def: subscriber,
    expectedNotices: (target) => [subscriber.messages[target as 'list']],
    events: listEvents({ data: [{ _id: 's1', companyName: 'Demo Industries Pvt Ltd' }], total: 1 }),
  },
  {
    title: 'sensor instances: a duplicate names its field, then the generic text',
    def: moduleNamed('sensor-instance'),
    expectedNotices: (target, error) =>
      error.code === 11000
        ? ['Duplicate imeiNo Field.  Unique Number is Required !', 'IMEI taken']
        : [error.message ?? 'Failed to create SensorInstance'],
    events: [
      { type: 'resource.create', body: { imeiNo: '356938035643809' } },
      { type: 'xstate.done.actor.create', output: { _id: 'si1', imeiNo: '356938035643809' }, actorId: 'create' },
      {
        type: 'xstate.error.actor.create',
        error: new ApiError(409, { message: 'IMEI taken', code: 11000, keyValue: { imeiNo: '356938035643809' } }, 'x'),
        actorId: 'create',
      },
    ],
  },
];

function leadRuns(): ResourceRun[] {
  const lead = moduleNamed('lead');
  const leads = {
    data: [
      {
        _id: 'l1',
        title: 'Compressor rental',
        leadStage: 'New',
        notes: [
          { _id: 'n1', noteId: 'n1', note: 'Called' },
          { _id: 'n2', noteId: 'n2', note: 'Sent brochure' },
        ],
      },
      { _id: 'l2', title: 'Chiller AMC', leadStage: 'New', notes: [] },
    ],
    total: 2,
  };
  // Leads show only their fixed text when the list fails (document 2 §8).
  const callNotices = (target: string, error: ErrorPayload) =>
    target === 'list'
      ? ['Failed to get list of Leads']
      : [error.message ?? lead.calls?.find((call) => call.name === target)?.message ?? ''];
  const leadById = (context: ResourceContext, id: string) => context.list.data.find((record) => record._id === id);
  return [
    {
      title: 'leads: a stage change sets leadStage and leadStatusReason on the cached lead',
      def: lead,
      expectedNotices: callNotices,
      events: [
        ...listEvents(leads),
        { type: 'resource.call', name: 'changeStage', params: { id: 'l1' }, body: { leadStage: 'Won', leadStatusReason: 'PO received' } },
        { type: 'xstate.done.actor.call.changeStage', output: { _id: 'l1', leadStage: 'Won' }, actorId: 'call.changeStage' },
        { type: 'xstate.error.actor.call.changeStage', error: SILENT_FAILURE, actorId: 'call.changeStage' },
      ],
      afterCall: (_name, _before, after) => {
        const changed = leadById(after, 'l1');
        if (changed) expect(changed).toMatchObject({ leadStage: 'Won', leadStatusReason: 'PO received' });
        expect(leadById(after, 'l2')?.leadStage ?? 'New').toBe('New');
      },
    },
    {
      title: "leads: deleting a note removes it from that lead's notes",
      def: lead,
      expectedNotices: callNotices,
      events: [
        ...listEvents(leads),
        { type: 'resource.call', name: 'deleteNote', params: { leadId: 'l1', noteId: 'n1' } },
        { type: 'xstate.done.actor.call.deleteNote', output: { message: 'Note deleted' }, actorId: 'call.deleteNote' },
        { type: 'xstate.error.actor.call.deleteNote', error: SERVER_FAILURE, actorId: 'call.deleteNote' },
      ],
      afterCall: (_name, before, after) => {
        const notes = leadById(after, 'l1')?.notes as Array<{ _id: string }> | undefined;
        if (leadById(before, 'l1')) expect(notes?.map((note) => note._id)).toEqual(['n2']);
      },
    },
    {
      title: 'leads: a call without a cache rule only fills its slot',
      def: lead,
      expectedNotices: callNotices,
      events: [
        { type: 'resource.call', name: 'getKpi' },
        { type: 'xstate.done.actor.call.getKpi', output: { open: 4, won: 1 }, actorId: 'call.getKpi' },
        { type: 'xstate.error.actor.call.getKpi', error: SILENT_FAILURE, actorId: 'call.getKpi' },
      ],
      afterCall: (_name, before, after) => expect(after.list).toEqual(before.list),
    },
  ];
}

/** draftProposal creates a Draft or takes a cached proposal back to Draft: insert at the front, or merge. */
function proposalDraftRun(): ResourceRun {
  const proposal = moduleNamed('proposal');
  const proposals = {
    data: [
      { _id: 'pr1', proposalName: 'Compressor rental', status: 'Sent(Draft)', monthlyRental: 90000 },
      { _id: 'pr2', proposalName: 'Chiller AMC', status: 'Draft' },
    ],
    total: 2,
  };
  return {
    title: 'proposals: a new draft goes first, a proposal taken back to Draft is merged',
    def: proposal,
    expectedNotices: (target, error) => [error.message ?? (target === 'list' ? proposal.messages.list : (proposal.calls?.find((call) => call.name === target)?.message ?? ''))],
    events: [
      ...listEvents(proposals),
      { type: 'resource.call', name: 'draftProposal', body: { proposalName: 'Dryer rental' } },
      { type: 'xstate.done.actor.call.draftProposal', output: { _id: 'pr3', proposalName: 'Dryer rental', status: 'Draft' }, actorId: 'call.draftProposal' },
      { type: 'xstate.done.actor.call.draftProposal', output: { _id: 'pr1', status: 'Draft', monthlyRental: 80000 }, actorId: 'call.draftProposal' },
      { type: 'xstate.error.actor.call.draftProposal', error: SERVER_FAILURE, actorId: 'call.draftProposal' },
    ],
    afterCall: (_name, before, after) => {
      const reply = after.calls.draftProposal.data as { _id: string };
      const cached = before.list.data.find((record) => record._id === reply._id);
      if (cached) {
        // Update: merged in place, nothing added.
        expect(after.list.data.find((record) => record._id === reply._id)).toEqual({ ...cached, ...reply });
        expect(after.list.data.map((record) => record._id)).toEqual(before.list.data.map((record) => record._id));
        expect(after.list.total).toBe(before.list.total);
      } else {
        // Create: first in the list, total + 1.
        expect(after.list.data[0]).toEqual(reply);
        expect(after.list.data.slice(1)).toEqual(before.list.data);
        expect(after.list.total).toBe(before.list.total + 1);
      }
    },
  };
}

let recorder: NoticeRecorder | undefined;
afterEach(() => recorder?.release());

for (const run of runs) {
  describe(run.title, () => {
    const paths = resourcePaths(run);
    it('has paths to test', () => expect(paths.length).toBeGreaterThan(1));
    paths.forEach((path, index) => {
      const route = path.steps.map((step) => step.event.type.replace('xstate.', '')).join(' → ');
      it(`path ${index + 1}: ${route}`, async () => {
        recorder = recordNotices();
        const requests = createDeferredRequests();
        const actor = startResourceActor(run.def as ModuleDef, requests);
        await path.test({
          states: stateChecks(run, actor, requests, recorder),
          // xstate/graph types each step's event as `{ type }` only; executors read the full event.
          events: eventExecutors(run, actor, requests, recorder) as unknown as Parameters<typeof path.test>[0]['events'],
        });
        coverage.record(path);
        actor.stop();
      });
    });
  });
}

describe('coverage of the lifecycle machine', () => {
  afterAll(() => {
    console.info(`resource model: ${coverage.steps} steps, ${coverage.states.size} states, ${coverage.events.size} event types`);
  });
  it('visited every state', () => expect(coverage.missingStates(resourceMachine)).toEqual([]));
  it('executed every event', () => expect(coverage.missingEvents(resourceMachine)).toEqual([]));
});
