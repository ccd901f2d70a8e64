/**
 * What the customer may do with the one proposal their link opens (document 1 §2 and §4, document 2 §7):
 * read it (each opening leaves a view record), report how long they looked at it, accept or reject it
 * with a note, and download its PDF and attachments. The staff-only parts of a proposal (internal notes,
 * lead, archive and bookmark flags) never leave the server through these calls.
 *
 * A view record is added by one SQL statement, so two tabs opening at once cannot lose one; the status moves only
 * by the proposal's lifecycle (src/machines/lifecycles/proposal.ts), as the customer, which locks the record.
 */
import { proposal as proposalDef, proposalActivity } from '../../../src/contract/modules/sales';
import { bottomRule, ddmmyyyy, viewStatusOf, type PublicProposal } from '../../../src/contract/publicProposalTerms';
import { newId } from '../../db/ids';
import type { Db, Queryable } from '../../db/pool';
import { appendProposalView, readProposalRow, setProposalViewTime } from '../../db/proposal-store';
import { repo, toApiRecord, type ApiRecord, type Row } from '../../db/repository';
import { conflict, DomainError, invalid, missingRecord, notFound } from '../errors';
import { refusal } from '../../../src/contract/refusalMessages';
import { validation } from '../../../src/contract/validationMessages';
import { applyTransition } from '../lifecycle';
import { customerOnLink, partyContext, type StepContext } from '../step-context';
import type { RealtimeHub } from '../../realtime/hub';
import { expandProposals } from '../sales/proposals';
import { todayInIndia } from '../records';
import type { LinkGrant } from './link-tokens';
import type { EndpointAnswer } from '../../../src/contract/endpoints';
import type { publicProposalEndpoints } from '../../../src/contract/publicShapes';

/** Fields a customer sees; everything else on a proposal is the seller's. */
export const PUBLIC_PROPOSAL_FIELDS = [
  '_id',
  'alternateId',
  'proposalName',
  'machineType',
  'contractTerm',
  'lockInPeriod',
  'noticePeriod',
  'monthlyRental',
  'securityDeposit',
  'escalation',
  'proposalValidity',
  'status',
  'owner',
  'attachementDocument',
  'totalViewTime',
  'acceptNote',
  'declineNote',
] as const satisfies ReadonlyArray<keyof PublicProposal>;

/** Who the activity trail names for what the customer does. */
const CUSTOMER = 'Customer (public link)';

export function publicProjection(record: Record<string, unknown>): PublicProposal {
  const kept: Record<string, unknown> = {};
  for (const field of PUBLIC_PROPOSAL_FIELDS) if (record[field] !== undefined) kept[field] = record[field];
  // The stored proposal is untyped jsonb (written through its module's schema, then expanded); only the reply's
  // fields are copied, and the tests parse every answer with the publicProposal schema.
  return kept as PublicProposal;
}

async function expanded(db: Queryable, tenantId: string, row: Row): Promise<PublicProposal> {
  const [record] = await expandProposals(db, tenantId, [toApiRecord(proposalDef, row)]);
  return publicProjection(record as ApiRecord);
}

async function currentRow(db: Queryable, grant: LinkGrant): Promise<Row> {
  const row = await readProposalRow(db, grant.tenantId, grant.recordId);
  if (!row) throw missingRecord('proposal', grant.recordId);
  return row;
}

async function logActivity(db: Queryable, grant: LinkGrant, type: string, description: string): Promise<void> {
  await repo(db, proposalActivity, grant.tenantId).create({ proposalId: grant.recordId, type, description, actor: CUSTOMER, at: new Date().toISOString() });
}

/** The link's customer taking a step of the proposal's lifecycle. */
function customerStep(db: Db, hub: RealtimeHub, grant: LinkGrant): StepContext {
  return partyContext({ db, hub, def: proposalDef, tenantId: grant.tenantId, caller: customerOnLink(CUSTOMER) });
}

function announce(hub: RealtimeHub, grant: LinkGrant): void {
  hub.recordChanged(grant.tenantId, { module: proposalDef.name, op: 'update', _id: grant.recordId });
}

/** The proposal with the view record this opening created (updateViewTime reports against it): the endpoint's answer. */
export type ViewReply = EndpointAnswer<(typeof publicProposalEndpoints)['viewProposal']>;

/**
 * Records a view and answers the proposal. A draft proposal seen through its draft link moves to View by the
 * lifecycle's customer step (with its history row), so the seller knows it was read.
 */
export async function viewProposal(db: Db, hub: RealtimeHub, grant: LinkGrant): Promise<ViewReply> {
  const status = viewStatusOf(grant.linkStatus);
  const view = { _id: newId(), viewedAt: new Date().toISOString(), time: 0, status };
  const viewed = await appendProposalView(db, grant.tenantId, grant.recordId, JSON.stringify(view));
  if (!viewed) throw missingRecord('proposal', grant.recordId);
  await logActivity(db, grant, 'Viewed', `Opened through the public link (${status})`);
  let row = viewed;
  if (status === 'View' && row.body.status === 'Sent(Draft)') {
    await applyTransition(customerStep(db, hub, grant), grant.recordId, { event: 'view' });
    row = await currentRow(db, grant);
  } else {
    announce(hub, grant);
  }
  return { ...(await expanded(db, grant.tenantId, row)), viewRecordId: view._id };
}

/**
 * Sets the seconds spent on the page for one view record. The figure only grows, and never beyond the
 * time since that view began (plus a few seconds of clock slack): a page cannot inflate its own record.
 */
export async function updateViewTime(db: Queryable, grant: LinkGrant, viewRecordId: string, seconds: number): Promise<{ _id: string; time: number }> {
  const updated = await setProposalViewTime(db, grant.tenantId, grant.recordId, viewRecordId, Math.floor(seconds));
  if (!updated) throw notFound(refusal('proposalNoViewRecord', { id: viewRecordId }));
  return { _id: viewRecordId, time: Number(updated.time ?? 0) };
}

export interface Decision {
  type: 'Won' | 'Lost';
  acceptNote?: string;
  declineNote?: string;
}

/**
 * The customer's decision: only on a Sent(Final) proposal whose validity has not passed, with the note its type
 * requires: the lifecycle's accept or reject step, taken as the customer. The checks here give the public page its
 * words; the step locks the proposal, so a second decision finds it decided.
 */
export async function decideProposal(db: Db, hub: RealtimeHub, grant: LinkGrant, decision: Decision): Promise<PublicProposal> {
  const noteField = decision.type === 'Won' ? 'acceptNote' : 'declineNote';
  const note = (decision[noteField] ?? '').trim();
  if (!note) throw invalid(noteField, validation('stepRequired'));
  const current = await currentRow(db, grant);
  const rule = bottomRule({ status: String(current.body.status ?? ''), proposalValidity: current.body.proposalValidity as string | undefined }, todayInIndia());
  if (rule === 'accepted') throw conflict(refusal('proposalAlreadyAccepted'));
  if (rule === 'expired') throw conflict(refusal('proposalValidityExpired', { date: ddmmyyyy(current.body.proposalValidity as string) }));
  if (rule !== 'decide') throw conflict(current.body.status ? refusal('proposalNotDecidable', { status: String(current.body.status) }) : refusal('proposalNotSentYet'));
  try {
    await applyTransition(customerStep(db, hub, grant), grant.recordId, { event: decision.type === 'Won' ? 'accept' : 'reject', data: { [noteField]: note } });
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'transition-not-allowed') throw conflict(refusal('proposalDecidedMomentAgo'));
    throw error;
  }
  await logActivity(db, grant, decision.type === 'Won' ? 'Accepted' : 'Rejected', note.slice(0, 500));
  return expanded(db, grant.tenantId, await currentRow(db, grant));
}

/** The proposal as the customer sees it, without recording a view (the PDF). */
export async function readProposal(db: Queryable, grant: LinkGrant): Promise<PublicProposal> {
  return expanded(db, grant.tenantId, await currentRow(db, grant));
}
