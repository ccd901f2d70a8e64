/**
 * Stock: every movement is a transaction that moves the part's stock in the same database transaction
 * (the part row is locked, so concurrent issues cannot both spend the last unit). Receipts and returns
 * add, issues subtract (never below zero), adjustments add a signed correction.
 */
import { sparePartInventory, transaction } from '../../../src/contract/modules/parts';
import { inTransaction, type Queryable } from '../../db/pool';
import type { ApiRecord } from '../../db/repository';
import { lockSparePartRow } from '../../db/row-locks';
import { conflict, invalid } from '../errors';
import { checkReferences } from '../records';
import type { CallContext, HandlersOf } from '../call-context';
import { asNumber, asString, repoOf, requireBody } from '../records';
import type { StepContext } from '../step-context';

export type MovementType = 'Receipt' | 'Issue' | 'Return' | 'Adjustment';

export interface Movement {
  partId: string;
  type: MovementType;
  quantity: number;
  date: string;
  unitCostPaise?: number;
  reference?: string;
  ticketAlternateId?: string;
  purchaseOrderId?: string;
  remarks?: string;
}

/** The signed change a movement makes to stock; 400 when its quantity has the wrong sign. */
export function stockDelta(type: MovementType, quantity: number): number {
  if (type === 'Adjustment') return quantity;
  if (quantity <= 0) throw invalid('quantity', `Quantity must be more than 0 for a ${type}`);
  return type === 'Issue' ? -quantity : quantity;
}

/** Applies one movement inside the caller's transaction: locks the part, checks stock, writes both rows. */
export async function postMovement(ctx: StepContext, tx: Queryable, movement: Movement): Promise<ApiRecord> {
  const delta = stockDelta(movement.type, movement.quantity);
  await lockSparePartRow(tx, ctx.user.tenantId, movement.partId);
  const parts = repoOf(ctx, sparePartInventory, tx);
  const part = await requireBody(parts, movement.partId);
  const stock = asNumber(part.stockQty);
  const after = Math.round((stock + delta) * 1000) / 1000;
  if (after < 0) throw conflict(`Insufficient stock of ${asString(part.partNumber) ?? movement.partId}: ${stock} in stock, ${Math.abs(delta)} needed`);
  await parts.update(movement.partId, { stockQty: after });
  return repoOf(ctx, transaction, tx).create({ ...movement, balanceAfter: after });
}

async function createTransaction(ctx: CallContext): Promise<ApiRecord> {
  const body = { ...(ctx.req.body as Movement & Record<string, unknown>) };
  delete body.balanceAfter;
  await checkReferences(ctx.db, transaction, ctx.user.tenantId, body);
  const record = await inTransaction(ctx.db, (tx) => postMovement(ctx, tx, body));
  ctx.notify('create', record._id);
  ctx.hub.recordChanged(ctx.user.tenantId, { module: sparePartInventory.name, op: 'update', _id: body.partId });
  ctx.reply.code(201);
  return record;
}

export const transactionHandlers = { ops: { create: createTransaction } } satisfies HandlersOf<'transaction'>;
