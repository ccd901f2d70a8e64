/**
 * What waits for the signed-in person's approval (issue 18), counted on the server so the header's inbox shows its
 * count without loading every approvable module's list and the lifecycle machines on the client.
 *
 * The modules are the lifecycles whose `approve` step is offered on list rows (credit notes, payments, requisitions,
 * spare-part requests: the same choice as the inbox's drawer, src/ui/shell/WaitingDrawer.tsx), kept when the person
 * may VIEW the module (its feature or a view of it: server/auth/module-grants.ts, as the lists) and the machine lets
 * them approve in at least one state. Which states count is decided by the same pure machines the transitions use
 * (`allowedEvents`, as ./lifecycle.ts), state by state; the records are then counted by status in SQL, over the
 * caller's tenant and the records their views show (../dashboards/visibility.ts), never loaded.
 *
 * Counting by status holds because the approve guards look at the caller (their privileges) and at one field of the
 * record, its maker (whoever raised it may not approve it), which the count leaves out in SQL too;
 * tests/api/approvals.test.ts checks the count against the lists' rows.
 */
import { moduleNamed } from '../../src/contract/modules/index';
import type { WaitingCount } from '../../src/contract/approvalShapes';
import { APPROVALS, APPROVE } from '../../src/machines/lifecycles/approvals';
import { allowedEvents, type Lifecycle, type LifecycleCaller } from '../../src/machines/lifecycles/index';
import type { SessionUser } from '../auth/sessions';
import { prepared, type Queryable } from '../db/pool';
import { visibleRows } from './dashboards/visibility';
import { callerOf } from './lifecycle-caller';

/** The states in which the machine lets `caller` approve (empty: the module is not theirs to watch). */
export function approvableStates(lifecycle: Lifecycle, caller: LifecycleCaller): string[] {
  return Object.keys(lifecycle.machine.config.states ?? {}).filter((state) => allowedEvents(lifecycle, { [lifecycle.statusField]: state }, caller).includes(APPROVE));
}

/**
 * The approvable states of each module, kept per caller's privileges object (callerOf builds one per session user):
 * worked out from the machines the first time a person asks, then read. The approve guards read privileges only
 * (see the top of this file), so the states depend on nothing else.
 */
const approvableByPermissions = new WeakMap<object, ReadonlyMap<string, readonly string[]>>();
function approvableOf(caller: LifecycleCaller): ReadonlyMap<string, readonly string[]> {
  let states = approvableByPermissions.get(caller.permissions);
  if (!states) {
    states = new Map(APPROVALS.map((lifecycle) => [lifecycle.module, approvableStates(lifecycle, caller)]));
    approvableByPermissions.set(caller.permissions, states);
  }
  return states;
}

/**
 * One statement for every module: a count per module, joined with union all (they were one statement per module,
 * awaited one after another). Modules the person may not view, or approves in no state, are left out.
 */
export async function waitingCount(db: Queryable, user: SessionUser): Promise<WaitingCount> {
  const approvable = approvableOf(callerOf(user));
  const values: unknown[] = [];
  const counted: string[] = [];
  const selects: string[] = [];
  for (const lifecycle of APPROVALS) {
    const rows = visibleRows(user, moduleNamed(lifecycle.module));
    const states = approvable.get(lifecycle.module) ?? [];
    if (!rows || states.length === 0) continue;
    const where = rows.where(values);
    values.push(lifecycle.statusField, states);
    let own = '';
    if (lifecycle.records.maker) {
      // What the person raised themselves never waits for their approval (maker–checker: the guards refuse it).
      values.push(lifecycle.records.maker, user._id);
      own = ` and coalesce(body->>($${values.length - 1}::text), '') <> $${values.length}::text`;
    }
    const status = own ? values.length - 3 : values.length - 1;
    selects.push(`select ${counted.length}::int as m, count(*) as n from ${rows.table} where ${where} and body->>($${status}::text) = any($${status + 1}::text[])${own}`);
    counted.push(lifecycle.module);
  }
  if (selects.length === 0) return { modules: [], total: 0 };
  const { rows: found } = await db.query<{ m: number; n: string }>(prepared(selects.join(' union all '), values));
  const counts = new Map(found.map((row) => [row.m, Number(row.n)]));
  const modules = counted.map((module, i) => ({ module, count: counts.get(i) ?? 0 }));
  return { modules, total: modules.reduce((sum, m) => sum + m.count, 0) };
}
