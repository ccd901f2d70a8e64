/**
 * What an agreement's steps check and do beyond its status (src/machines/lifecycles/agreement.ts):
 * - activating puts its machines on rent, so none may be held by another Active agreement over the same dates
 *   or be broken down, and the agreement gets its client record (who the rent is billed to) when it has none;
 * - expiring is for an agreement whose end date has passed; one that ends earlier is terminated, with the reason.
 */
import { client } from '../../../src/contract/modules/billing';
import { conflict } from '../errors';
import { refusal } from '../../../src/contract/refusalMessages';
import type { TransitionEffect } from '../lifecycle-effect';
import { asString, todayInIndia } from '../records';
import { assertMachinesFree, makeAgreementClient } from './agreements';

export const agreementSteps: TransitionEffect = async (ctx, tx, record, to, id) => {
  const name = asString(record.alternateId) ?? id;
  if (to === 'Active') {
    await assertMachinesFree(ctx, { ...record, status: 'Active' }, id);
    if (asString(record.clientId)) return;
    const made = await makeAgreementClient(ctx, tx, id, record);
    // Announced now, inside the step's transaction: a refused step after this point is a rare failure, and a
    // client list refreshed once too often costs one read, while one never refreshed hides the new client.
    ctx.hub.recordChanged(ctx.user.tenantId, { module: client.name, op: 'create', _id: made._id });
    return { clientId: made._id };
  }
  if (to === 'Expired' && String(record.endDate) >= todayInIndia()) {
    throw conflict(refusal('agreementRunsUntil', { name, date: String(record.endDate) }));
  }
};
