/**
 * The allowed-events table (src/machines/lifecycles/engine.ts, issue 30) answers exactly what walking the machine
 * answers, for the steps and for the record events (Edit, Delete): for every lifecycle, every state, generated privilege sets, the three kinds of caller, and records whose
 * fields the guards read (an invoice's IRN, a spare request's requester, a plan's due date, a proposal's validity).
 * Each comparison runs on a fresh table order: records are asked about in turn, so a verdict kept from one record
 * would show on the next if the table kept one it should not.
 */
import { describe, expect, it, vi } from 'vitest';
import { allowedEvents, LIFECYCLES, lifecycleOf, mayDo, recordEvents, walkAllowedEvents, type Lifecycle, type LifecycleCaller } from '../../src/machines/lifecycles/index';
import { RECORD_EVENTS } from '../../src/machines/lifecycles/recordRules';

const PRIVILEGES = ['VIEW', 'CREATE', 'UPDATE', 'DELETE'] as const;
const TODAY = '2026-05-10';

/** A small seeded PRNG (mulberry32): the same privilege sets on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The features a lifecycle's guards read, found by asking its machine with permissions that note each feature read,
 * granting every privilege of the features found so far until no new one appears (a guard `a || b` reads b only
 * once a is held or not, both ways are tried).
 */
function featuresRead(lifecycle: Lifecycle): string[] {
  const found = new Set<string>();
  for (let size = -1; size !== found.size; ) {
    size = found.size;
    for (const grant of [false, true]) {
      const permissions = new Proxy({} as Record<string, readonly string[]>, {
        get(_target, key) {
          if (typeof key !== 'string') return undefined;
          found.add(key);
          return grant ? PRIVILEGES : undefined;
        },
      });
      for (const state of Object.keys(lifecycle.machine.config.states ?? {})) {
        walkAllowedEvents(lifecycle, { [lifecycle.statusField]: state }, { kind: 'staff', id: 'u1', name: 'Someone', permissions, today: TODAY });
      }
    }
  }
  return [...found].sort();
}

/** Privilege sets over `features`: none, every single privilege alone, everything, and seeded random mixes. */
function privilegeSets(features: readonly string[], seed: number): Array<Record<string, string[]>> {
  const sets: Array<Record<string, string[]>> = [{}];
  for (const feature of features) for (const privilege of PRIVILEGES) sets.push({ [feature]: [privilege] });
  sets.push(Object.fromEntries(features.map((f) => [f, [...PRIVILEGES]])));
  const next = random(seed);
  for (let i = 0; i < 60; i++) {
    const set: Record<string, string[]> = {};
    for (const feature of features) {
      const held = PRIVILEGES.filter(() => next() < 0.5);
      if (held.length > 0 || next() < 0.2) set[feature] = held;
    }
    // A feature no guard reads rides along sometimes: it must not change a verdict.
    if (next() < 0.3) set.UNRELATED_FEATURE = ['UPDATE'];
    sets.push(set);
  }
  return sets;
}

/** Records in `state` with the fields guards read, set and unset. */
function recordsIn(lifecycle: Lifecycle, state: string): Array<Record<string, unknown>> {
  const base = { [lifecycle.statusField]: state };
  return [
    base,
    { ...base, eInvoice: { irn: 'IRN-1' } },
    { ...base, requestedBy: 'u1' },
    { ...base, requestedBy: 'someone-else' },
    { ...base, nextDueDate: '2026-05-09' },
    { ...base, nextDueDate: TODAY },
    { ...base, nextDueDate: '2026-05-11' },
    { ...base, proposalValidity: '2026-05-09' },
    { ...base, proposalValidity: '2026-05-11' },
    { ...base, requestedBy: 'u1', eInvoice: { irn: 'IRN-2' }, nextDueDate: '2026-01-01', proposalValidity: '2027-01-01' },
    // The maker (maker-only edits) and fields whose value ends an edit (a rule's unlessSet).
    { ...base, raisedBy: 'u1' },
    { ...base, raisedBy: 'someone-else' },
    ...[...Object.values(lifecycle.records.edit), ...Object.values(lifecycle.records.delete)].flatMap((rule) => (rule?.unlessSet ?? []).map((field) => ({ ...base, [field]: 'set' }))),
  ];
}

describe('the allowed-events table answers what walking the machine answers', () => {
  LIFECYCLES.forEach((lifecycle, index) => {
    it(`${lifecycle.module}: every state × generated privilege sets × staff, customer and scheduler × records`, () => {
      const features = featuresRead(lifecycle);
      const callers: LifecycleCaller[] = [
        ...privilegeSets(features, 1_000 + index).flatMap((permissions) => [
          { kind: 'staff' as const, id: 'u1', name: 'Someone', permissions, today: TODAY },
          // The same privileges under another id and another day: only the guards that read them may differ.
          { kind: 'staff' as const, id: 'u2', name: 'Someone else', permissions, today: '2026-05-12' },
          { kind: 'staff' as const, id: 'u1', name: 'Someone', permissions },
        ]),
        { kind: 'customer', id: 'public-link', name: 'Customer', permissions: {}, today: TODAY },
        { kind: 'customer', id: 'public-link', name: 'Customer', permissions: {}, today: '2026-05-12' },
        { kind: 'scheduler', id: 'scheduler', name: 'Scheduler', permissions: {}, today: TODAY },
        { kind: 'scheduler', id: 'scheduler', name: 'Scheduler', permissions: {}, today: '2026-05-12' },
      ];
      let compared = 0;
      const states = [...Object.keys(lifecycle.machine.config.states ?? {}), 'Not a state'];
      for (const state of states) {
        const records = recordsIn(lifecycle, state);
        for (const caller of callers) {
          for (const record of records) {
            const walked = [...walkAllowedEvents(lifecycle, record, caller), '|', ...RECORD_EVENTS.filter((event) => mayDo(lifecycle, record, event, caller))];
            const fromTable = [...allowedEvents(lifecycle, record, caller), '|', ...recordEvents(lifecycle, record, caller)];
            if (fromTable.join() !== walked.join()) {
              expect.fail(`${lifecycle.module} in ${state} for ${JSON.stringify(caller)} on ${JSON.stringify(record)}: the table says [${fromTable.join(', ')}], the machine [${walked.join(', ')}] (steps | record events)`);
            }
            compared++;
          }
        }
      }
      expect(compared).toBeGreaterThan(states.length * 100);
    });
  });
});

describe('the table spares the machine where it may', () => {
  const staff = (permissions: Record<string, string[]>): LifecycleCaller => ({ kind: 'staff', id: 'u1', name: 'Someone', permissions, today: TODAY });

  it('a ticket, whose guard reads privileges only, is answered without restoring the machine once its verdicts are kept', () => {
    const ticket = lifecycleOf('svc-ticket')!;
    const caller = staff({ BREAKDOWN_MAINTENENCE: ['VIEW', 'UPDATE'] });
    const first = allowedEvents(ticket, { status: 'Open', title: 'one' }, caller);
    const restored = vi.spyOn(ticket.machine, 'resolveState');
    try {
      expect(allowedEvents(ticket, { status: 'Open', title: 'another' }, { ...caller, today: '2030-01-01' })).toEqual(first);
      // Edit and Delete, offered on every read beside the steps, come from the same kept verdicts.
      expect(recordEvents(ticket, { status: 'Open', title: 'another' }, caller)).toEqual(RECORD_EVENTS.filter((event) => mayDo(ticket, { status: 'Open' }, event, caller)));
      expect(restored).toHaveBeenCalledTimes(RECORD_EVENTS.length); // by mayDo above, not by recordEvents
    } finally {
      restored.mockRestore();
    }
  });

  it("an invoice's e-invoice step, whose guard reads the record, is asked of the machine on every call", () => {
    const invoice = lifecycleOf('invoice')!;
    const caller = staff({ GENERATE_INVOICE: ['VIEW', 'UPDATE'] });
    allowedEvents(invoice, { status: 'Final' }, caller);
    const restored = vi.spyOn(invoice.machine, 'resolveState');
    try {
      const registered = allowedEvents(invoice, { status: 'Final', eInvoice: { irn: 'IRN-1' } }, caller);
      expect(restored).toHaveBeenCalledTimes(1);
      expect(registered).toEqual(walkAllowedEvents(invoice, { status: 'Final', eInvoice: { irn: 'IRN-1' } }, caller));
    } finally {
      restored.mockRestore();
    }
  });
});

describe('the table keys by what the guards read, not by how the privileges are held', () => {
  it('privileges answered by a proxy (every feature, every privilege) and plain empty ones get their own verdicts', () => {
    const ticket = lifecycleOf('ticket')!;
    const everything: LifecycleCaller = { kind: 'staff', id: 'u1', name: 'Someone', permissions: new Proxy({}, { get: () => PRIVILEGES }) };
    const nothing: LifecycleCaller = { kind: 'staff', id: 'u1', name: 'Someone', permissions: {} };
    for (const [first, second] of [
      [nothing, everything],
      [everything, nothing],
    ] as const) {
      for (const caller of [first, second]) expect(allowedEvents(ticket, { status: 'Assigned' }, caller)).toEqual(walkAllowedEvents(ticket, { status: 'Assigned' }, caller));
    }
    expect(allowedEvents(ticket, { status: 'Assigned' }, everything)).not.toEqual([]);
    expect(allowedEvents(ticket, { status: 'Assigned' }, nothing)).toEqual([]);
  });
});
