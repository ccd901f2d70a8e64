/**
 * Every lifecycle machine of the index (src/machines/lifecycles), tested from its own graph: each simple path
 * from the initial state is replayed on an actor and, step by step, through the engine the server uses
 * (restored from the stored status, as a record is); every state and every transition is covered, counted and
 * asserted; and the guards let through exactly the callers whose privileges the machine names.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { allowedEvents, LIFECYCLE_RECORDS, LIFECYCLES, nextState, refusalMessage, type LifecycleCaller } from '../../src/machines/lifecycles/index';
import { catalogue, moduleViews } from '../../src/contract/modules/index';
import { TICKET_FEATURES } from '../../src/machines/lifecycles/ticket';
import { declaredTransitions, EVERY_PRIVILEGE, lifecyclePaths, MODEL_CUSTOMER, MODEL_SCHEDULER, modelCaller, modelRecord } from './support/lifecyclePaths';

const staff = (permissions: Record<string, string[]>): LifecycleCaller => ({ kind: 'staff', id: 'u1', name: 'Someone', permissions });

/** Who may take which steps, by privilege (the makers and checkers of issue 10). */
const ROLES: Record<string, Array<{ who: string; caller: LifecycleCaller; may: string[] }>> = {
  agreement: [
    { who: 'sales executive', caller: staff({ 'SALES-PIPELINE': ['VIEW', 'CREATE', 'UPDATE'] }), may: ['activate', 'expire', 'terminate'] },
    { who: 'viewer of the pipeline', caller: staff({ 'SALES-PIPELINE': ['VIEW'] }), may: [] },
  ],
  'purchase-order': [
    { who: 'purchase officer', caller: staff({ MANAGE_PO: ['VIEW', 'CREATE', 'UPDATE'] }), may: ['issue', 'receivePart', 'receiveAll', 'cancel'] },
    { who: 'stores clerk raising requisitions', caller: staff({ MANAGE_REQUISITION: ['VIEW', 'CREATE', 'UPDATE'], MANAGE_PO: ['VIEW'] }), may: [] },
  ],
  'credit-note': [
    { who: 'clerk raising notes', caller: staff({ GENERATE_CREDIT_NOTE: ['VIEW', 'CREATE', 'UPDATE'] }), may: ['submit', 'withdraw', 'revise'] },
    { who: 'approver', caller: staff({ MANAGE_CREDIT_NOTE: ['VIEW', 'UPDATE'] }), may: ['submit', 'withdraw', 'revise', 'approve', 'reject'] },
    { who: 'viewer', caller: staff({ GENERATE_CREDIT_NOTE: ['VIEW'], MANAGE_CREDIT_NOTE: ['VIEW'] }), may: [] },
  ],
  'purchase-order-requisition': [
    { who: 'stores clerk', caller: staff({ MANAGE_REQUISITION: ['VIEW', 'CREATE', 'UPDATE'] }), may: ['submit', 'recall', 'revise', 'sendToPurchase'] },
    { who: 'reviewer', caller: staff({ REVIEW_REQUISITION: ['VIEW', 'UPDATE'] }), may: ['approve', 'reject'] },
    { who: 'purchase officer', caller: staff({ MANAGE_PO: ['VIEW', 'CREATE'] }), may: ['sendToPurchase'] },
  ],
  'request-spare': [
    { who: 'stores deciding on requests', caller: staff({ SPAREPART_REQUEST: ['VIEW', 'UPDATE'] }), may: ['approve', 'reject', 'issue', 'cancel'] },
    // Not the requester of these records (they name none): an engineer cancels only their own requests.
    { who: 'engineer raising requests', caller: staff({ SPAREPART_REQUEST: ['VIEW', 'CREATE'] }), may: [] },
  ],
  'system-ticket': [
    { who: 'engineer on call', caller: staff({ SYSTEM_TICKET: ['VIEW', 'UPDATE'] }), may: ['acknowledge', 'close'] },
    { who: 'viewer of the ticket dashboard', caller: staff({ SYSTEM_TICKET: ['VIEW'] }), may: [] },
  ],
  'svc-ticket': [
    { who: 'service coordinator', caller: staff({ BREAKDOWN_MAINTENENCE: ['VIEW', 'CREATE', 'UPDATE'] }), may: ['assign', 'start', 'hold', 'resume', 'resolve', 'reopen', 'close', 'cancel'] },
    { who: 'field engineer on their own calls', caller: staff({ MY_OPEN_CALLS: ['VIEW', 'UPDATE'], FE_ACTIVITY: ['VIEW'] }), may: ['assign', 'start', 'hold', 'resume', 'resolve', 'reopen', 'close', 'cancel'] },
    { who: 'viewer of the ticket reports', caller: staff({ TICKET_REPORT_LIST: ['VIEW'] }), may: [] },
  ],
  ticket: [
    { who: 'help desk', caller: staff({ GENERIC_TICKET_LIST: ['VIEW', 'CREATE', 'UPDATE'] }), may: ['assign', 'start', 'hold', 'resume', 'resolve', 'reopen', 'close', 'cancel'] },
    { who: 'viewer of the client tickets', caller: staff({ CLIENT_TICKET: ['VIEW'] }), may: [] },
  ],
  invoice: [
    { who: 'accounts clerk raising invoices', caller: staff({ GENERATE_INVOICE: ['VIEW', 'CREATE', 'UPDATE'] }), may: ['finalize', 'registerEInvoice', 'cancel'] },
    { who: 'e-invoice desk', caller: staff({ GENERATE_E_INVOICE: ['VIEW', 'UPDATE'] }), may: ['finalize', 'registerEInvoice', 'cancel'] },
    { who: 'viewer of the final invoices', caller: staff({ FINAL_INVOICE_LIST: ['VIEW'] }), may: [] },
  ],
  lead: [
    { who: 'sales executive', caller: staff({ 'SALES-PIPELINE': ['VIEW', 'CREATE', 'UPDATE'] }), may: ['moveToNew', 'moveToContacted', 'moveToQualified', 'moveToProposalSent', 'moveToNegotiation', 'win', 'lose', 'reopen'] },
    { who: 'viewer of the pipeline', caller: staff({ 'SALES-PIPELINE': ['VIEW'] }), may: [] },
  ],
  proposal: [
    { who: 'sales executive', caller: staff({ 'SALES-PIPELINE': ['VIEW', 'CREATE', 'UPDATE'] }), may: ['sendDraft', 'sendFinal', 'backToDraft', 'markLost', 'closeDeal'] },
    { who: 'viewer of the pipeline', caller: staff({ 'SALES-PIPELINE': ['VIEW'] }), may: [] },
  ],
  'subscription-request': [
    { who: 'platform operator', caller: staff({ SUBSCRIPTION_REQUESTS_LIST: ['VIEW', 'UPDATE'] }), may: ['sendLink', 'onBoard', 'reject', 'reconsider'] },
    { who: 'viewer of the requests', caller: staff({ SUBSCRIPTION_REQUESTS_LIST: ['VIEW'] }), may: [] },
  ],
  'preventive-maintenance': [
    { who: 'maintenance planner', caller: staff({ PREVENTIVE_MAINTENANCE_TICKET: ['VIEW', 'CREATE', 'UPDATE'] }), may: ['start', 'markDone', 'pause', 'resume', 'complete', 'cancel'] },
    { who: 'viewer of the plans', caller: staff({ PREVENTIVE_MAINTENANCE_TICKET: ['VIEW'] }), may: [] },
  ],
  payment: [
    { who: 'clerk recording payments', caller: staff({ PAYMENT: ['VIEW', 'CREATE'] }), may: [] },
    { who: 'accounts approver', caller: staff({ PAYMENT: ['VIEW', 'UPDATE'] }), may: ['approve', 'reject'] },
  ],
};

describe.each(LIFECYCLES.map((l) => [l.module, l] as const))('lifecycle of %s', (_module, lifecycle) => {
  const paths = lifecyclePaths(lifecycle);
  const transitions = declaredTransitions(lifecycle.machine);
  const states = Object.keys(lifecycle.machine.config.states ?? {});

  it('names its states after the catalogue status values and its events after the index', () => {
    expect(new Set(transitions.map((t) => t.event))).toEqual(new Set(Object.keys(lifecycle.events)));
    for (const t of transitions) expect(states).toContain(t.to);
    const starts = lifecycle.startStates ?? [String(lifecycle.machine.config.initial)];
    expect(starts[0]).toBe(lifecycle.machine.config.initial);
    for (const start of starts) expect(states).toContain(start);
  });

  it.each(paths.map((p, i) => [`path ${i + 1}: ${p.steps.map((s) => `${s.from} -${s.event}-> ${s.to}`).join(', ') || 'initial'}`, p] as const))('%s', (_title, path) => {
    const actor = createActor(lifecycle.machine, { input: { record: modelRecord(lifecycle) } }).start();
    for (const step of path.steps) {
      expect(String(actor.getSnapshot().value)).toBe(step.from);
      const record = { ...modelRecord(lifecycle), [lifecycle.statusField]: step.from };
      const caller = modelCaller(lifecycle, step.event);
      // The engine, restored from the stored status, agrees with the running actor.
      expect(allowedEvents(lifecycle, record, caller)).toContain(step.event);
      expect(nextState(lifecycle, record, step.event, caller)).toBe(step.to);
      actor.send({ type: step.event, caller });
      expect(String(actor.getSnapshot().value)).toBe(step.to);
    }
    expect(String(actor.getSnapshot().value)).toBe(path.target);
    actor.stop();
  });

  it('covers every state and every transition with its paths', () => {
    const covered = new Set(paths.flatMap((p) => p.steps.map((s) => `${s.from}|${s.event}|${s.to}`)));
    const reached = new Set(paths.flatMap((p) => [p.target, ...p.steps.flatMap((s) => [s.from, s.to])]));
    expect(transitions.filter((t) => !covered.has(`${t.from}|${t.event}|${t.to}`))).toEqual([]);
    expect(states.filter((s) => !reached.has(s))).toEqual([]);
    console.info(`${lifecycle.module}: ${paths.length} paths; states ${reached.size}/${states.length}, transitions ${covered.size}/${transitions.length}`);
  });

  it('in every state allows exactly the events the machine declares there, and refuses the others with a reason', () => {
    const callers = [EVERY_PRIVILEGE, MODEL_CUSTOMER, MODEL_SCHEDULER];
    for (const state of states) {
      const record = { ...modelRecord(lifecycle), [lifecycle.statusField]: state, alternateId: 'X-1' };
      const declared = transitions.filter((t) => t.from === state).map((t) => t.event);
      expect(new Set(callers.flatMap((caller) => allowedEvents(lifecycle, record, caller))), state).toEqual(new Set(declared));
      for (const event of Object.keys(lifecycle.events).filter((e) => !declared.includes(e))) {
        for (const caller of callers) expect(nextState(lifecycle, record, event, caller)).toBeUndefined();
      }
      const { message, words } = refusalMessage(lifecycle, record, 'X-1', declared);
      expect(words.values).toMatchObject({ noun: lifecycle.noun, name: 'X-1', status: state });
      expect(message.startsWith(`${lifecycle.noun} X-1 is ${state}: `)).toBe(true);
      if (declared.length === 0) expect(message).toMatch(/nothing more can be done with it$/);
    }
  });

  it('lets each role take exactly its steps, the customer and the scheduler exactly theirs', () => {
    const sentBy = (sender: string | undefined) => Object.keys(lifecycle.events).filter((e) => lifecycle.events[e]?.sender === sender);
    for (const state of states) {
      const record = { ...modelRecord(lifecycle), [lifecycle.statusField]: state };
      const declared = transitions.filter((t) => t.from === state).map((t) => t.event);
      for (const role of ROLES[lifecycle.module] ?? []) {
        expect(allowedEvents(lifecycle, record, role.caller).sort(), `${role.who} in ${state}`).toEqual(declared.filter((e) => role.may.includes(e)).sort());
      }
      // Staff never take the customer's or the clock's steps, whatever they hold; those two take nothing else.
      expect(allowedEvents(lifecycle, record, EVERY_PRIVILEGE).filter((e) => lifecycle.events[e]?.sender), state).toEqual([]);
      expect(allowedEvents(lifecycle, record, MODEL_CUSTOMER).sort(), `customer in ${state}`).toEqual(declared.filter((e) => sentBy('customer').includes(e)).sort());
      expect(allowedEvents(lifecycle, record, MODEL_SCHEDULER).sort(), `scheduler in ${state}`).toEqual(declared.filter((e) => sentBy('scheduler').includes(e)).sort());
      // A customer holding privileges by mistake is still no member of staff.
      expect(allowedEvents(lifecycle, record, { ...EVERY_PRIVILEGE, kind: 'customer' }).filter((e) => !sentBy('customer').includes(e))).toEqual([]);
    }
    expect(ROLES[lifecycle.module], `roles of ${lifecycle.module} are listed in this test`).toBeDefined();
  });
});

describe('the index', () => {
  it('has one lifecycle per module of the light records table (./records.ts), and the records table no other', () => {
    expect(LIFECYCLES.map((l) => l.module).sort()).toEqual(Object.keys(LIFECYCLE_RECORDS).sort());
  });
});

describe('dated guards', () => {
  const proposal = LIFECYCLES.find((l) => l.module === 'proposal')!;
  const plan = LIFECYCLES.find((l) => l.module === 'preventive-maintenance')!;

  it('a customer may not accept or reject a proposal once its validity has passed; the seller may still take it back or mark it lost', () => {
    const expired = { status: 'Sent(Final)', proposalValidity: '2026-05-31' };
    expect(allowedEvents(proposal, expired, MODEL_CUSTOMER)).toEqual([]);
    expect(allowedEvents(proposal, { ...expired, proposalValidity: '2026-06-01' }, MODEL_CUSTOMER)).toEqual(['accept', 'reject']);
    expect(allowedEvents(proposal, expired, EVERY_PRIVILEGE)).toEqual(['backToDraft', 'markLost']);
  });

  it('the scheduler makes a plan due on its date and overdue the day after, never earlier', () => {
    // The clock's steps only: occurrenceDone (its ticket done) is the scheduler's in every waiting state, undated.
    const clock = (record: Record<string, unknown>, caller = MODEL_SCHEDULER) => allowedEvents(plan, record, caller).filter((e) => e !== 'occurrenceDone');
    const on = (nextDueDate: string) => ({ status: 'Scheduled', nextDueDate });
    expect(clock(on('2026-06-02'))).toEqual([]);
    expect(clock(on('2026-06-01'))).toEqual(['fallDue']);
    expect(clock(on('2026-05-31'))).toEqual(['fallDue', 'becomeOverdue']);
    expect(clock({ status: 'Due', nextDueDate: '2026-06-01' })).toEqual([]);
    expect(clock({ status: 'Due', nextDueDate: '2026-06-01' }, { ...MODEL_SCHEDULER, today: undefined })).toEqual([]);
  });

  it("moves a plan on when its occurrence's ticket is done, in any state but paused or ended, and only as the scheduler", () => {
    for (const status of ['Scheduled', 'Due', 'Overdue', 'In Progress']) {
      expect(allowedEvents(plan, { status, nextDueDate: '2026-07-01' }, MODEL_SCHEDULER), status).toContain('occurrenceDone');
      expect(allowedEvents(plan, { status, nextDueDate: '2026-07-01' }, EVERY_PRIVILEGE), status).not.toContain('occurrenceDone');
    }
    for (const status of ['Paused', 'Completed', 'Cancelled']) expect(allowedEvents(plan, { status }, MODEL_SCHEDULER), status).not.toContain('occurrenceDone');
  });
});

describe('the ticket machine', () => {
  it('names every screen code that reaches a ticket module, and no other', () => {
    const ticketModules = ['svc-ticket', 'ticket'];
    const codes = new Set([...catalogue.filter((m) => ticketModules.includes(m.name)).map((m) => m.feature), ...moduleViews.filter((v) => ticketModules.includes(v.module)).map((v) => v.code)]);
    expect(new Set(TICKET_FEATURES)).toEqual(codes);
  });
});
