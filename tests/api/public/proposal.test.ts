/**
 * The proposal link and the public proposal calls through HTTP on PostgreSQL: link generation, the token's
 * scope (its proposal only, its purpose only, revoked, expired), view records, the decision rules, view
 * time, the PDF and the attachments.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ATTACHMENTS, DEMO_PROPOSALS } from '../../../server/seed/demo/public-pages';
import { PROPOSAL_LINK_GRACE_DAYS } from '../../../server/domain/public/link-config';
import { LINK_EXPIRED, LINK_NOT_VALID, LINK_REPLACED } from '../../../server/public/public-access';
import { testDb, type SignedIn, type TestDb } from '../../helpers/test-db';
import { parseLink, pdfText, PROPOSAL_API, proposalLink, publicCall, recordNamed, sentProposal, withoutStamps } from './support';

let t: TestDb;
let admin: SignedIn;
const ids: Record<keyof typeof DEMO_PROPOSALS, string> = { final: '', expired: '', won: '', draft: '' };

beforeAll(async () => {
  t = await testDb();
  admin = await t.signIn('admin@demo.local');
  for (const key of Object.keys(DEMO_PROPOSALS) as Array<keyof typeof DEMO_PROPOSALS>) {
    ids[key] = (await recordNamed(t, admin, '/api/app/proposal', 'proposalName', DEMO_PROPOSALS[key]))._id;
  }
});
afterAll(() => t.close());

const ddmmyyyy = (iso: string): string => iso.split('-').reverse().join('/');

describe('PATCH /api/app/proposal/generatePublicLink', () => {
  it('answers the absolute link with token, status and proposal id, and stores only the token hash', async () => {
    const res = await t.call(admin, 'PATCH', '/api/app/proposal/generatePublicLink', { id: ids.final });
    expect(res.status).toBe(200);
    const link = String(res.body.link);
    expect(link.startsWith(`${t.config.publicUrl}/public/businessProposal?token=`)).toBe(true);
    expect(link).toContain(`&acbS=Sent(Final)&zyxP=${ids.final}`);
    const { token, acbS, zyxP } = parseLink(link);
    expect(token.length).toBeGreaterThanOrEqual(40);
    expect(acbS).toBe('Sent(Final)');
    expect(zyxP).toBe(ids.final);
    const stored = await t.db.query('select token_hash, purpose, record_id, expires_at from public_links where record_id = $1 and revoked_at is null', [ids.final]);
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]).toMatchObject({ token_hash: createHash('sha256').update(token).digest('hex'), purpose: 'proposal' });
    const plain = await t.db.query("select 1 from public_links where token_hash = $1 or coalesce(link_status, '') = $1", [token]);
    expect(plain.rowCount).toBe(0);
    // Expires after the validity day plus the documented grace period.
    const proposal = await t.call(admin, 'GET', `/api/app/proposal/getById/${ids.final}`);
    const validity = String(proposal.body.proposalValidity);
    const expected = new Date(`${validity}T00:00:00+05:30`).getTime() + (1 + PROPOSAL_LINK_GRACE_DAYS) * 86_400_000;
    expect((stored.rows[0].expires_at as Date).getTime()).toBe(expected);
  });

  it('refuses a Draft proposal, an unknown id and a body without id', async () => {
    const draft = await t.call(admin, 'POST', '/api/app/proposal', { proposalName: 'Unsent', machineType: (await recordNamed(t, admin, '/api/app/svc-machine-type', 'machineName', 'Screw Air Compressor GA37'))._id, proposalValidity: '2099-01-01' });
    expect(draft.status).toBe(201);
    const refused = await t.call(admin, 'PATCH', '/api/app/proposal/generatePublicLink', { id: draft.body._id });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/is a Draft: send it as draft or final before generating its link$/);
    // Its words go beside the English: the client says it in the person's language (issue 34).
    expect(refused.body.words).toEqual({ key: 'refusal.proposalDraftNoLink', values: { name: draft.body.alternateId } });
    expect((await t.call(admin, 'PATCH', '/api/app/proposal/generatePublicLink', { id: '000000000000000000000000' })).status).toBe(404);
    const noId = await t.call(admin, 'PATCH', '/api/app/proposal/generatePublicLink', {});
    expect(noId.status).toBe(400);
    expect(noId.body.message).toMatch(/^id: /);
  });

  it('needs the sales pipeline privilege', async () => {
    const engineer = await t.signIn('engineer@demo.local');
    expect((await t.call(engineer, 'PATCH', '/api/app/proposal/generatePublicLink', { id: ids.final })).status).toBe(403);
    expect((await t.call(null, 'PATCH', '/api/app/proposal/generatePublicLink', { id: ids.final })).status).toBe(401);
  });

  it('revokes the earlier link when a new one is generated', async () => {
    const first = await proposalLink(t, admin, ids.draft);
    const second = await proposalLink(t, admin, ids.draft);
    const old = await publicCall(t, first.token, 'PATCH', `${PROPOSAL_API}/viewProposal`, { id: ids.draft });
    expect(old.status).toBe(410);
    expect(old.body.message).toBe(LINK_REPLACED.message);
    expect((await publicCall(t, second.token, 'PATCH', `${PROPOSAL_API}/viewProposal`, { id: ids.draft })).status).toBe(200);
  });
});

describe('PATCH /api/public/business-proposal/viewProposal', () => {
  it('records a view with the link status and answers the public proposal with machineType expanded', async () => {
    const { token } = await proposalLink(t, admin, ids.final);
    const res = await publicCall(t, token, 'PATCH', `${PROPOSAL_API}/viewProposal`, { id: ids.final, status: 'Sent(Final)' });
    expect(res.status).toBe(200);
    const body = res.body as Record<string, unknown>;
    expect(body).toMatchObject({ _id: ids.final, proposalName: DEMO_PROPOSALS.final, status: 'Sent(Final)', contractTerm: 36, monthlyRental: 85000, securityDeposit: 3 });
    expect(body.machineType).toEqual({ _id: expect.any(String), machineName: 'Screw Air Compressor GA37', alternateId: expect.stringMatching(/^MT-\d{4}-\d{6}$/) });
    expect(body.owner).toMatchObject({ name: 'Asha Kulkarni' });
    expect(body.attachementDocument).toEqual(DEMO_ATTACHMENTS);
    // The seller's own fields stay on the server.
    for (const field of ['notes', 'leadId', 'archived', 'bookmarked', 'clientEmail']) expect(body).not.toHaveProperty(field);
    const views = body.totalViewTime as Array<{ _id: string; status: string; time: number }>;
    expect(views.at(-1)).toMatchObject({ _id: body.viewRecordId, status: 'Sent(Final)', time: 0 });
    expect(t.events).toContainEqual({ tenantId: admin.user.subscriberId, event: { module: 'proposal', op: 'update', _id: ids.final } });
    const activity = await t.call(admin, 'GET', `/api/app/proposal-activity?proposalId=${ids.final}&type=Viewed`);
    expect(activity.body.total).toBeGreaterThanOrEqual(1);
  });

  it('records status View through a Sent(Draft) link and moves the draft proposal to View', async () => {
    const id = await sentProposal(t, admin, 'Sent(Draft)');
    const { token, acbS } = await proposalLink(t, admin, id);
    expect(acbS).toBe('Sent(Draft)');
    const res = await publicCall(t, token, 'PATCH', `${PROPOSAL_API}/viewProposal`, { id, status: 'View' });
    expect(res.status).toBe(200);
    const views = res.body.totalViewTime as Array<{ _id: string; status: string }>;
    expect(views.at(-1)).toMatchObject({ _id: res.body.viewRecordId, status: 'View' });
    expect(res.body.status).toBe('View');
  });

  it('refuses the token on another proposal, of its tenant or another, as if it did not exist', async () => {
    const { token } = await proposalLink(t, admin, ids.final);
    const other = await publicCall(t, token, 'PATCH', `${PROPOSAL_API}/viewProposal`, { id: ids.won });
    expect(other.status).toBe(404);
    const acme = await t.signIn('admin@acme.local');
    const acmeList = await t.call(acme, 'GET', '/api/app/proposal');
    const foreignId = acmeList.body.data?.[0]?._id ?? '0123456789abcdef01234567';
    expect((await publicCall(t, token, 'PATCH', `${PROPOSAL_API}/viewProposal`, { id: foreignId })).status).toBe(404);
    expect((await publicCall(t, token, 'POST', `${PROPOSAL_API}/generatePdf/${ids.won}`)).status).toBe(404);
    const before = await t.call(admin, 'GET', `/api/app/proposal/getById/${ids.won}`);
    expect(before.body.status).toBe('Won');
  });

  it('accepts only a link token, sent with public-request', async () => {
    const { token } = await proposalLink(t, admin, ids.final);
    const noHeader = await t.call(token, 'PATCH', `${PROPOSAL_API}/viewProposal`, { id: ids.final });
    expect(noHeader.status).toBe(400);
    expect(noHeader.body.message).toBe('public-request: Public calls carry the public-request header');
    const noToken = await publicCall(t, null, 'PATCH', `${PROPOSAL_API}/viewProposal`, { id: ids.final });
    expect(noToken.status).toBe(401);
    const staffToken = await publicCall(t, admin.token, 'PATCH', `${PROPOSAL_API}/viewProposal`, { id: ids.final });
    expect(staffToken.status).toBe(401);
    expect(staffToken.body.message).toBe(LINK_NOT_VALID.message);
    const badBody = await publicCall(t, token, 'PATCH', `${PROPOSAL_API}/viewProposal`, {});
    expect(badBody.status).toBe(400);
    expect(badBody.body.message).toMatch(/^id: /);
  });

  it('refuses an expired token with 410', async () => {
    const { token } = await proposalLink(t, admin, ids.expired);
    expect((await publicCall(t, token, 'PATCH', `${PROPOSAL_API}/viewProposal`, { id: ids.expired })).status).toBe(200);
    await t.db.query("update public_links set expires_at = now() - interval '1 minute' where record_id = $1", [ids.expired]);
    const res = await publicCall(t, token, 'PATCH', `${PROPOSAL_API}/viewProposal`, { id: ids.expired });
    expect(res.status).toBe(410);
    expect(res.body.message).toBe(LINK_EXPIRED.message);
  });
});

describe('PATCH /api/public/business-proposal/acceptProposal', () => {
  it('needs the note of its type: "Required", naming the field', async () => {
    const id = await sentProposal(t, admin, 'Sent(Final)');
    const { token } = await proposalLink(t, admin, id);
    const noAcceptNote = await publicCall(t, token, 'PATCH', `${PROPOSAL_API}/acceptProposal`, { id, type: 'Won', declineNote: 'wrong field' });
    expect(noAcceptNote.status).toBe(400);
    expect(noAcceptNote.body.message).toBe('acceptNote: Required');
    const blankDecline = await publicCall(t, token, 'PATCH', `${PROPOSAL_API}/acceptProposal`, { id, type: 'Lost', declineNote: '   ' });
    expect(blankDecline.body.message).toBe('declineNote: Required');
    const badType = await publicCall(t, token, 'PATCH', `${PROPOSAL_API}/acceptProposal`, { id, type: 'Deal', acceptNote: 'x' });
    expect(badType.status).toBe(400);
    expect(badType.body.message).toMatch(/^type: /);
    const unchanged = await t.call(admin, 'GET', `/api/app/proposal/getById/${id}`);
    expect(unchanged.body.status).toBe('Sent(Final)');
  });

  it('accepts a final proposal once: Won with the accept note, then "already accepted"', async () => {
    const id = await sentProposal(t, admin, 'Sent(Final)');
    const { token } = await proposalLink(t, admin, id);
    const res = await publicCall(t, token, 'PATCH', `${PROPOSAL_API}/acceptProposal`, { id, type: 'Won', acceptNote: 'Looks good, please proceed.' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: id, status: 'Won', acceptNote: 'Looks good, please proceed.' });
    const again = await publicCall(t, token, 'PATCH', `${PROPOSAL_API}/acceptProposal`, { id, type: 'Lost', declineNote: 'Changed my mind' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This proposal has already been accepted');
    const staff = await t.call(admin, 'GET', `/api/app/proposal/getById/${id}`);
    expect(staff.body).toMatchObject({ status: 'Won', acceptNote: 'Looks good, please proceed.' });
    const activity = await t.call(admin, 'GET', `/api/app/proposal-activity?proposalId=${id}&type=Accepted`);
    expect(activity.body.data?.[0]).toMatchObject({ description: 'Looks good, please proceed.', actor: 'Customer (public link)' });
  });

  it('rejects a final proposal: Lost with the decline note', async () => {
    const id = await sentProposal(t, admin, 'Sent(Final)');
    const { token } = await proposalLink(t, admin, id);
    const res = await publicCall(t, token, 'PATCH', `${PROPOSAL_API}/acceptProposal`, { id, type: 'Lost', declineNote: 'Budget moved to next year.' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'Lost', declineNote: 'Budget moved to next year.' });
    const again = await publicCall(t, token, 'PATCH', `${PROPOSAL_API}/acceptProposal`, { id, type: 'Won', acceptNote: 'After all' });
    expect(again.status).toBe(409);
  });

  it('refuses a proposal whose validity has passed, with the page text', async () => {
    const { token } = await proposalLink(t, admin, ids.expired);
    const proposal = await t.call(admin, 'GET', `/api/app/proposal/getById/${ids.expired}`);
    const res = await publicCall(t, token, 'PATCH', `${PROPOSAL_API}/acceptProposal`, { id: ids.expired, type: 'Won', acceptNote: 'Yes' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`Proposal Validatiy Expired on ${ddmmyyyy(String(proposal.body.proposalValidity))}`);
  });

  it('refuses a proposal that is not Sent(Final) (a draft link)', async () => {
    const id = await sentProposal(t, admin, 'Sent(Draft)');
    const { token } = await proposalLink(t, admin, id);
    const res = await publicCall(t, token, 'PATCH', `${PROPOSAL_API}/acceptProposal`, { id, type: 'Won', acceptNote: 'Yes' });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/only a final proposal can be accepted or rejected$/);
  });

  it('refuses the token on another proposal', async () => {
    const id = await sentProposal(t, admin, 'Sent(Final)');
    const otherId = await sentProposal(t, admin, 'Sent(Final)');
    const { token } = await proposalLink(t, admin, id);
    const res = await publicCall(t, token, 'PATCH', `${PROPOSAL_API}/acceptProposal`, { id: otherId, type: 'Won', acceptNote: 'Sneaky' });
    expect(res.status).toBe(404);
    const other = await t.call(admin, 'GET', `/api/app/proposal/getById/${otherId}`);
    expect(other.body.status).toBe('Sent(Final)');
  });
});

describe('PATCH /api/public/business-proposal/updateViewTime', () => {
  it('sets the seconds of the view record, never more than the time since it began', async () => {
    const id = await sentProposal(t, admin, 'Sent(Final)');
    const { token } = await proposalLink(t, admin, id);
    const view = await publicCall(t, token, 'PATCH', `${PROPOSAL_API}/viewProposal`, { id });
    const viewId = String(view.body.viewRecordId);
    const first = await publicCall(t, token, 'PATCH', `${PROPOSAL_API}/updateViewTime`, { time: 3, _id: viewId, id });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ _id: viewId, time: 3 });
    // Ten minutes after opening is impossible a moment later: clamped to the elapsed time plus slack.
    const inflated = await publicCall(t, token, 'PATCH', `${PROPOSAL_API}/updateViewTime`, { time: 600, _id: viewId, id });
    expect(inflated.body.time).toBeLessThanOrEqual(10);
    const staff = await t.call(admin, 'GET', `/api/app/proposal/getById/${id}`);
    const records = staff.body.totalViewTime as Array<{ _id: string; time: number }>;
    expect(records.find((r) => r._id === viewId)?.time).toBe(inflated.body.time);
  });

  it('answers 404 for an unknown view record, 400 for a bad time, 404 on another proposal', async () => {
    const id = await sentProposal(t, admin, 'Sent(Final)');
    const { token } = await proposalLink(t, admin, id);
    const view = await publicCall(t, token, 'PATCH', `${PROPOSAL_API}/viewProposal`, { id });
    expect((await publicCall(t, token, 'PATCH', `${PROPOSAL_API}/updateViewTime`, { time: 3, _id: 'nope', id })).status).toBe(404);
    const negative = await publicCall(t, token, 'PATCH', `${PROPOSAL_API}/updateViewTime`, { time: -1, _id: view.body.viewRecordId, id });
    expect(negative.status).toBe(400);
    expect(negative.body.message).toMatch(/^time: /);
    expect((await publicCall(t, token, 'PATCH', `${PROPOSAL_API}/updateViewTime`, { time: 3, _id: view.body.viewRecordId, id: ids.final })).status).toBe(404);
  });
});

describe('the proposal PDF and attachments', () => {
  it('serves the proposal PDF, named from its alternateId, to the link holder', async () => {
    const { token } = await proposalLink(t, admin, ids.final);
    const res = await publicCall(t, token, 'POST', `${PROPOSAL_API}/generatePdf/${ids.final}`);
    expect(res.status).toBe(200);
    const proposal = await t.call(admin, 'GET', `/api/app/proposal/getById/${ids.final}`);
    expect(res.body.fileName).toBe(`${String(proposal.body.alternateId)}.pdf`);
    const bytes = Buffer.from(String(res.body.data), 'base64');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(1000);
  });

  it('answers staff and the link holder the same document, with the page’s terms and no seller-only field', async () => {
    const { token } = await proposalLink(t, admin, ids.final);
    expect((await t.call(admin, 'PATCH', '/api/app/proposal/addNotes', { id: ids.final, note: 'Internal: floor price 45000' })).status).toBe(200);
    const staff = await t.call(admin, 'POST', `/api/app/proposal/generatePdf/${ids.final}`);
    const customer = await publicCall(t, token, 'POST', `${PROPOSAL_API}/generatePdf/${ids.final}`);
    expect(staff.status).toBe(200);
    expect(customer.status).toBe(200);
    expect(customer.body.fileName).toBe(staff.body.fileName);
    const [staffPdf, customerPdf] = [staff, customer].map((res) => Buffer.from(String(res.body.data), 'base64'));
    // Byte for byte, but for the creation date and the file id pdfkit derives from it.
    expect(customerPdf.length).toBe(staffPdf.length);
    expect(withoutStamps(customerPdf)).toBe(withoutStamps(staffPdf));

    const proposal = (await t.call(admin, 'GET', `/api/app/proposal/getById/${ids.final}`)).body as Record<string, unknown> & { owner: { name: string }; machineType: { machineName: string } };
    const text = pdfText(staffPdf);
    expect(text).toContain('Head Terms-Commercial Proposal');
    expect(text).toContain(String(proposal.alternateId));
    expect(text).toContain('Chakan Plant 2');
    expect(text).toContain('Rental Proposal');
    for (const label of ['Machine Name', 'Contract Term', 'Monthly Rental', 'Security Deposit']) expect(text).toContain(label);
    expect(text).toContain(proposal.machineType.machineName);
    expect(text).toContain(`Proposal owner: ${proposal.owner.name}`);
    expect(text).toContain(`Attachments: ${DEMO_ATTACHMENTS.map((a) => a.name).join(', ')}`);
    expect(text).not.toContain('floor price');
  });

  it("downloads one of the proposal's attachments with the public token, and nothing else", async () => {
    const { token } = await proposalLink(t, admin, ids.final);
    const [first] = DEMO_ATTACHMENTS;
    const res = await publicCall(t, token, 'POST', '/api/app/file-upload/downloadFile', { path: first.url });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: first.name, mimeType: 'application/pdf' });
    expect(Buffer.from(String(res.body.data), 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    // A customer's browser sent straight to the file saves it, and never guesses another type (issue 35).
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // A file of the tenant that the proposal does not list.
    const upload = await t.call(admin, 'POST', '/api/app/file-upload', { name: 'payroll.pdf', mimeType: 'application/pdf', contentBase64: 'JVBERi0xLjQK', url: '/files/private/payroll.pdf' });
    expect(upload.status).toBe(201);
    const other = await publicCall(t, token, 'POST', '/api/app/file-upload/downloadFile', { path: '/files/private/payroll.pdf' });
    expect(other.status).toBe(404);
    expect((await publicCall(t, null, 'POST', '/api/app/file-upload/downloadFile', { path: first.url })).status).toBe(401);
    // Staff still reach the catalogue call (no public-request): the constraint separates the two.
    const staff = await t.call(admin, 'POST', '/api/app/file-upload/downloadFile', { path: '/files/private/payroll.pdf' });
    expect(staff.status).toBe(200);
    expect(staff.body.name).toBe('payroll.pdf');
    // And a link token without public-request is no staff session.
    expect((await t.call(token, 'POST', '/api/app/file-upload/downloadFile', { path: first.url })).status).toBe(401);
  });
});

describe('PATCH /api/app/proposal/sendProposal', () => {
  it('answers the updated proposal with the status sent', async () => {
    const id = await sentProposal(t, admin, 'Sent(Draft)');
    const res = await t.call(admin, 'PATCH', '/api/app/proposal/sendProposal', { id, status: 'Sent(Final)' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: id, status: 'Sent(Final)' });
    const bad = await t.call(admin, 'PATCH', '/api/app/proposal/sendProposal', { id, status: 'Won' });
    expect(bad.status).toBe(400);
  });
});
