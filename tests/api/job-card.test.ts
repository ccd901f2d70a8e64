/**
 * Every kind of ticket has its job card (issue 31 item 7): a generic ticket and a service ticket, resolved with the
 * customer's signature drawn on the pad, print the work logged, the parts asked for, the expenses, what was said to
 * the customer (never the team's internal comments), the photos, the resolution and the signature itself, read back
 * here from the PDF's images (the "signature" and the photo are QR codes, so the images are decoded, not guessed).
 * A client's user prints it without the team's expenses.
 * A signature that is not a PNG drawn on the pad is refused naming the field, on both modules; the generic ticket's
 * signature field is labelled as the catalogue says, never as a URL.
 */
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleNamed } from '../../src/contract/modules';
import { describeFields } from '../../src/ui/screens/module/fieldModel';
import { pdfQrCodes } from '../helpers/pdf-qr';
import { pdfText } from '../helpers/pdf-text';
import { formatDateTime } from '../../src/contract/zonedTime';
import { testDb, type SignedIn, type TestDb } from '../helpers/test-db';
import { expectPdf } from './modules/support';

let t: TestDb;
let admin: SignedIn;
let engineer: SignedIn;
let client: SignedIn;

beforeAll(async () => {
  t = await testDb();
  admin = await t.signIn('admin@demo.local');
  engineer = await t.signIn('engineer@demo.local');
  client = await t.signIn('client@demo.local');
});
afterAll(() => t.close());

async function machineNamed(name: string): Promise<string> {
  const machines = await t.call(admin, 'GET', `/api/app/svc-machine-instances?limit=${Number.MAX_SAFE_INTEGER}`);
  const found = (machines.body.data ?? []).find((m) => m.name === name);
  if (!found) throw new Error(`no machine ${name}`);
  return String(found._id);
}

/** A ticket of `module` raised by the admin for the engineer, started, with an hour and a half of work and a part asked for. */
async function workedTicket(module: 'ticket' | 'svc-ticket', title: string): Promise<{ id: string; partName: string }> {
  const base = module === 'svc-ticket' ? { ticketType: 'Breakdown Maintenance' } : { category: 'Complaint' };
  const made = await t.call(admin, 'POST', `/api/app/${module}`, { ...base, title, machineInstanceId: await machineNamed('Compressor CP-01'), assignedTo: engineer.user._id });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const id = String(made.body._id);
  expect((await t.call(engineer, 'PATCH', `/api/app/${module}/transition/${id}`, { event: 'start' })).status).toBe(200);
  const logged = await t.call(engineer, 'POST', `/api/app/${module}/worklog/${id}`, { activity: 'Cleaned the oil cooler fins', hours: 1.5 });
  expect(logged.status, JSON.stringify(logged.body)).toBe(201);
  const parts = await t.call(engineer, 'GET', `/api/app/${module}/parts/${id}`);
  const part = (parts.body.data ?? [])[0];
  expect(part, JSON.stringify(parts.body)).toBeTruthy();
  const asked = await t.call(engineer, 'POST', `/api/app/${module}/spare-request/${id}`, { items: [{ partId: part?._id, quantity: 1 }] });
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  const said = [
    await t.call(engineer, 'POST', `/api/app/${module}/comment/${id}`, { comment: 'Cooler fins were choked with dust' }),
    await t.call(engineer, 'POST', `/api/app/${module}/comment/${id}`, { comment: 'Customer skips the weekly cleaning', internal: true }),
    await t.call(engineer, 'POST', `/api/app/${module}/expense/${id}`, { category: 'Local Conveyance', amountPaise: 125050, description: 'Auto to the plant and back' }),
    await t.call(engineer, 'POST', `/api/app/${module}/attachment/${id}`, { name: 'cooler-before.png', mimeType: 'image/png', contentBase64: (await QRCode.toDataURL(`Photo of ${title}`, { margin: 2, scale: 4 })).split(',')[1] }),
  ];
  for (const res of said) expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(201);
  return { id, partName: String(part?.partName) };
}

describe('the job card of every kind of ticket', () => {
  for (const module of ['ticket', 'svc-ticket'] as const) {
    it(`${module}: resolved with a drawn signature, its job card prints the work, the part, the expense, the public comment, the photo, the resolution and the signature image`, async () => {
      const { id, partName } = await workedTicket(module, `Compressor trips on high temperature (${module})`);
      const signedBy = `Signed by Meera Shah for ${module} ${id}`;
      const signature = await QRCode.toDataURL(signedBy, { margin: 2, scale: 4 });
      expect(signature.startsWith('data:image/png;base64,')).toBe(true);

      const scribble = await t.call(engineer, 'PATCH', `/api/app/${module}/transition/${id}`, { event: 'resolve', resolution: 'Cooler cleaned', customerSignatureUrl: 'https://example.com/sign.png' });
      expect(scribble.status).toBe(400);
      expect(scribble.body.message).toBe('customerSignatureUrl: The signature must be a PNG image drawn on the pad');

      const resolved = await t.call(engineer, 'PATCH', `/api/app/${module}/transition/${id}`, { event: 'resolve', resolution: 'Cooler cleaned; oil and filter changed', customerSignatureUrl: signature });
      expect(resolved.status, JSON.stringify(resolved.body).slice(0, 300)).toBe(200);
      expect(resolved.body).toMatchObject({ status: 'Resolved', customerSignatureUrl: signature });

      const pdf = expectPdf(await t.call(engineer, 'POST', `/api/app/${module}/generatePdf/${id}`));
      const text = pdfText(pdf);
      for (const words of ['Service Job Card', 'Compressor CP-01', 'Cleaned the oil cooler fins', '1.50', partName, 'Resolution', 'Cooler cleaned; oil and filter changed', 'Customer signature', `Engineer: ${engineer.user.name}`]) {
        expect(text, words).toContain(words);
      }
      // The expense, in rupees with Indian grouping; what was said to the customer, by whom; never the internal note.
      for (const words of ['Expenses', 'Local Conveyance', 'Auto to the plant and back', 'Rs. 1,250.50', 'Comments', `${engineer.user.name}: Cooler fins were choked with dust`, 'Photos', 'cooler-before.png']) {
        expect(text, words).toContain(words);
      }
      expect(text).not.toContain('Customer skips the weekly cleaning');
      expect(text).toContain(module === 'ticket' ? 'Ticket · Complaint' : 'Breakdown Maintenance');
      // Its times are the subscriber's wall clock (India), never the UTC day: resolved just now, as the demo tenant reads it.
      const resolvedAt = String(resolved.body.resolvedAt);
      expect(text).toContain(`Resolved on\n${formatDateTime(resolvedAt, 'Asia/Kolkata')}`);
      // The signature and the photo themselves are in the PDF: their images decode to what was drawn.
      expect(pdfQrCodes(pdf)).toEqual(expect.arrayContaining([signedBy, `Photo of Compressor trips on high temperature (${module})`]));
    });
  }

  it("a client's user prints the job card of his company's ticket without the service team's expenses", async () => {
    const mine = await t.call(client, 'GET', '/api/app/ticket/view/ticket-client-list');
    expect(mine.status, JSON.stringify(mine.body).slice(0, 200)).toBe(200);
    const own = (mine.body.data ?? []).find((row) => row.module === 'ticket') as { _id: string } | undefined;
    expect(own, 'a generic ticket of the client').toBeTruthy();
    const id = own!._id;
    const added = await t.call(admin, 'POST', `/api/app/ticket/expense/${id}`, { category: 'Travel', amountPaise: 45600, description: 'Cab to Sunrise Textiles' });
    expect(added.status, JSON.stringify(added.body).slice(0, 300)).toBe(201);
    expect(pdfText(expectPdf(await t.call(admin, 'POST', `/api/app/ticket/generatePdf/${id}`)))).toContain('Cab to Sunrise Textiles');
    const clients = pdfText(expectPdf(await t.call(client, 'POST', `/api/app/ticket/generatePdf/${id}`)));
    expect(clients).toContain('Service Job Card');
    expect(clients).not.toContain('Cab to Sunrise Textiles');
    expect(clients).not.toContain('Expenses');
  });

  it("a job card is read within the caller's scope: another tenant's admin and a client of another company are refused", async () => {
    const { id } = await workedTicket('ticket', 'Job card scope');
    const acme = await t.signIn('admin@acme.local');
    expect((await t.call(acme, 'POST', `/api/app/ticket/generatePdf/${id}`)).status).toBe(404);
    // The ticket is Kalyani Forge's (its machine's client): the client user of Sunrise Textiles does not see it.
    expect((await t.call(client, 'POST', `/api/app/ticket/generatePdf/${id}`)).status).toBe(404);
  });

  it('the signature field of every ticket kind is labelled as the catalogue says, never as a URL', () => {
    for (const name of ['ticket', 'svc-ticket']) {
      const field = describeFields(moduleNamed(name)).find((f) => f.name === 'customerSignatureUrl');
      expect(field?.label, name).toBe('Customer signature');
      // Written by the resolve step only: the forms never offer it to type in.
      expect(field?.stepped, name).toBe(true);
    }
  });
});
