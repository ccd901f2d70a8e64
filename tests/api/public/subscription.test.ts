/**
 * Sign-up, the operator's subscriber-details link, the public subscription-request calls with their
 * server-side rules (the form's messages), and the terms and privacy texts with the operator's editor.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SUBSCRIPTION_REQUEST } from '../../../server/seed/demo/public-pages';
import { testDb, type SignedIn, type TestDb } from '../../helpers/test-db';
import { parseLink, proposalLink, publicCall, recordNamed } from './support';

let t: TestDb;
let operator: SignedIn;
let admin: SignedIn;
let termsId: string;
let privacyId: string;

const SIGN_UP = '/api/public/public-subscription-request';
const TEXTS = '/api/public/public-terms-and-conditions';

beforeAll(async () => {
  t = await testDb();
  operator = await t.signIn('operator@demo.local');
  admin = await t.signIn('admin@demo.local');
  const terms = await t.call(null, 'GET', `${TEXTS}/getLatestTandC`);
  termsId = String(terms.body._id);
  const privacy = await t.call(null, 'GET', `${TEXTS}/getLatestPrivacyPolicy`);
  privacyId = String((privacy.body.privacyPolicyData as { _id: string })._id);
});
afterAll(() => t.close());

const valid = () => ({
  companyName: 'Kolhapur Foundry Works',
  gstNo: '27AAFCK1234L1ZX',
  companyTeamSize: '40',
  address: 'Shiroli MIDC / Kolhapur / 416122 / India',
  termsAndConditions: termsId,
  privacyPolicy: privacyId,
});

async function subscriberLink(id: string) {
  const res = await t.call(operator, 'PATCH', '/api/app/subscription-request/generatePublicLink', { id });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return parseLink(String(res.body.link));
}

describe('the terms and privacy texts', () => {
  it('answers the latest terms as { _id, termsAndConditions } and the privacy as privacyPolicyData', async () => {
    const terms = await t.call(null, 'GET', `${TEXTS}/getLatestTandC`);
    expect(terms.status).toBe(200);
    expect(terms.body).toEqual({ _id: expect.any(String), termsAndConditions: expect.stringContaining('<h2>Terms &amp; Conditions</h2>') });
    const privacy = await t.call(null, 'GET', `${TEXTS}/getLatestPrivacyPolicy`);
    expect(privacy.body).toEqual({ privacyPolicyData: { _id: expect.any(String), termsAndConditions: expect.stringContaining('Privacy Policy') } });
  });

  it('lets only the platform operator publish a version, sanitised on write', async () => {
    const denied = await t.call(admin, 'PUT', '/api/saas/platform-texts/terms', { html: '<p>Mine now</p>' });
    expect(denied.status).toBe(403);
    const engineer = await t.signIn('engineer@demo.local');
    expect((await t.call(engineer, 'GET', '/api/saas/platform-texts')).status).toBe(403);
    const saved = await t.call(operator, 'PUT', '/api/saas/platform-texts/privacy', {
      html: '<h2>Privacy</h2><p onclick="steal()">We keep <b>little</b>.</p><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)>',
    });
    expect(saved.status).toBe(200);
    const html = String(saved.body.html);
    expect(html).toContain('<h2>Privacy</h2>');
    expect(html).toContain('<b>little</b>');
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|<img/i);
    const latest = await t.call(null, 'GET', `${TEXTS}/getLatestPrivacyPolicy`);
    expect(latest.body.privacyPolicyData).toEqual({ _id: saved.body._id, termsAndConditions: html });
    privacyId = String(saved.body._id);
    const both = await t.call(operator, 'GET', '/api/saas/platform-texts');
    expect(both.body).toMatchObject({ terms: { _id: termsId }, privacy: { _id: privacyId, kind: 'privacy' } });
  });

  it('refuses an empty text and an unknown kind', async () => {
    const empty = await t.call(operator, 'PUT', '/api/saas/platform-texts/terms', { html: '<p><br></p>' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('html: Text is required');
    const kind = await t.call(operator, 'PUT', '/api/saas/platform-texts/cookies', { html: '<p>x</p>' });
    expect(kind.status).toBe(400);
    expect(kind.body.message).toMatch(/^kind: /);
  });
});

describe('POST /api/public/public-subscription-request (sign-up)', () => {
  it('creates a Pending request in the operator’s list', async () => {
    const res = await t.call(null, 'POST', SIGN_UP, { ...valid(), contactName: 'S. Patil', email: 'patil@kfw.example' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ _id: expect.any(String), companyName: 'Kolhapur Foundry Works', gstNo: '27AAFCK1234L1ZX', companyTeamSize: 40, address: 'Shiroli MIDC / Kolhapur / 416122 / India', status: 'Pending' });
    const listed = await recordNamed(t, operator, '/api/app/subscription-request', 'companyName', 'Kolhapur Foundry Works');
    expect(listed).toMatchObject({ status: 'Pending', termsAndConditions: termsId, privacyPolicy: privacyId, contactName: 'S. Patil' });
    const acme = await t.signIn('admin@acme.local');
    // A customer tenant holds no platform-only feature, whatever its roles say.
    const foreign = await t.call(acme, 'GET', `/api/app/subscription-request/getById/${listed._id}`);
    expect(foreign.status).toBe(403);
  });

  it('checks every field with the form’s messages', async () => {
    // Sign-ups are limited to SIGN_UP_LIMIT per address: a few cases here, the rest through the PUT below.
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ companyName: ' ' }, 'companyName: Company Name is required'],
      [{ gstNo: '27aafck1234l1zx' }, 'gstNo: GST Number is not valid'],
      [{ companyTeamSize: 'forty' }, 'companyTeamSize: Please enter valid number'],
      [{ termsAndConditions: undefined, privacyPolicy: undefined }, 'termsAndConditions: Please accept terms & conditions and privacy policy'],
    ];
    for (const [change, message] of cases) {
      const res = await t.call(null, 'POST', SIGN_UP, { ...valid(), ...change });
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });
});

describe('the subscriber-details link and the public request calls', () => {
  it('lets the operator generate the link, which moves a Pending request to Link Sent', async () => {
    const request = await recordNamed(t, operator, '/api/app/subscription-request', 'companyName', DEMO_SUBSCRIPTION_REQUEST);
    const link = await subscriberLink(request._id);
    expect(link.url.origin + link.url.pathname).toBe(`${t.config.publicUrl}/public/subscriber-details`);
    expect(link.url.searchParams.get('acbS')).toBe(request._id);
    expect(link.token.length).toBeGreaterThanOrEqual(40);
    const after = await t.call(operator, 'GET', `/api/app/subscription-request/getById/${request._id}`);
    expect(after.body.status).toBe('Link Sent');
    const engineer = await t.signIn('engineer@demo.local');
    expect((await t.call(engineer, 'PATCH', '/api/app/subscription-request/generatePublicLink', { id: request._id })).status).toBe(403);
  });

  it('reads the request its link opens, and no other', async () => {
    const request = await recordNamed(t, operator, '/api/app/subscription-request', 'companyName', DEMO_SUBSCRIPTION_REQUEST);
    const { token } = await subscriberLink(request._id);
    const res = await publicCall(t, token, 'GET', `${SIGN_UP}/getById/${request._id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ _id: request._id, companyName: DEMO_SUBSCRIPTION_REQUEST, gstNo: expect.any(String), companyTeamSize: 25, address: 'Satpur MIDC / Nashik / 422007 / India', status: 'Link Sent' });
    const other = await recordNamed(t, operator, '/api/app/subscription-request', 'companyName', 'Aurangabad Auto Castings LLP');
    expect((await publicCall(t, token, 'GET', `${SIGN_UP}/getById/${other._id}`)).status).toBe(404);
    expect((await publicCall(t, token, 'PUT', `${SIGN_UP}/${other._id}`, { ...valid(), status: 'Accepted' })).status).toBe(404);
    expect((await publicCall(t, null, 'GET', `${SIGN_UP}/getById/${request._id}`)).status).toBe(401);
    // A proposal token opens no subscription request, and the other way round.
    const proposal = await recordNamed(t, admin, '/api/app/proposal', 'status', 'Sent(Final)');
    const proposalToken = (await proposalLink(t, admin, proposal._id)).token;
    expect((await publicCall(t, proposalToken, 'GET', `${SIGN_UP}/getById/${request._id}`)).status).toBe(401);
    expect((await publicCall(t, token, 'PATCH', '/api/public/business-proposal/viewProposal', { id: proposal._id })).status).toBe(401);
  });

  it('confirms the details with status Accepted once, checking the rules again', async () => {
    const created = await t.call(null, 'POST', SIGN_UP, { ...valid(), companyName: 'Sangli Sugar Machinery', gstNo: '27AAGCS9876Q1Z2' });
    const id = String(created.body._id);
    const { token } = await subscriberLink(id);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ gstNo: '' }, 'gstNo: GST Number is required'],
      [{ gstNo: 'BAD' }, 'gstNo: GST Number is not valid'],
      [{ gstNo: '27AAFCK1234L0ZX' }, 'gstNo: GST Number is not valid'],
      [{ companyTeamSize: '' }, 'companyTeamSize: Number of Users is required'],
      [{ companyTeamSize: '1e3' }, 'companyTeamSize: Please enter valid number'],
      [{ address: '  ' }, 'address: Address is required'],
      [{ termsAndConditions: false }, 'termsAndConditions: Please accept terms & conditions'],
      [{ privacyPolicy: false }, 'privacyPolicy: Please accept privacy policy'],
      [{ privacyPolicy: 'not-a-version' }, 'privacyPolicy: Please accept privacy policy'],
    ];
    for (const [change, message] of cases) {
      const res = await publicCall(t, token, 'PUT', `${SIGN_UP}/${id}`, { ...valid(), _id: id, ...change, status: 'Accepted' });
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const otherId = await publicCall(t, token, 'PUT', `${SIGN_UP}/${id}`, { ...valid(), _id: 'another', status: 'Accepted' });
    expect(otherId.body.message).toBe('_id: Does not match the request in the path');
    const wrongStatus = await publicCall(t, token, 'PUT', `${SIGN_UP}/${id}`, { ...valid(), _id: id, status: 'On-Board' });
    expect(wrongStatus.body.message).toBe('status: Status must be Accepted');
    const ok = await publicCall(t, token, 'PUT', `${SIGN_UP}/${id}`, { ...valid(), _id: id, companyName: 'Renamed Ltd', companyTeamSize: '55', status: 'Accepted' });
    expect(ok.status).toBe(200);
    // The company name is read-only on the page: it stays as requested.
    expect(ok.body).toMatchObject({ _id: id, companyName: 'Sangli Sugar Machinery', companyTeamSize: 55, status: 'Accepted' });
    const stored = await t.call(operator, 'GET', `/api/app/subscription-request/getById/${id}`);
    expect(stored.body).toMatchObject({ status: 'Accepted', termsAndConditions: termsId, privacyPolicy: privacyId });
    const again = await publicCall(t, token, 'PUT', `${SIGN_UP}/${id}`, { ...valid(), _id: id, status: 'Accepted' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This request is already Accepted');
    const read = await publicCall(t, token, 'GET', `${SIGN_UP}/getById/${id}`);
    expect(read.body.status).toBe('Accepted');
    const noLink = await t.call(operator, 'PATCH', '/api/app/subscription-request/generatePublicLink', { id });
    expect(noLink.status).toBe(409);
  });
});
