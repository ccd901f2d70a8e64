/**
 * System tickets (raised by the platform: sensor alarms, offline devices) move Open → Acknowledged →
 * Closed by their lifecycle (src/machines/lifecycles/systemTicket.ts): PUT acknowledgedTicketState/{id} and
 * PUT closeTicket/{id} are its steps, applied by server/domain/lifecycle.ts, which stamps who and when. POST
 * dashboard-charts/systemTicketKpi summarises them for the ticket dashboard.
 */
import { tableName } from '../../../src/contract/modules/define';
import { systemTicket, type CloseSystemTicketBody, type SystemTicketKpiBody } from '../../../src/contract/modules/service';
import { applyTransition, type LifecycleRecord } from '../lifecycle';
import type { CallContext, HandlersOf } from '../call-context';
import type { SystemTicketKpi } from '../../../src/contract/dashboardShapes';

/** PUT acknowledgedTicketState/{id}: the ticket's acknowledge step. */
async function acknowledge(ctx: CallContext): Promise<LifecycleRecord> {
  const { id } = ctx.req.params as { id: string };
  return applyTransition(ctx, id, { event: 'acknowledge' });
}

/** PUT closeTicket/{id} { closingRemarks? }: the ticket's close step (remarks required for a Critical one). */
async function close(ctx: CallContext): Promise<LifecycleRecord> {
  const { id } = ctx.req.params as { id: string };
  const closingRemarks = (ctx.req.body as CloseSystemTicketBody)?.closingRemarks;
  return applyTransition(ctx, id, { event: 'close', data: { closingRemarks } });
}

async function systemTicketKpi(ctx: CallContext): Promise<{ data: SystemTicketKpi }> {
  const input = (ctx.req.body ?? {}) as NonNullable<SystemTicketKpiBody>;
  const table = `"${tableName(systemTicket)}"`;
  const values: unknown[] = [ctx.user.tenantId, input.from ?? null, input.to ?? null];
  const raised = `coalesce((body->>'raisedAt')::timestamptz, created_at)`;
  const where = `subscriber_id = $1 and ($2::timestamptz is null or ${raised} >= $2) and ($3::timestamptz is null or ${raised} <= $3)`;
  const [summary, byDay] = await Promise.all([
    ctx.db.query<{ status: string; severity: string; n: string; ack_minutes: string | null; close_minutes: string | null }>(
      `select body->>'status' as status, body->>'severity' as severity, count(*) as n,
              sum(extract(epoch from ((body->>'acknowledgedAt')::timestamptz - ${raised})) / 60) as ack_minutes,
              sum(extract(epoch from ((body->>'closedAt')::timestamptz - ${raised})) / 60) as close_minutes
       from ${table} where ${where} group by 1, 2`,
      values,
    ),
    ctx.db.query<{ date: string; n: string }>(
      `select to_char((${raised}) at time zone 'Asia/Kolkata', 'YYYY-MM-DD') as date, count(*) as n from ${table} where ${where} group by 1 order by 1`,
      values,
    ),
  ]);
  const byStatus: Record<string, number> = { Open: 0, Acknowledged: 0, Closed: 0 };
  const bySeverity: Record<string, number> = { Info: 0, Warning: 0, Critical: 0 };
  let total = 0;
  let openCritical = 0;
  const countsWith = { ack: 0, close: 0 };
  const sums = { ack: 0, close: 0 };
  for (const row of summary.rows) {
    const n = Number(row.n);
    total += n;
    byStatus[row.status] = (byStatus[row.status] ?? 0) + n;
    bySeverity[row.severity] = (bySeverity[row.severity] ?? 0) + n;
    if (row.severity === 'Critical' && row.status !== 'Closed') openCritical += n;
    if (row.ack_minutes !== null && row.status !== 'Open') {
      sums.ack += Number(row.ack_minutes);
      countsWith.ack += n;
    }
    if (row.close_minutes !== null && row.status === 'Closed') {
      sums.close += Number(row.close_minutes);
      countsWith.close += n;
    }
  }
  const mean = (sum: number, n: number): number | null => (n === 0 ? null : Math.round((sum / n) * 10) / 10);
  return {
    data: {
      total,
      byStatus,
      bySeverity,
      openCritical,
      meanMinutesToAcknowledge: mean(sums.ack, countsWith.ack),
      meanMinutesToClose: mean(sums.close, countsWith.close),
      byDay: byDay.rows.map((r) => ({ date: r.date, count: Number(r.n) })),
    },
  };
}

export const systemTicketHandlers = {
  calls: {
    acknowledge: { handler: acknowledge },
    close: { handler: close },
  },
} satisfies HandlersOf<'system-ticket'>;

export const dashboardChartsHandlers = {
  calls: { systemTicketKpi: { handler: systemTicketKpi } },
} satisfies HandlersOf<'dashboard-charts'>;
