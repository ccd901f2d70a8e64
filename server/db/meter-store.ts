/**
 * Machines' meters (running hours, cycles) and their readings: the SQL behind server/domain/machines/meters.ts.
 * Every statement is scoped to one tenant. A reading is written under the meter's row lock, so two readings at
 * the same moment are compared with each other, not both with the reading before them.
 */
import type { MeterKind, MeterReadingRow, MeterRow } from '../../src/contract/maintenanceShapes';
import { METER_UNITS } from '../../src/contract/maintenanceShapes';
import { newId } from './ids';
import type { Queryable } from './pool';

export interface MeterDbRow {
  id: string;
  machine_id: string;
  kind: MeterKind;
  sensor_instance_id: string | null;
  sensor_parameter: string | null;
  last_reading: number | null;
  last_read_at: Date | null;
  reset_offset: number;
}

const METER_COLUMNS = 'id, machine_id, kind, sensor_instance_id, sensor_parameter, last_reading, last_read_at, reset_offset';

/** The meter's lifetime count (its reading plus what resets took off): what plans' thresholds are counted on. */
export function lifetimeCount(row: Pick<MeterDbRow, 'last_reading' | 'reset_offset'> | undefined): number | undefined {
  return row?.last_reading === null || row?.last_reading === undefined ? undefined : row.last_reading + row.reset_offset;
}

/** A meter as the API answers it; its daily usage is worked out by the caller from its readings. */
export function toMeterRow(row: MeterDbRow, dailyUsage: number | null = null): MeterRow {
  return {
    _id: row.id,
    machineId: row.machine_id,
    kind: row.kind,
    unit: METER_UNITS[row.kind] ?? '',
    lastReading: row.last_reading,
    lastReadAt: row.last_read_at ? row.last_read_at.toISOString() : null,
    sensorInstanceId: row.sensor_instance_id,
    sensorParameter: row.sensor_parameter,
    dailyUsage,
  };
}

export async function metersOfMachine(db: Queryable, tenantId: string, machineId: string): Promise<MeterDbRow[]> {
  const { rows } = await db.query<MeterDbRow>(`select ${METER_COLUMNS} from machine_meters where subscriber_id = $1 and machine_id = $2 order by kind`, [tenantId, machineId]);
  return rows;
}

export async function meterOfMachine(db: Queryable, tenantId: string, machineId: string, kind: string): Promise<MeterDbRow | undefined> {
  const { rows } = await db.query<MeterDbRow>(`select ${METER_COLUMNS} from machine_meters where subscriber_id = $1 and machine_id = $2 and kind = $3`, [tenantId, machineId, kind]);
  return rows[0];
}

/** The meter of that kind, its row locked until the transaction ends (a reading compares with the last one). */
export async function lockMeter(tx: Queryable, tenantId: string, machineId: string, kind: string): Promise<MeterDbRow | undefined> {
  const { rows } = await tx.query<MeterDbRow>(`select ${METER_COLUMNS} from machine_meters where subscriber_id = $1 and machine_id = $2 and kind = $3 for update`, [tenantId, machineId, kind]);
  return rows[0];
}

/** Makes sure the machine has a meter of `kind` (its first reading adds it). */
export async function ensureMeter(tx: Queryable, tenantId: string, machineId: string, kind: MeterKind): Promise<void> {
  await tx.query(`insert into machine_meters (id, subscriber_id, machine_id, kind) values ($1, $2, $3, $4) on conflict (subscriber_id, machine_id, kind) do nothing`, [newId(), tenantId, machineId, kind]);
}

/** Adds the machine's meter of `kind`, or maps its sensor when it exists (one meter per kind and machine). */
export async function upsertMeter(db: Queryable, tenantId: string, machineId: string, kind: MeterKind, sensor: { instanceId: string | null; parameter: string | null }): Promise<void> {
  await db.query(
    `insert into machine_meters (id, subscriber_id, machine_id, kind, sensor_instance_id, sensor_parameter) values ($1, $2, $3, $4, $5, $6)
     on conflict (subscriber_id, machine_id, kind) do update set sensor_instance_id = excluded.sensor_instance_id, sensor_parameter = excluded.sensor_parameter`,
    [newId(), tenantId, machineId, kind, sensor.instanceId, sensor.parameter],
  );
}

/** The meters fed by a sensor (the machine's meters mapped to one of its parameters). */
export async function metersOfSensor(db: Queryable, tenantId: string, sensorInstanceId: string): Promise<MeterDbRow[]> {
  const { rows } = await db.query<MeterDbRow>(`select ${METER_COLUMNS} from machine_meters where subscriber_id = $1 and sensor_instance_id = $2`, [tenantId, sensorInstanceId]);
  return rows;
}

export interface NewReading {
  reading: number;
  readAt: string;
  source: 'person' | 'sensor';
  reset: boolean;
  resetReason: string | null;
  by: { id: string; name: string };
}

/** Records a reading and makes it the meter's last one when it is the latest read (a late sensor batch is history only). */
export async function insertReading(tx: Queryable, tenantId: string, meterId: string, reading: NewReading, offsetAdded = 0): Promise<void> {
  await tx.query(
    `insert into meter_readings (subscriber_id, meter_id, reading, read_at, source, is_reset, reset_reason, by_id, by_name) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [tenantId, meterId, reading.reading, reading.readAt, reading.source, reading.reset, reading.resetReason, reading.by.id, reading.by.name],
  );
  await tx.query(
    `update machine_meters set last_reading = $3, last_read_at = $4, reset_offset = reset_offset + $5 where subscriber_id = $1 and id = $2 and (last_read_at is null or last_read_at <= $4)`,
    [tenantId, meterId, reading.reading, reading.readAt, offsetAdded],
  );
}

/**
 * The meter's count at its first reading (no reset comes before a first reading, so it is that reading itself), or
 * undefined before any: where a plan saved while the machine had no reading starts counting.
 */
export async function firstReadingCount(db: Queryable, tenantId: string, meterId: string): Promise<number | undefined> {
  const { rows } = await db.query<{ reading: number }>('select reading from meter_readings where subscriber_id = $1 and meter_id = $2 order by read_at, id limit 1', [tenantId, meterId]);
  return rows[0]?.reading;
}

interface ReadingDbRow {
  meter_id: string;
  reading: number;
  read_at: Date;
  source: 'person' | 'sensor';
  is_reset: boolean;
  reset_reason: string | null;
  by_name: string;
}

/** The latest `perMeter` readings of each meter, newest first. */
export async function latestReadings(db: Queryable, tenantId: string, meterIds: readonly string[], perMeter: number): Promise<Map<string, MeterReadingRow[]>> {
  const byMeter = new Map<string, MeterReadingRow[]>();
  if (meterIds.length === 0) return byMeter;
  const { rows } = await db.query<ReadingDbRow>(
    `select meter_id, reading, read_at, source, is_reset, reset_reason, by_name from (
       select r.*, row_number() over (partition by meter_id order by read_at desc, id desc) as n
       from meter_readings r where subscriber_id = $1 and meter_id = any($2::text[])
     ) ranked where n <= $3 order by meter_id, read_at desc, id desc`,
    [tenantId, meterIds, perMeter],
  );
  for (const row of rows) {
    const list = byMeter.get(row.meter_id) ?? [];
    list.push({ reading: row.reading, readAt: row.read_at.toISOString(), source: row.source, reset: row.is_reset, resetReason: row.reset_reason, byName: row.by_name });
    byMeter.set(row.meter_id, list);
  }
  return byMeter;
}
