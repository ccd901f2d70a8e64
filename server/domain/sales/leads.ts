/**
 * Lead pipeline rules: a stage change (PATCH change-stage/{id}) is the lead lifecycle's one step to that stage
 * (src/machines/lifecycles/lead.ts: Won and Lost need a reason, a closed lead is reopened explicitly); notes
 * (PATCH add-note/{id}, DELETE delete-note/{leadId}/{noteId}) carry both _id and noteId; GET getKpi
 * summarises the pipeline.
 */
import { LEAD_STAGES, type AddNoteBody, type ChangeStageBody, type LeadStage } from '../../../src/contract/modules/sales';
import { applyMoveTo } from '../lifecycle';
import { newId } from '../../db/ids';
import type { ApiRecord } from '../../db/repository';
import { invalid, notFound } from '../errors';
import { refusal } from '../../../src/contract/refusalMessages';
import type { CallContext, HandlersOf } from '../call-context';
import { asArray, asNumber, asString, patchRecord, requireBody, requireRecord, todayInIndia } from '../records';
import type { LeadKpi } from '../../../src/contract/dashboardShapes';
import { peopleCalls } from '../people';

async function changeStage(ctx: CallContext): Promise<ApiRecord> {
  const { id } = ctx.req.params as { id: string };
  const { leadStage, leadStatusReason } = ctx.req.body as ChangeStageBody;
  const current = await requireBody(ctx.repo, id);
  // The same stage again (a board card dropped where it was): only the reason may change.
  if (current.leadStage === leadStage) return leadStatusReason === undefined ? requireRecord(ctx.repo, id) : patchRecord(ctx, id, { leadStatusReason });
  return applyMoveTo(ctx, id, leadStage, leadStatusReason === undefined ? {} : { leadStatusReason });
}

async function addNote(ctx: CallContext): Promise<ApiRecord> {
  const { id } = ctx.req.params as { id: string };
  const { note, leadId } = ctx.req.body as AddNoteBody;
  if (leadId !== undefined && leadId !== id) throw invalid('leadId', refusal('notTheLeadInPath'));
  const current = await requireBody(ctx.repo, id);
  const noteId = newId();
  const notes = [...asArray(current.notes), { _id: noteId, noteId, note, createdAt: new Date().toISOString(), createdBy: ctx.user.name }];
  return patchRecord(ctx, id, { notes });
}

async function deleteNote(ctx: CallContext): Promise<ApiRecord> {
  const { leadId, noteId } = ctx.req.params as { leadId: string; noteId: string };
  const current = await requireBody(ctx.repo, leadId);
  const notes = asArray(current.notes);
  const kept = notes.filter((n) => n._id !== noteId && n.noteId !== noteId);
  if (kept.length === notes.length) throw notFound(refusal('leadHasNoNote', { id: noteId }));
  return patchRecord(ctx, leadId, { notes: kept });
}

const OPEN_STAGES: readonly LeadStage[] = ['New', 'Contacted', 'Qualified', 'Proposal Sent', 'Negotiation'];

export function leadKpi(leads: readonly Record<string, unknown>[], today: string): LeadKpi {
  const byStage = Object.fromEntries(LEAD_STAGES.map((s) => [s, 0])) as Record<LeadStage, number>;
  let pipelineValuePaise = 0;
  let wonValuePaise = 0;
  let newThisMonth = 0;
  for (const l of leads) {
    const stage = (LEAD_STAGES as readonly string[]).includes(String(l.leadStage)) ? (l.leadStage as LeadStage) : 'New';
    byStage[stage] += 1;
    if (OPEN_STAGES.includes(stage)) pipelineValuePaise += asNumber(l.expectedValuePaise);
    if (stage === 'Won') wonValuePaise += asNumber(l.expectedValuePaise);
    if (String(asString(l.createdAt) ?? '').slice(0, 7) === today.slice(0, 7)) newThisMonth += 1;
  }
  const closed = byStage.Won + byStage.Lost;
  return {
    total: leads.length,
    byStage,
    open: OPEN_STAGES.reduce((sum, s) => sum + byStage[s], 0),
    won: byStage.Won,
    lost: byStage.Lost,
    conversionRate: closed === 0 ? 0 : Math.round((byStage.Won / closed) * 1000) / 10,
    pipelineValuePaise,
    wonValuePaise,
    newThisMonth,
  };
}

async function getKpi(ctx: CallContext): Promise<{ data: LeadKpi }> {
  const { data } = await ctx.repo.list({ project: ['leadStage', 'expectedValuePaise'] });
  return { data: leadKpi(data, todayInIndia()) };
}

export const leadHandlers = {
  calls: {
    ...peopleCalls,
    changeStage: { handler: changeStage },
    addNote: { handler: addNote },
    deleteNote: { handler: deleteNote },
    getKpi: { handler: getKpi },
  },
} satisfies HandlersOf<'lead'>;
