/**
 * System tickets (raised by the platform: sensor alarms, offline devices) move Open → Acknowledged →
 * Closed by their lifecycle (src/machines/lifecycles/systemTicket.ts): PUT acknowledgedTicketState/{id} and
 * PUT closeTicket/{id} are its steps, applied by server/domain/lifecycle.ts, which stamps who and when. POST
 * dashboard-charts/systemTicketKpi summarises them for the ticket dashboard.
 */
import { type CloseSystemTicketBody, type SystemTicketKpiBody } from '../../../src/contract/modules/service';
import { kpiByDay, kpiSummary } from '../../db/system-ticket-kpi-store';
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
  const range = { tenantId: ctx.user.tenantId, from: input.from ?? null, to: input.to ?? null };
  const [summary, byDay] = await Promise.all([kpiSummary(ctx.db, range), kpiByDay(ctx.db, range)]);
  const byStatus: Record<string, number> = { Open: 0, Acknowledged: 0, Closed: 0 };
  const bySeverity: Record<string, number> = { Info: 0, Warning: 0, Critical: 0 };
  let total = 0;
  let openCritical = 0;
  const countsWith = { ack: 0, close: 0 };
  const sums = { ack: 0, close: 0 };
  for (const row of summary) {
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
      byDay: byDay.map((r) => ({ date: r.date, count: Number(r.n) })),
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
