/**
 * Uploads are typed from their bytes (issue 35, item 8): each field takes what it is for (photos and signatures:
 * images; documents: PDF or images), markup is refused with 400 naming the field and nothing is stored, and every
 * answer carrying a stored file says "save it" (Content-Disposition: attachment) and "do not guess" (nosniff).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileUpload } from '../../src/contract/modules/assets';
import { tableName } from '../../src/contract/modules/define';
import { testDb, type SignedIn, type TestDb } from '../helpers/test-db';

const b64 = (text: string | Buffer) => Buffer.from(text).toString('base64');
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const PDF = b64('%PDF-1.4\n% a one-line manual\n%%EOF\n');
const HTML = b64('<!DOCTYPE html><html><body><script>fetch("/api/app/subscriber-user")</script></body></html>');
const SVG = b64('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');
const XML_SVG = b64('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
const ZIP = b64(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]));

let t: TestDb;
let admin: SignedIn;
let engineer: SignedIn;
let ticketId: string;

beforeAll(async () => {
  t = await testDb();
  admin = await t.signIn('admin@demo.local');
  engineer = await t.signIn('engineer@demo.local');
  const made = await t.call(admin, 'POST', '/api/app/svc-ticket', { ticketType: 'Breakdown Maintenance', title: 'Chiller alarm', assignedTo: engineer.user._id });
  ticketId = String(made.body._id);
  expect((await t.call(engineer, 'PATCH', `/api/app/svc-ticket/transition/${ticketId}`, { event: 'start' })).status).toBe(200);
});
afterAll(() => t.close());

async function storedFiles(): Promise<number> {
  const { rows } = await t.db.query<{ n: string }>(`select count(*) as n from "${tableName(fileUpload)}"`);
  return Number(rows[0]?.n);
}

describe('the file store (documents: PDF or images)', () => {
  it.each([
    ['an HTML page', HTML, 'text/html', /The file is an HTML page, which is not accepted here: send a PDF or an image/],
    ['HTML bytes labelled image/png', HTML, 'image/png', /The file is an HTML page/],
    ['an SVG with a script', SVG, 'image/svg+xml', /The file is an SVG image, which can carry scripts/],
    ['an SVG behind an XML declaration, labelled image/png', XML_SVG, 'image/png', /The file is an SVG image/],
    ['a ZIP archive labelled application/pdf', ZIP, 'application/pdf', /The file is of type ZIP \(application\/zip\)/],
    ['plain text', b64('just words'), 'text/plain', /could not be recognised from its content/],
  ])('refuses %s with 400 naming contentBase64, storing nothing', async (_case, contentBase64, mimeType, words) => {
    const before = await storedFiles();
    const res = await t.call(admin, 'POST', '/api/app/file-upload', { name: 'upload.bin', mimeType, contentBase64 });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^contentBase64: /);
    expect(res.body.message).toMatch(words);
    expect(await storedFiles()).toBe(before);
  });

  it('takes a PDF and an image, typed from their bytes whatever the label said', async () => {
    const pdf = await t.call(admin, 'POST', '/api/app/file-upload', { name: 'manual.pdf', mimeType: 'image/png', contentBase64: PDF });
    expect(pdf.status, JSON.stringify(pdf.body)).toBe(201);
    expect(pdf.body.mimeType).toBe('application/pdf');
    const png = await t.call(admin, 'POST', '/api/app/file-upload', { name: 'photo.png', mimeType: 'application/pdf', contentBase64: PNG });
    expect(png.status).toBe(201);
    expect(png.body.mimeType).toBe('image/png');
  });

  it('checks new bytes on an edit the same way, and a label alone changes nothing', async () => {
    const made = await t.call(admin, 'POST', '/api/app/file-upload', { name: 'sheet.pdf', contentBase64: PDF });
    const id = String(made.body._id);
    const html = await t.call(admin, 'PUT', `/api/app/file-upload/${id}`, { contentBase64: HTML, mimeType: 'application/pdf' });
    expect(html.status).toBe(400);
    expect(html.body.message).toMatch(/^contentBase64: The file is an HTML page/);
    const relabel = await t.call(admin, 'PUT', `/api/app/file-upload/${id}`, { mimeType: 'text/html' });
    expect(relabel.status).toBe(200);
    expect(relabel.body.mimeType).toBe('application/pdf');
    const photo = await t.call(admin, 'PUT', `/api/app/file-upload/${id}`, { contentBase64: PNG });
    expect(photo.body).toMatchObject({ mimeType: 'image/png', sizeBytes: 70 });
  });

  it('serves a file as an attachment, not to be sniffed, and an unaccepted stored type as plain bytes', async () => {
    const made = await t.call(admin, 'POST', '/api/app/file-upload', { name: 'Plan “B”.pdf', contentBase64: PDF });
    const res = await t.call(admin, 'POST', '/api/app/file-upload/downloadFile', { path: String(made.body.url) });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Plan _B_.pdf"; filename*=UTF-8''${encodeURIComponent('Plan “B”.pdf')}`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body.mimeType).toBe('application/pdf');
    // A page stored before these checks (written straight to the table) is never handed out as a page.
    await t.db.query(`update "${tableName(fileUpload)}" set body = body || '{"mimeType":"text/html"}'::jsonb where _id = $1`, [made.body._id]);
    const old = await t.call(admin, 'POST', '/api/app/file-upload/downloadFile', { path: String(made.body.url) });
    expect(old.body.mimeType).toBe('application/octet-stream');
  });
});

describe("a ticket's files", () => {
  it('an attachment (a photo or a document) refuses HTML and SVG naming contentBase64, and stores nothing', async () => {
    const before = await storedFiles();
    for (const [contentBase64, mimeType] of [[HTML, 'image/png'], [SVG, 'image/svg+xml']] as const) {
      const res = await t.call(engineer, 'POST', `/api/app/svc-ticket/attachment/${ticketId}`, { name: 'photo.png', mimeType, contentBase64 });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^contentBase64: The file is an (HTML page|SVG image)/);
    }
    expect(await storedFiles()).toBe(before);
    const ticket = await t.call(engineer, 'GET', `/api/app/svc-ticket/getById/${ticketId}`);
    expect(ticket.body.attachments ?? []).toEqual([]);
  });

  it('an attachment takes a PDF, served from the ticket as an attachment', async () => {
    const res = await t.call(engineer, 'POST', `/api/app/svc-ticket/attachment/${ticketId}`, { name: 'report.pdf', mimeType: 'image/jpeg', contentBase64: PDF });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const attachment = (res.body.attachments as Array<{ url: string; mimeType: string }>).at(-1);
    expect(attachment?.mimeType).toBe('application/pdf');
    const file = await t.call(engineer, 'POST', `/api/app/svc-ticket/file/${ticketId}`, { url: attachment?.url });
    expect(file.status).toBe(200);
    expect(file.body.mimeType).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="report.pdf"/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });

  it("an expense's receipt is a photo: a PDF or a page is refused naming receipt.contentBase64, and no expense is kept", async () => {
    const expenses = async () => (await t.call(admin, 'GET', '/api/app/expense?limit=1000')).body.total;
    const before = await expenses();
    for (const contentBase64 of [PDF, HTML]) {
      const res = await t.call(engineer, 'POST', `/api/app/svc-ticket/expense/${ticketId}`, { category: 'Travel', amountPaise: 5000, receipt: { name: 'bill.png', mimeType: 'image/png', contentBase64 } });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^receipt\.contentBase64: The file is .*, which is not accepted here: send an image \(PNG, JPEG, GIF or WebP\)$/);
    }
    expect(await expenses()).toBe(before);
    const ok = await t.call(engineer, 'POST', `/api/app/svc-ticket/expense/${ticketId}`, { category: 'Travel', amountPaise: 5000, receipt: { name: 'bill.png', mimeType: 'image/png', contentBase64: PNG } });
    expect(ok.status).toBe(201);
  });

  it("a customer's signature must be PNG bytes, not a page or an SVG labelled as one", async () => {
    for (const content of [HTML, SVG]) {
      const res = await t.call(engineer, 'PATCH', `/api/app/svc-ticket/transition/${ticketId}`, { event: 'resolve', resolution: 'Reset the alarm', customerSignatureUrl: `data:image/png;base64,${content}` });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^customerSignatureUrl: /);
    }
    const signed = await t.call(engineer, 'PATCH', `/api/app/svc-ticket/transition/${ticketId}`, { event: 'resolve', resolution: 'Reset the alarm', customerSignatureUrl: `data:image/png;base64,${PNG}` });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
  });
});

describe('the size of a file', () => {
  // A PDF of `bytes` bytes: its header, then padding a PDF reader skips as a comment.
  const pdfOf = (bytes: number) => b64(Buffer.concat([Buffer.from('%PDF-1.4\n%'), Buffer.alloc(bytes - 10, 0x20)]));

  it('takes a 4.5 MB PDF into the file store, while any other body stops at 1 MB (413)', async () => {
    const big = pdfOf(4.5 * 1024 * 1024);
    const stored = await t.call(admin, 'POST', '/api/app/file-upload', { name: 'manual.pdf', mimeType: 'application/pdf', contentBase64: big });
    expect(stored.status, JSON.stringify(stored.body).slice(0, 300)).toBe(201);
    expect(stored.body.sizeBytes).toBe(4.5 * 1024 * 1024);
    const notes = await t.call(admin, 'POST', '/api/app/svc-ticket', { ticketType: 'Breakdown Maintenance', title: 'x'.repeat(10), description: 'y'.repeat(1.2 * 1024 * 1024) });
    expect(notes.status).toBe(413);
  });

  it('refuses a file over 5 MB with 400 naming contentBase64, storing nothing', async () => {
    const before = await storedFiles();
    const res = await t.call(admin, 'POST', '/api/app/file-upload', { name: 'huge.pdf', mimeType: 'application/pdf', contentBase64: pdfOf(5 * 1024 * 1024 + 1024) });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^contentBase64: File is larger than 5 MB/);
    expect(await storedFiles()).toBe(before);
  });
});
