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
import { dashboardEndpoints as endpoints } from '../../src/contract/dashboardShapes';
import type { EndpointAnswer } from '../../src/contract/endpoints';
import { plainJson } from './plain-json';
import { agreement } from '../../src/contract/modules/sales';
import { currentUser } from './access';
import type { RouteDeps } from './route-deps';
import { agreementRenewals } from '../domain/dashboards/agreement-renewals';
import { operatorDay } from '../domain/dashboards/operator-day';
import { overview } from '../domain/dashboards/overview';
import { servicePerformance } from '../domain/dashboards/service-performance';
import { ticketKpi } from '../domain/dashboards/ticket-kpi';
import { rowsWithScopes } from '../domain/dashboards/visibility';

const tags = ['dashboards'];
const SIGNED_IN = { access: { kind: 'signed-in' as const } };

/** What the handler of a dashboard call answers: its reply schema's input (src/contract/dashboardShapes.ts). */
type Answer<K extends keyof typeof endpoints> = Promise<EndpointAnswer<(typeof endpoints)[K]>>;

export async function dashboardRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  api.get(endpoints.overview.path, { config: SIGNED_IN, serializerCompiler: plainJson, schema: { response: { '2xx': endpoints.overview.reply }, tags, summary: 'Overview dashboard tiles' } }, async (request): Answer<'overview'> => ({
    data: await overview(db, currentUser(request)),
  }));

  api.get(endpoints.ticketKpi.path, { config: SIGNED_IN, serializerCompiler: plainJson, schema: { response: { '2xx': endpoints.ticketKpi.reply }, querystring: endpoints.ticketKpi.querystring, tags, summary: 'Ticket dashboard figures' } }, async (request): Answer<'ticketKpi'> => {
    const tickets = await ticketKpi(db, currentUser(request), request.query.days);
    return { data: tickets ? { tickets } : {} };
  });

  api.get(endpoints.operatorDay.path, { config: SIGNED_IN, serializerCompiler: plainJson, schema: { response: { '2xx': endpoints.operatorDay.reply }, tags, summary: "A field engineer's day" } }, async (request): Answer<'operatorDay'> => ({
    data: await operatorDay(db, currentUser(request)),
  }));

  api.get(
    endpoints.servicePerformance.path,
    {
      config: { access: { kind: 'privilege', feature: 'SERVE_DASHBAORD', privilege: 'VIEW' } },
      serializerCompiler: plainJson, schema: { response: { '2xx': endpoints.servicePerformance.reply }, querystring: endpoints.servicePerformance.querystring, tags, summary: 'Service performance (serve-dashboard)' },
    },
    async (request): Answer<'servicePerformance'> => ({ data: await servicePerformance(db, currentUser(request), request.query.days) }),
  );

  api.get(
    endpoints.agreementRenewals.path,
    {
      config: { access: { kind: 'privilege', feature: agreement.feature, privilege: 'VIEW', module: agreement.name } },
      serializerCompiler: plainJson, schema: { response: { '2xx': endpoints.agreementRenewals.reply }, querystring: endpoints.agreementRenewals.querystring, tags, summary: 'Agreements ending next' },
    },
    async (request): Answer<'agreementRenewals'> => {
      const user = currentUser(request);
      return { data: await agreementRenewals(db, rowsWithScopes(user, agreement, request.accessScopes), user.tenantId, request.query.days) };
    },
  );
}
