/**
 * Ticket lifecycle shared by service tickets and generic tickets:
 * - a new ticket gets `reportedAt` (now) and an SLA due time from its priority when none is given;
 * - giving an Open ticket an engineer makes it Assigned; Assigned needs an engineer;
 * - Resolved and Closed need a resolution and stamp resolvedAt / closedAt;
 * - Closed and Cancelled tickets are final.
 * Generic tickets also have PATCH update-status/{id} and the operator's POST operative-ticket.
 */
import { z } from 'zod';
import { svcTicket, ticket, TICKET_PRIORITIES, TICKET_STATUSES } from '../../../src/api/modules/service';
import type { ApiRecord } from '../../db/repository';
import { conflict, invalid } from '../errors';
import { registerCall, registerOp, type CallContext } from '../registry';
import { asString, createRecord, patchRecord, requireBody } from '../records';
import { slaDueAt } from './sla';

type Body = Record<string, unknown>;

const FINAL_STATUSES = ['Closed', 'Cancelled'];

/** A new ticket's body with its defaults filled in. */
export function openTicket(body: Body, now = new Date()): Body {
  const reportedAt = asString(body.reportedAt) ?? now.toISOString();
  const status = body.status === undefined || body.status === 'Open' ? (asString(body.assignedTo) ? 'Assigned' : 'Open') : body.status;
  return { ...body, status, reportedAt, slaDueAt: asString(body.slaDueAt) ?? slaDueAt(body.priority, new Date(reportedAt)) };
}

/** The patch to store for a change of `current`, enforcing the lifecycle. */
export function ticketPatch(current: Body, patch: Body, now = new Date()): Body {
  const name = asString(current.alternateId) ?? 'The ticket';
  if (FINAL_STATUSES.includes(String(current.status))) throw conflict(`${name} is ${String(current.status)}: it cannot change`);
  const merged = { ...current, ...patch };
  const next: Body = { ...patch };
  if (patch.status === undefined && current.status === 'Open' && asString(patch.assignedTo)) next.status = 'Assigned';
  const status = String(next.status ?? current.status);
  if (status === 'Assigned' && !asString(merged.assignedTo)) throw invalid('assignedTo', 'Assign an engineer first');
  if ((status === 'Resolved' || status === 'Closed') && !asString(merged.resolution)) throw invalid('resolution', 'Describe the resolution first');
  if ((status === 'Resolved' || status === 'Closed') && !asString(merged.resolvedAt)) next.resolvedAt = now.toISOString();
  if (status === 'Closed' && !asString(merged.closedAt)) next.closedAt = now.toISOString();
  if (patch.priority !== undefined && patch.priority !== current.priority && patch.slaDueAt === undefined) {
    next.slaDueAt = slaDueAt(patch.priority, new Date(asString(current.reportedAt) ?? now.toISOString()));
  }
  return next;
}

async function createTicket(ctx: CallContext): Promise<ApiRecord> {
  return createRecord(ctx, openTicket(ctx.req.body as Body));
}

async function updateTicket(ctx: CallContext): Promise<ApiRecord> {
  const { id } = ctx.req.params as { id: string };
  const current = await requireBody(ctx.repo, id);
  return patchRecord(ctx, id, ticketPatch(current, ctx.req.body as Body));
}

const statusBody = z.object({
  status: z.enum(TICKET_STATUSES, { error: `Status must be one of ${TICKET_STATUSES.join(', ')}` }),
  assignedTo: z.string().min(1).optional(),
  resolution: z.string().trim().max(5000).optional(),
  rootCause: z.string().trim().max(2000).optional(),
});

async function updateStatus(ctx: CallContext): Promise<ApiRecord> {
  const { id } = ctx.req.params as { id: string };
  const current = await requireBody(ctx.repo, id);
  return patchRecord(ctx, id, ticketPatch(current, ctx.req.body as Body));
}

const operativeBody = z.object({
  title: ticket.fields.shape.title,
  description: ticket.fields.shape.description,
  priority: z.enum(TICKET_PRIORITIES, { error: 'Priority is not valid' }).default('High'),
  machineInstanceId: z.string().min(1).optional(),
  assetId: z.string().min(1).optional(),
  contactPhone: z.string().trim().max(20).optional(),
});

/** A machine operator's call from the shop floor: a generic ticket with source Operator. */
async function createOperativeTicket(ctx: CallContext): Promise<ApiRecord> {
  const input = ctx.req.body as z.infer<typeof operativeBody>;
  return createRecord(ctx, openTicket({ ...input, category: 'Service', source: 'Operator', reportedBy: ctx.user.name }));
}

const idParams = z.object({ id: z.string().min(1) });

for (const def of [svcTicket, ticket]) {
  registerOp(`${def.name}.create`, createTicket);
  registerOp(`${def.name}.update`, updateTicket);
}
registerCall('ticket.updateStatus', updateStatus, { body: statusBody, params: idParams });
registerCall('ticket.createOperativeTicket', createOperativeTicket, { body: operativeBody });
