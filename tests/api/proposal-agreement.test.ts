/**
 * A won proposal becomes its agreement (issue 33), through HTTP: POST proposal/makeAgreement/{id} fills the agreement
 * from the proposal (client, machines of its type and quantity, rental, term), makes its client and links both ways;
 * only once, only for a won proposal, only with SALES-PIPELINE CREATE, never across tenants. And the public page's
 * time on the page, sent by its beacon (text/plain, the token in the body).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb, type SignedIn, type TestDb } from '../helpers/test-db';
import { createdInState, newLifecycleRecord, recordInState } from '../helpers/lifecycle-records';
import { userWith } from './modules/support';

const PROPOSAL = '/api/app/proposal';
let t: TestDb;
let admin: SignedIn;
beforeAll(async () => {
  t = await testDb();
  admin = await t.signIn('admin@demo.local');
});
afterAll(() => t.close());

describe('POST proposal/makeAgreement/{id}', () => {
  /** A won proposal of the demo's GA37 compressor, with `extra` on it (a client's name, a lead). */
  async function wonProposal(extra: Record<string, unknown> = {}): Promise<string> {
    const types = await t.call(admin, 'GET', '/api/app/svc-machine-type?machineName=Screw%20Air%20Compressor%20GA37');
    const body = { proposalName: 'Screw compressor rental – Chakan Plant 2', machineType: types.body.data?.[0]?._id, contractTerm: 36, monthlyRental: 85000, securityDeposit: 3, proposalValidity: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10), ...extra };
    return String((await createdInState(t, admin, 'proposal', body, 'Won'))._id);
  }

  /** A machine of the proposal's type that no agreement holds. */
  async function freeMachineFor(proposal: Record<string, unknown>): Promise<string> {
    const typeId = typeof proposal.machineType === 'object' ? String((proposal.machineType as { _id: string })._id) : String(proposal.machineType);
    const machine = await t.call(admin, 'POST', '/api/app/svc-machine-instances', { machineTypeId: typeId, serialNo: `GA37-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`, name: 'Compressor for rent', status: 'Running' });
    expect(machine.status, JSON.stringify(machine.body)).toBe(201);
    return String(machine.body._id);
  }

  it('fills the agreement from the won proposal, makes its client, and links the proposal to it', async () => {
    const id = await wonProposal({ clientName: 'Chakan Auto Components Pvt Ltd' });
    const proposal = (await t.call(admin, 'GET', `${PROPOSAL}/getById/${id}`)).body;
    // A machine of the proposal's type that no agreement holds.
    const typeId = typeof proposal.machineType === 'object' ? String((proposal.machineType as { _id: string })._id) : String(proposal.machineType);
    const machine = await t.call(admin, 'POST', '/api/app/svc-machine-instances', { machineTypeId: typeId, serialNo: `GA37-${Date.now()}`, name: 'Compressor for rent', status: 'Running' });
    expect(machine.status, JSON.stringify(machine.body)).toBe(201);
    const res = await t.call(admin, 'POST', `${PROPOSAL}/makeAgreement/${id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const agreement = res.body.agreement as Record<string, unknown>;
    const client = res.body.client as Record<string, unknown>;
    expect(res.body.agreementId).toBe(agreement._id);
    expect(agreement).toMatchObject({
      proposalId: id,
      status: 'Draft',
      clientId: client._id,
      monthlyRentalPaise: Math.round(Number(proposal.monthlyRental) * 100),
      contractTerm: proposal.contractTerm ?? 12,
    });
    expect(agreement.machineInstanceIds).toEqual([machine.body._id]);
    expect(String(client.alternateId)).toMatch(/^CLT-/);
    expect(agreement.clientName).toBe('Chakan Auto Components Pvt Ltd');
    expect(client.companyName).toBe('Chakan Auto Components Pvt Ltd');
    // Its page reads it, with its PDF.
    expect((await t.call(admin, 'GET', `/api/app/agreement/getById/${String(agreement._id)}`)).body.clientId).toBe(client._id);
    const pdf = await t.call(admin, 'POST', `/api/app/agreement/generatePdf/${String(agreement._id)}`);
    expect(pdf.status).toBe(200);
    // Once: a second click is refused, naming the proposal.
    const again = await t.call(admin, 'POST', `${PROPOSAL}/makeAgreement/${id}`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`${String(proposal.alternateId)} already has its agreement`);
  });

  it("takes the client's company from the proposal's lead when the proposal names none", async () => {
    const madeLead = await t.call(admin, 'POST', '/api/app/lead', { title: 'Compressors for plant 3', companyName: 'Ranjangaon Castings LLP', contactName: 'S. Kulkarni', email: 'buy@ranjangaon.example', phone: '9822012345', source: 'Website' });
    expect(madeLead.status, JSON.stringify(madeLead.body)).toBe(201);
    const id = await wonProposal({ leadId: madeLead.body._id });
    await freeMachineFor((await t.call(admin, 'GET', `${PROPOSAL}/getById/${id}`)).body);
    const res = await t.call(admin, 'POST', `${PROPOSAL}/makeAgreement/${id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.agreement).toMatchObject({ clientName: 'Ranjangaon Castings LLP' });
    expect(res.body.client).toMatchObject({ companyName: 'Ranjangaon Castings LLP' });
  });

  it("never names the client after the proposal: without a company the agreement waits for its client, and no client record is made", async () => {
    const id = await wonProposal();
    await freeMachineFor((await t.call(admin, 'GET', `${PROPOSAL}/getById/${id}`)).body);
    const clientsBefore = (await t.call(admin, 'GET', '/api/app/client?limit=1')).body.total;
    const res = await t.call(admin, 'POST', `${PROPOSAL}/makeAgreement/${id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const agreement = res.body.agreement as Record<string, unknown>;
    expect(agreement.clientName).toBeUndefined();
    expect(agreement.clientId).toBeUndefined();
    expect(res.body.client).toBeUndefined();
    expect((await t.call(admin, 'GET', '/api/app/client?limit=1')).body.total).toBe(clientsBefore);
    // Its client id cannot be generated until the agreement names the company: 400 naming the field, nothing made.
    const generated = await t.call(admin, 'POST', `/api/app/agreement/generate_client_id/${String(agreement._id)}`);
    expect(generated.status).toBe(400);
    expect(generated.body.message).toMatch(/^clientName: /);
    expect((await t.call(admin, 'GET', '/api/app/client?limit=1')).body.total).toBe(clientsBefore);
  });

  it('refuses a proposal that is not won, with its status', async () => {
    const id = await newLifecycleRecord(t, admin, 'proposal');
    const res = await t.call(admin, 'POST', `${PROPOSAL}/makeAgreement/${id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^Only a won proposal becomes an agreement: PRP-.* is Draft$/);
  });

  it('needs SALES-PIPELINE CREATE, and answers 404 to another tenant', async () => {
    const id = await recordInState(t, admin, 'proposal', 'Won');
    const viewer = await userWith(t, admin, [{ feature: 'SALES-PIPELINE', privileges: ['VIEW', 'UPDATE'] }]);
    expect((await t.call(viewer, 'POST', `${PROPOSAL}/makeAgreement/${id}`)).status).toBe(403);
    const acme = await t.signIn('admin@acme.local');
    expect((await t.call(acme, 'POST', `${PROPOSAL}/makeAgreement/${id}`)).status).toBe(404);
    expect((await t.call(admin, 'GET', `${PROPOSAL}/getById/${id}`)).body.agreementId).toBeUndefined();
  });
});

describe('the view-time beacon', () => {
  it("stores a view's seconds sent as text/plain with the link's token, and refuses another proposal's or no token", async () => {
    const id = await recordInState(t, admin, 'proposal', 'Sent(Final)');
    const link = await t.call(admin, 'PATCH', `${PROPOSAL}/generatePublicLink`, { id });
    const token = new URL(String(link.body.link)).searchParams.get('token') ?? '';
    const view = await t.call(token, 'PATCH', '/api/public/business-proposal/viewProposal', { id }, { 'public-request': 'true' });
    const viewId = String(view.body.viewRecordId);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const beacon = (body: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/public/business-proposal/viewTimeBeacon', headers: { 'content-type': 'text/plain;charset=UTF-8' }, payload: JSON.stringify(body) });
    const sent = await beacon({ token, id, _id: viewId, time: 2 });
    expect(sent.statusCode, sent.body).toBe(204);
    const stored = (await t.call(admin, 'GET', `${PROPOSAL}/getById/${id}`)).body.totalViewTime as Array<{ _id: string; time: number }>;
    expect(stored.find((v) => v._id === viewId)?.time).toBe(2);
    const tokenless = await beacon({ id, _id: viewId, time: 3 });
    expect(tokenless.statusCode).toBe(400);
    expect(JSON.parse(tokenless.body).message).toMatch(/^token: /);
    expect((await beacon({ token: 'not-a-token', id, _id: viewId, time: 3 })).statusCode).toBe(401);
    expect((await beacon({ token, id: 'someone-else', _id: viewId, time: 3 })).statusCode).toBe(404);
    const bad = await beacon({ token, id, _id: viewId, time: -1 });
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.body).message).toMatch(/^time: /);
  });
});

describe('POST proposal: the security deposit is months of rental', () => {
  // Found walking Sales 2: 110000 typed as rupees was refused as "must be a number", which it is.
  it('refuses more than 60 months by naming the field and its cap, not as "not a number"', async () => {
    const types = await t.call(admin, 'GET', '/api/app/svc-machine-type?machineName=Screw%20Air%20Compressor%20GA37');
    const body = { proposalName: 'Deposit typed in rupees', machineType: types.body.data?.[0]?._id, monthlyRental: 55000, securityDeposit: 110000, proposalValidity: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10) };
    const res = await t.call(admin, 'POST', PROPOSAL, body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('Security deposit is at most 60');
    expect(JSON.stringify(res.body)).not.toContain('must be a number');
    const fine = await t.call(admin, 'POST', PROPOSAL, { ...body, securityDeposit: 2 });
    expect(fine.status, JSON.stringify(fine.body)).toBe(201);
  });
});
