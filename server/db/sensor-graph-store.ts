/**
 * The sensor-analytic graph call's aggregate (POST sensor-analytic/graph): one parameter's readings bucketed per
 * sensor with average, minimum, maximum and count, computed in PostgreSQL so the readings never travel to Node.
 * The SQL behind server/domain/sensors/readings.ts, kept in the data layer.
 */
import { tableName } from '../../src/contract/modules/define';
import { sensorData } from '../../src/contract/modules/sensors';
import type { Queryable } from './pool';

export interface GraphQuery {
  tenantId: string;
  sensorIds: readonly string[];
  /** ISO instants, both ends included. */
  from: string;
  to: string;
  /** A key of the readings' `values`. */
  parameter: string;
  /** A PostgreSQL interval ('15 minutes', '1 hour' …); buckets are aligned on midnight in India. */
  interval: string;
}

export interface GraphBucketRow {
  sid: string;
  t: Date;
  avg: number;
  min: number;
  max: number;
  /** count(*) is a bigint, which the driver answers as text. */
  count: string;
}

/** The buckets of every sensor, by sensor then time; readings without the parameter are left out. */
export async function graphBuckets(db: Queryable, query: GraphQuery): Promise<GraphBucketRow[]> {
  const { rows } = await db.query<GraphBucketRow>(
    `select body->>'sensorInstanceId' as sid,
                date_bin($5::interval, (body->>'recordedAt')::timestamptz, timestamptz '2000-01-01 00:00:00+05:30') as t,
                avg(v) as avg, min(v) as min, max(v) as max, count(*) as count
         from "${tableName(sensorData)}", lateral (select (body->'values'->>$4)::float8 as v) reading
         where subscriber_id = $1 and body->>'sensorInstanceId' = any($2::text[])
           and (body->>'recordedAt')::timestamptz between $3::timestamptz and $6::timestamptz and v is not null
         group by 1, 2 order by 1, 2`,
    [query.tenantId, query.sensorIds, query.from, query.parameter, query.interval, query.to],
  );
  return rows;
}
