/**
 * Billing modules (document 2 §7 "Invoices and related", "Clients, suppliers, purchasing"): GST invoices
 * (tax, supplementary for bills, e-invoices and final invoices are views of one invoice module), the
 * invoice item master, credit notes with approval, bills, manual payments with approval, and the client
 * records: client, client master (billing profile) and client SPOC (contact persons).
 *
 * Money is integer paise. GST is computed by src/contract/gst.ts: the server prices every document it saves with
 * it, and the forms show the same amounts live. Per line, the taxable value is quantity × rate − discount; CGST and SGST (intra-state: supplier state = place of
 * supply) or IGST are each rounded half up to the paisa; the grand total is rounded to the rupee.
 */
import { z } from 'zod';
import { defineModule } from './define';
import { GSTIN_PATTERN } from './admin';
import type { ModuleView } from './service';
import { idParams, listOf, pdfReply, steppedRecord, storedRecord } from './replies';
import { updateSchemaOf } from './updateSchema';
import { says } from '../validationMessages';

const id = (label: string) => z.string({ error: says('required', { label }) }).min(1, says('required', { label }));
const text = (label: string, max = 200) =>
  z.string({ error: says('required', { label }) }).trim().min(1, says('required', { label })).max(max, says('tooLong', { label }));
const optionalText = (label: string, max = 2000) => z.string().trim().max(max, says('tooLong', { label })).optional();
const isoDate = (label: string) => z.iso.date(says('notADate', { label }));
const isoDateTime = (label: string) => z.iso.datetime({ offset: true, message: says('notADateTime', { label }) });
const paise = (label: string) =>
  z.coerce.number({ error: says('notANumber', { label }) }).int(says('wholePaise', { label })).nonnegative(says('negative', { label }));
const gstin = (label: string) => z.string({ error: says('required', { label }) }).trim().regex(GSTIN_PATTERN, says('notValid', { label }));
/** A 2-digit GST state code (27 Maharashtra; 97 other territory, 99 centre jurisdiction). */
export const GST_STATE_CODE_PATTERN = /^(0[1-9]|[1-3][0-9]|97|99)$/;
const stateCode = (label: string) => z.string({ error: says('required', { label }) }).regex(GST_STATE_CODE_PATTERN, says('stateCode', { label }));
const hsnSac = z.string({ error: says('required', { label: 'HSN/SAC' }) }).regex(/^[0-9]{4,8}$/, says('digitsBetween', { label: 'HSN/SAC', min: 4, max: 8 }));
/** GST rates in force (percent). */
export const GST_RATES = [0, 0.1, 0.25, 1.5, 3, 5, 12, 18, 28] as const;
/** A GST rate is picked from the rates in force, in forms and on a document's lines. */
export const GST_RATE_CHOICE = { values: GST_RATES, suffix: '%' } as const;
const gstRate = z.coerce
  .number({ error: says('notANumber', { label: 'GST rate' }) })
  .refine((r) => (GST_RATES as readonly number[]).includes(r), says('oneOf', { label: 'GST rate', choices: GST_RATES.map(String) }));

/** An invoice or credit-note line as written; the server adds its computed amounts. */
export const invoiceLine = z.object({
  itemMasterId: z.string().optional(),
  description: text('Item description', 300),
  hsnSac,
  quantity: z.coerce.number({ error: says('notANumber', { label: 'Quantity' }) }).positive(says('notPositive', { label: 'Quantity' })),
  unit: z.string().trim().max(10).default('NOS'),
  ratePaise: paise('Rate'),
  discountPaise: paise('Discount').default(0),
  gstRate,
  /** On a credit-note line: the index of the invoice line it credits. */
  invoiceLineIndex: z.coerce.number().int().nonnegative().optional(),
  // Computed by the server:
  taxableValuePaise: paise('Taxable value').optional(),
  cgstPaise: paise('CGST').optional(),
  sgstPaise: paise('SGST').optional(),
  igstPaise: paise('IGST').optional(),
  totalPaise: paise('Line total').optional(),
});

/** The document totals the server computes (never trusted from the client). */
/** A document's totals, computed by the server from its lines (never typed). */
const TOTALS = ['taxableValuePaise', 'cgstPaise', 'sgstPaise', 'igstPaise', 'totalTaxPaise', 'roundOffPaise', 'grandTotalPaise'] as const;

const computedTotals = {
  taxableValuePaise: paise('Taxable value').optional(),
  cgstPaise: paise('CGST').optional(),
  sgstPaise: paise('SGST').optional(),
  igstPaise: paise('IGST').optional(),
  totalTaxPaise: paise('Total tax').optional(),
  /** Rounding to the rupee, in paise; may be negative. */
  roundOffPaise: z.coerce.number().int().min(-50).max(50).optional(),
  grandTotalPaise: paise('Grand total').optional(),
};

export const INVOICE_TYPES = ['Tax Invoice', 'Supplementary', 'Proforma'] as const;
export const INVOICE_STATUSES = ['Draft', 'Final', 'Cancelled'] as const;
export const PAYMENT_STATUSES = ['Unpaid', 'Partially Paid', 'Paid'] as const;

const invoiceFields = z.object({
  invoiceType: z.enum(INVOICE_TYPES, { error: says('notValid', { label: 'Invoice type' }) }).default('Tax Invoice'),
  invoiceDate: isoDate('Invoice date'),
  dueDate: isoDate('Due date').optional(),
  supplierName: optionalText('Supplier name', 200),
  supplierGstin: gstin('Supplier GSTIN'),
  clientId: z.string().optional(),
  clientMasterId: z.string().optional(),
  billToName: text('Bill-to name', 200),
  /** Absent for an unregistered (B2C) buyer. */
  billToGstin: gstin('Bill-to GSTIN').optional(),
  billToAddress: optionalText('Bill-to address', 400),
  placeOfSupply: stateCode('Place of supply'),
  ticketAlternateId: z.string().max(40).optional(),
  agreementId: z.string().optional(),
  billIds: z.array(z.string()).default([]),
  items: z.array(invoiceLine).min(1, says('addItem')),
  ...computedTotals,
  /** Written by payment approval and credit-note approval; settle the invoice together. */
  paidPaise: paise('Paid').default(0),
  creditedPaise: paise('Credited').default(0),
  status: z.enum(INVOICE_STATUSES, { error: says('notValid', { label: 'Status' }) }).default('Draft'),
  paymentStatus: z.enum(PAYMENT_STATUSES, { error: says('notValid', { label: 'Payment status' }) }).default('Unpaid'),
  notes: optionalText('Notes', 2000),
  /**
   * Written by generate-e-Invoice from the e-invoice portal's answer: the IRN (SHA-256), acknowledgement number
   * and date, the signed QR (a JWT) and who signed it; `cancelledAt` once the portal cancelled the IRN.
   */
  eInvoice: z
    .object({ irn: z.string(), ackNo: z.string(), ackDate: z.string(), financialYear: z.string(), signedQr: z.string().optional(), issuer: z.string().optional(), cancelledAt: z.string().optional() })
    .optional(),
  /** Written by the lifecycle's steps (src/machines/lifecycles/invoice.ts). */
  finalizedAt: isoDateTime('Finalized at').optional(),
  finalizedBy: z.string().optional(),
  cancelledAt: isoDateTime('Cancelled at').optional(),
  cancelledBy: z.string().optional(),
  cancelReason: optionalText('Cancel reason', 500),
  /** The e-invoice portal's reason code for cancelling a registered invoice: 1 duplicate, 2 data entry mistake, 3 order cancelled, 4 other. */
  cancelReasonCode: z.coerce.number().int().min(1, says('between', { label: 'Reason code', min: 1, max: 4 })).max(4, says('between', { label: 'Reason code', min: 1, max: 4 })).optional(),
  emailLog: z.array(z.object({ to: z.string(), at: z.string() })).default([]),
});

/** PUT update-invoice: the invoice's changed fields, with its id as `_id` or `id`. */
const updateInvoiceBody = updateSchemaOf(invoiceFields).extend({ _id: z.string().min(1).optional(), id: z.string().min(1).optional() });
/** The invoice a call acts on, by its id in the body. */
const invoiceIdBody = z.object({ id: z.string().min(1, says('required', { label: 'id' })) });
export type InvoiceIdBody = z.infer<typeof invoiceIdBody>;
/** POST invoice-email { id, to }: a final invoice sent as a PDF attachment. */
const invoiceEmailBody = z.object({ id: z.string().min(1, says('required', { label: 'id' })), to: z.email(says('notValid', { label: 'Email' })) });
export type InvoiceEmailBody = z.infer<typeof invoiceEmailBody>;
/** POST cancel-invoice { id, reason, reasonCode? }: the lifecycle's cancel step. */
const cancelInvoiceBody = z.object({
  id: z.string().min(1, says('required', { label: 'id' })),
  reason: z.string().trim().min(1, says('reasonRequired')).max(500),
  /** Needed for a registered invoice: the e-invoice portal's reason code (1 duplicate … 4 other). */
  reasonCode: z.coerce.number().int().min(1, says('between', { label: 'Reason code', min: 1, max: 4 })).max(4, says('between', { label: 'Reason code', min: 1, max: 4 })).optional(),
});
export type CancelInvoiceBody = z.infer<typeof cancelInvoiceBody>;
/** POST generate-invoice-forBills: one supplementary invoice from open, billable bills. */
const invoiceForBillsBody = z.object({
  billIds: z.array(z.string().min(1)).min(1, says('chooseBill')),
  invoiceDate: z.iso.date(says('notADate', { label: 'Invoice date' })),
  supplierGstin: invoiceFields.shape.supplierGstin,
  placeOfSupply: invoiceFields.shape.placeOfSupply,
  billToName: invoiceFields.shape.billToName,
  billToGstin: invoiceFields.shape.billToGstin,
  billToAddress: invoiceFields.shape.billToAddress,
  clientId: z.string().optional(),
  ticketAlternateId: z.string().max(40).optional(),
});
export type InvoiceForBillsBody = z.infer<typeof invoiceForBillsBody>;

/**
 * GET new-invoice: what a new invoice starts with, which only the server knows: today in the subscriber's time zone,
 * the default type, and the subscriber's own GSTIN and name as the supplier.
 */
const newInvoiceReply = z.strictObject({
  invoiceType: z.enum(INVOICE_TYPES),
  invoiceDate: z.iso.date(),
  supplierGstin: z.string().optional(),
  supplierName: z.string().optional(),
});
export type NewInvoice = z.output<typeof newInvoiceReply>;

/** An invoice's bill-to as its client master gives it: form field → client-master field (ModuleDef `fills`). */
export const BILL_TO_FROM_CLIENT_MASTER = { billToName: 'legalName', billToGstin: 'gstNo', billToAddress: 'billingAddress', placeOfSupply: 'stateCode' } as const;

export const invoice = defineModule({
  name: 'invoice',
  label: 'Generate Invoice',
  record: 'invoice',
  area: 'billing',
  path: '/api/app/invoice',
  // generate-invoice shows this module; generate-e-invoice, generateSupplementaryInvoice and
  // final-invoice-list show it filtered (billingViews).
  feature: 'GENERATE_INVOICE',
  alternateId: { prefix: 'INV' },
  routes: { create: { method: 'POST', path: '/createInvoiceWithItems' } },
  fields: invoiceFields,
  // A Final invoice, so the sample credit note and payment that reference it are accepted.
  example: {
    invoiceDate: '2026-02-28',
    status: 'Final',
    supplierGstin: '27AABCS1429B1Z1',
    billToName: 'Talegaon Gears Pvt Ltd',
    billToGstin: '27AAJFT2468H1ZU',
    placeOfSupply: '27',
    items: [{ description: 'Breakdown visit – VMC spindle', hsnSac: '998719', quantity: 1, ratePaise: 450000, gstRate: 18 }],
  },
  references: { clientId: 'client', clientMasterId: 'client-master', agreementId: 'agreement', billIds: 'bills' },
  // Picking the client picks its client master (its billing profile), which fills the bill-to; both stay editable.
  fills: { clientId: { through: { field: 'clientMasterId', key: 'clientId' } }, clientMasterId: { fields: BILL_TO_FROM_CLIENT_MASTER } },
  startsFrom: 'newInvoice',
  columns: ['alternateId', 'invoiceDate', 'billToName', 'grandTotalPaise', 'status', 'paymentStatus'],
  lines: {
    items: {
      inputs: ['itemMasterId', 'description', 'hsnSac', 'quantity', 'unit', 'ratePaise', 'discountPaise', 'gstRate'],
      references: { itemMasterId: 'invoice-item-master' },
      fills: { itemMasterId: { description: 'itemName', hsnSac: 'hsnSac', unit: 'unit', ratePaise: 'ratePaise', gstRate: 'gstRate' } },
      gst: { supplierGstin: 'supplierGstin', placeOfSupply: 'placeOfSupply' },
    },
  },
  choices: { gstRate: GST_RATE_CHOICE },
  serverFields: [...TOTALS, 'paidPaise', 'creditedPaise', 'paymentStatus', 'eInvoice', 'emailLog', 'cancelReason', 'cancelReasonCode'],
  messages: {
    list: 'Failed to get list of Invoice',
    create: 'Failed to create Invoice',
    update: 'Failed to update Invoice',
    remove: 'Failed to delete Invoice',
    getById: 'Failed to get Invoice details',
  },
  calls: [
    // Body: the invoice with `_id` (or `id`); recomputes the totals. Only drafts change. Reply the invoice (after a
    // status step, with its version and allowed steps).
    {
      name: 'updateInvoice',
      method: 'PUT',
      path: '/update-invoice',
      privilege: 'UPDATE',
      kind: 'custom',
      message: 'Failed to update Invoice',
      cache: 'merge',
      body: updateInvoiceBody,
      reply: storedRecord,
    },
    { name: 'generatePdf', method: 'POST', path: '/generatePdf/:id', privilege: 'VIEW', kind: 'custom', message: 'Failed to get Invoice details', cache: 'none', params: idParams, reply: pdfReply },
    // What a new invoice starts with (the form asks when it opens): today, the default type, the subscriber as supplier.
    { name: 'newInvoice', method: 'GET', path: '/new-invoice', privilege: 'CREATE', kind: 'custom', message: 'Failed to create Invoice', cache: 'none', reply: newInvoiceReply },
    // Body { id, to }: sends the final invoice through the SMTP relay and records the dispatch; reply the invoice.
    {
      name: 'invoiceEmail',
      method: 'POST',
      path: '/invoice-email',
      privilege: 'UPDATE',
      kind: 'custom',
      message: 'Failed to update Invoice',
      cache: 'merge',
      body: invoiceEmailBody,
      reply: storedRecord,
    },
    // Body { id, reason, reasonCode? }.
    {
      name: 'cancelInvoice',
      method: 'POST',
      path: '/cancel-invoice',
      privilege: 'UPDATE',
      kind: 'custom',
      message: 'Failed to update Invoice',
      cache: 'merge',
      body: cancelInvoiceBody,
      reply: steppedRecord,
    },
    // Body { id }: registers the invoice with the e-invoice portal (its IRN).
    {
      name: 'generateEInvoice',
      method: 'POST',
      path: '/generate-e-Invoice',
      privilege: 'UPDATE',
      kind: 'custom',
      message: 'Failed to create E Invoice',
      cache: 'merge',
      body: invoiceIdBody,
      reply: steppedRecord,
    },
    // Body { billIds, invoiceDate, supplierGstin, placeOfSupply, billToName, … }: a supplementary invoice (201).
    {
      name: 'generateInvoiceForBills',
      method: 'POST',
      path: '/generate-invoice-forBills',
      privilege: 'CREATE',
      kind: 'custom',
      message: 'Failed to generate bills invoice',
      cache: 'none',
      body: invoiceForBillsBody,
      reply: storedRecord,
    },
    // Final invoice calls are not shown in the spec: POST finalize/{id} turns a draft into a final invoice.
    {
      name: 'finalizeInvoice',
      method: 'POST',
      path: '/finalize/:id',
      privilege: 'UPDATE',
      kind: 'custom',
      message: 'Failed to create final invoice',
      cache: 'merge',
      params: idParams,
      reply: steppedRecord,
    },
  ],
});

export const invoiceItemMaster = defineModule({
  name: 'invoice-item-master',
  label: 'Invoice Item Master',
  record: 'invoice item',
  area: 'billing',
  path: '/api/app/invoice-item-master',
  feature: 'INVOICE_ITEM_MASTER',
  fields: z.object({
    itemName: text('Item name', 200),
    description: optionalText('Description', 500),
    hsnSac,
    kind: z.enum(['Goods', 'Service'], { error: says('notValid', { label: 'Kind' }) }).default('Service'),
    unit: z.string().trim().max(10).default('NOS'),
    ratePaise: paise('Rate'),
    gstRate: gstRate.default(18),
    active: z.boolean().default(true),
  }),
  unique: ['itemName'],
  example: { itemName: 'Thermography survey', hsnSac: '998719', kind: 'Service', ratePaise: 600000, gstRate: 18 },
  columns: ['itemName', 'hsnSac', 'kind', 'ratePaise', 'gstRate', 'active'],
  choices: { gstRate: GST_RATE_CHOICE },
  messages: {
    list: 'Failed to get list of invoice item master',
    create: 'Failed to create invoice item master',
    update: 'Failed to update invoice item master',
    remove: 'Failed to delete invoice item master',
    getById: 'Failed to get invoice item master details',
    duplicate: 'Item Name Already In use.',
  },
  calls: [
    {
      name: 'getInvoiceItemMasterList',
      method: 'GET',
      path: '/getInvoiceItemMasterList',
      privilege: 'VIEW',
      kind: 'list',
      project: ['_id', 'itemName', 'hsnSac', 'unit', 'ratePaise', 'gstRate'],
      message: 'Failed to get list of invoice item master',
      cache: 'none',
    },
  ],
});

export const CREDIT_NOTE_STATUSES = ['Draft', 'Pending Approval', 'Approved', 'Rejected'] as const;
export const CREDIT_NOTE_REASONS = ['Sales Return', 'Post-Sale Discount', 'Deficiency In Service', 'Correction In Invoice', 'Other'] as const;

/** PUT update/list { ids, status }: submits drafts (or rejected notes) for approval, or withdraws pending ones. */
const creditNoteListBody = z.object({
  ids: z.array(z.string().min(1)).min(1, says('chooseCreditNote')),
  status: z.enum(['Draft', 'Pending Approval'], { error: says('either', { label: 'Status', either: ['Draft', 'Pending Approval'] }) }),
});
export type CreditNoteListBody = z.infer<typeof creditNoteListBody>;
/** PATCH approve-reject/{id} { status, approvalRemarks? }: the approver's decision. */
const creditNoteApprovalBody = z.object({
  status: z.enum(['Approved', 'Rejected'], { error: says('either', { label: 'Status', either: ['Approved', 'Rejected'] }) }),
  approvalRemarks: z.string().trim().max(1000).optional(),
});
export type CreditNoteApprovalBody = z.infer<typeof creditNoteApprovalBody>;

/**
 * An invoice line as stored: what was typed (the form's defaults filled) and the amounts the server priced it at.
 * Loose, since a line keeps whatever it was saved with; only what every stored line has is required.
 */
const storedInvoiceLine = z.looseObject({
  itemMasterId: z.string().optional(),
  description: z.string().optional(),
  hsnSac: z.string().optional(),
  quantity: z.number(),
  unit: z.string().optional(),
  ratePaise: z.number(),
  discountPaise: z.number().optional(),
  gstRate: z.number(),
  taxableValuePaise: z.number().optional(),
  cgstPaise: z.number().optional(),
  sgstPaise: z.number().optional(),
  igstPaise: z.number().optional(),
  totalPaise: z.number().optional(),
});
/** An invoice line as the server stores it (server/domain/billing/credit-notes.ts reads the invoice's items as these). */
export type StoredInvoiceLine = z.input<typeof storedInvoiceLine>;

/** A document the credit-note call names: its id, and its number, status and grand total when it has them. */
const creditedDocument = z.strictObject({ _id: z.string(), alternateId: z.string().optional(), status: z.string().optional(), grandTotalPaise: z.number().optional() });

/**
 * GET get-credit-note-items-invoice-items/{invoiceId}: each of the invoice's lines with its index, what its live
 * credit notes already credit and what is left; the invoice; its credit notes that still count (not Rejected).
 */
const invoiceItemsToCredit = listOf(
  storedInvoiceLine.extend({ invoiceLineIndex: z.number().int().nonnegative(), creditedQuantity: z.number(), creditedTaxablePaise: z.number(), remainingQuantity: z.number() }),
).extend({
  invoice: creditedDocument,
  creditNotes: z.array(creditedDocument),
});
/** What the raise-credit-note dialog reads from that call (src/ui/screens/billing/RaiseCreditNote.tsx). */
export type InvoiceItemsToCredit = z.output<typeof invoiceItemsToCredit>;

/** A credit note's fields copied from its invoice (note field → invoice field): its parties and place of supply. */
export const CREDIT_NOTE_FROM_INVOICE = { supplierGstin: 'supplierGstin', billToName: 'billToName', billToGstin: 'billToGstin', placeOfSupply: 'placeOfSupply' } as const;

export const creditNote = defineModule({
  name: 'credit-note',
  label: 'Generate Credit Note',
  record: 'credit note',
  area: 'billing',
  path: '/api/app/credit-note',
  // generateCreditNote shows this module; manageCreditNote (MANAGE_CREDIT_NOTE) is its approval view.
  feature: 'GENERATE_CREDIT_NOTE',
  alternateId: { prefix: 'CRN' },
  routes: {
    update: { method: 'PUT', path: '/update/credit-note' },
    remove: { method: 'DELETE', path: '/delete-credit-note/:id' },
  },
  fields: z.object({
    invoiceId: id('Invoice'),
    creditNoteDate: isoDate('Credit note date'),
    reason: z.enum(CREDIT_NOTE_REASONS, { error: says('notValid', { label: 'Reason' }) }),
    /** Copied from the invoice by the server (`derivedFrom`); the form shows them filled from the invoice picked. */
    supplierGstin: gstin('Supplier GSTIN').optional(),
    billToName: optionalText('Bill-to name', 200),
    billToGstin: gstin('Bill-to GSTIN').optional(),
    placeOfSupply: stateCode('Place of supply').optional(),
    items: z.array(invoiceLine).min(1, says('addItem')),
    ...computedTotals,
    status: z.enum(CREDIT_NOTE_STATUSES, { error: says('notValid', { label: 'Status' }) }).default('Pending Approval'),
    remarks: optionalText('Remarks', 1000),
    approvedBy: z.string().optional(),
    // Who raised it (the server stamps it on create): the maker, who may not approve it (maker–checker).
    raisedBy: z.string().optional(),
    approvedAt: isoDateTime('Approved at').optional(),
    /** Stamped by the reject step: a rejected note says who rejected it and when, never "Approved by". */
    rejectedBy: z.string().optional(),
    rejectedAt: isoDateTime('Rejected at').optional(),
    approvalRemarks: optionalText('Approval remarks', 1000),
  }),
  example: {
    invoiceId: 'inv-demo',
    creditNoteDate: '2026-03-05',
    reason: 'Deficiency In Service',
    items: [{ description: 'Visit charge waived', hsnSac: '998719', quantity: 1, ratePaise: 100000, gstRate: 18 }],
  },
  references: { invoiceId: 'invoice', approvedBy: 'subscriber-user', rejectedBy: 'subscriber-user', raisedBy: 'subscriber-user' },
  // A credit note is raised on a Final invoice, paid or not (the server refuses a Draft or a Cancelled one).
  pickFrom: { invoiceId: { status: ['Final'] } },
  // Its parties and place of supply are its invoice's (server/domain/billing/credit-notes.ts copies these).
  derivedFrom: { invoiceId: CREDIT_NOTE_FROM_INVOICE },
  lines: {
    items: {
      inputs: ['invoiceLineIndex', 'description', 'hsnSac', 'quantity', 'unit', 'ratePaise', 'discountPaise', 'gstRate'],
      gst: {},
      // Each line credits one of the invoice's lines, chosen by its description (issue 33: never "Invoice Line Index 0").
      linesOf: { cell: 'invoiceLineIndex', document: 'invoiceId', lines: 'items', fills: { description: 'description', hsnSac: 'hsnSac', unit: 'unit', ratePaise: 'ratePaise', gstRate: 'gstRate' } },
    },
  },
  choices: { gstRate: GST_RATE_CHOICE },
  serverFields: [...TOTALS, 'approvalRemarks'],
  columns: ['alternateId', 'invoiceId', 'creditNoteDate', 'reason', 'grandTotalPaise', 'status'],
  messages: {
    list: 'Failed to get list of credit note',
    create: 'Failed to create credit note',
    update: 'Failed to update credit note',
    remove: 'Failed to delete credit note',
    getById: 'Failed to get credit note details',
  },
  calls: [
    // Body { ids, status: 'Pending Approval' }: submits several drafts for approval; reply them after their steps.
    {
      name: 'updateList',
      method: 'PUT',
      path: '/update/list',
      privilege: 'UPDATE',
      kind: 'custom',
      message: 'Failed to update credit note',
      cache: 'merge',
      body: creditNoteListBody,
      reply: listOf(steppedRecord),
    },
    {
      name: 'getCreditNoteItemsInvoiceItems',
      method: 'GET',
      path: '/get-credit-note-items-invoice-items/:id',
      privilege: 'VIEW',
      kind: 'custom',
      message: 'Failed to get credit note details',
      cache: 'none',
      params: idParams,
      reply: invoiceItemsToCredit,
    },
    { name: 'generatePdf', method: 'POST', path: '/generatePdf/:id', privilege: 'VIEW', kind: 'custom', message: 'Failed to get credit note details', cache: 'none', params: idParams, reply: pdfReply },
    // The approve/reject path is not shown in the spec: PATCH approve-reject/{id} { status, approvalRemarks }.
    // Needs MANAGE_CREDIT_NOTE (UPDATE) besides the module's feature: checked by the handler.
    {
      name: 'approveReject',
      method: 'PATCH',
      path: '/approve-reject/:id',
      privilege: 'UPDATE',
      kind: 'custom',
      message: 'Failed to approve or reject credit note',
      cache: 'merge',
      params: idParams,
      body: creditNoteApprovalBody,
      reply: steppedRecord,
    },
  ],
});

export const BILL_CATEGORIES = ['Spare Parts', 'Labour', 'Travel', 'Consumables', 'Third-Party Service', 'Other'] as const;

/** PUT update/list { ids, status }: opens or rejects several bills at once. */
const billListBody = z.object({
  ids: z.array(z.string().min(1)).min(1, says('chooseBill')),
  status: z.enum(['Open', 'Rejected'], { error: says('either', { label: 'Status', either: ['Open', 'Rejected'] }) }),
});
export type BillListBody = z.infer<typeof billListBody>;

export const bills = defineModule({
  name: 'bills',
  label: 'Bills',
  record: 'bill',
  area: 'billing',
  path: '/api/app/Bills',
  feature: 'BILLS',
  alternateId: { prefix: 'BIL' },
  fields: z.object({
    ticketAlternateId: text('Ticket number', 40),
    category: z.enum(BILL_CATEGORIES, { error: says('notValid', { label: 'Category' }) }),
    description: text('Description', 300),
    vendor: optionalText('Vendor', 160),
    billNo: optionalText('Bill number', 40),
    billDate: isoDate('Bill date'),
    hsnSac: hsnSac.optional(),
    amountPaise: paise('Amount'),
    gstRate: gstRate.default(18),
    billable: z.boolean().default(true),
    /** Set once a supplementary invoice includes the bill. */
    invoiceId: z.string().optional(),
    status: z.enum(['Open', 'Invoiced', 'Rejected'], { error: says('notValid', { label: 'Status' }) }).default('Open'),
    attachmentUrl: z.string().max(2000).optional(),
  }),
  example: { ticketAlternateId: 'TKT-2026-000001', category: 'Spare Parts', description: 'Coupling spider insert', billDate: '2026-02-20', hsnSac: '4016', amountPaise: 145000 },
  references: { invoiceId: 'invoice' },
  columns: ['alternateId', 'ticketAlternateId', 'category', 'description', 'amountPaise', 'status'],
  // Set when a supplementary invoice includes the bill (generate-invoice-forBills), not typed.
  serverFields: ['invoiceId'],
  fixedMessages: ['list'],
  messages: {
    list: 'Failed to get list of bills',
    create: 'Failed to create bills',
    update: 'Failed to update bills',
    remove: 'Failed to delete bills',
    getById: 'Failed to get bills details',
  },
  calls: [
    // Body { ids, status } (bills invoice): marks several bills at once; reply them, as a list reply.
    {
      name: 'updateList',
      method: 'PUT',
      path: '/update/list',
      privilege: 'UPDATE',
      kind: 'custom',
      message: 'Failed to create bills invoice',
      cache: 'merge',
      body: billListBody,
      reply: listOf(storedRecord),
    },
  ],
});

export const PAYMENT_MODES = ['NEFT', 'RTGS', 'IMPS', 'UPI', 'Cheque', 'Cash', 'TDS Adjustment'] as const;

/** PATCH approve { id, status, remarks? }: the payment's approve or reject step. */
const paymentApprovalBody = z.object({
  id: z.string().min(1, says('required', { label: 'id' })),
  status: z.enum(['Approved', 'Rejected'], { error: says('either', { label: 'Status', either: ['Approved', 'Rejected'] }) }),
  remarks: z.string().trim().max(500).optional(),
});
export type PaymentApprovalBody = z.infer<typeof paymentApprovalBody>;

export const payment = defineModule({
  name: 'payment',
  label: 'Manual Payment',
  record: 'payment',
  area: 'billing',
  path: '/api/app/payment',
  feature: 'PAYMENT',
  alternateId: { prefix: 'PAY' },
  fields: z.object({
    invoiceId: id('Invoice'),
    amountPaise: z.coerce.number({ error: says('notANumber', { label: 'Amount' }) }).int(says('wholePaise', { label: 'Amount' })).positive(says('notPositive', { label: 'Amount' })),
    paymentDate: isoDate('Payment date'),
    mode: z.enum(PAYMENT_MODES, { error: says('notValid', { label: 'Payment mode' }) }),
    referenceNo: optionalText('Reference number', 60),
    /** TDS deducted by the client, in paise (counts towards settling the invoice). */
    tdsPaise: paise('TDS').default(0),
    status: z.enum(['Pending', 'Approved', 'Rejected'], { error: says('notValid', { label: 'Status' }) }).default('Pending'),
    remarks: optionalText('Remarks', 500),
    approvedBy: z.string().optional(),
    // Who raised it (the server stamps it on create): the maker, who may not approve it (maker–checker).
    raisedBy: z.string().optional(),
    approvedAt: isoDateTime('Approved at').optional(),
    /** Stamped by the reject step (never "Approved by" on a rejected payment). */
    rejectedBy: z.string().optional(),
    rejectedAt: isoDateTime('Rejected at').optional(),
  }),
  example: { invoiceId: 'inv-demo', amountPaise: 531000, paymentDate: '2026-03-10', mode: 'NEFT', referenceNo: 'HDFCN52026031012345' },
  references: { invoiceId: 'invoice', approvedBy: 'subscriber-user', rejectedBy: 'subscriber-user', raisedBy: 'subscriber-user' },
  // A payment is recorded against a Final invoice that is still owed (the server refuses any other).
  pickFrom: { invoiceId: { status: ['Final'], paymentStatus: ['Unpaid', 'Partially Paid'] } },
  columns: ['alternateId', 'invoiceId', 'amountPaise', 'paymentDate', 'mode', 'status'],
  messages: {
    list: 'Failed to get list of record payments',
    create: 'Failed to create record payments',
    update: 'Failed to update record payments',
    remove: 'Failed to delete record payments',
    getById: 'Failed to get record payments details',
  },
  calls: [
    // Body { id, status: Approved | Rejected, remarks? }: approval credits the invoice's paid amount; reply the payment.
    {
      name: 'approve',
      method: 'PATCH',
      path: '/approve',
      privilege: 'UPDATE',
      kind: 'custom',
      message: 'Failed to update record payments status',
      cache: 'merge',
      body: paymentApprovalBody,
      reply: steppedRecord,
    },
  ],
});

export const clientMaster = defineModule({
  name: 'client-master',
  label: 'Client Master',
  record: 'client record',
  area: 'billing',
  path: '/api/app/client-master',
  feature: 'CLIENT_MASTER',
  fields: z.object({
    clientId: z.string().optional(),
    legalName: text('Legal name', 200),
    gstNo: gstin('GST Number').optional(),
    panNo: z.string().trim().regex(/^[A-Z]{5}[0-9]{4}[A-Z]$/, says('notValid', { label: 'PAN' })).optional(),
    /** 2-digit GST state code of the billing address (27 Maharashtra). */
    stateCode: stateCode('State code'),
    billingAddress: text('Billing address', 400),
    shippingAddress: optionalText('Shipping address', 400),
    paymentTermsDays: z.coerce.number().int().nonnegative().default(30),
    creditLimitPaise: paise('Credit limit').optional(),
    email: z.email(says('notValid', { label: 'Email' })).optional(),
  }),
  unique: ['gstNo'],
  example: { legalName: 'Talegaon Gears Pvt Ltd', gstNo: '27AAJFT2468H1ZU', stateCode: '27', billingAddress: 'Plot 7, Talegaon MIDC, Pune 410507' },
  references: { clientId: 'client' },
  columns: ['legalName', 'gstNo', 'stateCode', 'paymentTermsDays'],
  messages: {
    list: 'Failed to get list of client master',
    create: 'Failed to create client master',
    update: 'Failed to update client master',
    remove: 'Failed to delete client master',
    getById: 'Failed to get client master details',
    duplicate: 'GST Number Already In use.',
  },
});

export const clientSpoc = defineModule({
  name: 'client-spoc',
  label: 'Client SPOC',
  record: 'client SPOC',
  area: 'billing',
  path: '/api/app/client-spoc',
  feature: 'CLIENT_SPOC',
  fields: z.object({
    clientId: id('Client'),
    name: text('Name', 120),
    designation: optionalText('Designation', 80),
    email: z.email(says('notValid', { label: 'Email' })).optional(),
    phone: optionalText('Phone', 20),
    primary: z.boolean().default(false),
    escalationLevel: z.coerce.number().int().min(1).max(3).optional(),
  }),
  example: { clientId: 'client-demo', name: 'Anand Deshpande', designation: 'Maintenance Head', phone: '+91 98220 11234', primary: true },
  references: { clientId: 'client' },
  columns: ['name', 'clientId', 'designation', 'email', 'phone', 'primary'],
  // Document 2 §8: the contact person shows only its fixed texts.
  fixedMessages: ['list', 'create', 'update', 'remove', 'getById'],
  messages: {
    list: 'Failed to get list of contact person',
    create: 'Failed to create contact person',
    update: 'Failed to update contact person',
    remove: 'Failed to delete contact person',
    getById: 'Failed to get contact person details',
  },
  calls: [
    {
      name: 'getSpocList',
      method: 'GET',
      path: '/getSpocList',
      privilege: 'VIEW',
      kind: 'list',
      project: ['_id', 'name', 'clientId', 'email', 'phone', 'primary'],
      message: 'Failed to get list of contact person',
      cache: 'none',
    },
  ],
});

export const client = defineModule({
  name: 'client',
  label: 'Client',
  record: 'client',
  area: 'billing',
  path: '/api/app/client',
  feature: 'CLIENT',
  alternateId: { prefix: 'CLT' },
  fields: z.object({
    companyName: text('Company name', 200),
    gstNo: gstin('GST Number').optional(),
    industry: optionalText('Industry', 80),
    address: optionalText('Address', 400),
    city: optionalText('City', 80),
    state: optionalText('State', 80),
    email: z.email(says('notValid', { label: 'Email' })).optional(),
    phone: optionalText('Phone', 20),
    status: z.enum(['Active', 'Inactive'], { error: says('notValid', { label: 'Status' }) }).default('Active'),
    /** The agreement this client was generated from (generate_client_id). */
    agreementId: z.string().optional(),
  }),
  example: { companyName: 'Talegaon Gears Pvt Ltd', gstNo: '27AAJFT2468H1ZU', city: 'Talegaon', state: 'Maharashtra' },
  references: { agreementId: 'agreement' },
  columns: ['alternateId', 'companyName', 'gstNo', 'city', 'status'],
  messages: {
    list: 'Failed to get list of client',
    create: 'Failed to create client',
    update: 'Failed to update client',
    remove: 'Failed to delete client',
    getById: 'Failed to get client',
  },
  calls: [
    {
      name: 'getClientList',
      method: 'GET',
      path: '/getClientList',
      privilege: 'VIEW',
      kind: 'list',
      project: ['_id', 'alternateId', 'companyName', 'gstNo'],
      message: 'Failed to get list of client',
      cache: 'none',
    },
  ],
});

export const billingViews: readonly ModuleView[] = [
  { route: 'generate-e-invoice', code: 'GENERATE_E_INVOICE', module: 'invoice', label: 'Generate E-Invoice', filter: { invoiceType: 'Tax Invoice' } },
  { route: 'generateSupplementaryInvoice', code: 'GENERATE_BILLS_INVOICE', module: 'invoice', label: 'Supplementary Invoice', filter: { invoiceType: 'Supplementary' } },
  { route: 'final-invoice-list', code: 'FINAL_INVOICE_LIST', module: 'invoice', label: 'Final Invoices', filter: { status: 'Final' } },
  { route: 'manageCreditNote', code: 'MANAGE_CREDIT_NOTE', module: 'credit-note', label: 'Manage Credit Note', filter: { status: ['Pending Approval', 'Approved', 'Rejected'] } },
];

export const billingModules = [invoice, invoiceItemMaster, creditNote, bills, payment, clientMaster, clientSpoc, client] as const;
