/**
 * The dashboards' aggregate calls, under /api/app/dashboard-charts beside the spec's systemTicketKpi.
 * Every answer is `{ data }`, computed by SQL aggregates inside PostgreSQL over the caller's tenant only.
 *
 * | Call | Access | Answer |
 * |---|---|---|
 * | GET overview | signed in | tiles for tickets, machines, spare parts, proposals, invoices: each only with VIEW on its module |
 * | GET ticketKpi?days=30 | signed in | `data.tickets` (absent without VIEW on either ticket module): by status, priority, type, engineer, ageing, per day |
 * | GET operatorDay | signed in | the caller's open tickets, due preventive maintenance and calendar, each only with VIEW on its module |
 * | GET servicePerformance?days=90 | SERVE_DASHBAORD:VIEW | SLA met and missed, time to close, per engineer, feedback ratings |
 * | GET agreementRenewals?days=30 | SALES-PIPELINE:VIEW | Active agreements ending next |
 *
 * Routes open to every signed-in user answer 200 with the parts the person may see, never 403: the
 * client treats any 401/403 as an ended session (document 2 §6) and would sign the person out.
 * Views narrow the figures as they narrow lists: an engineer who holds only MY_OPEN_CALLS is counted
 * over his own open tickets (see server/domain/dashboards/visibility.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { agreement } from '../../src/api/modules/sales';
import { currentUser } from './access';
import type { RouteDeps } from './route-deps';
import { agreementRenewals } from '../domain/dashboards/agreement-renewals';
import { operatorDay } from '../domain/dashboards/operator-day';
import { overview } from '../domain/dashboards/overview';
import { servicePerformance } from '../domain/dashboards/service-performance';
import { ticketKpi } from '../domain/dashboards/ticket-kpi';
import { rowsWithScopes } from '../domain/dashboards/visibility';

export const DASHBOARD_BASE = '/api/app/dashboard-charts';
const tags = ['dashboards'];
const SIGNED_IN = { access: { kind: 'signed-in' as const } };

/** A period in whole days, 1 to 366, with a default per call. */
const periodQuery = (fallback: number) =>
  z.object({
    days: z.coerce
      .number({ error: 'Days must be a number' })
      .int('Days must be a whole number')
      .min(1, 'Days must be from 1 to 366')
      .max(366, 'Days must be from 1 to 366')
      .default(fallback),
  });

export async function dashboardRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  api.get(`${DASHBOARD_BASE}/overview`, { config: SIGNED_IN, schema: { tags, summary: 'Overview dashboard tiles' } }, async (request) => ({
    data: await overview(db, currentUser(request)),
  }));

  api.get(`${DASHBOARD_BASE}/ticketKpi`, { config: SIGNED_IN, schema: { querystring: periodQuery(30), tags, summary: 'Ticket dashboard figures' } }, async (request) => {
    const tickets = await ticketKpi(db, currentUser(request), request.query.days);
    return { data: tickets ? { tickets } : {} };
  });

  api.get(`${DASHBOARD_BASE}/operatorDay`, { config: SIGNED_IN, schema: { tags, summary: "A field engineer's day" } }, async (request) => ({
    data: await operatorDay(db, currentUser(request)),
  }));

  api.get(
    `${DASHBOARD_BASE}/servicePerformance`,
    {
      config: { access: { kind: 'privilege', feature: 'SERVE_DASHBAORD', privilege: 'VIEW' } },
      schema: { querystring: periodQuery(90), tags, summary: 'Service performance (serve-dashboard)' },
    },
    async (request) => ({ data: await servicePerformance(db, currentUser(request), request.query.days) }),
  );

  api.get(
    `${DASHBOARD_BASE}/agreementRenewals`,
    {
      config: { access: { kind: 'privilege', feature: agreement.feature, privilege: 'VIEW', module: agreement.name } },
      schema: { querystring: periodQuery(30), tags, summary: 'Agreements ending next' },
    },
    async (request) => {
      const user = currentUser(request);
      return { data: await agreementRenewals(db, rowsWithScopes(user, agreement, request.accessScopes), user.tenantId, request.query.days) };
    },
  );
}
