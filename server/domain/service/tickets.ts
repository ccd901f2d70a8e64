/**
 * Tickets, service and generic alike. Their steps are the ticket lifecycle (src/machines/lifecycles/ticket.ts,
 * applied by server/domain/lifecycle.ts, effects in ./ticket-steps.ts); here:
 * - a new ticket gets `reportedAt` (now) and an SLA due time from its priority when none is given, and starts
 *   Assigned when it is raised with its engineer (else Open);
 * - an edit of a Closed or Cancelled ticket is refused; a new priority moves the SLA due time;
 * - a client's user raises and describes his company's tickets, for his company's machines and sites only, and may
 *   not set what the service team does;
 * - the generic tickets' PATCH update-status/{id} { status, assignedTo?, resolution?, rootCause? } names the
 *   status it wants: the one step that leads there, with the other fields as the step's data;
 * - the operator's POST operative-ticket raises a generic ticket from the shop floor.
 */
import { ticket, type OperativeTicketBody, type TicketStatusBody } from '../../../src/contract/modules/service';
import { repo, type ApiRecord } from '../../db/repository';
import { svcMachineInstance } from '../../../src/contract/modules/machines';
import { asset } from '../../../src/contract/modules/assets';
import { client } from '../../../src/contract/modules/billing';
import { recordName } from '../../../src/contract/words';
import { invalid } from '../errors';
import { refusal } from '../../../src/contract/refusalMessages';
import { applyMoveTo } from '../lifecycle';
import type { CallContext, CallsOf, OpsOf } from '../call-context';
import { asString, createRecord, patchRecord, requireBody } from '../records';
import { slaDueAt } from './sla';
import { announceAssignment } from './ticket-steps';

type Body = Record<string, unknown>;

/** A new ticket's body with its defaults filled in (its status is already a start state: Open or Assigned). */
export function openTicket(body: Body, now = new Date()): Body {
  const reportedAt = asString(body.reportedAt) ?? now.toISOString();
  const engineer = asString(body.assignedTo);
  if (body.status === 'Assigned' && !engineer) throw invalid('assignedTo', refusal('assignEngineerFirst'));
  const status = engineer ? 'Assigned' : 'Open';
  return { ...body, status, reportedAt, slaDueAt: asString(body.slaDueAt) ?? slaDueAt(body.priority, new Date(reportedAt)) };
}

/**
 * The patch to store for an edit of `current` (its status is the lifecycle's, never in the patch; whether the ticket
 * may change in its state is the lifecycle's too: src/machines/lifecycles/ticket.ts, asked by patchRecord).
 */
export function ticketPatch(current: Body, patch: Body, now = new Date()): Body {
  const next: Body = { ...patch };
  if (patch.priority !== undefined && patch.priority !== current.priority && patch.slaDueAt === undefined) {
    next.slaDueAt = slaDueAt(patch.priority, new Date(asString(current.reportedAt) ?? now.toISOString()));
  }
  return next;
}

/**
 * What a client's user does not set on a ticket: who works it, the promise, the outcome and the times the work
 * stamps. His company's tickets are his to raise and describe (title, description, machine, site, priority,
 * photos); the rest is the service team's. Refused with a 400 naming the field, never dropped in silence.
 */
const STAFF_ONLY_FIELDS = ['assignedTo', 'slaDueAt', 'resolution', 'rootCause', 'holdReason', 'cancelReason', 'reportedAt', 'resolvedAt', 'closedAt', 'labourHours'];

function refuseStaffFields(ctx: CallContext, body: Body): void {
  if (ctx.user.userType !== 'Client-User') return;
  const field = STAFF_ONLY_FIELDS.find((f) => body[f] !== undefined && body[f] !== null && body[f] !== '');
  if (field) throw invalid(field, refusal('clientMayNotSet'));
}

/**
 * The machines and sites one request names, each read once however many checks ask for it (a client's create asks
 * for its machine three times: his own company's, the ticket's client's, and the place it fills in).
 */
interface Places {
  machine(id: string): Promise<ApiRecord | undefined>;
  site(id: string): Promise<ApiRecord | undefined>;
}

function placesOf(ctx: CallContext): Places {
  const read = new Map<string, Promise<ApiRecord | undefined>>();
  const once = (def: typeof svcMachineInstance | typeof asset, id: string) => {
    const key = `${def.name}|${id}`;
    let found = read.get(key);
    if (!found) read.set(key, (found = repo(ctx.db, def, ctx.user.tenantId).getById(id)));
    return found;
  };
  return { machine: (id) => once(svcMachineInstance, id), site: (id) => once(asset, id) };
}

/** A ticket raised for a machine is for the machine's client and site, unless the body names them. */
async function withMachinePlace(places: Places, body: Body): Promise<Body> {
  const machineId = asString(body.machineInstanceId);
  if (!machineId || (asString(body.clientId) && asString(body.assetId))) return body;
  const machine = await places.machine(machineId);
  if (!machine) return body;
  return { ...body, clientId: asString(body.clientId) ?? asString(machine.clientId), assetId: asString(body.assetId) ?? asString(machine.assetId) };
}

/**
 * A client's user names only his own company's machine and site (issue 31 item 6: his picker offers only those,
 * GET machine-dashboard/ticket-machines); another's is refused naming the field, never silently taken.
 */
async function refuseOthersPlaces(ctx: CallContext, places: Places, body: Body): Promise<void> {
  if (ctx.user.userType !== 'Client-User') return;
  const own = ctx.user.clientId;
  const machineId = asString(body.machineInstanceId);
  if (machineId) {
    const machine = await places.machine(machineId);
    if (!machine || !own || machine.clientId !== own) throw invalid('machineInstanceId', refusal('ownMachine'));
  }
  const siteId = asString(body.assetId);
  if (siteId) {
    const site = await places.site(siteId);
    if (!site || !own || site.clientId !== own) throw invalid('assetId', refusal('ownSite'));
  }
}

/**
 * A ticket's machine and site are its client's (found walking the dispatcher's first job: Kalyani Forge's ticket was
 * saved with Sunrise's chiller, and then showed Kalyani at Sunrise's site). Whoever raises or edits it, a machine or a
 * site of another client is refused naming the field and both clients, never stored. `current` is the stored ticket on
 * an edit: the pair is judged as it will be after the edit.
 */
async function refuseOtherClientsPlaces(ctx: CallContext, places: Places, body: Body, current: Body = {}): Promise<void> {
  const clientId = asString(body.clientId) ?? asString(current.clientId);
  if (!clientId) return;
  const named = async (id: string) => recordName(await repo(ctx.db, client, ctx.user.tenantId).getById(id));
  for (const [field, read, noun] of [
    ['machineInstanceId', places.machine, 'machine'],
    ['assetId', places.site, 'site'],
  ] as const) {
    const id = asString(body[field]) ?? asString(current[field]);
    // Only a pair the request makes or changes is judged: an older ticket is not refused for what it already held.
    if (!id || (body[field] === undefined && body.clientId === undefined)) continue;
    const place = await read(id);
    const owner = asString(place?.clientId);
    if (place && owner && owner !== clientId) {
      const ticketsClient = await named(clientId);
      throw invalid(field, refusal(noun === 'machine' ? 'otherClientsMachine' : 'otherClientsSite', { place: recordName(place), owner: await named(owner), client: ticketsClient }));
    }
  }
}

async function createTicket(ctx: CallContext): Promise<ApiRecord> {
  const places = placesOf(ctx);
  await refuseOthersPlaces(ctx, places, ctx.req.body as Body);
  await refuseOtherClientsPlaces(ctx, places, ctx.req.body as Body);
  const body = await withMachinePlace(places, ctx.req.body as Body);
  refuseStaffFields(ctx, body);
  // A client raises it from the portal, in his own name.
  const fromClient = ctx.user.userType === 'Client-User' ? { reportedBy: ctx.user.name, ...(ctx.def.name === ticket.name ? { source: 'Client Portal' } : {}) } : {};
  const created = await createRecord(ctx, openTicket({ ...body, ...fromClient }));
  const engineer = asString(created.assignedTo);
  if (engineer && engineer !== ctx.user._id) announceAssignment(ctx, engineer, created);
  return created;
}

async function updateTicket(ctx: CallContext): Promise<ApiRecord> {
  const { id } = ctx.req.params as { id: string };
  const current = await requireBody(ctx.repo, id);
  refuseStaffFields(ctx, ctx.req.body as Body);
  const places = placesOf(ctx);
  await refuseOthersPlaces(ctx, places, ctx.req.body as Body);
  await refuseOtherClientsPlaces(ctx, places, ctx.req.body as Body, current);
  return patchRecord(ctx, id, ticketPatch(current, ctx.req.body as Body));
}

async function updateStatus(ctx: CallContext): Promise<ApiRecord> {
  const { id } = ctx.req.params as { id: string };
  const { status, ...data } = ctx.req.body as TicketStatusBody;
  const current = await requireBody(ctx.repo, id);
  if (status === current.status) return patchRecord(ctx, id, ticketPatch(current, data));
  return applyMoveTo(ctx, id, status, data);
}

/** A machine operator's call from the shop floor: a generic ticket with source Operator. */
async function createOperativeTicket(ctx: CallContext): Promise<ApiRecord> {
  const input = ctx.req.body as OperativeTicketBody;
  return createRecord(ctx, openTicket({ ...input, category: 'Service', source: 'Operator', reportedBy: ctx.user.name }));
}

/** Both ticket modules (service and generic tickets) create and update through these. */
export const ticketOps = { create: createTicket, update: updateTicket } satisfies OpsOf<'svc-ticket'> & OpsOf<'ticket'>;

export const ticketCalls = {
  updateStatus: { handler: updateStatus },
  createOperativeTicket: { handler: createOperativeTicket },
} satisfies CallsOf<'ticket'>;
