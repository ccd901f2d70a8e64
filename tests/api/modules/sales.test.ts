/**
 * Sales rules through HTTP: lead stages and notes (with the cached-list shapes the client relies on),
 * proposals (machine type and owner read back expanded, draft/send rules, toggles, notes, KPI, PDF, the
 * activity trail), agreements (updateAgreement path, machine availability, client generation, KPI, PDF)
 * and the subscription-request Q&A edit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createdInState } from '../../helpers/lifecycle-records';
import { testDb, type ApiBody, type SignedIn, type TestDb } from '../../helpers/test-db';
import { expectPdf, findOne, isoDay } from './support';

const LEAD = '/api/app/lead';
const PROPOSAL = '/api/app/proposal';
const AGREEMENT = '/api/app/agreement';

let t: TestDb;
let admin: SignedIn;
let compressorType: ApiBody;
beforeAll(async () => {
  t = await testDb();
  admin = await t.signIn('admin@demo.local');
  compressorType = await findOne(t, admin, '/api/app/svc-machine-type', 'machineName', 'Screw Compressor EG-37');
});
afterAll(() => t.close());

async function newLead(extra: Record<string, unknown> = {}): Promise<ApiBody> {
  const res = await t.call(admin, 'POST', LEAD, { title: 'Compressor rental enquiry', companyName: 'Talegaon Gears Pvt Ltd', expectedValuePaise: 30_600_000, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('lead pipeline', () => {
  it('change-stage records leadStage, leadStatusReason and the history; Lost needs a reason', async () => {
    const lead = await newLead();
    expect(lead).toMatchObject({ leadStage: 'New', notes: [] });
    expect(lead.alternateId).toMatch(/^LED-\d{4}-\d{6}$/);
    const moved = await t.call(admin, 'PATCH', `${LEAD}/change-stage/${lead._id}`, { leadStage: 'Qualified', leadStatusReason: 'Budget approved' });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ _id: lead._id, leadStage: 'Qualified', leadStatusReason: 'Budget approved' });
    expect(moved.body.stageHistory).toEqual([{ from: 'New', to: 'Qualified', reason: 'Budget approved', at: expect.any(String), by: admin.user.name }]);

    const noReason = await t.call(admin, 'PATCH', `${LEAD}/change-stage/${lead._id}`, { leadStage: 'Lost' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('leadStatusReason: Give the reason for moving the lead to Lost');
    const badStage = await t.call(admin, 'PATCH', `${LEAD}/change-stage/${lead._id}`, { leadStage: 'Maybe' });
    expect(badStage.status).toBe(400);
    expect(badStage.body.message).toMatch(/^leadStage: Lead stage must be one of New, Contacted/);
    const lost = await t.call(admin, 'PATCH', `${LEAD}/change-stage/${lead._id}`, { leadStage: 'Lost', leadStatusReason: 'Bought a compressor instead' });
    expect(lost.body).toMatchObject({ leadStage: 'Lost', leadStatusReason: 'Bought a compressor instead' });
    expect(lost.body.stageHistory).toHaveLength(2);

    // A closed lead leaves the board only through an explicit reopen; each move is in the lifecycle's history.
    const back = await t.call(admin, 'PATCH', `${LEAD}/change-stage/${lead._id}`, { leadStage: 'Qualified' });
    expect(back.status).toBe(409);
    expect(back.body).toMatchObject({ code: 'TRANSITION_NOT_ALLOWED', message: `Lead ${lead.alternateId} is Lost: you can "Reopen"`, allowedEvents: ['reopen'] });
    const reopened = await t.call(admin, 'PATCH', `${LEAD}/change-stage/${lead._id}`, { leadStage: 'Negotiation', leadStatusReason: 'Their new plant needs two more' });
    expect(reopened.body).toMatchObject({ leadStage: 'Negotiation', leadStatusReason: 'Their new plant needs two more' });
    const history = await t.call(admin, 'GET', `${LEAD}/history/${lead._id}`);
    expect((history.body.data ?? []).map((h) => h.event)).toEqual(['moveToQualified', 'lose', 'reopen']);
    const won = await t.call(admin, 'PUT', `${LEAD}/${lead._id}`, { leadStage: 'Won' });
    expect(won.status).toBe(400);
    expect(won.body.message).toBe('leadStatusReason: Give the reason for moving the lead to Won');
    const skipped = await t.call(admin, 'POST', LEAD, { title: 'Already won', companyName: 'Talegaon Gears Pvt Ltd', leadStage: 'Won' });
    expect(skipped.status).toBe(400);
    expect(skipped.body.message).toBe('leadStage: A new lead starts as New');
  });

  it('add-note gives each note _id and noteId; delete-note/{leadId}/{noteId} removes only that note', async () => {
    const lead = await newLead();
    const first = await t.call(admin, 'PATCH', `${LEAD}/add-note/${lead._id}`, { note: 'Called the maintenance head' });
    const second = await t.call(admin, 'PATCH', `${LEAD}/add-note/${lead._id}`, { note: 'Site visit on Monday', leadId: lead._id });
    expect(second.status).toBe(200);
    const notes = second.body.notes as Array<{ _id: string; noteId: string; note: string; createdBy: string }>;
    expect(notes.map((n) => n.note)).toEqual(['Called the maintenance head', 'Site visit on Monday']);
    expect(notes[0]?._id).toBe(notes[0]?.noteId);
    expect(notes[0]?.createdBy).toBe(admin.user.name);
    expect(first.body._id).toBe(lead._id);

    const empty = await t.call(admin, 'PATCH', `${LEAD}/add-note/${lead._id}`, { note: '  ' });
    expect(empty.status).toBe(400);
    expect((await t.call(admin, 'PATCH', `${LEAD}/add-note/${lead._id}`, { note: 'x', leadId: 'another' })).status).toBe(400);

    const removed = await t.call(admin, 'DELETE', `${LEAD}/delete-note/${lead._id}/${notes[0]?.noteId}`);
    expect(removed.status).toBe(200);
    expect((removed.body.notes as Array<{ note: string }>).map((n) => n.note)).toEqual(['Site visit on Monday']);
    expect((await t.call(admin, 'DELETE', `${LEAD}/delete-note/${lead._id}/${notes[0]?.noteId}`)).status).toBe(404);
  });

  it('getKpi counts the pipeline by stage with its value', async () => {
    const res = await t.call(admin, 'GET', `${LEAD}/getKpi`);
    expect(res.status).toBe(200);
    const kpi = res.body.data as unknown as { total: number; byStage: Record<string, number>; won: number; lost: number; conversionRate: number; pipelineValuePaise: number };
    expect(kpi.total).toBe(Object.values(kpi.byStage).reduce((a, b) => a + b, 0));
    expect(kpi.won).toBeGreaterThanOrEqual(1);
    expect(kpi.conversionRate).toBe(Math.round((kpi.won / (kpi.won + kpi.lost)) * 1000) / 10);
    expect(kpi.pipelineValuePaise).toBeGreaterThan(0);
  });
});

describe('proposals', () => {
  async function newProposal(extra: Record<string, unknown> = {}): Promise<ApiBody> {
    const res = await t.call(admin, 'POST', PROPOSAL, {
      proposalName: 'Screw compressor rental – Talegaon',
      machineType: compressorType._id,
      contractTerm: 36,
      lockInPeriod: 12,
      monthlyRental: 85000,
      securityDeposit: 3,
      escalation: 5,
      proposalValidity: isoDay(20),
      ...extra,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  }

  it('reads machineType back as { _id, machineName, alternateId } and owner as { _id, name }, in lists too', async () => {
    const created = await newProposal();
    const expanded = { _id: compressorType._id, machineName: 'Screw Compressor EG-37', alternateId: compressorType.alternateId };
    expect(created).toMatchObject({ status: 'Draft', machineType: expanded, owner: { _id: admin.user._id, name: admin.user.name } });
    expect(created.alternateId).toMatch(/^PRP-\d{4}-\d{6}$/);
    expect((await t.call(admin, 'GET', `${PROPOSAL}/getById/${created._id}`)).body.machineType).toEqual(expanded);
    const list = await t.call(admin, 'GET', `${PROPOSAL}?proposalName=${encodeURIComponent('Screw compressor rental – Talegaon')}`);
    expect(list.body.data?.[0]?.machineType).toEqual(expanded);
    // An edit form that sends the expanded object back stores the id again.
    const updated = await t.call(admin, 'PUT', `${PROPOSAL}/${created._id}`, { machineType: expanded, escalation: 6 });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ machineType: expanded, escalation: 6 });
    const { rows } = await t.db.query<{ machine: string }>(`select body->>'machineType' as machine from m_proposal where _id = $1`, [created._id]);
    expect(rows[0]?.machine).toBe(compressorType._id);
  });

  it('refuses an unknown machine type and a proposal created already sent', async () => {
    const unknown = await t.call(admin, 'POST', PROPOSAL, { proposalName: 'X', machineType: '000000000000000000000000', proposalValidity: isoDay(5) });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('machineType: Unknown svc-machine-type 000000000000000000000000');
    const sent = await t.call(admin, 'POST', PROPOSAL, { proposalName: 'X', machineType: compressorType._id, proposalValidity: isoDay(5), status: 'Sent(Final)' });
    expect(sent.status).toBe(400);
    expect(sent.body.message).toBe('status: A new proposal starts as Draft');
  });

  it('sendProposal sends as Sent(Draft) or Sent(Final) within validity; final needs the commercial terms; closed ones stay closed', async () => {
    const lead = await createdInState(t, admin, 'lead', { title: 'Compressor rental enquiry', companyName: 'Talegaon Gears Pvt Ltd' }, 'Qualified');
    const proposal = await newProposal({ leadId: lead._id });
    const draftSend = await t.call(admin, 'PATCH', `${PROPOSAL}/sendProposal`, { id: proposal._id, status: 'Sent(Draft)' });
    expect(draftSend.status).toBe(200);
    expect(draftSend.body).toMatchObject({ _id: proposal._id, status: 'Sent(Draft)', machineType: { machineName: 'Screw Compressor EG-37' } });
    expect((await t.call(admin, 'GET', `${LEAD}/getById/${lead._id}`)).body.leadStage).toBe('Proposal Sent');

    const final = await t.call(admin, 'PATCH', `${PROPOSAL}/sendProposal`, { id: proposal._id, status: 'Sent(Final)' });
    expect(final.body.status).toBe('Sent(Final)');
    expect((await t.call(admin, 'PATCH', `${PROPOSAL}/sendProposal`, { id: proposal._id, status: 'Won' })).status).toBe(400);

    const bare = await newProposal({ monthlyRental: undefined });
    const missing = await t.call(admin, 'PATCH', `${PROPOSAL}/sendProposal`, { id: bare._id, status: 'Sent(Final)' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('monthlyRental: A final proposal needs the monthly rental');

    const expired = await newProposal({ proposalValidity: isoDay(-3) });
    const late = await t.call(admin, 'PATCH', `${PROPOSAL}/sendProposal`, { id: expired._id, status: 'Sent(Draft)' });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(`Proposal ${expired.alternateId} expired on ${isoDay(-3)}: extend its validity before sending`);

    const won = await findOne(t, admin, PROPOSAL, 'status', 'Won');
    const closed = await t.call(admin, 'PATCH', `${PROPOSAL}/sendProposal`, { id: won._id, status: 'Sent(Final)' });
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe(`Proposal ${won.alternateId} is Won: you can "Record the deal"`);
    expect((await t.call(admin, 'PUT', `${PROPOSAL}/${won._id}`, { monthlyRental: 1 })).status).toBe(409);
    // A final proposal is not sent again as a draft: it is taken back to Draft first.
    expect((await t.call(admin, 'PUT', `${PROPOSAL}/${proposal._id}`, { status: 'Sent(Draft)' })).status).toBe(409);
  });

  it('toggleArchive and toggleBookmark flip the flag, or set the one given', async () => {
    const proposal = await newProposal();
    const archived = await t.call(admin, 'PATCH', `${PROPOSAL}/toggleArchive`, { id: proposal._id });
    expect(archived.body).toMatchObject({ _id: proposal._id, archived: true });
    expect((await t.call(admin, 'PATCH', `${PROPOSAL}/toggleArchive`, { id: proposal._id })).body.archived).toBe(false);
    expect((await t.call(admin, 'PATCH', `${PROPOSAL}/toggleArchive`, { id: proposal._id, archive: true })).body.archived).toBe(true);
    expect((await t.call(admin, 'PATCH', `${PROPOSAL}/toggleArchive`, { id: proposal._id, archive: true })).body.archived).toBe(true);
    expect((await t.call(admin, 'PATCH', `${PROPOSAL}/toggleBookmark`, { id: proposal._id })).body.bookmarked).toBe(true);
    expect((await t.call(admin, 'PATCH', `${PROPOSAL}/toggleBookmark`, { id: proposal._id, bookmark: false })).body.bookmarked).toBe(false);
  });

  it('addNotes appends a note; draftProposal creates a Draft or takes an open proposal back to Draft', async () => {
    const proposal = await newProposal();
    const noted = await t.call(admin, 'PATCH', `${PROPOSAL}/addNotes`, { id: proposal._id, note: 'Customer asked for a 24-month option' });
    expect(noted.status).toBe(200);
    expect(noted.body.notes).toEqual([{ _id: expect.any(String), note: 'Customer asked for a 24-month option', createdAt: expect.any(String), createdBy: admin.user.name }]);

    const drafted = await t.call(admin, 'POST', `${PROPOSAL}/draftProposal`, { proposalName: 'Chiller rental – summer', machineType: compressorType._id, proposalValidity: isoDay(30), status: 'Won' });
    expect(drafted.status, JSON.stringify(drafted.body)).toBe(201);
    expect(drafted.body).toMatchObject({ status: 'Draft', proposalName: 'Chiller rental – summer' });
    const invalid = await t.call(admin, 'POST', `${PROPOSAL}/draftProposal`, { machineType: compressorType._id, proposalValidity: isoDay(30) });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe('proposalName: Proposal name is required');

    await t.call(admin, 'PATCH', `${PROPOSAL}/sendProposal`, { id: proposal._id, status: 'Sent(Final)' });
    const back = await t.call(admin, 'POST', `${PROPOSAL}/draftProposal`, { id: proposal._id, monthlyRental: 80000 });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ _id: proposal._id, status: 'Draft', monthlyRental: 80000 });

    const activity = await t.call(admin, 'GET', `/api/app/proposal-activity?proposalId=${proposal._id}&sort=at&order=asc`);
    expect((activity.body.data ?? []).map((a) => a.type)).toEqual(['Created', 'Note', 'Sent', 'Drafted']);
  });

  it('getKpi summarises statuses, acceptance and views; generatePdf answers the proposal PDF', async () => {
    const res = await t.call(admin, 'GET', `${PROPOSAL}/getKpi`);
    expect(res.status).toBe(200);
    const kpi = res.body.data as unknown as { total: number; byStatus: Record<string, number>; won: number; lost: number; acceptanceRate: number; views: number };
    expect(kpi.total).toBe(Object.values(kpi.byStatus).reduce((a, b) => a + b, 0));
    expect(kpi.won).toBeGreaterThanOrEqual(1);
    expect(kpi.acceptanceRate).toBe(Math.round((kpi.won / (kpi.won + kpi.lost)) * 1000) / 10);
    expect(kpi.views).toBeGreaterThan(0);
    const final = await findOne(t, admin, PROPOSAL, 'status', 'Sent(Final)');
    expectPdf(await t.call(admin, 'POST', `${PROPOSAL}/generatePdf/${final._id}`));
  });
});

describe('agreements', () => {
  async function machineNamed(name: string): Promise<ApiBody> {
    return findOne(t, admin, '/api/app/svc-machine-instances', 'name', name);
  }

  it('checkMachineAvailability reports machines held by an Active agreement, and Active agreements cannot double-book', async () => {
    const cp01 = await machineNamed('Compressor CP-01');
    const rental = await machineNamed('Rental pool compressor R-07');
    const check = await t.call(admin, 'POST', `${AGREEMENT}/checkMachineAvailability`, { machineInstanceIds: [cp01._id, rental._id], startDate: isoDay(30), endDate: isoDay(400) });
    expect(check.status).toBe(200);
    const byId = new Map((check.body.data ?? []).map((m) => [m._id, m]));
    expect(byId.get(cp01._id)).toMatchObject({ available: false, reason: expect.stringMatching(/^On rent under AGR-/) });
    expect(byId.get(rental._id)).toMatchObject({ available: true });
    expect((byId.get(rental._id)?.conflicts as unknown[]).length).toBe(1); // the seeded Draft agreement, tentative
    expect(check.body.available).toBe(false);

    // A new agreement is a Draft (tentative); activating it is what puts its machines on rent.
    const clashing = await t.call(admin, 'POST', AGREEMENT, { clientName: 'Talegaon Gears Pvt Ltd', machineInstanceIds: [cp01._id], startDate: isoDay(30), endDate: isoDay(400), monthlyRentalPaise: 8_500_000 });
    expect(clashing.status, JSON.stringify(clashing.body)).toBe(201);
    const clash = await t.call(admin, 'PATCH', `${AGREEMENT}/transition/${clashing.body._id}`, { event: 'activate' });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toMatch(/^Machine MI-\d{4}-\d{6} is not available: On rent under AGR-/);
    expect((await t.call(admin, 'GET', `${AGREEMENT}/getById/${clashing.body._id}`)).body).toMatchObject({ status: 'Draft' });
    const activeAtOnce = await t.call(admin, 'POST', AGREEMENT, { clientName: 'X', machineInstanceIds: [rental._id], startDate: isoDay(30), endDate: isoDay(400), monthlyRentalPaise: 1, status: 'Active' });
    expect(activeAtOnce.status).toBe(400);
    expect(activeAtOnce.body.message).toBe('status: A new agreement starts as Draft');
    const backwards = await t.call(admin, 'POST', AGREEMENT, { clientName: 'X', machineInstanceIds: [rental._id], startDate: isoDay(30), endDate: isoDay(10), monthlyRentalPaise: 1 });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe('endDate: End date cannot be before the start date');
    // Its words go beside the English: the client says it in the person's language (issue 34).
    expect(backwards.body.words).toEqual({ key: 'refusal.endBeforeStart', values: { field: 'endDate' } });
    // A start state is a word: the client says the lifecycle's noun and its state in the person's language.
    expect(activeAtOnce.body.words).toEqual({ key: 'refusal.newStartsAs', values: { nounLower: 'Agreement', either: ['Draft'], field: 'status' } });
  });

  it('updates at PUT updateAgreement/{id}; generate_client_id creates the client once', async () => {
    const rental = await machineNamed('Rental pool compressor R-07');
    const created = await t.call(admin, 'POST', AGREEMENT, { clientName: 'Talegaon Gears Pvt Ltd', clientGstNo: '27AAJFT2468H1ZU', clientAddress: 'Plot 7, Talegaon MIDC', machineInstanceIds: [rental._id], startDate: '2027-04-01', endDate: '2028-03-31', monthlyRentalPaise: 8_500_000 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ status: 'Draft', contractTerm: 12 });
    expect(created.body.alternateId).toMatch(/^AGR-\d{4}-\d{6}$/);
    const updated = await t.call(admin, 'PUT', `${AGREEMENT}/updateAgreement/${created.body._id}`, { billingCycle: 'Quarterly' });
    expect(updated.status).toBe(200);
    expect(updated.body.billingCycle).toBe('Quarterly');

    const generated = await t.call(admin, 'POST', `${AGREEMENT}/generate_client_id/${created.body._id}`);
    expect(generated.status, JSON.stringify(generated.body)).toBe(200);
    const client = generated.body.client as ApiBody;
    expect(client).toMatchObject({ companyName: 'Talegaon Gears Pvt Ltd', gstNo: '27AAJFT2468H1ZU', agreementId: created.body._id });
    expect(generated.body.clientId).toBe(client._id);
    expect((await t.call(admin, 'GET', `/api/app/client/getById/${client._id}`)).status).toBe(200);
    const again = await t.call(admin, 'POST', `${AGREEMENT}/generate_client_id/${created.body._id}`);
    expect(again.status).toBe(409);
  });

  it('activating makes the client when there is none; an agreement expires only after its end date, and ends early by termination with the reason', async () => {
    const rental = await machineNamed('Rental pool compressor R-07');
    const created = await t.call(admin, 'POST', AGREEMENT, { clientName: 'Chakan Castings Pvt Ltd', clientGstNo: '27AAJFT2468H1ZU', machineInstanceIds: [rental._id], startDate: '2028-04-01', endDate: '2029-03-31', monthlyRentalPaise: 6_500_000 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = String(created.body._id);
    const active = await t.call(admin, 'PATCH', `${AGREEMENT}/transition/${id}`, { event: 'activate' });
    expect(active.status, JSON.stringify(active.body)).toBe(200);
    expect(active.body).toMatchObject({ status: 'Active', activatedBy: admin.user._id, allowedEvents: ['expire', 'terminate'] });
    const client = await t.call(admin, 'GET', `/api/app/client/getById/${active.body.clientId}`);
    expect(client.body).toMatchObject({ companyName: 'Chakan Castings Pvt Ltd', gstNo: '27AAJFT2468H1ZU', agreementId: id });

    const early = await t.call(admin, 'PATCH', `${AGREEMENT}/transition/${id}`, { event: 'expire' });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(`Agreement ${created.body.alternateId} runs until 2029-03-31: terminate it, with the reason, to end it early`);
    const noReason = await t.call(admin, 'PATCH', `${AGREEMENT}/transition/${id}`, { event: 'terminate' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('terminationReason: Say why the agreement ends early');
    const ended = await t.call(admin, 'PATCH', `${AGREEMENT}/transition/${id}`, { event: 'terminate', terminationReason: 'Plant relocated to Chennai' });
    expect(ended.body).toMatchObject({ status: 'Terminated', terminationReason: 'Plant relocated to Chennai', endedBy: admin.user._id, allowedEvents: [] });
    // The machine is free again for the same dates.
    const again = await t.call(admin, 'POST', `${AGREEMENT}/checkMachineAvailability`, { machineInstanceIds: [rental._id], startDate: '2028-04-01', endDate: '2029-03-31' });
    expect(again.body.available).toBe(true);
  });

  it('agreementKpi sums the active book; generatePdf answers the agreement PDF', async () => {
    const res = await t.call(admin, 'GET', `${AGREEMENT}/agreementKpi`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ byStatus: { Active: 1 }, activeMonthlyRentalPaise: 17_000_000, machinesOnRent: 2 });
    const active = await findOne(t, admin, AGREEMENT, 'status', 'Active');
    expectPdf(await t.call(admin, 'POST', `${AGREEMENT}/generatePdf/${active._id}`));
  });
});

describe('subscription request Q&A', () => {
  it('editSubscriptionRequestQA carries the id in the body and stamps the answer time', async () => {
    // The platform's records: the operator's, in the platform tenant (issue 35).
    const operator = await t.signIn('operator@demo.local');
    const request = await findOne(t, operator, '/api/app/subscription-request', 'companyName', 'Satara Sugar Machinery Works');
    const qa = await t.call(operator, 'POST', '/api/app/subscription-request-QA', { subscriptionRequestId: request._id, question: 'How many users?' });
    expect(qa.status).toBe(201);
    const edited = await t.call(operator, 'PATCH', '/api/app/subscription-request-QA/editSubscriptionRequestQA', { id: qa.body._id, answer: 'Twenty five' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ _id: qa.body._id, question: 'How many users?', answer: 'Twenty five', answeredAt: expect.any(String) });
    expect((await t.call(operator, 'PATCH', '/api/app/subscription-request-QA/editSubscriptionRequestQA', { id: qa.body._id })).status).toBe(400);
  });
});
