/**
 * GET /api/app/dashboard-charts/overview: the manager's first screen. One tile per area, each present
 * only when the caller may VIEW the module behind it, each computed by one aggregate query:
 * - tickets: open, urgent, overdue; by status and by type (see ticket-rows.ts for the definitions);
 * - machines: machine instances by status;
 * - spareParts: parts at or below their reorder level (reorderLevel > 0), the five shortest first;
 * - proposals: the pipeline (not yet Won, Deal or Lost, not archived) and what was won (Won, Deal), with
 *   their monthly rental as exact paise;
 * - invoices: Final invoices not yet settled (grand total − paid − credited > 0), and those past due.
 */
import { sparePartInventory } from '../../../src/contract/modules/parts';
import { MACHINE_STATUSES, svcMachineInstance } from '../../../src/contract/modules/machines';
import { proposal } from '../../../src/contract/modules/sales';
import { invoice } from '../../../src/contract/modules/billing';
import { OPEN_TICKET_STATUSES, TICKET_STATUSES } from '../../../src/contract/modules/service';
import type { SessionUser } from '../../auth/sessions';
import type { Queryable } from '../../db/pool';
import { countsByKey, exactInteger, tenantTimeZone } from './figures';
import { TICKET_TYPES, ticketsCte, visibleTicketSources } from './ticket-rows';
import { visibleRows, type VisibleRows } from './visibility';
import type { TicketTile, MachineTile, ShortPart, SparePartTile, ProposalTile, InvoiceTile, Overview } from '../../../src/contract/dashboardShapes';

async function ticketTile(db: Queryable, sources: readonly VisibleRows[]): Promise<TicketTile> {
  const values: unknown[] = [];
  const { cte, openList } = ticketsCte(sources, values);
  const { rows } = await db.query<{ status: string; type: string; n: string; urgent: string; overdue: string }>(
    `${cte}
     select status, type, count(*) as n,
            count(*) filter (where status = any(${openList}) and priority = 'Urgent') as urgent,
            count(*) filter (where status = any(${openList}) and sla_due_at < now()) as overdue
     from tickets group by status, type`,
    values,
  );
  const byStatus = countsByKey(TICKET_STATUSES, rows.map((r) => ({ key: r.status, n: r.n })));
  const open = rows.filter((r) => (OPEN_TICKET_STATUSES as readonly string[]).includes(r.status)).reduce((sum, r) => sum + Number(r.n), 0);
  return {
    total: rows.reduce((sum, r) => sum + Number(r.n), 0),
    open,
    urgent: rows.reduce((sum, r) => sum + Number(r.urgent), 0),
    overdue: rows.reduce((sum, r) => sum + Number(r.overdue), 0),
    byStatus,
    byType: countsByKey(TICKET_TYPES, rows.map((r) => ({ key: r.type, n: r.n }))),
  };
}

async function machineTile(db: Queryable, machines: VisibleRows): Promise<MachineTile> {
  const values: unknown[] = [];
  const { rows } = await db.query<{ key: string; n: string }>(`select body->>'status' as key, count(*) as n from ${machines.table} where ${machines.where(values)} group by 1`, values);
  return { total: rows.reduce((sum, r) => sum + Number(r.n), 0), byStatus: countsByKey(MACHINE_STATUSES, rows) };
}

async function sparePartTile(db: Queryable, parts: VisibleRows): Promise<SparePartTile> {
  const values: unknown[] = [];
  const stock = `coalesce((body->>'stockQty')::numeric, 0)`;
  const level = `coalesce((body->>'reorderLevel')::numeric, 0)`;
  const low = `${level} > 0 and ${stock} <= ${level}`;
  const { rows } = await db.query<{ total: string; low: string; value: string | null; shortest: ShortPart[] | null }>(
    `with visible as (select _id, body from ${parts.table} where ${parts.where(values)})
     select (select count(*) from visible) as total,
            (select count(*) from visible where ${low}) as low,
            (select sum(coalesce((body->>'stockValuePaise')::bigint, 0)) from visible) as value,
            (select json_agg(p) from (
               select _id as "_id", body->>'partNumber' as "partNumber", body->>'partName' as "partName",
                      ${stock}::float8 as "stockQty", ${level}::float8 as "reorderLevel"
               from visible where ${low} order by ${stock} - ${level}, body->>'partNumber' limit 5) p) as shortest`,
    values,
  );
  const row = rows[0];
  return { total: Number(row?.total ?? 0), belowReorder: Number(row?.low ?? 0), stockValuePaise: exactInteger(row?.value), parts: row?.shortest ?? [] };
}

async function proposalTile(db: Queryable, proposals: VisibleRows): Promise<ProposalTile> {
  const values: unknown[] = [];
  const rental = `coalesce((body->>'monthlyRental')::numeric, 0)`;
  const pipeline = `body->>'status' not in ('Won', 'Deal', 'Lost') and coalesce((body->>'archived')::boolean, false) = false`;
  const won = `body->>'status' in ('Won', 'Deal')`;
  const { rows } = await db.query<{ pipeline_n: string; pipeline_paise: string | null; won_n: string; won_paise: string | null }>(
    `select count(*) filter (where ${pipeline}) as pipeline_n,
            round(sum(${rental}) filter (where ${pipeline}) * 100)::bigint as pipeline_paise,
            count(*) filter (where ${won}) as won_n,
            round(sum(${rental}) filter (where ${won}) * 100)::bigint as won_paise
     from ${proposals.table} where ${proposals.where(values)}`,
    values,
  );
  const row = rows[0];
  return {
    pipelineCount: Number(row?.pipeline_n ?? 0),
    pipelineMonthlyRentalPaise: exactInteger(row?.pipeline_paise),
    wonCount: Number(row?.won_n ?? 0),
    wonMonthlyRentalPaise: exactInteger(row?.won_paise),
  };
}

async function invoiceTile(db: Queryable, invoices: VisibleRows, zone: string): Promise<InvoiceTile> {
  const values: unknown[] = [];
  const paise = (field: string) => `coalesce((body->>'${field}')::bigint, 0)`;
  const due = `${paise('grandTotalPaise')} - ${paise('paidPaise')} - ${paise('creditedPaise')}`;
  const where = invoices.where(values);
  values.push(zone);
  const overdue = `(body->>'dueDate')::date < (now() at time zone $${values.length})::date`;
  const { rows } = await db.query<{ n: string; paise: string | null; overdue_n: string; overdue_paise: string | null }>(
    `select count(*) as n, sum(${due}) as paise,
            count(*) filter (where ${overdue}) as overdue_n, sum(${due}) filter (where ${overdue}) as overdue_paise
     from ${invoices.table} where ${where} and body->>'status' = 'Final' and ${due} > 0`,
    values,
  );
  const row = rows[0];
  return {
    outstandingCount: Number(row?.n ?? 0),
    outstandingPaise: exactInteger(row?.paise),
    overdueCount: Number(row?.overdue_n ?? 0),
    overduePaise: exactInteger(row?.overdue_paise),
  };
}

export async function overview(db: Queryable, user: SessionUser): Promise<Overview> {
  const tickets = visibleTicketSources(user);
  const machines = visibleRows(user, svcMachineInstance);
  const parts = visibleRows(user, sparePartInventory);
  const proposals = visibleRows(user, proposal);
  const invoices = visibleRows(user, invoice);
  const zone = invoices ? await tenantTimeZone(db, user.tenantId) : undefined;
  const [ticketFigures, machineFigures, partFigures, proposalFigures, invoiceFigures] = await Promise.all([
    tickets && ticketTile(db, tickets),
    machines && machineTile(db, machines),
    parts && sparePartTile(db, parts),
    proposals && proposalTile(db, proposals),
    invoices && zone && invoiceTile(db, invoices, zone),
  ]);
  return {
    generatedAt: new Date().toISOString(),
    ...(ticketFigures ? { tickets: ticketFigures } : {}),
    ...(machineFigures ? { machines: machineFigures } : {}),
    ...(partFigures ? { spareParts: partFigures } : {}),
    ...(proposalFigures ? { proposals: proposalFigures } : {}),
    ...(invoiceFigures ? { invoices: invoiceFigures } : {}),
  };
}
