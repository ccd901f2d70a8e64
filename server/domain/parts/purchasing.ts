/**
 * Spare-part requests, requisitions and purchase orders.
 * - Spare-part requests follow their lifecycle (src/machines/lifecycles/spareRequest.ts): PATCH
 *   request-spare/updateRequest { id, status, statusRemarks } is the one step to that status; issuing takes
 *   every item out of stock (./spare-request-steps.ts) or nothing at all; only a Requested one is edited.
 * - Requisitions follow their lifecycle (src/machines/lifecycles/requisition.ts): PUT update/list { ids, status }
 *   takes each to the status named by the one step that leads there, all or none; sending to purchase makes
 *   the draft purchase orders; a PUT of one requisition that changes its status is read the same way.
 * - Purchase orders follow their lifecycle (src/machines/lifecycles/purchaseOrder.ts): amounts computed from the
 *   lines (GST half up per line); only a Draft changes its lines; deliveries are received by quantities
 *   (./receipts.ts), each one raising stock through the ledger.
 */
import type { RequisitionListBody, UpdateRequestBody } from '../../../src/contract/modules/parts';
import type { ApiRecord } from '../../db/repository';
import { applyMoveTo, applyToEach, moveTo, type LifecycleRecord } from '../lifecycle';
import type { CallContext, HandlersOf } from '../call-context';
import { asArray, createRecord, patchRecord, requireBody, updateId } from '../records';
import { poTotals } from './po-totals';
import { receiptCalls } from './receipts';
import { getByIdWithPartNames } from './line-names';
import { peopleCalls } from '../people';

type Body = Record<string, unknown>;

async function updateRequest(ctx: CallContext): Promise<LifecycleRecord> {
  const { id, status, statusRemarks } = ctx.req.body as UpdateRequestBody;
  return applyMoveTo(ctx, id, status, statusRemarks ? { statusRemarks } : {});
}

async function createSpareRequest(ctx: CallContext): Promise<ApiRecord> {
  const body = ctx.req.body as Body;
  return createRecord(ctx, { ...body, requestedBy: body.requestedBy ?? ctx.user._id });
}

async function updateSpareRequest(ctx: CallContext): Promise<ApiRecord> {
  const { id } = ctx.req.params as { id: string };
  const patch = ctx.req.body as Body;
  // Whether it may change (Requested, by whoever raised it) is the lifecycle's to say, under the row lock (patchRecord).
  return patchRecord(ctx, id, patch);
}

async function updateRequisitions(ctx: CallContext): Promise<{ data: LifecycleRecord[]; total: number }> {
  const { ids, status, reviewRemarks } = ctx.req.body as RequisitionListBody;
  return applyToEach(ctx, ids, (tx, id) => moveTo(tx, ctx, id, status, { reviewRemarks }));
}

/** PUT {id}: a requisition's fields (a changed status is the lifecycle step the route takes after them). */
async function updateRequisition(ctx: CallContext): Promise<ApiRecord> {
  const { id } = ctx.req.params as { id: string };
  await requireBody(ctx.repo, id);
  return patchRecord(ctx, id, ctx.req.body as Body);
}

async function createRequisition(ctx: CallContext): Promise<ApiRecord> {
  const body = ctx.req.body as Body;
  for (const stamped of ['reviewedBy', 'reviewedAt', 'purchaseOrderIds']) delete body[stamped];
  return createRecord(ctx, { ...body, status: 'Draft', requestedBy: body.requestedBy ?? ctx.user._id });
}

const COMPUTED_PO = ['subTotalPaise', 'taxPaise', 'totalPaise'];

/** A new order starts as Draft (the route's lifecycle rule refuses any other status). */
async function createPurchaseOrder(ctx: CallContext): Promise<ApiRecord> {
  const body = { ...(ctx.req.body as Body) };
  for (const f of COMPUTED_PO) delete body[f];
  return createRecord(ctx, { ...body, ...poTotals(asArray(body.lines)) });
}

/**
 * PUT update-po: the id travels in the body (or the path, if the route carries one). A changed status is the
 * lifecycle step the route takes after the fields are saved (src/machines/lifecycles/purchaseOrder.ts).
 */
async function updatePurchaseOrder(ctx: CallContext): Promise<ApiRecord> {
  const id = updateId(ctx);
  const patch = { ...(ctx.req.body as Body) };
  for (const f of [...COMPUTED_PO, '_id', 'id']) delete patch[f];
  // Which fields may change in the order's state is the lifecycle's to say (src/machines/lifecycles/purchaseOrder.ts).
  const priced = 'lines' in patch ? poTotals(asArray(patch.lines)) : {};
  return patchRecord(ctx, id, { ...patch, ...priced });
}

export const requestSpareHandlers = {
  ops: { create: createSpareRequest, update: updateSpareRequest, getById: getByIdWithPartNames('items') },
  calls: { updateRequest: { handler: updateRequest }, ...peopleCalls },
} satisfies HandlersOf<'request-spare'>;

export const requisitionHandlers = {
  ops: { create: createRequisition, update: updateRequisition, getById: getByIdWithPartNames('lines') },
  calls: { updateList: { handler: updateRequisitions }, ...peopleCalls },
} satisfies HandlersOf<'purchase-order-requisition'>;

export const purchaseOrderHandlers = {
  ops: { create: createPurchaseOrder, update: updatePurchaseOrder, getById: getByIdWithPartNames('lines') },
  calls: receiptCalls,
} satisfies HandlersOf<'purchase-order'>;
