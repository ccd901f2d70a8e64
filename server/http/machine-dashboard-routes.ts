/**
 * Calls of the machine screens (dashboard-machine, machine-scanning, the machine card). The spec lists none for
 * them, so they live beside the catalogue under /api/app/machine-dashboard. The summary is guarded by
 * SVC_MACHINE_INSTANCE VIEW: the preventive-maintenance plans and ticket counts it shows are facts about the
 * machines, summarised, so a person who may see the machines sees them (the tickets' own screens keep their own
 * privileges). A machine's card (by scan or by id) opens to whoever may see the machines or work an open ticket on
 * that machine, the server's scope deciding (server/domain/machines/machine-card-access.ts, issue 31 item 5).
 *
 * - GET /summary[?today&dueWithinDays&months]: machines by type, status and location; plans due within
 *   `dueWithinDays` of `today` (the person's calendar day; India's by default); the ten machines with the
 *   most breakdown tickets over the last `months`.
 * - GET /lookup?code=…[&machineId=…]: resolves a scanned or typed code to the machine's card (404 when no
 *   machine of the tenant matches, or when the caller may not open its card);
 * - GET /card/{id}: the machine's card by id, on the same terms (404 otherwise: a 403 would end the field
 *   engineer's session on the client, and a machine he may not open is, to him, not there);
 * - GET /card/{id}/meters and POST /card/{id}/meter-reading: the card's meters and a reading taken at the machine,
 *   on the same terms (the engineer at the machine reads its hour meter; a reading may raise a plan's ticket);
 * - GET /ticket-machines: the machines the caller may raise a ticket for, by name (a client's user, his company's).
 *
 * Listed in ./route-plugins.ts; the queries live in server/domain/machines/.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { machineDashboardEndpoints as endpoints } from '../../src/contract/machineShapes';
import type { EndpointAnswer } from '../../src/contract/endpoints';
import { plainJson } from './plain-json';
import { currentUser, type Access } from './access';
import { invalid, notFound } from '../domain/errors';
import { refusal, type Said } from '../../src/contract/refusalMessages';
import { validation } from '../../src/contract/validationMessages';
import type { RouteDeps } from './route-deps';
import { findMachineId, machineCard, readScannedCode } from '../domain/machines/machine-card';
import { mayOpenMachineCard, ticketMachineChoices } from '../domain/machines/machine-card-access';
import { machineMeters, takePersonReading } from '../domain/machines/meters';
import { machinesByLocation, machinesByStatus, machinesByType, plansDue, topBreakdownMachines } from '../domain/machines/summary-queries';
import { todayInIndia } from '../../src/contract/dates';

const access: Access = { kind: 'privilege', feature: 'SVC_MACHINE_INSTANCE', privilege: 'VIEW' };
/** The card's calls: any signed-in person, the domain's scope deciding which machines. */
const scoped: Access = { kind: 'signed-in' };

/** Why a card is not shown: the same words whether the machine is missing, another tenant's, or not the caller's to open. */
const notYours = (said: Said) => notFound(said);

/** What the handler of a machine dashboard call answers: its reply schema's input (src/contract/machineShapes.ts). */
type Answer<K extends keyof typeof endpoints> = Promise<EndpointAnswer<(typeof endpoints)[K]>>;

export async function machineDashboardRoutes(app: FastifyInstance, { db, hub }: RouteDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['machines'];

  api.get(endpoints.summary.path, { config: { access }, serializerCompiler: plainJson, schema: { response: { '2xx': endpoints.summary.reply }, querystring: endpoints.summary.querystring, tags, summary: 'Machine dashboard: machines by type, status, location; maintenance due; breakdown ranking' } }, async (request): Answer<'summary'> => {
    const { tenantId } = currentUser(request);
    const { dueWithinDays, months } = request.query;
    const today = request.query.today ?? todayInIndia();
    const since = new Date();
    since.setMonth(since.getMonth() - months);
    const [byType, byStatus, byLocation, due, breakdowns] = await Promise.all([
      machinesByType(db, tenantId),
      machinesByStatus(db, tenantId),
      machinesByLocation(db, tenantId),
      plansDue(db, tenantId, today, dueWithinDays),
      topBreakdownMachines(db, tenantId, since, 10),
    ]);
    return {
      totals: { machines: byStatus.reduce((sum, s) => sum + s.count, 0), overdue: due.filter((p) => p.daysLeft < 0).length, openBreakdowns: breakdowns.reduce((sum, b) => sum + b.open, 0) },
      byType,
      byStatus,
      byLocation,
      maintenanceDue: due,
      topBreakdowns: breakdowns,
      today,
      dueWithinDays,
      months,
    };
  });

  api.get(endpoints.lookup.path, { config: { access: scoped }, serializerCompiler: plainJson, schema: { response: { '2xx': endpoints.lookup.reply }, querystring: endpoints.lookup.querystring, tags, summary: 'Machine scanning: the machine a code names, as a card' } }, async (request): Answer<'lookup'> => {
    const { tenantId } = currentUser(request);
    const scanned = readScannedCode(request.query.code ?? '');
    const wanted = { machineId: request.query.machineId || scanned.machineId, code: scanned.code };
    if (!wanted.machineId && !wanted.code) throw invalid('code', validation('required', { label: 'Code' }));
    const id = await findMachineId(db, tenantId, wanted);
    const card = id && (await mayOpenMachineCard(db, currentUser(request), id)) ? await machineCard(db, tenantId, id) : undefined;
    if (!card) throw notYours(refusal('noMachineCardByCode', { code: wanted.code ?? wanted.machineId ?? '' }));
    return card;
  });

  api.get(endpoints.card.path, { config: { access: scoped }, serializerCompiler: plainJson, schema: { response: { '2xx': endpoints.card.reply }, params: endpoints.card.params, tags, summary: "A machine's card by id, for whoever may see the machines or works an open ticket on it" } }, async (request): Answer<'card'> => {
    const user = currentUser(request);
    const { id } = request.params;
    const card = (await mayOpenMachineCard(db, user, id)) ? await machineCard(db, user.tenantId, id) : undefined;
    if (!card) throw notYours(refusal('noMachineCardById', { id }));
    return card;
  });

  /** The card's meters: refused, in the card's words, to whoever may not open that card. */
  const requireCard = async (user: ReturnType<typeof currentUser>, id: string): Promise<void> => {
    if (!(await mayOpenMachineCard(db, user, id))) throw notYours(refusal('noMachineCardById', { id }));
  };

  api.get(endpoints.meters.path, { config: { access: scoped }, serializerCompiler: plainJson, schema: { response: { '2xx': endpoints.meters.reply }, params: endpoints.meters.params, tags, summary: "A machine's meters with their last readings, for whoever may open its card" } }, async (request): Answer<'meters'> => {
    const user = currentUser(request);
    await requireCard(user, request.params.id);
    return machineMeters(db, user.tenantId, request.params.id);
  });

  api.post(endpoints.meterReading.path, { config: { access: scoped }, serializerCompiler: plainJson, schema: { response: { '2xx': endpoints.meterReading.reply }, params: endpoints.meterReading.params, body: endpoints.meterReading.body, tags, summary: "A reading of a machine's meter, by whoever may open its card; raises the plans it makes owed" } }, async (request): Answer<'meterReading'> => {
    const user = currentUser(request);
    await requireCard(user, request.params.id);
    return takePersonReading(db, hub, user, request.params.id, request.body);
  });

  api.get(endpoints.choices.path, { config: { access: scoped }, serializerCompiler: plainJson, schema: { response: { '2xx': endpoints.choices.reply }, tags, summary: 'The machines the caller may raise a ticket for (a client user: his company’s)' } }, async (request): Answer<'choices'> => {
    const data = await ticketMachineChoices(db, currentUser(request));
    return { data, total: data.length };
  });
}

