/**
 * Stock (issue 32): every movement of a part is one row of the stock ledger (server/db/stock-ledger-store.ts),
 * written in the database transaction of its cause, with the part's row locked (`select … for update`), so two
 * issues racing for the last unit cannot both spend it: the second waits, then reads what is left and is refused.
 * Receipts and returns add, issues subtract (never below zero), adjustments after a count add a signed correction
 * and say why. The part keeps the ledger's sums (`stockQty`, `stockValuePaise`) for its list; each movement also
 * writes a Stock Transactions record (the `transaction` module), the ledger row's readable face.
 */
import { sparePartInventory, transaction } from '../../../src/contract/modules/parts';
import { inTransaction, type Queryable } from '../../db/pool';
import { repo, type ApiRecord } from '../../db/repository';
import type { SessionUser } from '../../auth/sessions';
import { appendLedgerRow, linkLedgerTransaction, lockPartStock, type LedgerRow } from '../../db/stock-ledger-store';
import { conflict, invalid, missingRecord } from '../errors';
import { refusal } from '../../../src/contract/refusalMessages';
import { checkReferences } from '../records';
import type { CallContext, HandlersOf } from '../call-context';
import type { RealtimeHub } from '../../realtime/hub';

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

/**
 * Who moves stock: the signed-in person (or the demo seed, in the administrator's name), and the hub that tells open
 * screens (the seed has none): a movement a step makes (a delivery received, a request issued) is announced as the
 * transaction call's own is (issue 39 item 5).
 */
export interface MovementContext {
  user: Pick<SessionUser, '_id' | 'tenantId'>;
  hub?: Pick<RealtimeHub, 'recordChanged'>;
}

/** What caused a movement, kept on its ledger row (a purchase order and its line, a spare-part request). */
export interface MovementCause {
  module: string;
  id: string;
  line?: number;
  name?: string;
}

/** The signed change a movement makes to stock; 400 when its quantity has the wrong sign. */
export function stockDelta(type: MovementType, quantity: number): number {
  if (type === 'Adjustment') return quantity;
  if (quantity <= 0) throw invalid('quantity', refusal('quantityAboveZeroFor', { choice: type }));
  return type === 'Issue' ? -quantity : quantity;
}

const roundQty = (n: number): number => Math.round(n * 1000) / 1000;

/**
 * The value a movement moves, weighted average: in at its unit cost (a receipt's price; a return or a count found
 * more at the average held, or the part's price when none is held); out at its share of the value held.
 */
function valueMoved(delta: number, stock: number, value: number, unitCostPaise: number | undefined, partPrice: number): { value: number; unitCost: number } {
  if (delta > 0) {
    const average = stock > 0 ? value / stock : partPrice;
    const unitCost = unitCostPaise ?? Math.round(average);
    return { value: Math.round(delta * unitCost), unitCost };
  }
  const after = roundQty(stock + delta);
  const out = after === 0 ? value : Math.round((value * -delta) / stock);
  return { value: -out, unitCost: stock > 0 ? Math.round(value / stock) : 0 };
}

/**
 * Applies one movement inside the caller's transaction: locks the part, checks stock, appends the ledger row,
 * updates the part's kept sums and writes the Stock Transactions record. A part of another tenant is not found.
 */
export async function postMovement(ctx: MovementContext, tx: Queryable, movement: Movement, cause?: MovementCause): Promise<ApiRecord & { ledger: LedgerRow }> {
  const delta = stockDelta(movement.type, movement.quantity);
  if (movement.type === 'Adjustment' && !movement.remarks?.trim()) throw invalid('remarks', refusal('sayWhyStockAdjusted'));
  const tenantId = ctx.user.tenantId;
  const part = await lockPartStock(tx, tenantId, movement.partId);
  if (!part) throw missingRecord('spare-part-inventory', movement.partId);
  const after = roundQty(part.stockQty + delta);
  if (after < 0) throw conflict(refusal('insufficientStock', { part: part.partNumber, inStock: part.stockQty, needed: Math.abs(delta) }));
  const moved = valueMoved(delta, part.stockQty, part.stockValuePaise, movement.unitCostPaise, part.unitPricePaise);
  const valueAfter = part.stockValuePaise + moved.value;
  const ledger = await appendLedgerRow(tx, {
    tenantId,
    partId: movement.partId,
    kind: movement.type,
    quantity: delta,
    balanceAfter: after,
    unitCostPaise: moved.unitCost,
    valuePaise: moved.value,
    valueAfterPaise: valueAfter,
    // Without a record behind it, the movement's own reference (a GRN, a ticket number) names its cause.
    ...(cause ? { causeModule: cause.module, causeId: cause.id, causeLine: cause.line, causeName: cause.name } : movement.reference ? { causeName: movement.reference } : {}),
    ...(movement.remarks ? { reason: movement.remarks } : {}),
    byId: ctx.user._id,
  });
  await repo(tx, sparePartInventory, tenantId).update(movement.partId, { stockQty: after, stockValuePaise: valueAfter });
  const record = await repo(tx, transaction, tenantId).create({ ...movement, unitCostPaise: moved.unitCost, balanceAfter: after });
  await linkLedgerTransaction(tx, tenantId, ledger.id, record._id);
  // Announced inside the caller's transaction, as a step's new purchase orders are (./requisition-orders.ts says why).
  ctx.hub?.recordChanged(tenantId, { module: transaction.name, op: 'create', _id: record._id });
  ctx.hub?.recordChanged(tenantId, { module: sparePartInventory.name, op: 'update', _id: movement.partId });
  return { ...record, ledger: { ...ledger, transactionId: record._id } };
}

async function createTransaction(ctx: CallContext): Promise<ApiRecord> {
  const body = { ...(ctx.req.body as Movement & Record<string, unknown>) };
  delete body.balanceAfter;
  await checkReferences(ctx.db, transaction, ctx.user.tenantId, body);
  // postMovement announces the transaction and the part's new stock.
  const { ledger: _ledger, ...record } = await inTransaction(ctx.db, (tx) => postMovement(ctx, tx, body));
  ctx.reply.code(201);
  return record;
}

export const transactionHandlers = { ops: { create: createTransaction } } satisfies HandlersOf<'transaction'>;
