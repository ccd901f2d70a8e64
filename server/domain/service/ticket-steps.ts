/**
 * What a ticket's steps do beyond its status (src/machines/lifecycles/ticket.ts), for service and generic
 * tickets alike: the engineer a step names must be a user of the tenant, and starting a ticket that has no
 * engineer makes the person who starts it (or the one the call names) its engineer; a customer's signature taken
 * on resolving is a PNG image (the job card prints it).
 */
import { acceptedUploadType } from '../assets/upload-types';
import { invalid } from '../errors';
import { refusal } from '../../../src/contract/refusalMessages';
import type { TransitionEffect } from '../lifecycle-effect';
import { asString, checkReferences } from '../records';
import type { StepContext } from '../step-context';

/** Tells the person a ticket was given to (server/realtime: `ticket.assigned`). */
export function announceAssignment(ctx: StepContext, userId: string, ticket: Readonly<Record<string, unknown>> & { _id: string }): void {
  ctx.hub.ticketAssigned(ctx.user.tenantId, {
    userId,
    module: ctx.def.name,
    _id: ticket._id,
    ...(asString(ticket.alternateId) ? { alternateId: String(ticket.alternateId) } : {}),
    ...(asString(ticket.title) ? { title: String(ticket.title) } : {}),
  });
}

const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+=*)$/;
const SIGNATURE_REFUSED = refusal('signatureRefused');
/** The catalogue keeps a signature under 200,000 characters (src/contract/modules/serviceTickets.ts). */
const SIGNATURE_MAX = 200_000;

export const ticketSteps: TransitionEffect = async (ctx, tx, record, _to, _id, step) => {
  const signature = step.data.customerSignatureUrl;
  if (signature !== undefined) {
    const content = typeof signature === 'string' && signature.length <= SIGNATURE_MAX ? PNG_DATA_URL.exec(signature)?.[1] : undefined;
    if (!content) throw invalid('customerSignatureUrl', SIGNATURE_REFUSED);
    // The bytes must be the PNG the prefix claims (an image field: an SVG or a page labelled image/png is refused).
    if ((await acceptedUploadType('customerSignatureUrl', content, 'image')) !== 'image/png') throw invalid('customerSignatureUrl', SIGNATURE_REFUSED);
  }
  const named = asString(step.data.assignedTo);
  if (named) await checkReferences(tx, ctx.def, ctx.user.tenantId, { assignedTo: named });
  // The engineer is told at once, with the way to the ticket (a rare refused step after this costs a stray notice).
  if (step.event === 'assign' && named && named !== ctx.user._id) announceAssignment(ctx, named, { ...record, _id });
  if (step.event !== 'start') return;
  const engineer = named ?? asString(record.assignedTo) ?? ctx.user._id;
  if (engineer !== record.assignedTo) return { assignedTo: engineer };
};
