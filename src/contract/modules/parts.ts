/**
 * Spare parts and purchasing (document 2 §7 "Spare parts", "Clients, suppliers, purchasing"): inventory,
 * machine–part associations (the bill of materials), stock transactions, spare-part requests, requisitions,
 * draft purchase orders and suppliers.
 */
import { z } from 'zod';
import { peopleCall } from './peoplePicker';
import { defineModule } from './define';
import { GSTIN_PATTERN } from './admin';
import type { ModuleView } from './service';
import { GST_RATE_CHOICE, GST_RATES } from './billing';
import { isoDateTime } from './serviceFields';
import { dateTime, idParams, listOf, steppedRecord } from './replies';
import { says } from '../validationMessages';

const id = (label: string) => z.string({ error: says('required', { label }) }).min(1, says('required', { label }));
const text = (label: string, max = 200) =>
  z.string({ error: says('required', { label }) }).trim().min(1, says('required', { label })).max(max, says('tooLong', { label }));
const optionalText = (label: string, max = 2000) => z.string().trim().max(max, says('tooLong', { label })).optional();
const isoDate = (label: string) => z.iso.date(says('notADate', { label }));
const paise = (label: string) =>
  z.coerce.number({ error: says('notANumber', { label }) }).int(says('wholePaise', { label })).nonnegative(says('negative', { label }));
const quantity = (label: string) => z.coerce.number({ error: says('notANumber', { label }) }).positive(says('notPositive', { label }));
const hsn = z.string().regex(/^[0-9]{4,8}$/, says('digitsBetween', { label: 'HSN code', min: 4, max: 8 }));
const gstRate = z.coerce
  .number({ error: says('notANumber', { label: 'GST rate' }) })
  .refine((r) => (GST_RATES as readonly number[]).includes(r), says('oneOf', { label: 'GST rate', choices: GST_RATES.map(String) }));

export const PART_UNITS = ['Nos', 'Set', 'Kg', 'Litre', 'Metre', 'Box', 'Pair'] as const;

export const LEDGER_KINDS = ['Receipt', 'Issue', 'Return', 'Adjustment'] as const;

/** One row of the stock ledger (server/db/stock-ledger-store.ts): quantity and value signed (in +, out −). */
export const ledgerRow = z.strictObject({
  id: z.number().int(),
  partId: z.string(),
  kind: z.enum(LEDGER_KINDS),
  quantity: z.number(),
  balanceAfter: z.number(),
  unitCostPaise: z.number().int(),
  valuePaise: z.number().int(),
  valueAfterPaise: z.number().int(),
  causeModule: z.string().nullable(),
  causeId: z.string().nullable(),
  causeLine: z.number().int().nullable(),
  causeName: z.string().nullable(),
  transactionId: z.string().nullable(),
  reason: z.string().nullable(),
  byId: z.string(),
  /** Who moved it, by name (read for the person asking). */
  byName: z.string().optional(),
  at: dateTime,
});
export type LedgerRowShape = z.output<typeof ledgerRow>;

/** GET spare-part-inventory/ledger/:id: the part as the ledger sums it, and its rows, newest first. */
export const partLedgerReply = z.strictObject({
  part: z.strictObject({ _id: z.string(), partNumber: z.string(), partName: z.string(), stockQty: z.number(), stockValuePaise: z.number() }),
  data: z.array(ledgerRow),
  total: z.number().int().nonnegative(),
});

/** One part of GET spare-part-inventory/lowStock. */
export const lowStockPart = z.strictObject({
  _id: z.string(),
  partNumber: z.string(),
  partName: z.string(),
  unit: z.string().nullable(),
  stockQty: z.number(),
  reorderLevel: z.number(),
  reorderQty: z.number().nullable(),
  maxLevel: z.number().nullable(),
  unitPricePaise: z.number(),
  supplierId: z.string().nullable(),
  /** What open purchase orders still bring. */
  onOrder: z.number(),
  /** Up to the max level (else reorder level + reorder quantity, else twice the level), less on hand and on order. */
  suggestedQty: z.number(),
});
export type LowStockPart = z.output<typeof lowStockPart>;
export const lowStockReply = listOf(lowStockPart);

export const sparePartInventory = defineModule({
  name: 'spare-part-inventory',
  label: 'Manage Spare Parts',
  record: 'spare part',
  area: 'parts',
  path: '/api/app/spare-part-inventory',
  feature: 'MANAGE_SPARE_PART',
  fields: z.object({
    partNumber: text('Part number', 60),
    partName: text('Part name', 200),
    description: optionalText('Description', 1000),
    hsnCode: hsn.optional(),
    unit: z.enum(PART_UNITS, { error: says('notValid', { label: 'Unit' }) }).default('Nos'),
    unitPricePaise: paise('Unit price'),
    gstRate: gstRate.default(18),
    /**
     * On hand: the stock ledger's sum (issue 32), kept on the part for its list. Given on create it is the opening
     * balance (one Adjustment in the ledger); after that only the ledger's movements change it.
     */
    stockQty: z.coerce.number({ error: says('notANumber', { label: 'Stock' }) }).nonnegative(says('negative', { label: 'Stock' })).default(0),
    /** What the stock on hand is worth at its weighted average cost, in paise: the ledger's sum of value (written by the server). */
    stockValuePaise: z.coerce.number().int().nonnegative().optional(),
    reorderLevel: z.coerce.number({ error: says('notANumber', { label: 'Reorder level' }) }).nonnegative(says('negative', { label: 'Reorder level' })).default(0),
    reorderQty: z.coerce.number().nonnegative(says('negative', { label: 'Reorder quantity' })).optional(),
    /** The most the stores should hold: a reorder suggests up to it (less what is on order). */
    maxLevel: z.coerce.number({ error: says('notANumber', { label: 'Max level' }) }).nonnegative(says('negative', { label: 'Max level' })).optional(),
    binLocation: optionalText('Bin location', 40),
    supplierId: z.string().optional(),
    leadTimeDays: z.coerce.number().int().nonnegative().optional(),
  }),
  unique: ['partNumber'],
  example: { partNumber: 'BRG-6205-2RS', partName: 'Deep groove ball bearing 6205-2RS', hsnCode: '8482', unitPricePaise: 38000, stockQty: 6, reorderLevel: 2 },
  references: { supplierId: 'supplier' },
  // Stock on hand right after the part's name: a phone's card shows a list's first columns only, and it is what the
  // stores and the engineer look a part up for (found walking: the card gave its price and HSN code, not its stock).
  columns: ['partNumber', 'partName', 'stockQty', 'unitPricePaise', 'hsnCode', 'stockValuePaise', 'reorderLevel', 'binLocation'],
  choices: { gstRate: GST_RATE_CHOICE },
  // The ledger's sums: shown, never typed after the part exists (server/domain/parts/inventory.ts).
  serverFields: ['stockValuePaise'],
  messages: {
    list: 'Failed to get list of spare part',
    create: 'Failed to create spare part',
    update: 'Failed to update spare part',
    remove: 'Failed to delete spare part',
    getById: 'Failed to get spare part details',
    duplicate: 'Part Number Already In use.',
  },
  calls: [
    // The parts picker (src/contract/pickerReads.ts): an engineer raising a spare-part request picks the part by its
    // name and number and sees what is in stock (JOBS.md, engineer 3), without the parts master's prices, suppliers
    // and ledger, which stay the stores' (MANAGE_SPARE_PART).
    {
      name: 'getParts',
      method: 'GET',
      path: '/getParts',
      privilege: 'VIEW',
      kind: 'list',
      project: ['_id', 'partNumber', 'partName', 'unit', 'stockQty'],
      pickerFor: ['request-spare'],
      message: 'Failed to get list of spare part',
      cache: 'none',
    },
    // The part's stock ledger, newest first (issue 32).
    { name: 'ledger', method: 'GET', path: '/ledger/:id', privilege: 'VIEW', kind: 'custom', message: 'Failed to get spare part details', cache: 'none', params: idParams, reply: partLedgerReply },
    // Parts at or below their reorder level, with what is on order and a suggested quantity (issue 32).
    { name: 'lowStock', method: 'GET', path: '/lowStock', privilege: 'VIEW', kind: 'custom', message: 'Failed to get list of spare part', cache: 'none', reply: lowStockReply },
  ],
});

/** Which parts fit which machine type (or one machine), and how many: the bill of materials. */
export const associationOfMachineParts = defineModule({
  name: 'association-of-machine-parts',
  label: 'Machine Parts',
  record: 'machine part',
  area: 'parts',
  path: '/api/app/association-of-machine-parts',
  feature: 'MANAGE_SPARE_PART',
  // A part belongs to a machine type's BOM; a machine-specific deviation also names the machine.
  // (No object-level refine: update validates with the partial schema, which refinements forbid.)
  fields: z.object({
    machineTypeId: id('Machine type'),
    machineInstanceId: z.string().optional(),
    partId: id('Part'),
    quantity: quantity('Quantity'),
    /** Assembly the part sits in (Spindle, Coolant system, …): the BOM tree's branch. */
    assembly: optionalText('Assembly', 120),
    critical: z.boolean().default(false),
  }),
  example: { machineTypeId: 'mt-demo', partId: 'part-demo', quantity: 2, assembly: 'Spindle', critical: true },
  references: { machineTypeId: 'svc-machine-type', machineInstanceId: 'svc-machine-instances', partId: 'spare-part-inventory' },
  columns: ['machineTypeId', 'machineInstanceId', 'partId', 'quantity', 'assembly', 'critical'],
  messages: {
    list: 'Failed to get list of machine parts',
    create: 'Failed to create machine part',
    update: 'Failed to update machine part',
    remove: 'Failed to delete machine part',
    getById: 'Failed to get machine part details',
  },
});

export const TRANSACTION_TYPES = ['Receipt', 'Issue', 'Return', 'Adjustment'] as const;

export const transaction = defineModule({
  name: 'transaction',
  label: 'Stock Transactions',
  record: 'stock transaction',
  area: 'parts',
  path: '/api/app/transaction',
  feature: 'MANAGE_SPARE_PART',
  listLimit: 100,
  // Document 2 gives POST and GET only: a stock movement is a ledger entry; corrections are Adjustments.
  ops: ['list', 'create', 'getById'],
  fields: z.object({
    partId: id('Part'),
    type: z.enum(TRANSACTION_TYPES, { error: says('notValid', { label: 'Transaction type' }) }),
    /** Signed for Adjustment (a stock count correction), positive otherwise. */
    quantity: z.coerce.number({ error: says('notANumber', { label: 'Quantity' }) }).refine((q) => q !== 0, says('zero', { label: 'Quantity' })),
    unitCostPaise: paise('Unit cost').optional(),
    date: isoDate('Date'),
    reference: optionalText('Reference', 80),
    ticketAlternateId: z.string().max(40).optional(),
    purchaseOrderId: z.string().optional(),
    remarks: optionalText('Remarks', 500),
    /** The part's stock after this movement (written by the server). */
    balanceAfter: z.coerce.number().optional(),
  }),
  example: { partId: 'part-demo', type: 'Receipt', quantity: 4, unitCostPaise: 1850000, date: '2026-02-10', reference: 'GRN-1182' },
  references: { partId: 'spare-part-inventory', purchaseOrderId: 'purchase-order' },
  // The stock after the movement is the server's arithmetic, never typed.
  serverFields: ['balanceAfter'],
  columns: ['date', 'partId', 'type', 'quantity', 'reference', 'ticketAlternateId'],
  messages: {
    list: 'Failed to get list of transaction',
    create: 'Failed to create transaction',
    update: 'Failed to update transaction',
    remove: 'Failed to delete transaction',
    getById: 'Failed to get transaction details',
  },
});

export const SPARE_REQUEST_STATUSES = ['Requested', 'Approved', 'Rejected', 'Issued', 'Cancelled'] as const;

/** PATCH updateRequest { id, status, statusRemarks? }: the request's one step to that status. */
const updateRequestBody = z.object({
  id: z.string().min(1, says('required', { label: 'id' })),
  status: z.enum(SPARE_REQUEST_STATUSES, { error: says('oneOf', { label: 'Status', choices: SPARE_REQUEST_STATUSES }) }),
  statusRemarks: z.string().trim().max(500).optional(),
});
export type UpdateRequestBody = z.infer<typeof updateRequestBody>;

export const requestSpare = defineModule({
  name: 'request-spare',
  label: 'Request Spare Parts',
  record: 'spare part request',
  area: 'parts',
  path: '/api/app/request-spare',
  feature: 'SPAREPART_REQUEST',
  alternateId: { prefix: 'RSP' },
  fields: z.object({
    ticketAlternateId: z.string().max(40).optional(),
    machineInstanceId: z.string().optional(),
    requestedBy: z.string().optional(),
    items: z
      .array(z.object({ partId: id('Part'), quantity: quantity('Quantity'), remarks: optionalText('Remarks', 300) }))
      .min(1, says('addPart')),
    neededBy: isoDate('Needed by').optional(),
    status: z.enum(SPARE_REQUEST_STATUSES, { error: says('notValid', { label: 'Status' }) }).default('Requested'),
    statusRemarks: optionalText('Status remarks', 500),
    /** Written by updateRequest. */
    statusChangedAt: z.string().optional(),
    statusChangedBy: z.string().optional(),
    // Who raised it (the server stamps it on create): the maker, who may not approve it (maker–checker).
    raisedBy: z.string().optional(),
  }),
  example: { ticketAlternateId: 'TKT-2026-000001', items: [{ partId: 'part-demo', quantity: 1 }], neededBy: '2026-03-01' },
  references: { machineInstanceId: 'svc-machine-instances', requestedBy: 'subscriber-user', raisedBy: 'subscriber-user', statusChangedBy: 'subscriber-user' },
  // Who needs the parts: whoever may raise a spare-part request.
  people: { requestedBy: { privilege: 'CREATE' } },
  lines: { items: { inputs: ['partId', 'quantity', 'remarks'], references: { partId: 'spare-part-inventory' } } },
  columns: ['alternateId', 'ticketAlternateId', 'requestedBy', 'neededBy', 'status'],
  fixedMessages: ['list'],
  messages: {
    list: 'Failed to get list of Requested SparePart',
    create: 'Failed to create Requested SparePart',
    update: 'Failed to update Requested SparePart',
    remove: 'Failed to delete Requested SparePart',
    getById: 'Failed to get Requested SparePart details',
  },
  calls: [
    peopleCall,
    // Body { id, status, statusRemarks }: Issued also takes the parts out of stock (a transaction per item); reply the
    // request after its step.
    {
      name: 'updateRequest',
      method: 'PATCH',
      path: '/updateRequest',
      privilege: 'UPDATE',
      kind: 'custom',
      message: 'Failed to Update Requested SparePart Status',
      cache: 'merge',
      body: updateRequestBody,
      reply: steppedRecord,
    },
  ],
});

export const REQUISITION_STATUSES = ['Draft', 'Submitted', 'Approved', 'Rejected', 'Sent To Purchase'] as const;

const requisitionLine = z.object({
  partId: id('Part'),
  quantity: quantity('Quantity'),
  estimatedUnitPricePaise: paise('Estimated unit price').optional(),
});

/** PUT update/list { ids, status, reviewRemarks? }: each requisition's step to that status, together. */
const requisitionListBody = z.object({
  ids: z.array(z.string().min(1)).min(1, says('chooseRequisition')),
  status: z.enum(REQUISITION_STATUSES, { error: says('oneOf', { label: 'Status', choices: REQUISITION_STATUSES }) }),
  reviewRemarks: z.string().trim().max(1000).optional(),
});
export type RequisitionListBody = z.infer<typeof requisitionListBody>;

export const purchaseOrderRequisition = defineModule({
  name: 'purchase-order-requisition',
  label: 'Manage Requisition',
  record: 'requisition',
  area: 'parts',
  path: '/api/app/purchase-order-requisition',
  feature: 'MANAGE_REQUISITION',
  alternateId: { prefix: 'REQ' },
  fields: z.object({
    title: text('Title', 200),
    requestedBy: z.string().optional(),
    department: optionalText('Department', 80),
    lines: z.array(requisitionLine).min(1, says('addPart')),
    requiredBy: isoDate('Required by').optional(),
    status: z.enum(REQUISITION_STATUSES, { error: says('notValid', { label: 'Status' }) }).default('Draft'),
    justification: optionalText('Justification', 1000),
    reviewRemarks: optionalText('Review remarks', 1000),
    /** Written by the bulk update on approval or rejection. */
    reviewedBy: z.string().optional(),
    // Who raised it (the server stamps it on create): the maker, who may not approve it (maker–checker).
    raisedBy: z.string().optional(),
    reviewedAt: z.string().optional(),
    /** Every purchase order made when it was sent to purchase, one per supplier of its parts. */
    purchaseOrderIds: z.array(z.string()).optional(),
  }),
  example: { title: 'Bearings for Q1 spindle overhauls', lines: [{ partId: 'part-demo', quantity: 4 }], requiredBy: '2026-03-15' },
  references: { requestedBy: 'subscriber-user', raisedBy: 'subscriber-user', reviewedBy: 'subscriber-user', purchaseOrderIds: 'purchase-order' },
  // Who asks for the purchase: whoever may raise a requisition.
  people: { requestedBy: { privilege: 'CREATE' } },
  // Linked when purchase orders are raised from the requisition, not typed on it.
  serverFields: ['purchaseOrderIds'],
  lines: { lines: { inputs: ['partId', 'quantity', 'estimatedUnitPricePaise'], references: { partId: 'spare-part-inventory' } } },
  columns: ['alternateId', 'title', 'requestedBy', 'requiredBy', 'status'],
  messages: {
    list: 'Failed to get list of requisition',
    create: 'Failed to create requisition',
    update: 'Failed to update requisition',
    remove: 'Failed to delete requisition',
    getById: 'Failed to get requisition details',
  },
  calls: [
    peopleCall,
    // Body { ids, status, reviewRemarks? }: the bulk move; 'Sent To Purchase' is allowed only from Approved. Reply the
    // requisitions after their steps, as a list reply.
    {
      name: 'updateList',
      method: 'PUT',
      path: '/update/list',
      privilege: 'UPDATE',
      kind: 'custom',
      message: 'Failed to update requisition',
      cache: 'merge',
      body: requisitionListBody,
      reply: listOf(steppedRecord),
    },
  ],
});

export const PO_STATUSES = ['Draft', 'Issued', 'Partially Received', 'Received', 'Cancelled'] as const;

const poLine = z.object({
  partId: id('Part'),
  description: optionalText('Description', 300),
  hsnCode: hsn.optional(),
  quantity: quantity('Quantity'),
  unitPricePaise: paise('Unit price'),
  gstRate: gstRate.default(18),
  receivedQty: z.coerce.number().nonnegative().default(0),
  /** Computed by the server: quantity × unit price, and its GST. */
  amountPaise: paise('Amount').optional(),
  taxPaise: paise('Tax').optional(),
});

/**
 * POST purchase-order/receive { id, lines?, receiptRemarks?, version? }: one delivery, counted line by line (`line` is
 * the line's index on the order). Without `lines`, everything still due arrives. The order moves to Partially Received
 * or Received by its machine from the quantities (server/domain/parts/receipts.ts).
 */
const receiveBody = z.object({
  id: z.string().min(1, says('required', { label: 'id' })),
  lines: z
    .array(
      z.object({
        line: z.number({ error: says('orderLineIndex') }).int(says('orderLineIndex')).nonnegative(says('orderLineIndex')),
        quantity: z.coerce.number({ error: says('notANumber', { label: 'Quantity' }) }).nonnegative(says('negative', { label: 'Quantity' })),
      }),
    )
    .optional(),
  receiptRemarks: z.string().trim().max(1000, says('tooLong', { label: 'Receipt remarks' })).optional(),
  version: z.number().int().optional(),
});
export type ReceiveBody = z.infer<typeof receiveBody>;

/** GET purchase-order/receipts/:id: each line's ordered, received and due quantities, and every receipt's ledger rows. */
export const receiptsReply = z.strictObject({
  lines: z.array(z.strictObject({ line: z.number().int(), partId: z.string(), quantity: z.number(), receivedQty: z.number(), dueQty: z.number(), unitPricePaise: z.number() })),
  data: z.array(ledgerRow),
  total: z.number().int().nonnegative(),
});
export type PurchaseOrderReceipts = z.output<typeof receiptsReply>;

export const purchaseOrder = defineModule({
  name: 'purchase-order',
  label: 'Manage PO',
  record: 'purchase order',
  area: 'parts',
  path: '/api/app/purchase-order',
  feature: 'MANAGE_PO',
  alternateId: { prefix: 'PO' },
  // Document 2: create is POST createPurchaseOrder and update is PUT update-po with the id in the body.
  routes: {
    create: { method: 'POST', path: '/createPurchaseOrder' },
    update: { method: 'PUT', path: '/update-po' },
  },
  fields: z.object({
    supplierId: id('Supplier'),
    requisitionIds: z.array(z.string()).default([]),
    orderDate: isoDate('Order date'),
    expectedDelivery: isoDate('Expected delivery').optional(),
    deliveryAddress: optionalText('Delivery address', 400),
    paymentTerms: optionalText('Payment terms', 200),
    lines: z.array(poLine).min(1, says('addLine')),
    /** Computed by the server from the lines (integer paise, GST rounded half up per line). */
    subTotalPaise: paise('Sub total').optional(),
    taxPaise: paise('Tax').optional(),
    totalPaise: paise('Total').optional(),
    status: z.enum(PO_STATUSES, { error: says('notValid', { label: 'Status' }) }).default('Draft'),
    remarks: optionalText('Remarks', 1000),
    /** Written by the lifecycle's steps (src/machines/lifecycles/purchaseOrder.ts): the last delivery's note, why it was cancelled, who did each and when. */
    receiptRemarks: optionalText('Receipt remarks', 1000),
    cancelReason: optionalText('Cancel reason', 1000),
    issuedBy: z.string().optional(),
    issuedAt: isoDateTime('Issued at').optional(),
    receivedBy: z.string().optional(),
    receivedAt: isoDateTime('Received at').optional(),
    cancelledBy: z.string().optional(),
    cancelledAt: isoDateTime('Cancelled at').optional(),
  }),
  example: { supplierId: 'sup-demo', orderDate: '2026-02-12', lines: [{ partId: 'part-demo', quantity: 4, unitPricePaise: 1850000, gstRate: 18 }] },
  references: { supplierId: 'supplier', requisitionIds: 'purchase-order-requisition', issuedBy: 'subscriber-user', receivedBy: 'subscriber-user', cancelledBy: 'subscriber-user' },
  lines: { lines: { inputs: ['partId', 'description', 'hsnCode', 'quantity', 'unitPricePaise', 'gstRate'], references: { partId: 'spare-part-inventory' } } },
  choices: { gstRate: GST_RATE_CHOICE },
  serverFields: ['subTotalPaise', 'taxPaise', 'totalPaise', 'receiptRemarks', 'cancelReason'],
  columns: ['alternateId', 'supplierId', 'orderDate', 'expectedDelivery', 'totalPaise', 'status'],
  messages: {
    list: 'Failed to get list of PO',
    create: 'Failed to create Draft PO',
    update: 'Failed to update PO',
    remove: 'Failed to Delete PO',
    getById: 'Failed to get PO details',
  },
  calls: [
    // One delivery by quantities (issue 32); the machine's receivePart / receiveAll step, chosen from the quantities.
    { name: 'receive', method: 'POST', path: '/receive', privilege: 'UPDATE', kind: 'custom', message: 'Failed to update PO', cache: 'merge', body: receiveBody, reply: steppedRecord },
    { name: 'receipts', method: 'GET', path: '/receipts/:id', privilege: 'VIEW', kind: 'custom', message: 'Failed to get PO details', cache: 'none', params: idParams, reply: receiptsReply },
  ],
});

export const supplier = defineModule({
  name: 'supplier',
  label: 'Supplier',
  record: 'supplier',
  area: 'parts',
  path: '/api/app/supplier',
  feature: 'SUPPLIER',
  fields: z.object({
    name: text('Supplier name', 160),
    gstNo: z.string().trim().regex(GSTIN_PATTERN, says('notValid', { label: 'GST Number' })).optional(),
    contactPerson: optionalText('Contact person', 120),
    email: z.email(says('notValid', { label: 'Email' })).optional(),
    phone: optionalText('Phone', 20),
    address: optionalText('Address', 400),
    city: optionalText('City', 80),
    state: optionalText('State', 80),
    paymentTermsDays: z.coerce.number().int().nonnegative().default(30),
    categories: z.array(z.string().trim().min(1)).default([]),
    status: z.enum(['Active', 'Inactive', 'Blacklisted'], { error: says('notValid', { label: 'Status' }) }).default('Active'),
  }),
  example: { name: 'Bharat Bearings Pvt Ltd', gstNo: '27AALCG9013E1ZM', city: 'Pune', categories: ['Bearings'] },
  columns: ['name', 'gstNo', 'contactPerson', 'phone', 'city', 'status'],
  messages: {
    list: 'Failed to get list of supplier',
    create: 'Failed to create supplier',
    update: 'Failed to update supplier',
    remove: 'Failed to delete supplier',
    getById: 'Failed to get supplier details',
  },
  calls: [
    {
      name: 'getSupplierList',
      method: 'GET',
      path: '/getSupplierList',
      privilege: 'VIEW',
      kind: 'list',
      project: ['_id', 'name', 'gstNo', 'status'],
      message: 'Failed to get list of supplier',
      cache: 'none',
    },
  ],
});

export const partsViews: readonly ModuleView[] = [
  {
    route: 'manage-review-requisition',
    code: 'REVIEW_REQUISITION',
    module: 'purchase-order-requisition',
    label: 'Review Requisition',
    filter: { status: ['Submitted', 'Approved'] },
  },
];

export const partsModules = [sparePartInventory, associationOfMachineParts, transaction, requestSpare, purchaseOrderRequisition, purchaseOrder, supplier] as const;
