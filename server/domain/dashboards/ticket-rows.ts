/**
 * Tickets as the dashboards count them: the typed service tickets (svc-ticket: breakdown, installation,
 * pre-sale, action) and the generic tickets (ticket, shown as type "Generic") in one row shape, each part
 * only when the caller may VIEW that module, narrowed to the records their views show.
 *
 * Definitions every dashboard shares (written once, here):
 * - opened_at: when the fault was reported (reportedAt), else when the ticket was created;
 * - open: status Open, Assigned, In Progress or On Hold (the "open calls" views);
 * - done: status Resolved or Closed; done_at is when the work ended: resolvedAt, else closedAt, else the
 *   last update (a ticket closed without stamping either still counts on the day it was closed);
 * - overdue: open with its SLA due time (slaDueAt) in the past; urgent: open with priority Urgent.
 */
import { svcTicket, ticket, OPEN_TICKET_STATUSES, SVC_TICKET_TYPES } from '../../../src/contract/modules/service';
import { GENERIC_TICKET_KIND } from '../../../src/contract/ticketShapes';
import type { SessionUser } from '../../auth/sessions';
import { visibleRows, type VisibleRows } from './visibility';

/** A generic ticket's type on the dashboards: the call views' kind of it (src/contract/ticketShapes.ts). */
export const GENERIC_TICKET_TYPE = GENERIC_TICKET_KIND;
export const DONE_TICKET_STATUSES = ['Resolved', 'Closed'] as const;
/** Every type a dashboard counts, in order: the service ticket types, then the generic tickets. */
export const TICKET_TYPES: readonly string[] = [...SVC_TICKET_TYPES, GENERIC_TICKET_TYPE];

/** Which ticket modules the caller may see (at least one), or undefined when neither. */
export function visibleTicketSources(user: SessionUser): VisibleRows[] | undefined {
  const sources = [visibleRows(user, svcTicket), visibleRows(user, ticket)].filter((s): s is VisibleRows => s !== undefined);
  return sources.length > 0 ? sources : undefined;
}

const ts = (field: string) => `(body->>'${field}')::timestamptz`;

function selectOf(source: VisibleRows, values: unknown[], doneList: string): string {
  const type = source.def.name === svcTicket.name ? `body->>'ticketType'` : `'${GENERIC_TICKET_TYPE}'::text`;
  return `select '${source.def.name}'::text as module, _id, body->>'alternateId' as alternate_id, body->>'title' as title,
            ${type} as type, body->>'status' as status, body->>'priority' as priority, nullif(body->>'assignedTo', '') as assigned_to,
            coalesce(${ts('reportedAt')}, created_at) as opened_at,
            case when body->>'status' = any(${doneList}) then coalesce(${ts('resolvedAt')}, ${ts('closedAt')}, updated_at) end as done_at,
            ${ts('slaDueAt')} as sla_due_at
     from ${source.table} where ${source.where(values)}`;
}

/**
 * A constant list of the catalogue as an SQL text array. Spliced rather than bound: a bound parameter
 * that one query of a family leaves unused makes PostgreSQL refuse the statement.
 */
export function textArray(list: readonly string[]): string {
  return `array[${list.map((item) => `'${item.replace(/'/g, "''")}'`).join(', ')}]::text[]`;
}

const OPEN_LIST = textArray(OPEN_TICKET_STATUSES);
const DONE_LIST = textArray(DONE_TICKET_STATUSES);

/**
 * `with tickets as (…)` over the given sources, plus the open/done status lists (`openList`,
 * `doneList`) for the caller's own predicates. `extra` narrows every part (e.g. to the caller's own
 * tickets) with parameters already pushed to `values`.
 */
export function ticketsCte(sources: readonly VisibleRows[], values: unknown[], extra?: string): { cte: string; openList: string; doneList: string } {
  const openList = OPEN_LIST;
  const doneList = DONE_LIST;
  const parts = sources.map((source) => {
    const select = selectOf(source, values, doneList);
    return extra ? `${select} and ${extra}` : select;
  });
  return { cte: `with tickets as (${parts.join('\nunion all\n')})`, openList, doneList };
}
