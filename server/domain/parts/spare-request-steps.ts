/**
 * What issuing a spare-part request does (src/machines/lifecycles/spareRequest.ts): every line leaves the
 * stores as one Issue transaction, inside the step's transaction, so the request is Issued with all its parts
 * out of stock or nothing happened (a line short of stock refuses the step). Each line is one row of the stock ledger,
 * caused by the request and its line (issue 32).
 */
import type { TransitionEffect } from '../lifecycle-effect';
import { requestSpare } from '../../../src/contract/modules/parts';
import { asArray, asNumber, asString, todayInIndia } from '../records';
import { postMovement } from './stock';

export const issueSpares: TransitionEffect = async (ctx, tx, request, to, id) => {
  if (to !== 'Issued') return;
  const name = asString(request.alternateId) ?? id;
  for (const [line, item] of asArray(request.items).entries()) {
    await postMovement(ctx, tx, {
      partId: String(item.partId),
      type: 'Issue',
      quantity: asNumber(item.quantity),
      date: todayInIndia(),
      reference: name,
      ...(asString(request.ticketAlternateId) ? { ticketAlternateId: String(request.ticketAlternateId) } : {}),
    }, { module: requestSpare.name, id, line, name });
  }
};
