/**
 * The statements of the public proposal page on the proposal module's table: reading the one proposal a link
 * opens and changing its view records each in one statement (so two tabs opening at once cannot lose a view).
 * The SQL behind server/domain/public/public-proposal.ts, kept in the data layer.
 */
import { proposal as proposalDef } from '../../src/contract/modules/sales';
import { tableName } from '../../src/contract/modules/define';
import type { Queryable } from './pool';
import type { Row } from './repository';

const TABLE = `"${tableName(proposalDef)}"`;

/** The tenant's proposal row, or undefined. */
export async function readProposalRow(db: Queryable, tenantId: string, proposalId: string): Promise<Row | undefined> {
  const { rows } = await db.query<Row>(`select * from ${TABLE} where _id = $1 and subscriber_id = $2`, [proposalId, tenantId]);
  return rows[0];
}

/** Appends a view record (JSON text of one entry) to totalViewTime; answers the updated row, or undefined. */
export async function appendProposalView(db: Queryable, tenantId: string, proposalId: string, viewJson: string): Promise<Row | undefined> {
  const { rows } = await db.query<Row>(
    `update ${TABLE}
     set body = jsonb_set(body, '{totalViewTime}', coalesce(body->'totalViewTime', '[]'::jsonb) || jsonb_build_array($3::jsonb)),
         version = version + 1, updated_at = now()
     where _id = $1 and subscriber_id = $2
     returning *`,
    [proposalId, tenantId, viewJson],
  );
  return rows[0];
}

/**
 * Sets one view record's seconds: only grows, and never beyond the time since the view began plus 5 s (computed
 * by PostgreSQL's clock). Answers the stored time as text (null when unset), or undefined when the proposal has no
 * such view record.
 */
export async function setProposalViewTime(db: Queryable, tenantId: string, proposalId: string, viewRecordId: string, seconds: number): Promise<{ time: string | null } | undefined> {
  const { rows } = await db.query<{ time: string | null }>(
    `update ${TABLE}
     set body = jsonb_set(body, '{totalViewTime}', (
           select jsonb_agg(case when e->>'_id' = $3 then e || jsonb_build_object('time', greatest(
                    coalesce((e->>'time')::numeric, 0),
                    least($4::numeric, floor(extract(epoch from now() - coalesce((e->>'viewedAt')::timestamptz, now()))) + 5)))
                  else e end order by ord)
           from jsonb_array_elements(body->'totalViewTime') with ordinality as t(e, ord))),
         version = version + 1, updated_at = now()
     where _id = $1 and subscriber_id = $2 and body->'totalViewTime' @> jsonb_build_array(jsonb_build_object('_id', $3::text))
     returning (select e->>'time' from jsonb_array_elements(body->'totalViewTime') e where e->>'_id' = $3) as time`,
    [proposalId, tenantId, viewRecordId, seconds],
  );
  return rows[0];
}
