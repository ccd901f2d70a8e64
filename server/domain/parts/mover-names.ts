/** Ledger rows with who moved the stock by name (people are named, never shown as ids). */
import type { LedgerRow } from '../../db/stock-ledger-store';
import type { CallContext } from '../call-context';
import { userNames } from '../reference-names';

export async function withMoverNames(ctx: Pick<CallContext, 'db' | 'user'>, rows: LedgerRow[]): Promise<Array<LedgerRow & { byName?: string }>> {
  const names = await userNames(ctx.db, ctx.user.tenantId, rows.map((r) => r.byId));
  return rows.map((r) => {
    const name = names.get(r.byId);
    return name ? { ...r, byName: name } : r;
  });
}
