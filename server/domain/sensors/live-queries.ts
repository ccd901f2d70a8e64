/**
 * PostgreSQL aggregates of the live sensor screen. Readings stay in the database: Node receives one latest
 * row per sensor and a few averaged buckets per sensor and parameter, never the readings themselves.
 */
import { tableName } from '../../../src/contract/modules/define';
import { sensorData } from '../../../src/contract/modules/sensors';
import type { Queryable } from '../../db/pool';
import type { Reading } from '../../../src/contract/sensorShapes';

const DATA = `"${tableName(sensorData)}"`;
const RECORDED_AT = `(d.body->>'recordedAt')::timestamptz`;

/** A reading as the sensor screens receive it (src/contract/sensorShapes.ts). */
export type LatestReading = Reading;

interface ReadingRow {
  _id: string;
  sid: string;
  at: Date;
  values: Record<string, number> | null;
  alarm: boolean | null;
}

const toReading = (row: ReadingRow): LatestReading => ({
  _id: row._id,
  sensorInstanceId: row.sid,
  recordedAt: row.at.toISOString(),
  values: row.values ?? {},
  alarm: row.alarm === true,
});

/** The newest reading of each sensor among `sensorIds`. */
export async function latestReadings(db: Queryable, tenantId: string, sensorIds: readonly string[]): Promise<LatestReading[]> {
  if (sensorIds.length === 0) return [];
  const { rows } = await db.query<ReadingRow>(
    `select distinct on (d.body->>'sensorInstanceId') d._id, d.body->>'sensorInstanceId' as sid, ${RECORDED_AT} as at,
            d.body->'values' as values, (d.body->>'alarm')::boolean as alarm
     from ${DATA} d
     where d.subscriber_id = $1 and d.body->>'sensorInstanceId' = any($2::text[])
     order by d.body->>'sensorInstanceId', ${RECORDED_AT} desc, d._id desc`,
    [tenantId, [...sensorIds]],
  );
  return rows.map(toReading);
}

/** Readings by id, limited to `sensorIds` (the ones the person may see). */
export async function readingsByIds(db: Queryable, tenantId: string, ids: readonly string[], sensorIds: readonly string[]): Promise<LatestReading[]> {
  if (ids.length === 0 || sensorIds.length === 0) return [];
  const { rows } = await db.query<ReadingRow>(
    `select d._id, d.body->>'sensorInstanceId' as sid, ${RECORDED_AT} as at, d.body->'values' as values, (d.body->>'alarm')::boolean as alarm
     from ${DATA} d
     where d.subscriber_id = $1 and d._id = any($2::text[]) and d.body->>'sensorInstanceId' = any($3::text[])
     order by ${RECORDED_AT}`,
    [tenantId, [...ids], [...sensorIds]],
  );
  return rows.map(toReading);
}

export interface SparklineWindow {
  /** Hours of history behind each sensor's newest reading. */
  hours: number;
  /** Buckets in that window: one point of the sparkline each. */
  points: number;
}

/**
 * Sparkline values per sensor and parameter: bucket averages over the `hours` before each sensor's own
 * newest reading (not before now, so a sensor that went quiet still shows how it was before it stopped),
 * oldest first, null where a bucket holds no reading.
 */
export async function sparklines(
  db: Queryable,
  tenantId: string,
  sensorIds: readonly string[],
  window: SparklineWindow,
): Promise<Map<string, Record<string, Array<number | null>>>> {
  const result = new Map<string, Record<string, Array<number | null>>>();
  if (sensorIds.length === 0) return result;
  const bucketSeconds = (window.hours * 3600) / window.points;
  const { rows } = await db.query<{ sid: string; parameter: string; slot: number; avg: number }>(
    `with latest as (
       select d.body->>'sensorInstanceId' as sid, max(${RECORDED_AT}) as at
       from ${DATA} d
       where d.subscriber_id = $1 and d.body->>'sensorInstanceId' = any($2::text[])
       group by 1
     )
     select l.sid, v.key as parameter,
            least(floor(extract(epoch from (l.at - ${RECORDED_AT})) / $3::float8)::int, $4::int - 1) as slot,
            avg((v.value)::float8) as avg
     from latest l
     join ${DATA} d on d.subscriber_id = $1 and d.body->>'sensorInstanceId' = l.sid
     cross join lateral jsonb_each(d.body->'values') v
     where ${RECORDED_AT} > l.at - make_interval(secs => $3::float8 * $4::int) and ${RECORDED_AT} <= l.at
       and jsonb_typeof(v.value) = 'number'
     group by 1, 2, 3`,
    [tenantId, [...sensorIds], bucketSeconds, window.points],
  );
  for (const row of rows) {
    const bySensor = result.get(row.sid) ?? {};
    const line = bySensor[row.parameter] ?? new Array<number | null>(window.points).fill(null);
    // Slot 0 is the newest bucket; the line reads oldest → newest.
    line[window.points - 1 - row.slot] = Math.round(Number(row.avg) * 1000) / 1000;
    bySensor[row.parameter] = line;
    result.set(row.sid, bySensor);
  }
  return result;
}
