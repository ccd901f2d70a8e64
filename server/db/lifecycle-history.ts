/** The lifecycle history (migration 004_lifecycle_history): one row per transition, read oldest first. */
import type { HistoryEntry } from '../../src/contract/lifecycleShapes';
import type { Queryable } from './pool';

export type { HistoryEntry };

export interface HistoryRow extends Omit<HistoryEntry, 'at'> {
  tenantId: string;
  module: string;
  recordId: string;
}

export async function recordHistory(tx: Queryable, row: HistoryRow): Promise<void> {
  await tx.query(
    `insert into lifecycle_history (subscriber_id, module, record_id, event, from_state, to_state, by_id, by_name, by_kind, note)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [row.tenantId, row.module, row.recordId, row.event, row.from, row.to, row.by._id, row.by.name, row.by.kind, row.note ?? null],
  );
}

export async function readHistory(db: Queryable, tenantId: string, module: string, recordId: string): Promise<{ data: HistoryEntry[]; total: number }> {
  const { rows } = await db.query<{ event: string; from_state: string | null; to_state: string; by_id: string; by_name: string; by_kind: HistoryEntry['by']['kind']; at: Date; note: string | null }>(
    `select event, from_state, to_state, by_id, by_name, by_kind, at, note from lifecycle_history
     where subscriber_id = $1 and module = $2 and record_id = $3 order by id`,
    [tenantId, module, recordId],
  );
  const data = rows.map((r) => ({
    event: r.event,
    from: r.from_state,
    to: r.to_state,
    by: { _id: r.by_id, name: r.by_name, kind: r.by_kind },
    at: r.at.toISOString(),
    ...(r.note ? { note: r.note } : {}),
  }));
  return { data, total: data.length };
}

/** Who made the record's latest change and when (a step or an edit), to tell someone whose copy is stale. */
export async function readLastChange(db: Queryable, tenantId: string, module: string, recordId: string): Promise<{ by: string; at: string } | undefined> {
  const { rows } = await db.query<{ by_name: string; at: Date }>(
    `select by_name, at from lifecycle_history where subscriber_id = $1 and module = $2 and record_id = $3 order by id desc limit 1`,
    [tenantId, module, recordId],
  );
  return rows[0] ? { by: rows[0].by_name, at: rows[0].at.toISOString() } : undefined;
}
