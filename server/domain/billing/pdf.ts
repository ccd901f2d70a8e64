/**
 * A small layout kit over pdfkit for the product's documents (invoice, credit note, proposal, agreement,
 * service ticket, fire-extinguisher tag). Replies carry the PDF as base64 in `{ data }`, the shape the
 * client decodes and saves (document 2 §7).
 *
 * pdfkit's built-in Helvetica has no ₹ glyph (WinAnsi encoding), so amounts print as "Rs.".
 */
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { subscriber } from '../../../src/contract/modules/admin';
import { formatDateTime, formatDay, zoneOrDefault } from '../../../src/contract/zonedTime';
import type { Queryable } from '../../db/pool';
import { ALL_TENANTS, repo } from '../../db/repository';
import type { z } from 'zod';
import type { pdfReply as pdfReplySchema } from '../../../src/contract/modules/replies';

type Doc = PDFKit.PDFDocument;

/** What every generatePdf handler answers: the input of the catalogue's pdf reply schema. */
export type PdfReply = z.input<typeof pdfReplySchema>;

export interface Column {
  label: string;
  width: number;
  align?: 'left' | 'right' | 'center';
}

const MARGIN = 40;
const INK = '#1f2933';
const MUTED = '#616e7c';
const RULE = '#cbd2d9';

/** Builds a PDF in memory. */
export function renderPdf(build: (doc: Doc) => void, info: { title: string; author?: string }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: info.title, Author: info.author ?? 'FieldOps' }, bufferPages: true });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      build(doc);
      pageNumbers(doc);
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
}

export function pdfReply(buffer: Buffer, fileName: string): PdfReply {
  return { data: buffer.toString('base64'), fileName, mimeType: 'application/pdf' };
}

/** The subscriber's company name and GSTIN for document headers. */
/** Who issues a document: the subscriber, with the time zone its documents' times are written in. */
export interface Issuer {
  companyName: string;
  gstNo?: string;
  address?: string;
  /** The subscriber's zone (its `timezone`, India's by default): a document's instants are its wall-clock times. */
  timeZone: string;
}

export async function issuerOf(db: Queryable, tenantId: string): Promise<Issuer> {
  const body = await repo(db, subscriber, ALL_TENANTS).getBody(tenantId);
  return {
    companyName: typeof body?.companyName === 'string' ? body.companyName : 'FieldOps',
    gstNo: typeof body?.gstNo === 'string' ? body.gstNo : undefined,
    address: typeof body?.address === 'string' ? body.address : undefined,
    timeZone: zoneOrDefault(typeof body?.timezone === 'string' ? body.timezone : undefined),
  };
}

const contentWidth = (doc: Doc): number => doc.page.width - 2 * MARGIN;

export function header(doc: Doc, issuer: Pick<Issuer, 'companyName' | 'gstNo' | 'address'>, title: string, reference?: string): void {
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(16).text(issuer.companyName, MARGIN, MARGIN);
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  if (issuer.address) doc.text(issuer.address);
  if (issuer.gstNo) doc.text(`GSTIN: ${issuer.gstNo}`);
  doc.moveDown(0.8);
  doc.font('Helvetica-Bold').fontSize(13).fillColor(INK).text(title, { continued: Boolean(reference) });
  if (reference) doc.font('Helvetica').fontSize(11).fillColor(MUTED).text(`   ${reference}`);
  rule(doc);
}

export function rule(doc: Doc): void {
  doc.moveDown(0.4);
  const y = doc.y;
  doc.strokeColor(RULE).lineWidth(0.7).moveTo(MARGIN, y).lineTo(doc.page.width - MARGIN, y).stroke();
  doc.moveDown(0.6);
}

export function sectionTitle(doc: Doc, title: string): void {
  doc.moveDown(0.6);
  doc.font('Helvetica-Bold').fontSize(10.5).fillColor(INK).text(title, MARGIN);
  doc.moveDown(0.3);
}

/** Label / value pairs, two columns; rows whose value is empty are left out. */
export function fields(doc: Doc, rows: ReadonlyArray<readonly [string, string | number | undefined | null]>): void {
  const labelWidth = 150;
  for (const [label, value] of rows) {
    if (value === undefined || value === null || value === '') continue;
    ensureSpace(doc, 18);
    const y = doc.y;
    doc.font('Helvetica').fontSize(9.5).fillColor(MUTED).text(label, MARGIN, y, { width: labelWidth });
    doc.font('Helvetica').fontSize(9.5).fillColor(INK).text(String(value), MARGIN + labelWidth, y, { width: contentWidth(doc) - labelWidth });
    doc.moveDown(0.25);
  }
}

export function paragraph(doc: Doc, text: string): void {
  doc.font('Helvetica').fontSize(9.5).fillColor(INK).text(text, MARGIN, doc.y, { width: contentWidth(doc) });
}

/** A table with a header row; widths are fractions of the content width. */
export function table(doc: Doc, columns: readonly Column[], rows: ReadonlyArray<readonly string[]>, emphasiseLast = false): void {
  const total = columns.reduce((sum, c) => sum + c.width, 0);
  const widths = columns.map((c) => (c.width / total) * contentWidth(doc));
  const drawRow = (cells: readonly string[], bold: boolean, shade: boolean): void => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
    const height = Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: (widths[i] ?? 50) - 6 }))) + 6;
    ensureSpace(doc, height + 4);
    const y = doc.y;
    if (shade) doc.rect(MARGIN, y, contentWidth(doc), height).fill('#f0f4f8');
    let x = MARGIN;
    cells.forEach((cell, i) => {
      const width = widths[i] ?? 50;
      doc.fillColor(INK).text(cell, x + 3, y + 3, { width: width - 6, align: columns[i]?.align ?? 'left' });
      x += width;
    });
    doc.strokeColor(RULE).lineWidth(0.5).moveTo(MARGIN, y + height).lineTo(MARGIN + contentWidth(doc), y + height).stroke();
    doc.x = MARGIN;
    doc.y = y + height;
  };
  drawRow(columns.map((c) => c.label), true, true);
  rows.forEach((row, index) => drawRow(row, emphasiseLast && index === rows.length - 1, false));
  doc.moveDown(0.5);
}

/**
 * The e-invoice's signed QR as the portal's rules print it on the invoice: the code (the portal's signed JWT,
 * encoded as it is, at error correction M) with its caption, beside the IRN block.
 */
export async function qrImage(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { errorCorrectionLevel: 'M', margin: 1, width: 360, type: 'png' });
}

export function qrBlock(doc: Doc, image: Buffer, caption: string): void {
  const size = 120;
  ensureSpace(doc, size + 24);
  const x = MARGIN + contentWidth(doc) - size;
  const y = doc.y;
  doc.image(image, x, y, { width: size, height: size });
  doc.font('Helvetica').fontSize(8).fillColor(MUTED);
  doc.text(caption, x, y + size + 2, { width: size, align: 'center' });
  doc.x = MARGIN;
  doc.y = y + size + 16;
}

/** Photos (PNG or JPEG bytes), three a row, each fitted in its cell above its caption; a row never splits a page. */
export function photoGrid(doc: Doc, photos: ReadonlyArray<{ image: Buffer; caption: string }>): void {
  const perRow = 3;
  const gap = 12;
  const cell = (contentWidth(doc) - gap * (perRow - 1)) / perRow;
  const height = cell * 0.75;
  for (let start = 0; start < photos.length; start += perRow) {
    ensureSpace(doc, height + 28);
    const y = doc.y;
    photos.slice(start, start + perRow).forEach((photo, i) => {
      const x = MARGIN + i * (cell + gap);
      doc.image(photo.image, x, y, { fit: [cell, height], align: 'center', valign: 'center' });
      doc.font('Helvetica').fontSize(8).fillColor(MUTED).text(photo.caption, x, y + height + 3, { width: cell, align: 'center', lineBreak: false, ellipsis: true });
    });
    doc.x = MARGIN;
    doc.y = y + height + 20;
  }
}

/** Two signature lines; `leftImage` (a PNG) is the signature taken on screen, drawn above the left line. */
export function signatureBlock(doc: Doc, left: string, right: string, leftImage?: Buffer): void {
  ensureSpace(doc, leftImage ? 130 : 80);
  doc.moveDown(leftImage ? 1 : 3);
  const half = contentWidth(doc) / 2;
  if (leftImage) {
    doc.image(leftImage, MARGIN, doc.y, { fit: [half - 30, 60] });
    doc.y += 64;
  }
  const y = doc.y;
  doc.strokeColor(RULE).moveTo(MARGIN, y).lineTo(MARGIN + half - 30, y).stroke();
  doc.moveTo(MARGIN + half + 30, y).lineTo(MARGIN + contentWidth(doc), y).stroke();
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  doc.text(left, MARGIN, y + 4, { width: half - 30 });
  doc.text(right, MARGIN + half + 30, y + 4, { width: half - 30 });
  doc.x = MARGIN;
}

function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > doc.page.height - MARGIN - 20) doc.addPage();
}

function pageNumbers(doc: Doc): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.font('Helvetica').fontSize(8).fillColor(MUTED);
    // Writing below the bottom margin would add a page; lift the margin while stamping.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.text(`Page ${i + 1} of ${range.count}`, MARGIN, doc.page.height - MARGIN + 10, { width: doc.page.width - 2 * MARGIN, align: 'right' });
    doc.page.margins.bottom = bottom;
  }
}

/** DD/MM/YYYY, the product's date format (document 1 §9). */
/** A calendar day (`YYYY-MM-DD`, as written) → `DD/MM/YYYY`. For an instant, see `dayIn` and `dateTimeIn`. */
export function ddmmyyyy(isoDate: unknown): string | undefined {
  if (typeof isoDate !== 'string' || isoDate.length < 10) return undefined;
  const [y, m, d] = isoDate.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/** An instant's day on the issuer's wall clock, `DD/MM/YYYY` (its UTC day would be yesterday before 05:30 in India). */
export function dayIn(instant: unknown, zone: string): string | undefined {
  return typeof instant === 'string' && instant ? formatDay(instant, zone) : undefined;
}

/** An instant on the issuer's wall clock, `DD/MM/YYYY HH:mm`. */
export function dateTimeIn(instant: unknown, zone: string): string | undefined {
  return typeof instant === 'string' && instant ? formatDateTime(instant, zone) : undefined;
}
