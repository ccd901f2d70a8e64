/**
 * PostgreSQL aggregates of the sensor analytics screens: one parameter of some sensors over a time range,
 * bucketed (date_bin) with average, minimum and maximum per bucket, and the same three figures over the
 * whole range per sensor. The range statistics are computed from the readings, not from the buckets, so the
 * average is the true mean of every reading.
 */
import { tableName } from '../../../src/contract/modules/define';
import { sensorData } from '../../../src/contract/modules/sensors';
import type { Queryable } from '../../db/pool';
import { SERIES_INTERVALS, type RangeStats, type SeriesInterval, type SeriesPoint } from '../../../src/contract/sensorShapes';

const DATA = `"${tableName(sensorData)}"`;
const RECORDED_AT = `(d.body->>'recordedAt')::timestamptz`;

export const INTERVAL_SECONDS: Record<SeriesInterval, number> = { '5m': 300, '15m': 900, '30m': 1800, '1h': 3600, '6h': 21_600, '1d': 86_400 };

/** A chart stays readable up to about this many points per line. */
export const MAX_POINTS = 240;

/** The narrowest interval that keeps a range within MAX_POINTS buckets. */
export function autoInterval(fromMs: number, toMs: number): SeriesInterval {
  const seconds = Math.max(1, (toMs - fromMs) / 1000);
  return SERIES_INTERVALS.find((i) => seconds / INTERVAL_SECONDS[i] <= MAX_POINTS) ?? '1d';
}

export interface SeriesQuery {
  tenantId: string;
  sensorIds: readonly string[];
  parameter: string;
  from: Date;
  to: Date;
  interval: SeriesInterval;
}

const round = (n: number): number => Math.round(n * 1000) / 1000;

// Buckets start on Indian midnight, the demo tenant's and most subscribers' day (as sensor-analytic does).
const ORIGIN = `timestamptz '2000-01-01 00:00:00+05:30'`;

export async function seriesPoints(db: Queryable, q: SeriesQuery): Promise<Map<string, SeriesPoint[]>> {
  const { rows } = await db.query<{ sid: string; t: Date; avg: number; min: number; max: number; count: string }>(
    `select d.body->>'sensorInstanceId' as sid, date_bin(make_interval(secs => $5::int), ${RECORDED_AT}, ${ORIGIN}) as t,
            avg(v) as avg, min(v) as min, max(v) as max, count(*) as count
     from ${DATA} d, lateral (select (d.body->'values'->>$4)::float8 as v) reading
     where d.subscriber_id = $1 and d.body->>'sensorInstanceId' = any($2::text[])
       and ${RECORDED_AT} >= $3::timestamptz and ${RECORDED_AT} <= $6::timestamptz
       and jsonb_typeof(d.body->'values'->$4) = 'number'
     group by 1, 2 order by 1, 2`,
    [q.tenantId, [...q.sensorIds], q.from.toISOString(), q.parameter, INTERVAL_SECONDS[q.interval], q.to.toISOString()],
  );
  const bySensor = new Map<string, SeriesPoint[]>();
  for (const r of rows) {
    const list = bySensor.get(r.sid) ?? [];
    list.push({ t: new Date(r.t).toISOString(), avg: round(Number(r.avg)), min: round(Number(r.min)), max: round(Number(r.max)), count: Number(r.count) });
    bySensor.set(r.sid, list);
  }
  return bySensor;
}

export async function rangeStats(db: Queryable, q: Omit<SeriesQuery, 'interval'>): Promise<Map<string, RangeStats>> {
  const { rows } = await db.query<{ sid: string; avg: number; min: number; max: number; count: string }>(
    `select d.body->>'sensorInstanceId' as sid, avg(v) as avg, min(v) as min, max(v) as max, count(*) as count
     from ${DATA} d, lateral (select (d.body->'values'->>$4)::float8 as v) reading
     where d.subscriber_id = $1 and d.body->>'sensorInstanceId' = any($2::text[])
       and ${RECORDED_AT} >= $3::timestamptz and ${RECORDED_AT} <= $5::timestamptz
       and jsonb_typeof(d.body->'values'->$4) = 'number'
     group by 1`,
    [q.tenantId, [...q.sensorIds], q.from.toISOString(), q.parameter, q.to.toISOString()],
  );
  return new Map(rows.map((r) => [r.sid, { min: round(Number(r.min)), avg: round(Number(r.avg)), max: round(Number(r.max)), count: Number(r.count) }]));
}
