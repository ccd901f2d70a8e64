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
import type { Queryable } from '../db/pool';
import { visibleRows } from './dashboards/visibility';
import { callerOf } from './lifecycle-caller';

/** The states in which the machine lets `caller` approve (empty: the module is not theirs to watch). */
export function approvableStates(lifecycle: Lifecycle, caller: LifecycleCaller): string[] {
  return Object.keys(lifecycle.machine.config.states ?? {}).filter((state) => allowedEvents(lifecycle, { [lifecycle.statusField]: state }, caller).includes(APPROVE));
}

export async function waitingCount(db: Queryable, user: SessionUser): Promise<WaitingCount> {
  const caller = callerOf(user);
  const modules: WaitingCount['modules'] = [];
  for (const lifecycle of APPROVALS) {
    const rows = visibleRows(user, moduleNamed(lifecycle.module));
    if (!rows) continue;
    const states = approvableStates(lifecycle, caller);
    if (states.length === 0) continue;
    const values: unknown[] = [];
    const where = rows.where(values);
    values.push(lifecycle.statusField, states);
    let own = '';
    if (lifecycle.records.maker) {
      // What the person raised themselves never waits for their approval (maker–checker: the guards refuse it).
      values.push(lifecycle.records.maker, user._id);
      own = ` and coalesce(body->>($${values.length - 1}::text), '') <> $${values.length}::text`;
    }
    const { rows: found } = await db.query<{ n: string }>(
      `select count(*) as n from ${rows.table} where ${where} and body->>($${values.length - (own ? 3 : 1)}::text) = any($${values.length - (own ? 2 : 0)}::text[])${own}`,
      values,
    );
    modules.push({ module: lifecycle.module, count: Number(found[0]?.n ?? 0) });
  }
  return { modules, total: modules.reduce((sum, m) => sum + m.count, 0) };
}
