/**
 * The e-invoice portal (issue 14): the IRN of a known IRP example; the local sandbox registering a document
 * (acknowledgement, a QR whose JWT verifies with the sandbox's public key and holds the portal's fields),
 * refusing a duplicate and a document number against the portal's rule, cancelling once within 24 hours
 * with a reason code (a clock the test controls); a GST Suvidha Provider's answers, refusals and silence;
 * and the configuration that chooses between them.
 */
import { createPublicKey, verify } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { cancelRegistration, portalDocumentOf, registerInvoice } from '../../server/domain/billing/e-invoice-registration';
import { DomainError } from '../../server/domain/errors';
import { createGspPortal } from '../../server/einvoice/gsp-portal';
import { createEInvoicePortal } from '../../server/einvoice/index';
import { PortalRefusal, PortalUnavailable } from '../../server/einvoice/portal';
import { createSandboxPortal, irnOf, SANDBOX_ISSUER } from '../../server/einvoice/sandbox-portal';
import { testDb, type TestDb } from '../helpers/test-db';

let t: TestDb;
let dataDir: string;
beforeAll(async () => {
  t = await testDb();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'einvoice-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A Final invoice as stored: two lines, intra-state (CGST + SGST), totals computed. */
function invoiceBody(number: string, overrides: Record<string, unknown> = {}) {
  return {
    alternateId: number,
    invoiceDate: '2026-02-28',
    supplierGstin: '27AABCS1429B1ZU',
    supplierName: 'Demo Industries Pvt Ltd',
    billToName: 'Talegaon Gears Pvt Ltd',
    billToGstin: '27AAJFT2468H1ZU',
    placeOfSupply: '27',
    items: [
      { description: 'Breakdown visit', hsnSac: '998719', quantity: 1, ratePaise: 450000, gstRate: 18, taxableValuePaise: 450000, cgstPaise: 40500, sgstPaise: 40500, igstPaise: 0, totalPaise: 531000 },
      { description: 'Bearing 7014', hsnSac: '84821010', quantity: 2, ratePaise: 125050, gstRate: 18, taxableValuePaise: 250100, cgstPaise: 22509, sgstPaise: 22509, igstPaise: 0, totalPaise: 295118 },
    ],
    taxableValuePaise: 700100,
    cgstPaise: 63009,
    sgstPaise: 63009,
    igstPaise: 0,
    roundOffPaise: -18,
    grandTotalPaise: 826100,
    ...overrides,
  };
}

function jwtParts(token: string) {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  return { header, payload, signature, claims: JSON.parse(Buffer.from(payload, 'base64url').toString()) as { data: string; iss: string } };
}

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe('the IRN', () => {
  it('is the portal’s: SHA-256 of GSTIN, financial year, document type and number', () => {
    expect(irnOf({ sellerGstin: '24AACCT3352M1Z9', financialYear: '2023-24', documentType: 'INV', documentNumber: 'DOC/3650' })).toBe('38d3c9cb2cad71aff232db81ac37a5b03198b087b20beb5f918f560e23398395');
  });
});

describe('the local sandbox', () => {
  it('registers a document: IRN, 15-digit acknowledgement, and a QR signed like the portal’s', async () => {
    const at = new Date('2026-03-01T04:30:00Z');
    const sandbox = createSandboxPortal({ db: t.db, dataDir, now: () => at });
    const registration = await registerInvoice(sandbox, invoiceBody('INV-2026-000901'));
    expect(registration.irn).toBe(irnOf({ sellerGstin: '27AABCS1429B1ZU', financialYear: '2025-26', documentType: 'INV', documentNumber: 'INV-2026-000901' }));
    expect(registration.ackNo).toMatch(/^\d{15}$/);
    expect(registration.ackDate).toBe(at.toISOString());
    expect(registration.issuer).toBe(SANDBOX_ISSUER);

    const { header, payload, signature, claims } = jwtParts(registration.signedQr);
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'RS256', typ: 'JWT' });
    expect(verify('sha256', Buffer.from(`${header}.${payload}`), createPublicKey(sandbox.publicKeyPem()), Buffer.from(signature, 'base64url'))).toBe(true);
    expect(claims.iss).toBe(SANDBOX_ISSUER);
    expect(JSON.parse(claims.data)).toEqual({
      SellerGstin: '27AABCS1429B1ZU',
      BuyerGstin: '27AAJFT2468H1ZU',
      DocNo: 'INV-2026-000901',
      DocTyp: 'INV',
      DocDt: '28/02/2026',
      TotInvVal: 8261,
      ItemCnt: 2,
      MainHsnCode: '998719',
      Irn: registration.irn,
      IrnDt: '2026-03-01 10:00:00',
    });
    // A tampered QR does not verify.
    const forged = Buffer.from(JSON.stringify({ ...claims, data: claims.data.replace('8261', '1') })).toString('base64url');
    expect(verify('sha256', Buffer.from(`${header}.${forged}`), createPublicKey(sandbox.publicKeyPem()), Buffer.from(signature, 'base64url'))).toBe(false);
  });

  it('keeps one signing key under DATA_DIR, readable by its owner only', () => {
    const file = path.join(dataDir, 'einvoice-sandbox', 'signing-key.pem');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const again = createSandboxPortal({ db: t.db, dataDir });
    expect(again.publicKeyPem()).toBe(createSandboxPortal({ db: t.db, dataDir }).publicKeyPem());
  });

  it('refuses a duplicate, quoting the portal', async () => {
    const sandbox = createSandboxPortal({ db: t.db, dataDir });
    await registerInvoice(sandbox, invoiceBody('INV-2026-000902'));
    const duplicate = await refusal(registerInvoice(sandbox, invoiceBody('INV-2026-000902')));
    expect(duplicate.kind).toBe('conflict');
    expect(duplicate.message).toBe('The e-invoice portal refused to register INV-2026-000902 (2150): Duplicate IRN: INV INV-2026-000902 of 27AABCS1429B1ZU is already registered');
    // The product's sentence is worded; the portal's own text goes in it as it came, a value (issue 34).
    expect(duplicate.details.words).toEqual({ key: 'refusal.portalRefusedRegister', values: { number: 'INV-2026-000902', code: '2150', portalText: 'Duplicate IRN: INV INV-2026-000902 of 27AABCS1429B1ZU is already registered' } });
  });

  it.each([
    ['0INV/26/1', 'starts with 0'],
    ['/INV-26-1', 'starts with /'],
    ['INV_2026_000001', 'has an underscore'],
    ['INV-2026-00000001', 'has 17 characters'],
  ])('refuses the document number %s (%s) before calling the portal', async (number) => {
    let called = false;
    const portal = { ...createSandboxPortal({ db: t.db, dataDir }), register: async () => ((called = true), Promise.reject(new Error('called'))) };
    const error = await refusal(registerInvoice(portal, invoiceBody(number)));
    expect(error.kind).toBe('invalid');
    expect(error.message).toMatch(/^alternateId: An e-invoice document number has at most 16 characters/);
    expect(called).toBe(false);
  });

  it('accepts a 16-character number with "/" and "-"', () => {
    expect(portalDocumentOf(invoiceBody('INV/2026-0000012')).documentNumber).toBe('INV/2026-0000012');
  });

  it('cancels an IRN once, within 24 hours of its acknowledgement, with a reason code 1 to 4', async () => {
    let clock = new Date('2026-03-02T06:00:00Z');
    const sandbox = createSandboxPortal({ db: t.db, dataDir, now: () => clock });
    const first = await registerInvoice(sandbox, invoiceBody('INV-2026-000903'));
    const late = await registerInvoice(sandbox, invoiceBody('INV-2026-000904'));
    const input = { sellerGstin: '27AABCS1429B1ZU', remark: 'Wrong buyer' };

    await expect(sandbox.cancel({ ...input, irn: first.irn, reasonCode: 5 as never })).rejects.toThrow(PortalRefusal);
    clock = new Date(clock.getTime() + 23 * 3_600_000);
    const cancelled = await cancelRegistration(sandbox, { ...input, irn: first.irn, reasonCode: 2 });
    expect(cancelled).toEqual({ irn: first.irn, cancelDate: clock.toISOString() });
    expect((await refusal(cancelRegistration(sandbox, { ...input, irn: first.irn, reasonCode: 2 }))).message).toMatch(/\(9999\): IRN .+ is already cancelled$/);

    clock = new Date(Date.parse(late.ackDate) + 24 * 3_600_000 + 1_000);
    const tooLate = await refusal(cancelRegistration(sandbox, { ...input, irn: late.irn, reasonCode: 1 }));
    expect(tooLate.message).toMatch(/\(2265\): An IRN can be cancelled only within 24 hours of its acknowledgement: issue a credit note instead$/);
  });
});

describe('a GST Suvidha Provider', () => {
  let server: http.Server;
  let url: string;
  const seen: Array<{ path: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown> }> = [];
  let nextAnswer: ((path: string) => unknown) | undefined;

  beforeAll(async () => {
    // The provider's side of the contract in server/einvoice/gsp-portal.ts, as a test stands it up.
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        seen.push({ path: req.url ?? '', headers: req.headers, body: JSON.parse(raw || '{}') as Record<string, unknown> });
        const answer = nextAnswer?.(req.url ?? '') ?? (req.url?.endsWith('/auth') ? { Status: 1, Data: { AuthToken: 'token-1', TokenExpiry: '2099-01-01 00:00:00' } } : { Status: 1, Data: { Irn: 'a'.repeat(64), AckNo: 112610000000077, AckDt: '2026-03-01 10:00:00', SignedQRCode: 'x.y.z' } });
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/gsp`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const gsp = (base = url) => createGspPortal({ url: base, clientId: 'cid', clientSecret: 'secret', username: 'user', password: 'pass', gstin: '27AABCS1429B1ZU', timeoutMs: 2_000 });

  it('signs in, sends the portal’s JSON and returns what the provider registered', async () => {
    seen.length = 0;
    nextAnswer = undefined;
    const registration = await registerInvoice(gsp(), invoiceBody('INV-2026-000905'));
    expect(registration).toEqual({ irn: 'a'.repeat(64), ackNo: '112610000000077', ackDate: '2026-03-01T04:30:00.000Z', signedQr: 'x.y.z', issuer: 'NIC (through the GSP)' });
    expect(seen.map((s) => s.path)).toEqual(['/gsp/auth', '/gsp/invoice']);
    expect(seen[0]?.headers).toMatchObject({ client_id: 'cid', client_secret: 'secret' });
    expect(seen[1]?.headers).toMatchObject({ authtoken: 'token-1', gstin: '27AABCS1429B1ZU' });
    expect(seen[1]?.body).toMatchObject({ Version: '1.1', DocDtls: { Typ: 'INV', No: 'INV-2026-000905', Dt: '28/02/2026' }, ValDtls: { AssVal: 7001, CgstVal: 630.09, SgstVal: 630.09, RndOffAmt: -0.18, TotInvVal: 8261 } });
  });

  it('passes a refusal on with the portal’s code and words', async () => {
    nextAnswer = (p) => (p.endsWith('/invoice') ? { Status: 0, ErrorDetails: [{ ErrorCode: '2150', ErrorMessage: 'Duplicate IRN' }] } : undefined);
    const error = await refusal(registerInvoice(gsp(), invoiceBody('INV-2026-000906')));
    expect(error.message).toBe('The e-invoice portal refused to register INV-2026-000906 (2150): Duplicate IRN');
    nextAnswer = undefined;
  });

  it('never reports success for a provider that was not reached', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(gsp(`http://127.0.0.1:${port}`).register(portalDocumentOf(invoiceBody('INV-2026-000907')))).rejects.toThrow(PortalUnavailable);
    const error = await refusal(registerInvoice(gsp(`http://127.0.0.1:${port}`), invoiceBody('INV-2026-000907')));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toMatch(/could not be reached: .+\. Nothing was registered: try again in a few minutes$/);
    expect(error.details.words).toMatchObject({ key: 'refusal.portalUnreachable', values: { address: `http://127.0.0.1:${port}` } });
  });
});

describe('the configuration', () => {
  it('uses the sandbox by default, refuses an unknown provider, and names what a GSP lacks', () => {
    const config = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env }, process.cwd());
    expect(createEInvoicePortal(config({}), t.db).kind).toBe('sandbox');
    expect(() => config({ EINVOICE_PROVIDER: 'nic' })).toThrow('EINVOICE_PROVIDER must be "sandbox" or "gsp", not "nic"');
    expect(() => createEInvoicePortal(config({ EINVOICE_PROVIDER: 'gsp', EINVOICE_URL: 'https://gsp.example' }), t.db)).toThrow('EINVOICE_PROVIDER=gsp needs EINVOICE_CLIENT_ID, EINVOICE_CLIENT_SECRET, EINVOICE_USERNAME, EINVOICE_PASSWORD, EINVOICE_GSTIN');
    const full = { EINVOICE_PROVIDER: 'gsp', EINVOICE_URL: 'https://gsp.example', EINVOICE_CLIENT_ID: 'a', EINVOICE_CLIENT_SECRET: 'b', EINVOICE_USERNAME: 'c', EINVOICE_PASSWORD: 'd', EINVOICE_GSTIN: '27AABCS1429B1ZU' };
    expect(createEInvoicePortal(config(full), t.db).kind).toBe('gsp');
  });
});
