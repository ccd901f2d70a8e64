/**
 * Sales modules (document 2 §7 "Proposals", "Leads", "Agreements", "Subscription requests"): the lead
 * pipeline, smart proposals with their activity, rental agreements, and the platform's subscription
 * requests with their question-and-answer variant. Field names the spec gives are kept exactly
 * (attachementDocument, totalViewTime, leadStage, leadStatusReason, companyTeamSize, …).
 */
import { z } from 'zod';
import { peopleCall } from './peoplePicker';
import { defineModule } from './define';
import { GSTIN_PATTERN } from './admin';
import { dataOf, idParams, linkReply, listOf, pdfReply, storedRecord } from './replies';
import { says, saysOf } from '../validationMessages';

const id = (label: string) => z.string({ error: says('required', { label }) }).min(1, says('required', { label }));
const text = (label: string, max = 200) =>
  z.string({ error: says('required', { label }) }).trim().min(1, says('required', { label })).max(max, says('tooLong', { label }));
const optionalText = (label: string, max = 2000) => z.string().trim().max(max, says('tooLong', { label })).optional();
const isoDate = (label: string) => z.iso.date(says('notADate', { label }));
const isoDateTime = (label: string) => z.iso.datetime({ offset: true, message: says('notADateTime', { label }) });
const paise = (label: string) =>
  z.coerce.number({ error: says('notANumber', { label }) }).int(says('wholePaise', { label })).nonnegative(says('negative', { label }));
const months = (label: string) => z.coerce.number({ error: says('notANumber', { label }) }).int(says('wholeMonths', { label })).nonnegative(says('negative', { label }));
/** Rupees with at most two decimals: stays exact once multiplied by 100 and rounded (values < 10^13). */
const rupees = (label: string) =>
  z.coerce
    .number({ error: says('notANumber', { label }) })
    .nonnegative(says('negative', { label }))
    .max(1e11, says('tooLarge', { label }))
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, says('twoDecimals', { label }));
/**
 * A reference written as an _id and read back expanded ({ _id, machineName, alternateId }): an edit form that
 * sends the expanded object back is accepted too and stored as its _id.
 */
const refId = (label: string) =>
  z.union([id(label), z.object({ _id: id(label) }).transform((r) => r._id)], { error: says('required', { label }) });
const note = z.object({
  _id: z.string().optional(),
  note: text('Note', 5000),
  createdAt: isoDateTime('Note date').optional(),
  createdBy: z.string().optional(),
});

// ---------------------------------------------------------------------------------------------------------
// Leads
// ---------------------------------------------------------------------------------------------------------

export const LEAD_STAGES = ['New', 'Contacted', 'Qualified', 'Proposal Sent', 'Negotiation', 'Won', 'Lost'] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];

/** PATCH change-stage/{id}: the lead lifecycle's one step to that stage (Won and Lost need a reason). */
const changeStageBody = z.object({
  leadStage: z.enum(LEAD_STAGES, { error: says('oneOf', { label: 'Lead stage', choices: LEAD_STAGES }) }),
  leadStatusReason: z.string().trim().max(1000).optional(),
});
export type ChangeStageBody = z.infer<typeof changeStageBody>;

/** PATCH add-note/{id}: a note appended as { _id, noteId, note, createdAt, createdBy }. */
const addNoteBody = z.object({
  note: z.string({ error: says('required', { label: 'Note' }) }).trim().min(1, says('required', { label: 'Note' })).max(5000, says('tooLong', { label: 'Note' })),
  leadId: z.string().optional(),
});
export type AddNoteBody = z.infer<typeof addNoteBody>;

/** GET lead/getKpi: the pipeline in figures (src/contract/dashboardShapes.ts `LeadKpi`). */
const count = z.number().int().nonnegative();
export const leadKpi = z.strictObject({
  total: count,
  byStage: z.record(z.enum(LEAD_STAGES), count),
  open: count,
  won: count,
  lost: count,
  /** Won ÷ (won + lost), in percent with one decimal; 0 when nothing is closed. */
  conversionRate: z.number(),
  pipelineValuePaise: z.number(),
  wonValuePaise: z.number(),
  newThisMonth: count,
});

export const lead = defineModule({
  name: 'lead',
  label: 'Leads',
  record: 'lead',
  area: 'sales',
  path: '/api/app/lead',
  // lead, proposal, proposal-activity and agreement are the tabs of the salespipeline route.
  feature: 'SALES-PIPELINE',
  alternateId: { prefix: 'LED' },
  fields: z.object({
    title: text('Lead title', 200),
    companyName: text('Company name', 160),
    contactName: optionalText('Contact name', 120),
    email: z.email(says('notValid', { label: 'Email' })).optional(),
    phone: optionalText('Phone', 20),
    city: optionalText('City', 80),
    source: z.enum(['Website', 'Referral', 'Trade Show', 'Cold Call', 'Partner', 'Existing Client'], { error: says('notValid', { label: 'Source' }) }).default('Website'),
    leadStage: z.enum(LEAD_STAGES, { error: says('notValid', { label: 'Lead stage' }) }).default('New'),
    leadStatusReason: optionalText('Reason', 1000),
    expectedValuePaise: paise('Expected value').optional(),
    expectedCloseDate: isoDate('Expected close date').optional(),
    owner: z.string().optional(),
    machineTypeIds: z.array(z.string()).default([]),
    /** Written by add-note/{id}; each note has _id and noteId (the same value). */
    notes: z
      .array(note.extend({ noteId: z.string().optional() }))
      .default([]),
    /** Written by change-stage/{id}: every move with its reason. */
    stageHistory: z
      .array(z.object({ from: z.string(), to: z.string(), reason: z.string().optional(), at: z.string(), by: z.string().optional() }))
      .default([]),
  }),
  example: { title: 'Rental of 2 screw compressors', companyName: 'Kalyani Forge Components', contactName: 'A. Deshpande', city: 'Chakan', expectedValuePaise: 96000000 },
  references: { owner: 'subscriber-user', machineTypeIds: 'svc-machine-type' },
  // The lead's owner is a seller: whoever may work the pipeline's leads; most often whoever enters it.
  people: { owner: { privilege: 'UPDATE', startsAsCreator: true } },
  columns: ['alternateId', 'title', 'companyName', 'leadStage', 'expectedValuePaise', 'owner', 'expectedCloseDate'],
  fixedMessages: ['list'],
  messages: {
    list: 'Failed to get list of Leads',
    create: 'Failed to create lead',
    update: 'Failed to update lead',
    remove: 'Failed to delete lead data',
    getById: 'Failed to get lead details',
  },
  calls: [
    peopleCall,
    // Body { note }: appends a note ({ _id, noteId, note, createdAt, createdBy }); reply the lead.
    {
      name: 'addNote',
      method: 'PATCH',
      path: '/add-note/:id',
      privilege: 'UPDATE',
      kind: 'custom',
      message: 'Failed to add note to lead',
      cache: 'merge',
      params: idParams,
      body: addNoteBody,
      reply: storedRecord,
    },
    // Reply the lead without the note.
    {
      name: 'deleteNote',
      method: 'DELETE',
      path: '/delete-note/:leadId/:noteId',
      privilege: 'UPDATE',
      kind: 'custom',
      message: 'Failed to delete note to lead',
      cache: 'lead-note-removed',
      params: z.object({ leadId: z.string().min(1), noteId: z.string().min(1) }),
      reply: storedRecord,
    },
    // Body { leadStage, leadStatusReason }; reply the lead (after a move, with its version and allowed steps).
    {
      name: 'changeStage',
      method: 'PATCH',
      path: '/change-stage/:id',
      privilege: 'UPDATE',
      kind: 'custom',
      message: 'Failed to update lead stage',
      cache: 'lead-stage',
      params: idParams,
      body: changeStageBody,
      reply: storedRecord,
    },
    { name: 'getKpi', method: 'GET', path: '/getKpi', privilege: 'VIEW', kind: 'custom', message: 'Failed to get lead KPI data', cache: 'none', reply: dataOf(leadKpi) },
  ],
});

// ---------------------------------------------------------------------------------------------------------
// Proposals (CRUD here; the public link, view and accept calls belong to the public pages)
// ---------------------------------------------------------------------------------------------------------

export const PROPOSAL_STATUSES = ['Draft', 'Sent(Draft)', 'Sent(Final)', 'View', 'Won', 'Deal', 'Lost'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];
export const PROPOSAL_SEND_STATUSES = ['Sent(Draft)', 'Sent(Final)'] as const;
/** Decided proposals: their terms stay as the customer saw them (accepted, the deal recorded, or lost). */
export const PROPOSAL_CLOSED_STATUSES: readonly ProposalStatus[] = ['Won', 'Deal', 'Lost'];

/** Sets the flag when the body gives it (archive/archived, bookmark/bookmarked), else flips it. */
const archiveBody = z.object({ id: z.string().min(1, says('required', { label: 'id' })), archive: z.boolean().optional(), archived: z.boolean().optional() });
export type ArchiveBody = z.infer<typeof archiveBody>;
const bookmarkBody = z.object({ id: z.string().min(1, says('required', { label: 'id' })), bookmark: z.boolean().optional(), bookmarked: z.boolean().optional() });
export type BookmarkBody = z.infer<typeof bookmarkBody>;
const addNotesBody = z.object({
  id: z.string().min(1, says('required', { label: 'id' })),
  note: z.string().trim().min(1, says('required', { label: 'Note' })).max(5000, says('tooLong', { label: 'Note' })).optional(),
  notes: z.string().trim().min(1).max(5000).optional(),
});
export type AddNotesBody = z.infer<typeof addNotesBody>;
/** A proposal, with `id` (or `_id`) when an existing one goes back to Draft: its fields are checked by the call. */
const draftBody = z.looseObject({ id: z.string().min(1).optional(), _id: z.string().min(1).optional() });
const sendBody = z.object({
  id: z.string().min(1, says('required', { label: 'id' })),
  status: z.enum(PROPOSAL_SEND_STATUSES, { error: says('either', { label: 'Status', either: ['Sent(Draft)', 'Sent(Final)'] }) }),
});
export type SendProposalBody = z.infer<typeof sendBody>;
/** PATCH generatePublicLink { id } of a proposal or a subscription request. */
const linkBody = z.object({ id: z.string({ error: saysOf('id', 'required', { label: 'id' }) }).min(1, saysOf('id', 'required', { label: 'id' })) });
export type PublicLinkBody = z.infer<typeof linkBody>;

/** GET proposal/getKpi (src/contract/dashboardShapes.ts `ProposalKpi`); `wonMonthlyRental` is in rupees (the spec's proposal keeps rupees). */
export const proposalKpi = z.strictObject({
  total: count,
  byStatus: z.record(z.enum(PROPOSAL_STATUSES), count),
  open: count,
  won: count,
  lost: count,
  /** (Won + Deal) ÷ closed, percent with one decimal. */
  acceptanceRate: z.number(),
  /** Monthly rental (rupees) of Won and Deal proposals. */
  wonMonthlyRental: z.number(),
  views: count,
  viewSeconds: z.number(),
  expiringInSevenDays: count,
  archived: count,
  bookmarked: count,
});

export const proposal = defineModule({
  name: 'proposal',
  label: 'Proposals',
  record: 'proposal',
  area: 'sales',
  path: '/api/app/proposal',
  feature: 'SALES-PIPELINE',
  alternateId: { prefix: 'PRP' },
  fields: z.object({
    proposalName: text('Proposal name', 200),
    /** svc-machine-type _id; read back as { _id, machineName, alternateId }. */
    machineType: refId('Machine type'),
    /** How many machines of that type the rental is for (one when not said); its agreement rents that many. */
    machineQuantity: z.coerce.number({ error: says('notANumber', { label: 'Quantity' }) }).int(says('notAWholeNumber', { label: 'Quantity' })).min(1, says('atLeastIs', { label: 'Quantity', min: 1 })).max(500, says('atMost', { label: 'Quantity', max: 500 })).optional(),
    contractTerm: months('Contract term').optional(),
    lockInPeriod: months('Lock-in period').optional(),
    noticePeriod: months('Notice period').optional(),
    monthlyRental: rupees('Monthly rental').optional(),
    /**
     * A multiplier of the monthly rental (3 → three months' rental). The cap names itself: without its own words the
     * schema's "must be a number" answered 110000 typed in rupees (found walking Sales 2).
     */
    securityDeposit: z.coerce.number({ error: says('notANumber', { label: 'Security deposit' }) }).nonnegative(says('negative', { label: 'Security deposit' })).max(60, says('atMost', { label: 'Security deposit', max: 60 })).optional(),
    /** Percent per year. */
    escalation: z.coerce.number({ error: says('notANumber', { label: 'Escalation' }) }).nonnegative(says('negative', { label: 'Escalation' })).max(100, says('atMost', { label: 'Escalation', max: 100 })).optional(),
    proposalValidity: isoDate('Proposal validity'),
    status: z.enum(PROPOSAL_STATUSES, { error: says('notValid', { label: 'Status' }) }).default('Draft'),
    /** subscriber-user _id; read back as { _id, name }. */
    owner: refId('Owner').optional(),
    leadId: z.string().optional(),
    clientName: optionalText('Client name', 160),
    clientEmail: z.email(says('notValid', { label: 'Email' })).optional(),
    attachementDocument: z.array(z.object({ url: text('Document url', 2000), name: text('Document name', 200) })).default([]),
    /** View records written by the public page: { _id, viewedAt, time (seconds), status }. */
    totalViewTime: z
      .array(z.object({ _id: z.string(), viewedAt: z.string().optional(), time: z.coerce.number().nonnegative().default(0), status: z.string().optional() }))
      .default([]),
    acceptNote: optionalText('Accept notes', 2000),
    declineNote: optionalText('Reject notes', 2000),
    archived: z.boolean().default(false),
    bookmarked: z.boolean().default(false),
    notes: z.array(note).default([]),
    sentAt: isoDateTime('Sent at').optional(),
    /** Written by the lifecycle's steps (src/machines/lifecycles/proposal.ts): who sent it, why it was lost, who recorded the deal. */
    sentBy: z.string().optional(),
    lostReason: optionalText('Lost reason', 2000),
    lostBy: z.string().optional(),
    lostAt: isoDateTime('Lost at').optional(),
    dealBy: z.string().optional(),
    dealAt: isoDateTime('Deal at').optional(),
    /** The agreement made from this proposal once it was won (makeAgreement), so the proposal links to it. */
    agreementId: z.string().optional(),
  }),
  example: {
    proposalName: 'Screw compressor rental – Chakan Plant 2',
    machineType: 'mt-demo',
    contractTerm: 36,
    lockInPeriod: 12,
    noticePeriod: 3,
    monthlyRental: 85000,
    securityDeposit: 3,
    escalation: 5,
    proposalValidity: '2026-12-31',
  },
  references: { machineType: 'svc-machine-type', owner: 'subscriber-user', leadId: 'lead', agreementId: 'agreement' },
  // The proposal's owner is a seller: whoever may work proposals (not the whole staff); most often whoever writes it.
  people: { owner: { privilege: 'UPDATE', startsAsCreator: true } },
  columns: ['alternateId', 'proposalName', 'machineType', 'monthlyRental', 'proposalValidity', 'status', 'owner'],
  // The spec's proposal keeps rupees (not paise): shown and typed as ₹ with Indian grouping all the same.
  rupees: ['monthlyRental'],
  // The terms count months (the security deposit is so many months' rental) and the escalation is a yearly per cent.
  units: { contractTerm: 'months', lockInPeriod: 'months', noticePeriod: 'months', securityDeposit: 'months', escalation: 'percent' },
  serverFields: ['totalViewTime', 'acceptNote', 'declineNote', 'lostReason', 'sentAt', 'agreementId'],
  messages: {
    list: 'Failed to get list of proposals',
    create: 'Failed to create proposal',
    update: 'Failed to update proposal',
    remove: 'Failed to delete proposal',
    getById: 'Failed to get proposal details',
  },
  // Each call that changes a proposal answers it as the list reads it (machineType and owner expanded).
  calls: [
    peopleCall,
    { name: 'toggleArchive', method: 'PATCH', path: '/toggleArchive', privilege: 'UPDATE', kind: 'custom', message: 'Failed to archive list of proposals', cache: 'merge', body: archiveBody, reply: storedRecord },
    { name: 'toggleBookmark', method: 'PATCH', path: '/toggleBookmark', privilege: 'UPDATE', kind: 'custom', message: 'Failed to bookmark of proposal', cache: 'merge', body: bookmarkBody, reply: storedRecord },
    { name: 'addNotes', method: 'PATCH', path: '/addNotes', privilege: 'UPDATE', kind: 'custom', message: 'Failed to update proposal', cache: 'merge', body: addNotesBody, reply: storedRecord },
    // Body: a proposal. Without an id it creates one in Draft; with { id } it returns that proposal to Draft:
    // the reply is merged into the cached proposal, or a new draft goes first in the list.
    {
      name: 'draftProposal',
      method: 'POST',
      path: '/draftProposal',
      privilege: 'CREATE',
      kind: 'custom',
      message: 'Failed to create proposal',
      cache: 'merge-or-insert',
      body: draftBody,
      reply: storedRecord,
    },
    // The send call's path is not in the spec: PATCH sendProposal { id, status: Sent(Draft) | Sent(Final) }; reply the
    // proposal with its version and the steps the caller may take now.
    {
      name: 'sendProposal',
      method: 'PATCH',
      path: '/sendProposal',
      privilege: 'UPDATE',
      kind: 'custom',
      message: 'Failed to send proposal',
      cache: 'merge',
      body: sendBody,
      reply: storedRecord.extend({ version: z.number().int(), allowedEvents: z.array(z.string()) }),
    },
    // Served by the public-pages work (issue 5): { id } → { link, expiresAt }.
    {
      name: 'generatePublicLink',
      method: 'PATCH',
      path: '/generatePublicLink',
      privilege: 'UPDATE',
      kind: 'custom',
      message: 'Failed to update proposal',
      cache: 'none',
      body: linkBody,
      reply: linkReply,
    },
    { name: 'getKpi', method: 'GET', path: '/getKpi', privilege: 'VIEW', kind: 'custom', message: 'Failed to get proposal KPI data', cache: 'none', reply: dataOf(proposalKpi) },
    { name: 'generatePdf', method: 'POST', path: '/generatePdf/:id', privilege: 'VIEW', kind: 'custom', message: 'Failed to get proposal details', cache: 'none', params: idParams, reply: pdfReply },
    // Issue 33: a won proposal becomes its agreement (client, machines of its type and quantity, rental, term), with
    // the agreement's client record made at once when the proposal or its lead names the company; reply the proposal
    // (now linked) with the agreement and the client (none yet when nobody named it).
    {
      name: 'makeAgreement',
      method: 'POST',
      path: '/makeAgreement/:id',
      privilege: 'CREATE',
      kind: 'custom',
      message: 'Failed to create agreement',
      cache: 'merge',
      params: idParams,
      reply: storedRecord.extend({ agreement: storedRecord, client: storedRecord.optional() }),
    },
  ],
});

export const PROPOSAL_ACTIVITY_TYPES = ['Created', 'Updated', 'Drafted', 'Sent', 'Viewed', 'Accepted', 'Rejected', 'Note', 'Archived', 'Bookmarked', 'Call', 'Meeting', 'Email'] as const;

/** The activity trail of proposals: written by the proposal calls; staff may log calls, meetings and e-mails. */
export const proposalActivity = defineModule({
  name: 'proposal-activity',
  label: 'Proposal Activity',
  record: 'proposal activity',
  area: 'sales',
  path: '/api/app/proposal-activity',
  feature: 'SALES-PIPELINE',
  ops: ['list', 'create', 'getById'],
  fields: z.object({
    proposalId: id('Proposal'),
    type: z.enum(PROPOSAL_ACTIVITY_TYPES, { error: says('notValid', { label: 'Activity type' }) }),
    description: optionalText('Description', 2000),
    actor: optionalText('By', 160),
    at: isoDateTime('Time').optional(),
  }),
  example: { proposalId: 'prp-demo', type: 'Call', description: 'Discussed escalation clause with purchase head' },
  references: { proposalId: 'proposal' },
  columns: ['at', 'proposalId', 'type', 'description', 'actor'],
  messages: {
    list: 'Failed to get list of proposal activity',
    create: 'Failed to create proposal activity',
    update: 'Failed to update proposal activity',
    remove: 'Failed to delete proposal activity',
    getById: 'Failed to get proposal activity details',
  },
});

// ---------------------------------------------------------------------------------------------------------
// Agreements
// ---------------------------------------------------------------------------------------------------------

export const AGREEMENT_STATUSES = ['Draft', 'Active', 'Expired', 'Terminated'] as const;

/** POST checkMachineAvailability: machines (by id, or of a type) over a period. */
const availabilityBody = z.object({
  machineInstanceIds: z.array(z.string().min(1)).optional(),
  machineTypeId: z.string().min(1).optional(),
  startDate: z.iso.date(says('notADate', { label: 'Start date' })),
  endDate: z.iso.date(says('notADate', { label: 'End date' })),
  excludeAgreementId: z.string().optional(),
});
export type AvailabilityBody = z.infer<typeof availabilityBody>;

/** A field copied from the stored record as it is (absent when the record has none). */
const stored = z.unknown().optional();

/** One machine's availability over the period: Active agreements block it, Draft ones are listed as tentative. */
const machineAvailability = z.strictObject({
  _id: z.string(),
  alternateId: stored,
  name: stored,
  serialNo: stored,
  status: stored,
  available: z.boolean(),
  reason: z.string().optional(),
  conflicts: z.array(z.strictObject({ agreementId: z.string(), alternateId: stored, status: stored, startDate: stored, endDate: stored })),
});

/** GET agreement/agreementKpi (src/contract/dashboardShapes.ts `AgreementKpi`). */
export const agreementKpi = z.strictObject({
  total: count,
  byStatus: z.record(z.enum(AGREEMENT_STATUSES), count),
  activeMonthlyRentalPaise: z.number(),
  machinesOnRent: count,
  expiringInThirtyDays: count,
  securityDepositHeldPaise: z.number(),
});

export const agreement = defineModule({
  name: 'agreement',
  label: 'Agreements',
  record: 'agreement',
  area: 'sales',
  path: '/api/app/agreement',
  feature: 'SALES-PIPELINE',
  alternateId: { prefix: 'AGR' },
  routes: { update: { method: 'PUT', path: '/updateAgreement/:id' } },
  fields: z.object({
    proposalId: z.string().optional(),
    clientName: text('Client name', 160),
    clientGstNo: z.string().trim().regex(GSTIN_PATTERN, says('notValid', { label: 'GST Number' })).optional(),
    clientAddress: optionalText('Client address', 400),
    clientEmail: z.email(says('notValid', { label: 'Email' })).optional(),
    /** Set by generate_client_id/{id} once the client record exists. */
    clientId: z.string().optional(),
    machineInstanceIds: z.array(z.string().min(1)).min(1, says('chooseMachine')),
    startDate: isoDate('Start date'),
    endDate: isoDate('End date'),
    contractTerm: months('Contract term').optional(),
    lockInPeriod: months('Lock-in period').optional(),
    noticePeriod: months('Notice period').optional(),
    monthlyRentalPaise: paise('Monthly rental'),
    securityDepositPaise: paise('Security deposit').default(0),
    escalation: z.coerce.number().nonnegative().max(100).optional(),
    billingCycle: z.enum(['Monthly', 'Quarterly', 'Yearly'], { error: says('notValid', { label: 'Billing cycle' }) }).default('Monthly'),
    status: z.enum(AGREEMENT_STATUSES, { error: says('notValid', { label: 'Status' }) }).default('Draft'),
    signedAt: isoDateTime('Signed at').optional(),
    terms: optionalText('Terms', 20000),
    /** Written by the lifecycle's steps (src/machines/lifecycles/agreement.ts): why it ended early, who activated and ended it, when. */
    terminationReason: optionalText('Termination reason', 1000),
    activatedBy: z.string().optional(),
    activatedAt: isoDateTime('Activated at').optional(),
    endedBy: z.string().optional(),
    endedAt: isoDateTime('Ended at').optional(),
  }),
  example: {
    clientName: 'Talegaon Gears Pvt Ltd',
    clientGstNo: '27AAJFT2468H1ZU',
    machineInstanceIds: ['mi-demo'],
    startDate: '2026-04-01',
    endDate: '2029-03-31',
    monthlyRentalPaise: 8500000,
    securityDepositPaise: 25500000,
  },
  references: { proposalId: 'proposal', clientId: 'client', machineInstanceIds: 'svc-machine-instances' },
  units: { contractTerm: 'months', lockInPeriod: 'months', noticePeriod: 'months', escalation: 'percent' },
  // The client id is generated by its call (generateClientId) once the agreement exists, not typed on create.
  serverFields: ['clientId'],
  columns: ['alternateId', 'clientName', 'startDate', 'endDate', 'monthlyRentalPaise', 'status'],
  fixedMessages: ['list'],
  messages: {
    list: 'Failed to get list of agreements',
    create: 'Failed to create agreement',
    update: 'Failed to update agreement',
    remove: 'Failed to delete agreement',
    getById: 'Failed to get agreement details',
  },
  calls: [
    // Body { machineInstanceIds?, machineTypeId?, startDate, endDate, excludeAgreementId? }; reply the machines, and
    // whether every one is available.
    {
      name: 'checkMachineAvailability',
      method: 'POST',
      path: '/checkMachineAvailability',
      privilege: 'VIEW',
      kind: 'custom',
      message: 'Failed to get available machine',
      cache: 'none',
      body: availabilityBody,
      reply: listOf(machineAvailability).extend({ available: z.boolean() }),
    },
    {
      name: 'agreementKpi',
      method: 'GET',
      path: '/agreementKpi',
      privilege: 'VIEW',
      kind: 'custom',
      message: 'Failed to get list of agreement KPI data',
      cache: 'none',
      reply: dataOf(agreementKpi),
    },
    { name: 'generatePdf', method: 'POST', path: '/generatePdf/:id', privilege: 'VIEW', kind: 'custom', message: 'Failed to get agreement details', cache: 'none', params: idParams, reply: pdfReply },
    // The agreement's client record, made once and linked: reply the agreement with the client.
    {
      name: 'generateClientId',
      method: 'POST',
      path: '/generate_client_id/:id',
      privilege: 'UPDATE',
      kind: 'custom',
      message: 'Failed to create agreement client',
      cache: 'merge',
      params: idParams,
      reply: storedRecord.extend({ client: storedRecord }),
    },
  ],
});

// ---------------------------------------------------------------------------------------------------------
// Subscription requests (the platform's prospective subscribers)
// ---------------------------------------------------------------------------------------------------------

export const SUBSCRIPTION_STATUSES = ['Pending', 'Link Sent', 'Accepted', 'On-Board', 'Rejected'] as const;

export const subscriptionRequest = defineModule({
  name: 'subscription-request',
  label: 'Subscription Requests',
  record: 'subscription request',
  area: 'admin',
  path: '/api/app/subscription-request',
  feature: 'SUBSCRIPTION_REQUESTS_LIST',
  fields: z.object({
    companyName: text('Company Name', 160),
    gstNo: z.string({ error: says('required', { label: 'GST Number' }) }).trim().regex(GSTIN_PATTERN, says('notValid', { label: 'GST Number' })),
    companyTeamSize: z.coerce
      .number({ error: says('validNumber') })
      .refine((n) => Number.isFinite(n), says('validNumber')),
    address: text('Address', 400),
    contactName: optionalText('Contact name', 120),
    email: z.email(says('notValid', { label: 'Email' })).optional(),
    phone: optionalText('Phone', 20),
    status: z.enum(SUBSCRIPTION_STATUSES, { error: says('notValid', { label: 'Status' }) }).default('Pending'),
    /** The accepted terms: true, or the _id of the terms-and-conditions text accepted. */
    termsAndConditions: z.union([z.boolean(), z.string()]).optional(),
    privacyPolicy: z.union([z.boolean(), z.string()]).optional(),
    /** Written by the lifecycle's steps (src/machines/lifecycles/subscriptionRequest.ts). */
    rejectionReason: optionalText('Reason declined', 1000),
    rejectedBy: z.string().optional(),
    rejectedAt: isoDateTime('Declined at').optional(),
    onBoardedBy: z.string().optional(),
    onBoardedAt: isoDateTime('On-boarded at').optional(),
    /** The subscriber (tenant) made when the request was on-boarded. */
    subscriberId: z.string().optional(),
  }),
  example: { companyName: 'Nashik Precision Tools', gstNo: '27AAFCN7811D1Z5', companyTeamSize: 25, address: 'Satpur MIDC / Nashik / 422007 / India' },
  columns: ['companyName', 'gstNo', 'companyTeamSize', 'status'],
  // Who on-boarded or declined it: the platform's own people, named on its view (issue 39).
  references: { onBoardedBy: 'subscriber-user', rejectedBy: 'subscriber-user' },
  serverFields: ['rejectionReason', 'subscriberId'],
  messages: {
    list: 'Failed to get list of subscription request',
    create: 'Failed to create Subscription Request',
    update: 'Failed to update subscription request',
    remove: 'Failed to delete subscription request',
    getById: 'Failed to get subscription request details',
  },
  calls: [
    // Kept under its legacy name: the same requests, served from PostgreSQL.
    { name: 'getDataFromDynamoDb', method: 'GET', path: '/getDataFromDynamoDb', privilege: 'VIEW', kind: 'list', message: 'Failed to get list of subscription request', cache: 'replace-list' },
    // Served by the public-pages work (issue 5): { id } → { link, expiresAt } to /public/subscriber-details.
    {
      name: 'generatePublicLink',
      method: 'PATCH',
      path: '/generatePublicLink',
      privilege: 'UPDATE',
      kind: 'custom',
      message: 'Failed to update subscription request',
      cache: 'none',
      body: linkBody,
      reply: linkReply,
    },
  ],
});

/** PATCH editSubscriptionRequestQA: a question or an answer (or both) changed; answeredAt is set on answer. */
const editQaBody = z.object({
  id: z.string().min(1, says('required', { label: 'id' })),
  question: z.string().trim().min(1, says('required', { label: 'Question' })).max(1000).optional(),
  answer: z.string().trim().max(5000, says('tooLong', { label: 'Answer' })).optional(),
});
export type EditQaBody = z.infer<typeof editQaBody>;

export const subscriptionRequestQa = defineModule({
  name: 'subscription-request-QA',
  label: 'Subscription Request Q&A',
  record: 'subscription request Q&A',
  area: 'admin',
  path: '/api/app/subscription-request-QA',
  feature: 'SUBSCRIPTION_REQUESTS_LIST',
  fields: z.object({
    subscriptionRequestId: id('Subscription request'),
    question: text('Question', 1000),
    answer: optionalText('Answer', 5000),
    askedBy: optionalText('Asked by', 120),
    answeredAt: isoDateTime('Answered at').optional(),
  }),
  example: { subscriptionRequestId: 'sr-demo', question: 'How many plants will use the product?', answer: 'Two: Nashik and Sinnar' },
  references: { subscriptionRequestId: 'subscription-request' },
  columns: ['subscriptionRequestId', 'question', 'answer', 'answeredAt'],
  messages: {
    list: 'Failed to get list of subscription request',
    create: 'Failed to create Subscription Request',
    update: 'Failed to update subscription request',
    remove: 'Failed to delete subscription request',
    getById: 'Failed to get subscription request details',
  },
  calls: [
    // Body { id, question?, answer? }: the edit that carries its id in the body; answeredAt is set on answer.
    {
      name: 'editSubscriptionRequestQA',
      method: 'PATCH',
      path: '/editSubscriptionRequestQA',
      privilege: 'UPDATE',
      kind: 'custom',
      message: 'Failed to update subscription request',
      cache: 'merge',
      body: editQaBody,
      reply: storedRecord,
    },
  ],
});

export const salesModules = [lead, proposal, proposalActivity, agreement, subscriptionRequest, subscriptionRequestQa] as const;
