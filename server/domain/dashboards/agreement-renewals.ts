/**
 * GET /api/app/dashboard-charts/agreementRenewals?days=30 (needs SALES-PIPELINE VIEW, like the agreement
 * module): the Active agreements that end next, so the sales team can renew them in time. `expiring`
 * counts those ending from today to `days` days ahead (both included, as agreementKpi does); `items` lists the next five to end whatever
 * the horizon, so the tile is useful when nothing is due yet. Agreements that already ended but are still
 * marked Active come first, with negative `daysLeft`.
 */
import type { Queryable } from '../../db/pool';
import { tenantTimeZone } from './figures';
import type { VisibleRows } from './visibility';
import type { Renewal, AgreementRenewals } from '../../../src/contract/dashboardShapes';

const RENEWAL_ROWS = 5;

export async function agreementRenewals(db: Queryable, agreements: VisibleRows, tenantId: string, days: number): Promise<AgreementRenewals> {
  const zone = await tenantTimeZone(db, tenantId);
  const values: unknown[] = [zone, days];
  const where = agreements.where(values);
  const today = `(now() at time zone $1)::date`;
  const left = `((body->>'endDate')::date - ${today})`;
  const { rows } = await db.query<{ active: string; expiring: string; items: Renewal[] | null }>(
    `with active as (select _id, body from ${agreements.table} where ${where} and body->>'status' = 'Active')
     select (select count(*) from active) as active,
            (select count(*) from active where ${left} between 0 and $2::int) as expiring,
            (select json_agg(a) from (
               select _id as "_id", body->>'alternateId' as "alternateId", body->>'clientName' as "clientName",
                      body->>'endDate' as "endDate", coalesce((body->>'monthlyRentalPaise')::bigint, 0) as "monthlyRentalPaise",
                      ${left} as "daysLeft"
               from active order by (body->>'endDate')::date, _id limit ${RENEWAL_ROWS}) a) as items`,
    values,
  );
  const row = rows[0];
  return { days, active: Number(row?.active ?? 0), expiring: Number(row?.expiring ?? 0), items: row?.items ?? [] };
}
