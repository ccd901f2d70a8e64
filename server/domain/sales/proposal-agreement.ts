/**
 * A won proposal becomes its agreement (POST proposal/makeAgreement/{id}, issue 33): the agreement is filled from the
 * proposal (its client, machines of its type as many as it quotes, the rental, the term, lock-in, notice, escalation
 * and deposit), its client record is made at once (as generate_client_id would) when the proposal or its lead names the
 * client's company, and the proposal links to it. All in one transaction: no named client without its record, no
 * proposal pointing at nothing. Without a company name the agreement waits for its client (never the proposal's name
 * standing in for one). The agreement starts as a Draft from today on the subscriber's clock, for the proposal's
 * contract term; the seller activates it.
 */
import { client } from '../../../src/contract/modules/billing';
import { svcMachineType } from '../../../src/contract/modules/machines';
import { agreement, lead, proposal, type ProposalStatus } from '../../../src/contract/modules/sales';
import { inTransaction } from '../../db/pool';
import { lockProposalRow } from '../../db/row-locks';
import type { ApiRecord } from '../../db/repository';
import { conflict } from '../errors';
import { refusal } from '../../../src/contract/refusalMessages';
import type { CallContext, CallsOf } from '../call-context';
import { asNumber, asString, repoOf, requireBody, todayInIndia, addDays } from '../records';
import { machineAvailability, makeAgreementClient } from './agreements';

type Body = Record<string, unknown>;

/** Proposals the customer accepted (Won) or whose deal is recorded (Deal): the ones that become agreements. */
const AGREED: readonly ProposalStatus[] = ['Won', 'Deal'];
/** A proposal that names no term rents for a year. */
const DEFAULT_TERM_MONTHS = 12;

/** The last day of a term of `months` starting on `start` (1 Apr + 12 months → 31 Mar next year). */
export function termEnd(start: string, months: number): string {
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  const total = m - 1 + months;
  const year = y + Math.floor(total / 12);
  const month = (total % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const sameDay = `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
  return addDays(sameDay, -1);
}

/** The proposal's rupees as paise, exactly to the paisa. */
const paiseOf = (rupees: unknown): number => Math.round(asNumber(rupees) * 100);

async function makeAgreement(ctx: CallContext): Promise<ApiRecord & { agreement: ApiRecord; client?: ApiRecord }> {
  const { id } = ctx.req.params as { id: string };
  const result = await inTransaction(ctx.db, async (tx) => {
    const proposals = repoOf(ctx, proposal, tx);
    // The row is locked so that two clicks make one agreement.
    await lockProposalRow(tx, String(ctx.tenantId), id);
    const body = await requireBody(proposals, id);
    const number = String(body.alternateId ?? id);
    const status = String(body.status ?? 'Draft');
    if (!AGREED.includes(status as ProposalStatus)) throw conflict(refusal('onlyWonBecomesAgreement', { name: number, status }));
    if (asString(body.agreementId)) throw conflict(refusal('proposalHasAgreement', { name: number }));
    const machineTypeId = typeof body.machineType === 'object' && body.machineType ? String((body.machineType as Body)._id) : String(body.machineType ?? '');
    const quantity = Math.max(1, asNumber(body.machineQuantity) || 1);
    const contractTerm = asNumber(body.contractTerm) || DEFAULT_TERM_MONTHS;
    const startDate = todayInIndia();
    const endDate = termEnd(startDate, contractTerm);
    const free = (await machineAvailability(ctx, { machineTypeId, startDate, endDate })).filter((m) => m.available);
    if (free.length < quantity) {
      const type = await repoOf(ctx, svcMachineType, tx).getBody(machineTypeId);
      const typeName = String(type?.machineName ?? type?.name ?? machineTypeId);
      throw conflict(refusal('notEnoughFreeMachines', { name: number, quantity, machineType: typeName, free: free.length, from: startDate, to: endDate }));
    }
    const leadBody = asString(body.leadId) ? await repoOf(ctx, lead, tx).getBody(String(body.leadId)) : undefined;
    // The client is the one the proposal or its lead names; the proposal's own name is not a company, so without
    // either the agreement waits for its client (its page says "No client yet") and no client record is made.
    const clientName = asString(body.clientName) ?? asString(leadBody?.companyName);
    const monthlyRentalPaise = paiseOf(body.monthlyRental);
    const made = await repoOf(ctx, agreement, tx).create({
      proposalId: id,
      ...(clientName ? { clientName } : {}),
      ...(asString(body.clientEmail) ?? asString(leadBody?.email) ? { clientEmail: asString(body.clientEmail) ?? asString(leadBody?.email) } : {}),
      ...(asString(leadBody?.city) ? { clientAddress: asString(leadBody?.city) } : {}),
      machineInstanceIds: free.slice(0, quantity).map((m) => m._id),
      startDate,
      endDate,
      contractTerm,
      ...(body.lockInPeriod !== undefined ? { lockInPeriod: asNumber(body.lockInPeriod) } : {}),
      ...(body.noticePeriod !== undefined ? { noticePeriod: asNumber(body.noticePeriod) } : {}),
      ...(body.escalation !== undefined ? { escalation: asNumber(body.escalation) } : {}),
      monthlyRentalPaise,
      securityDepositPaise: Math.round(monthlyRentalPaise * asNumber(body.securityDeposit)),
      billingCycle: 'Monthly',
      status: 'Draft',
    });
    const madeClient = clientName ? await makeAgreementClient(ctx, tx, made._id, made as Body) : undefined;
    const linked = madeClient ? await repoOf(ctx, agreement, tx).update(made._id, { clientId: madeClient._id }) : made;
    // A server-written link on a decided proposal: its terms stay as the customer saw them.
    const updated = await proposals.update(id, { agreementId: made._id });
    if (!linked || !updated) throw conflict(refusal('proposalOrAgreementGone'));
    return { ...updated, agreement: linked, ...(madeClient ? { client: madeClient } : {}) };
  });
  ctx.notify('update', id);
  ctx.hub.recordChanged(ctx.user.tenantId, { module: agreement.name, op: 'create', _id: result.agreement._id });
  if (result.client) ctx.hub.recordChanged(ctx.user.tenantId, { module: client.name, op: 'create', _id: result.client._id });
  return result;
}

export const proposalAgreementCalls = { makeAgreement: { handler: makeAgreement } } satisfies CallsOf<'proposal'>;
