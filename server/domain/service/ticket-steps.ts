/**
 * What a ticket's steps do beyond its status (src/machines/lifecycles/ticket.ts), for service and generic
 * tickets alike: the engineer a step names must be a user of the tenant, and starting a ticket that has no
 * engineer makes the person who starts it (or the one the call names) its engineer.
 */
import type { TransitionEffect } from '../lifecycle-effect';
import { asString, checkReferences } from '../records';

export const ticketSteps: TransitionEffect = async (ctx, tx, record, _to, _id, step) => {
  const named = asString(step.data.assignedTo);
  if (named) await checkReferences(tx, ctx.def, ctx.user.tenantId, { assignedTo: named });
  if (step.event !== 'start') return;
  const engineer = named ?? asString(record.assignedTo) ?? ctx.user._id;
  if (engineer !== record.assignedTo) return { assignedTo: engineer };
};
