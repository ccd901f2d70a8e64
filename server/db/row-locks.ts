/**
 * Row locks taken inside a caller's transaction before a read-check-write, so that two concurrent writers cannot
 * both spend the same amount: the SQL behind server/domain/billing/payment-approval.ts and parts/stock.ts.
 * Each holds until the caller's transaction ends; a missing row locks nothing (the caller's read then 404s).
 */
import { invoice } from '../../src/contract/modules/billing';
import { tableName } from '../../src/contract/modules/define';
import { sparePartInventory } from '../../src/contract/modules/parts';
import { proposal } from '../../src/contract/modules/sales';
import type { Queryable } from './pool';

/** Locks the invoice row (two approvals must not both spend its outstanding amount). */
export async function lockInvoiceRow(tx: Queryable, tenantId: string, invoiceId: unknown): Promise<void> {
  await tx.query(`select 1 from ${tableName(invoice)} where _id = $1 and subscriber_id = $2 for update`, [invoiceId, tenantId]);
}

/** Locks the spare part's row (two issues must not both spend its last unit). */
export async function lockSparePartRow(tx: Queryable, tenantId: string, partId: string): Promise<void> {
  await tx.query(`select 1 from "${tableName(sparePartInventory)}" where _id = $1 and subscriber_id = $2 for update`, [partId, tenantId]);
}

/** Locks the proposal's row (two clicks on "Make agreement" must not make two agreements). */
export async function lockProposalRow(tx: Queryable, tenantId: string, proposalId: string): Promise<void> {
  await tx.query(`select 1 from "${tableName(proposal)}" where _id = $1 and subscriber_id = $2 for update`, [proposalId, tenantId]);
}
