/**
 * Proposal rules (staff side). Reads expand `machineType` to { _id, machineName, alternateId } and `owner`
 * to { _id, name }. A proposal starts as Draft; it is sent with PATCH sendProposal { id, status } as
 * Sent(Draft) or Sent(Final) while its validity lasts (a final one needs its commercial terms); Won, Deal
 * and Lost proposals are closed. View records and the customer's notes come only from the public calls.
 * Every staff action leaves a proposal-activity record.
 */
import { subscriberUser } from '../../../src/contract/modules/admin';
import { svcMachineType } from '../../../src/contract/modules/machines';
import {
  proposal,
  proposalActivity,
  PROPOSAL_CLOSED_STATUSES,
  PROPOSAL_STATUSES,
  type AddNotesBody,
  type ArchiveBody,
  type BookmarkBody,
  type ProposalStatus,
  type SendProposalBody,
} from '../../../src/contract/modules/sales';
import { newId } from '../../db/ids';
import type { Queryable } from '../../db/pool';
import { repo, type ApiRecord } from '../../db/repository';
import { updateSchemaOf } from '../../../src/contract/modules/updateSchema';
import { conflict, invalid } from '../errors';
import { refusal } from '../../../src/contract/refusalMessages';
import { validation } from '../../../src/contract/validationMessages';
import { applyMoveTo, applyTransition } from '../lifecycle';
import type { CallContext, CallsOf, OpsOf } from '../call-context';
import { peopleCalls } from '../people';
import { asArray, asNumber, asString, createRecord, listOptionsFrom, parseOrBadRequest, patchRecord, removeRecord, removedReply, requireBody, requireRecord, todayInIndia } from '../records';
import type { ProposalKpi } from '../../../src/contract/dashboardShapes';

type Body = Record<string, unknown>;

/** Written only by the public proposal calls (view records, the customer's notes). */
const PUBLIC_FIELDS = ['totalViewTime', 'acceptNote', 'declineNote'];

/** Replaces machineType and owner ids with the small objects the screens and the public page show. */
export async function expandProposals(db: Queryable, tenantId: string, records: readonly ApiRecord[]): Promise<ApiRecord[]> {
  const idsOf = (field: string): string[] => [...new Set(records.map((r) => r[field]).filter((v): v is string => typeof v === 'string' && v !== ''))];
  const machineIds = idsOf('machineType');
  const ownerIds = idsOf('owner');
  const [machines, owners] = await Promise.all([
    machineIds.length ? repo(db, svcMachineType, tenantId).list({ filters: { _id: machineIds }, project: ['machineName', 'alternateId'] }) : { data: [] },
    ownerIds.length ? repo(db, subscriberUser, tenantId).list({ filters: { _id: ownerIds }, project: ['name'] }) : { data: [] },
  ]);
  const machineById = new Map(machines.data.map((m) => [m._id, { _id: m._id, machineName: m.machineName, alternateId: m.alternateId }]));
  const ownerById = new Map(owners.data.map((o) => [o._id, { _id: o._id, name: o.name }]));
  return records.map((r) => ({
    ...r,
    ...(typeof r.machineType === 'string' ? { machineType: machineById.get(r.machineType) ?? { _id: r.machineType } } : {}),
    ...(typeof r.owner === 'string' ? { owner: ownerById.get(r.owner) ?? { _id: r.owner } } : {}),
  }));
}

async function expandOne(ctx: CallContext, record: ApiRecord): Promise<ApiRecord> {
  const [expanded] = await expandProposals(ctx.db, ctx.user.tenantId, [record]);
  return expanded ?? record;
}

export async function logActivity(ctx: CallContext, proposalId: string, type: string, description: string, db: Queryable = ctx.db): Promise<void> {
  const made = await repo(db, proposalActivity, ctx.user.tenantId).create({ proposalId, type, description, actor: ctx.user.name, at: new Date().toISOString() });
  // A proposal's activity list open on another screen shows it as any new record (issue 39 item 5).
  ctx.hub.recordChanged(ctx.user.tenantId, { module: proposalActivity.name, op: 'create', _id: made._id });
}

const name = (body: Body, id: string): string => asString(body.alternateId) ?? id;

function strip(body: Body): Body {
  const copy = { ...body };
  for (const field of [...PUBLIC_FIELDS, '_id', 'id']) delete copy[field];
  return copy;
}

function assertOpen(current: Body, id: string): void {
  if (PROPOSAL_CLOSED_STATUSES.includes(current.status as ProposalStatus)) throw conflict(refusal('proposalClosed', { name: name(current, id), status: String(current.status) }));
}

async function listProposals(ctx: CallContext): Promise<{ data: ApiRecord[]; total: number }> {
  const result = await ctx.repo.list(listOptionsFrom(ctx.req.query));
  return { data: await expandProposals(ctx.db, ctx.user.tenantId, result.data), total: result.total };
}

async function getProposal(ctx: CallContext): Promise<ApiRecord> {
  const { id } = ctx.req.params as { id: string };
  return expandOne(ctx, await requireRecord(ctx.repo, id));
}

async function createProposal(ctx: CallContext): Promise<ApiRecord> {
  const body = strip(ctx.req.body as Body);
  const record = await createRecord(ctx, { ...body, status: 'Draft', owner: body.owner ?? ctx.user._id });
  await logActivity(ctx, record._id, 'Created', `Proposal ${name(record, record._id)} created`);
  return expandOne(ctx, record);
}

async function updateProposal(ctx: CallContext): Promise<ApiRecord> {
  const { id } = ctx.req.params as { id: string };
  const patch = strip(ctx.req.body as Body);
  // A status in the body was taken out before this runs: it is the lifecycle's step (server/http/catalogue-routes.ts).
  // Whether the terms may change in the proposal's state is the lifecycle's to say (patchRecord).
  const record = await patchRecord(ctx, id, patch);
  await logActivity(ctx, id, 'Updated', `Changed ${Object.keys(patch).join(', ') || 'nothing'}`);
  return expandOne(ctx, record);
}

async function removeProposal(ctx: CallContext): Promise<unknown> {
  const { id } = ctx.req.params as { id: string };
  // Only a draft goes (src/machines/lifecycles/proposal.ts); a sent one is marked lost, so its history stays.
  await removeRecord(ctx, id);
  return removedReply(proposal, id);
}

/** Sets the flag when the body gives it (archive/archived), else flips it. */
async function toggle(ctx: CallContext, field: 'archived' | 'bookmarked', given: boolean | undefined, activity: string): Promise<ApiRecord> {
  const { id } = ctx.req.body as { id: string };
  const current = await requireBody(ctx.repo, id);
  const value = given ?? !(current[field] === true);
  const record = await patchRecord(ctx, id, { [field]: value });
  await logActivity(ctx, id, activity, value ? activity : `Un${activity.toLowerCase()}`);
  return expandOne(ctx, record);
}

async function addNotes(ctx: CallContext): Promise<ApiRecord> {
  const { id, note, notes } = ctx.req.body as AddNotesBody;
  const text = note ?? notes;
  if (!text) throw invalid('note', validation('required', { label: 'Note' }));
  const current = await requireBody(ctx.repo, id);
  const list = [...asArray(current.notes), { _id: newId(), note: text, createdAt: new Date().toISOString(), createdBy: ctx.user.name }];
  const record = await patchRecord(ctx, id, { notes: list });
  await logActivity(ctx, id, 'Note', text.slice(0, 200));
  return expandOne(ctx, record);
}

const draftUpdate = updateSchemaOf(proposal.fields);

/** POST draftProposal: a new Draft, or (with an id) an open proposal taken back to Draft with the changes given. */
async function draftProposal(ctx: CallContext): Promise<ApiRecord> {
  const raw = ctx.req.body as Body;
  const id = asString(raw.id) ?? asString(raw._id);
  const fields = strip(raw);
  delete fields.status;
  if (!id) {
    const body = parseOrBadRequest(proposal.fields, { ...fields, status: 'Draft' }) as Body;
    const record = await createRecord(ctx, { ...strip(body), status: 'Draft', owner: body.owner ?? ctx.user._id });
    await logActivity(ctx, record._id, 'Drafted', `Draft ${name(record, record._id)} saved`);
    return expandOne(ctx, record);
  }
  const patch = strip(parseOrBadRequest(draftUpdate, fields) as Body);
  const current = await requireBody(ctx.repo, id);
  assertOpen(current, id);
  // A proposal already in Draft is only saved; a sent one is taken back by the lifecycle's step, with the changes.
  if (current.status !== 'Draft') await applyTransition(ctx, id, { event: 'backToDraft' });
  const record = await patchRecord(ctx, id, patch);
  await logActivity(ctx, id, 'Drafted', current.status === 'Draft' ? 'Draft saved' : 'Taken back to Draft');
  return expandOne(ctx, record);
}

/** PATCH sendProposal { id, status }: the lifecycle's send step that leads to that status (its checks: ./proposal-steps.ts). */
async function sendProposal(ctx: CallContext): Promise<ApiRecord & { version: number; allowedEvents: string[] }> {
  const { id, status } = ctx.req.body as SendProposalBody;
  const record = await applyMoveTo(ctx, id, status);
  await logActivity(ctx, id, 'Sent', `Sent as ${status}`);
  return { ...(await expandOne(ctx, record)), version: record.version, allowedEvents: record.allowedEvents };
}

export function proposalKpi(records: readonly Body[], today: string): ProposalKpi {
  const byStatus = Object.fromEntries(PROPOSAL_STATUSES.map((s) => [s, 0])) as Record<ProposalStatus, number>;
  const weekAhead = new Date(`${today}T00:00:00Z`);
  weekAhead.setUTCDate(weekAhead.getUTCDate() + 7);
  const limit = weekAhead.toISOString().slice(0, 10);
  let wonMonthlyRental = 0;
  let views = 0;
  let viewSeconds = 0;
  let expiring = 0;
  for (const p of records) {
    const status = (PROPOSAL_STATUSES as readonly string[]).includes(String(p.status)) ? (p.status as ProposalStatus) : 'Draft';
    byStatus[status] += 1;
    if (status === 'Won' || status === 'Deal') wonMonthlyRental += asNumber(p.monthlyRental);
    const viewRecords = asArray(p.totalViewTime);
    views += viewRecords.length;
    viewSeconds += viewRecords.reduce((sum, v) => sum + asNumber(v.time), 0);
    const validity = asString(p.proposalValidity);
    if (!PROPOSAL_CLOSED_STATUSES.includes(status) && validity && validity >= today && validity <= limit) expiring += 1;
  }
  const won = byStatus.Won + byStatus.Deal;
  const closed = won + byStatus.Lost;
  return {
    total: records.length,
    byStatus,
    open: records.length - closed,
    won,
    lost: byStatus.Lost,
    acceptanceRate: closed === 0 ? 0 : Math.round((won / closed) * 1000) / 10,
    wonMonthlyRental: Math.round(wonMonthlyRental * 100) / 100,
    views,
    viewSeconds,
    expiringInSevenDays: expiring,
    archived: records.filter((p) => p.archived === true).length,
    bookmarked: records.filter((p) => p.bookmarked === true).length,
  };
}

async function getKpi(ctx: CallContext): Promise<{ data: ProposalKpi }> {
  const { data } = await ctx.repo.list({ project: ['status', 'monthlyRental', 'totalViewTime', 'proposalValidity', 'archived', 'bookmarked'] });
  return { data: proposalKpi(data, todayInIndia()) };
}

export const proposalOps = {
  list: listProposals,
  getById: getProposal,
  create: createProposal,
  update: updateProposal,
  remove: removeProposal,
} satisfies OpsOf<'proposal'>;

export const proposalCalls = {
  ...peopleCalls,
  toggleArchive: {
    handler: (ctx) => {
      const body = ctx.req.body as ArchiveBody;
      return toggle(ctx, 'archived', body.archive ?? body.archived, 'Archived');
    },
  },
  toggleBookmark: {
    handler: (ctx) => {
      const body = ctx.req.body as BookmarkBody;
      return toggle(ctx, 'bookmarked', body.bookmark ?? body.bookmarked, 'Bookmarked');
    },
  },
  addNotes: { handler: addNotes },
  draftProposal: { handler: draftProposal },
  sendProposal: { handler: sendProposal },
  getKpi: { handler: getKpi },
} satisfies CallsOf<'proposal'>;
