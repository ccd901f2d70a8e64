/**
 * Invoice e-mail through a real SMTP conversation: a local smtp-server stands in for the deployment's
 * relay (SMTP_URL), receives the message and its PDF attachment, and can refuse one recipient. The
 * invoice's emailLog is written only after the relay accepted the message.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb, type ApiBody, type SignedIn, type TestDb } from '../../helpers/test-db';
import { userWith } from './support';

const INVOICE = '/api/app/invoice';
const REFUSED = 'blocked@talegaongears.in';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let relay: SMTPServer;
const received: Received[] = [];
let t: TestDb;
let admin: SignedIn;

beforeAll(async () => {
  relay = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      if (address.address === REFUSED) return callback(new Error('Mailbox unavailable'));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', () => resolve()));
  const { port } = relay.server.address() as AddressInfo;
  t = await testDb({ config: { smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true` } });
  admin = await t.signIn('admin@demo.local');
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => relay.close(() => resolve()));
});

async function finalInvoice(): Promise<ApiBody> {
  const res = await t.call(admin, 'POST', `${INVOICE}/createInvoiceWithItems`, {
    invoiceDate: '2026-02-28',
    supplierGstin: '27AABCS1429B1ZU',
    billToName: 'Talegaon Gears Pvt Ltd',
    billToGstin: '27AAJFT2468H1ZU',
    placeOfSupply: '27',
    status: 'Final',
    items: [{ description: 'Breakdown visit – VMC spindle', hsnSac: '998719', quantity: 1, ratePaise: 450000, gstRate: 18 }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('POST /api/app/invoice/invoice-email', () => {
  it('sends the invoice PDF to the relay, then records the dispatch', async () => {
    const invoice = await finalInvoice();
    const before = received.length;
    const res = await t.call(admin, 'POST', `${INVOICE}/invoice-email`, { id: invoice._id, to: 'accounts@talegaongears.in' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(received.length).toBe(before + 1);
    const mail = received.at(-1)!;
    expect(mail.from).toBe('tests@fieldops.local');
    expect(mail.to).toEqual(['accounts@talegaongears.in']);
    expect(mail.raw).toContain(`Subject: Tax Invoice ${String(invoice.alternateId)} from`);
    expect(mail.raw).toMatch(/Content-Type: application\/pdf; name=/);
    // The attachment is the same PDF the download answers (base64 in the message).
    expect(mail.raw).toContain('JVBERi0'); // "%PDF-" in base64
    expect(res.body.emailLog).toEqual([{ to: 'accounts@talegaongears.in', at: expect.any(String), messageId: expect.any(String), by: 'admin@demo.local' }]);
  });

  it('a recipient the relay refuses answers 502 with its reason and records nothing', async () => {
    const invoice = await finalInvoice();
    const res = await t.call(admin, 'POST', `${INVOICE}/invoice-email`, { id: invoice._id, to: REFUSED });
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(/^The mail server did not accept the message: .*Mailbox unavailable/);
    const after = await t.call(admin, 'GET', `${INVOICE}/getById/${String(invoice._id)}`);
    expect(after.status).toBe(200);
    expect(after.body.emailLog).toEqual([]);
  });

  it('a draft is refused before anything is sent', async () => {
    const draft = await t.call(admin, 'POST', `${INVOICE}/createInvoiceWithItems`, {
      invoiceDate: '2026-02-28',
      supplierGstin: '27AABCS1429B1ZU',
      billToName: 'Talegaon Gears Pvt Ltd',
      placeOfSupply: '27',
      items: [{ description: 'Visit', hsnSac: '998719', quantity: 1, ratePaise: 100000, gstRate: 18 }],
    });
    const before = received.length;
    const res = await t.call(admin, 'POST', `${INVOICE}/invoice-email`, { id: draft.body._id, to: 'accounts@talegaongears.in' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Finalise the invoice before sending it');
    // Its words go beside the English: the client says it in the person's language (issue 34).
    expect(res.body.words).toEqual({ key: 'refusal.finaliseBeforeSending', values: {} });
    expect(received.length).toBe(before);
  });

  it('names the field of a bad address, and keeps other tenants and people without UPDATE out', async () => {
    const invoice = await finalInvoice();
    const bad = await t.call(admin, 'POST', `${INVOICE}/invoice-email`, { id: invoice._id, to: 'not-an-address' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Email is not valid');
    const before = received.length;
    const acme = await t.signIn('admin@acme.local');
    expect((await t.call(acme, 'POST', `${INVOICE}/invoice-email`, { id: invoice._id, to: 'x@acme.local' })).status).toBe(404);
    const viewer = await userWith(t, admin, [{ feature: 'GENERATE_INVOICE', privileges: ['VIEW'] }]);
    expect((await t.call(viewer, 'POST', `${INVOICE}/invoice-email`, { id: invoice._id, to: 'x@talegaongears.in' })).status).toBe(403);
    expect(received.length).toBe(before);
  });
});
