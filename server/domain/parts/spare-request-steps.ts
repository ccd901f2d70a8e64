/**
 * What issuing a spare-part request does (src/machines/lifecycles/spareRequest.ts): every line leaves the
 * stores as one Issue transaction, inside the step's transaction, so the request is Issued with all its parts
 * out of stock or nothing happened (a line short of stock refuses the step).
 */
import type { TransitionEffect } from '../lifecycle-effect';
import { asArray, asNumber, asString, todayInIndia } from '../records';
import { postMovement } from './stock';

export const issueSpares: TransitionEffect = async (ctx, tx, request, to, id) => {
  if (to !== 'Issued') return;
  const name = asString(request.alternateId) ?? id;
  for (const item of asArray(request.items)) {
    await postMovement(ctx, tx, {
      partId: String(item.partId),
      type: 'Issue',
      quantity: asNumber(item.quantity),
      date: todayInIndia(),
      reference: name,
      ...(asString(request.ticketAlternateId) ? { ticketAlternateId: String(request.ticketAlternateId) } : {}),
    });
  }
};
