/**
 * The stock ledger (issue 32): one row per movement of a part, written in the transaction of its cause (a receipt
 * against a purchase-order line, an issue to a ticket or a spare-part request, a return, an adjustment after a count).
 * The part's `stockQty` and `stockValuePaise` are the ledger's running sums, kept on the part for speed; every row
 * carries the balance after it (never below zero: a check constraint backs up the row lock the writer holds).
 *
 * Value is a perpetual weighted average in integer paise: a movement in adds quantity × its unit cost; a movement out
 * takes its share of the value held (value × quantity ÷ on-hand, rounded), so the last unit out takes what is left and
 * the value never drifts from the ledger's sum.
 */
import { purchaseOrder, sparePartInventory } from '../../src/contract/modules/parts';
import { tableName } from '../../src/contract/modules/define';
import type { Queryable } from './pool';

export type LedgerKind = 'Receipt' | 'Issue' | 'Return' | 'Adjustment';

export interface LedgerRowInput {
  tenantId: string;
  partId: string;
  kind: LedgerKind;
  /** Signed: positive in, negative out. */
  quantity: number;
  /** The stock after this row. */
  balanceAfter: number;
  /** Cost of one unit: a receipt's price, an issue's average cost. */
  unitCostPaise: number;
  /** Signed change of the stock's value. */
  valuePaise: number;
  /** The stock's value after this row. */
  valueAfterPaise: number;
  /** What caused it: a purchase order and its line, a spare-part request, a ticket, a stock transaction. */
  causeModule?: string;
  causeId?: string;
  causeLine?: number;
  causeName?: string;
  transactionId?: string;
  reason?: string;
  byId: string;
}

export interface LedgerRow {
  id: number;
  partId: string;
  kind: LedgerKind;
  quantity: number;
  balanceAfter: number;
  unitCostPaise: number;
  valuePaise: number;
  valueAfterPaise: number;
  causeModule: string | null;
  causeId: string | null;
  causeLine: number | null;
  causeName: string | null;
  transactionId: string | null;
  reason: string | null;
  byId: string;
  at: string;
}

export const STOCK_LEDGER_MIGRATION = `
  create table stock_ledger (
    id bigserial primary key,
    subscriber_id text not null,
    part_id text not null,
    kind text not null check (kind in ('Receipt', 'Issue', 'Return', 'Adjustment')),
    quantity numeric(16, 3) not null check (quantity <> 0),
    balance_after numeric(16, 3) not null check (balance_after >= 0),
    unit_cost_paise bigint not null default 0,
    value_paise bigint not null default 0,
    value_after_paise bigint not null default 0 check (value_after_paise >= 0),
    cause_module text,
    cause_id text,
    cause_line integer,
    cause_name text,
    transaction_id text,
    reason text,
    by_id text not null,
    at timestamptz not null default clock_timestamp()
  );
  create index stock_ledger_part on stock_ledger (subscriber_id, part_id, id);
  create index stock_ledger_cause on stock_ledger (subscriber_id, cause_module, cause_id, id);
`;

const COLUMNS = `id::int as "id", part_id as "partId", kind, quantity::float8 as "quantity", balance_after::float8 as "balanceAfter",
  unit_cost_paise::int8 as "unitCostPaise", value_paise::int8 as "valuePaise", value_after_paise::int8 as "valueAfterPaise",
  cause_module as "causeModule", cause_id as "causeId", cause_line as "causeLine", cause_name as "causeName",
  transaction_id as "transactionId", reason, by_id as "byId", to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "at"`;

type RawLedgerRow = Omit<LedgerRow, 'unitCostPaise' | 'valuePaise' | 'valueAfterPaise'> & { unitCostPaise: string; valuePaise: string; valueAfterPaise: string };

const fromRaw = (row: RawLedgerRow): LedgerRow => ({ ...row, unitCostPaise: Number(row.unitCostPaise), valuePaise: Number(row.valuePaise), valueAfterPaise: Number(row.valueAfterPaise) });

/** Appends one row inside the caller's transaction (which holds the part's row lock). */
export async function appendLedgerRow(tx: Queryable, row: LedgerRowInput): Promise<LedgerRow> {
  const result = await tx.query<RawLedgerRow>(
    `insert into stock_ledger (subscriber_id, part_id, kind, quantity, balance_after, unit_cost_paise, value_paise, value_after_paise,
       cause_module, cause_id, cause_line, cause_name, transaction_id, reason, by_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
     returning ${COLUMNS}`,
    [
      row.tenantId, row.partId, row.kind, row.quantity, row.balanceAfter, row.unitCostPaise, row.valuePaise, row.valueAfterPaise,
      row.causeModule ?? null, row.causeId ?? null, row.causeLine ?? null, row.causeName ?? null, row.transactionId ?? null, row.reason ?? null, row.byId,
    ],
  );
  return fromRaw(result.rows[0] as RawLedgerRow);
}

/** Links a ledger row to the stock transaction record written for it (same transaction). */
export async function linkLedgerTransaction(tx: Queryable, tenantId: string, ledgerId: number, transactionId: string): Promise<void> {
  await tx.query('update stock_ledger set transaction_id = $3 where subscriber_id = $1 and id = $2', [tenantId, ledgerId, transactionId]);
}

/** One part's rows, newest first (at most `limit`). */
export async function ledgerOfPart(db: Queryable, tenantId: string, partId: string, limit = 200): Promise<LedgerRow[]> {
  const result = await db.query<RawLedgerRow>(`select ${COLUMNS} from stock_ledger where subscriber_id = $1 and part_id = $2 order by id desc limit $3`, [tenantId, partId, limit]);
  return result.rows.map(fromRaw);
}

/** The rows one record caused (a purchase order's receipts), oldest first. */
export async function ledgerOfCause(db: Queryable, tenantId: string, causeModule: string, causeId: string): Promise<LedgerRow[]> {
  const result = await db.query<RawLedgerRow>(`select ${COLUMNS} from stock_ledger where subscriber_id = $1 and cause_module = $2 and cause_id = $3 order by id`, [tenantId, causeModule, causeId]);
  return result.rows.map(fromRaw);
}

export interface PartTotals {
  partId: string;
  quantity: number;
  valuePaise: number;
}

/** Per part: the ledger's sums of quantity and value (what the parts' kept fields must equal). */
export async function ledgerTotals(db: Queryable, tenantId: string): Promise<PartTotals[]> {
  const result = await db.query<{ partId: string; quantity: number; valuePaise: string }>(
    `select part_id as "partId", sum(quantity)::float8 as "quantity", sum(value_paise)::int8 as "valuePaise"
       from stock_ledger where subscriber_id = $1 group by part_id`,
    [tenantId],
  );
  return result.rows.map((r) => ({ ...r, valuePaise: Number(r.valuePaise) }));
}

const PART_TABLE = `"${tableName(sparePartInventory)}"`;
const PO_TABLE = `"${tableName(purchaseOrder)}"`;

/** A purchase order counts as on order until it is received or cancelled. */
const OPEN_PO_STATUSES = ['Draft', 'Issued', 'Partially Received'];

/** Per part: what open purchase orders still bring (ordered minus received, over their lines). */
export async function openOrderQuantities(db: Queryable, tenantId: string): Promise<Map<string, number>> {
  const result = await db.query<{ partId: string; due: number }>(
    `select line->>'partId' as "partId", sum(greatest(coalesce((line->>'quantity')::numeric, 0) - coalesce((line->>'receivedQty')::numeric, 0), 0))::float8 as "due"
       from ${PO_TABLE} po, jsonb_array_elements(coalesce(po.body->'lines', '[]'::jsonb)) line
      where po.subscriber_id = $1 and po.body->>'status' = any($2::text[])
      group by line->>'partId'`,
    [tenantId, OPEN_PO_STATUSES],
  );
  return new Map(result.rows.map((r) => [r.partId, r.due]));
}

export interface LowStockPart {
  _id: string;
  partNumber: string;
  partName: string;
  unit: string | null;
  stockQty: number;
  reorderLevel: number;
  reorderQty: number | null;
  maxLevel: number | null;
  unitPricePaise: number;
  supplierId: string | null;
}

/** Parts at or below their reorder level (a level of 0 is none: as the overview dashboard counts them), fewest in stock first. */
export async function partsAtOrBelowReorder(db: Queryable, tenantId: string): Promise<LowStockPart[]> {
  const result = await db.query<LowStockPart>(
    `select _id, body->>'partNumber' as "partNumber", body->>'partName' as "partName", body->>'unit' as "unit",
            coalesce((body->>'stockQty')::float8, 0) as "stockQty", coalesce((body->>'reorderLevel')::float8, 0) as "reorderLevel",
            (body->>'reorderQty')::float8 as "reorderQty", (body->>'maxLevel')::float8 as "maxLevel",
            coalesce((body->>'unitPricePaise')::float8, 0) as "unitPricePaise", body->>'supplierId' as "supplierId"
       from ${PART_TABLE}
      where subscriber_id = $1 and coalesce((body->>'reorderLevel')::numeric, 0) > 0
        and coalesce((body->>'stockQty')::numeric, 0) <= coalesce((body->>'reorderLevel')::numeric, 0)
      order by coalesce((body->>'stockQty')::numeric, 0), body->>'partNumber'`,
    [tenantId],
  );
  return result.rows;
}

/** The tenant's stock value in paise: the sum of the parts' kept values. */
export async function totalStockValue(db: Queryable, tenantId: string): Promise<number> {
  const result = await db.query<{ total: string | null }>(`select sum(coalesce((body->>'stockValuePaise')::numeric, 0))::int8 as "total" from ${PART_TABLE} where subscriber_id = $1`, [tenantId]);
  return Number(result.rows[0]?.total ?? 0);
}

/**
 * Opening balances for parts that hold stock but have no ledger row yet (stock recorded before the ledger existed,
 * or a part created with stock): one Adjustment each, valued at the part's price, and the part's kept value set to
 * match. Idempotent; runs at every start after the module tables exist, for every tenant.
 */
export async function openStockLedger(db: Queryable, tenantId?: string): Promise<number> {
  const result = await db.query(
    `with opened as (
       insert into stock_ledger (subscriber_id, part_id, kind, quantity, balance_after, unit_cost_paise, value_paise, value_after_paise, reason, by_id)
       select p.subscriber_id, p._id, 'Adjustment', (p.body->>'stockQty')::numeric, (p.body->>'stockQty')::numeric,
              coalesce((p.body->>'unitPricePaise')::int8, 0),
              round((p.body->>'stockQty')::numeric * coalesce((p.body->>'unitPricePaise')::numeric, 0))::int8,
              round((p.body->>'stockQty')::numeric * coalesce((p.body->>'unitPricePaise')::numeric, 0))::int8,
              'Opening balance', 'system'
         from ${PART_TABLE} p
        where ($1::text is null or p.subscriber_id = $1)
          and coalesce((p.body->>'stockQty')::numeric, 0) > 0
          and not exists (select 1 from stock_ledger l where l.subscriber_id = p.subscriber_id and l.part_id = p._id)
       returning subscriber_id, part_id, value_after_paise
     )
     update ${PART_TABLE} p set body = p.body || jsonb_build_object('stockValuePaise', o.value_after_paise)
       from opened o where p.subscriber_id = o.subscriber_id and p._id = o.part_id`,
    [tenantId ?? null],
  );
  return result.rowCount ?? 0;
}

/** Locks a part's row and reads what a movement needs (undefined when the tenant has no such part). */
export async function lockPartStock(tx: Queryable, tenantId: string, partId: string): Promise<{ stockQty: number; stockValuePaise: number; partNumber: string; unitPricePaise: number } | undefined> {
  const result = await tx.query<{ stockQty: number; stockValuePaise: string; partNumber: string; unitPricePaise: number }>(
    `select coalesce((body->>'stockQty')::float8, 0) as "stockQty", coalesce((body->>'stockValuePaise')::int8, 0) as "stockValuePaise",
            coalesce(body->>'partNumber', _id) as "partNumber", coalesce((body->>'unitPricePaise')::float8, 0) as "unitPricePaise"
       from ${PART_TABLE} where _id = $1 and subscriber_id = $2 for update`,
    [partId, tenantId],
  );
  const row = result.rows[0];
  return row ? { ...row, stockValuePaise: Number(row.stockValuePaise) } : undefined;
}
