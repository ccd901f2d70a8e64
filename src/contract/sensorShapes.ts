/**
 * The sensor dashboards' calls under /api/app/sensor-dashboard (dashboard-realtime, dashboard-ui, dynamic-dashboard,
 * graphURLDashboard): their routes and request and reply schemas, declared once (src/contract/endpoints.ts), whose
 * types the server fills (server/domain/sensors) and the sensor screens read (src/machines/flows/sensorDashboardCalls.ts).
 */
import { z } from 'zod';
import { defineEndpoints } from './endpoints';
import { SENSOR_PARAMETERS } from './modules/sensors';
import { says } from './validationMessages';

export const SENSOR_DASHBOARD_PATH = '/api/app/sensor-dashboard';

/** What a sensor measures and its acceptable band. */
const parameterBand = z.strictObject({ name: z.string(), unit: z.string(), min: z.number().optional(), max: z.number().optional() });
export type ParameterBand = z.output<typeof parameterBand>;

/** A sensor the person may see, with what it measures (server/domain/sensors/visibility.ts). */
const visibleSensor = z.strictObject({
  _id: z.string(),
  imeiNo: z.string(),
  name: z.string(),
  status: z.string(),
  unitId: z.string().optional(),
  unitName: z.string().optional(),
  machineInstanceId: z.string().optional(),
  machineName: z.string().optional(),
  productName: z.string().optional(),
  /** Seconds between readings, from the sensor's product: the live screen's staleness is measured in it. */
  sampleIntervalSec: z.number(),
  parameters: z.array(parameterBand),
  lastReadingAt: z.string().optional(),
});
export type VisibleSensor = z.output<typeof visibleSensor>;

/** One reading of a sensor: its values by parameter, and whether it raised an alarm. */
const reading = z.strictObject({
  _id: z.string(),
  sensorInstanceId: z.string(),
  recordedAt: z.string(),
  values: z.record(z.string(), z.number()),
  alarm: z.boolean(),
});
export type Reading = z.output<typeof reading>;

/** A sensor on the live screen: its newest reading and, per parameter, bucket averages oldest → newest (null: no reading in that bucket). */
const liveSensor = visibleSensor.extend({
  latest: reading.nullable(),
  sparklines: z.record(z.string(), z.array(z.number().nullable())),
});
export type LiveSensor = z.output<typeof liveSensor>;

/** One time bucket of a sensor's series: the bucket's start and its figures. */
const seriesPoint = z.strictObject({ t: z.string(), avg: z.number(), min: z.number(), max: z.number(), count: z.number().int().nonnegative() });
export type SeriesPoint = z.output<typeof seriesPoint>;

/** Min, mean and max of one parameter over a whole range. */
const rangeStats = z.strictObject({ min: z.number(), avg: z.number(), max: z.number(), count: z.number().int().nonnegative() });
export type RangeStats = z.output<typeof rangeStats>;

/** Bucket widths the screens offer, narrowest first. */
export const SERIES_INTERVALS = ['5m', '15m', '30m', '1h', '6h', '1d'] as const;
export type SeriesInterval = (typeof SERIES_INTERVALS)[number];

const sensorSeries = z.strictObject({
  sensorInstanceId: z.string(),
  name: z.string(),
  imeiNo: z.string(),
  unit: z.string(),
  measures: z.boolean(),
  band: z.strictObject({ min: z.number().optional(), max: z.number().optional() }),
  points: z.array(seriesPoint),
  stats: rangeStats.nullable(),
});
export type SensorSeries = z.output<typeof sensorSeries>;

const isoDateTime = (label: string) => z.iso.datetime({ offset: true, message: says('notADateTime', { label }) });

/** The sensor dashboards' calls (server/http/sensor-dashboard-routes.ts); each works inside the caller's tenant and units. */
export const sensorDashboardEndpoints = defineEndpoints({
  /** SENSOR_DATA VIEW: every sensor the person may see, with its newest reading and a sparkline per parameter. */
  live: {
    method: 'GET',
    path: `${SENSOR_DASHBOARD_PATH}/live`,
    querystring: z.object({
      hours: z.coerce.number({ error: says('notANumber', { label: 'Hours' }) }).int(says('notWhole', { label: 'Hours' })).min(1, says('atLeast', { label: 'Hours', min: 1 })).max(72, says('atMostPlural', { label: 'Hours', max: 72 })).default(12),
      points: z.coerce.number({ error: says('notANumber', { label: 'Points' }) }).int(says('notWhole', { label: 'Points' })).min(4, says('atLeast', { label: 'Points', min: 4 })).max(96, says('atMostPlural', { label: 'Points', max: 96 })).default(24),
    }),
    reply: z.strictObject({ data: z.array(liveSensor), total: z.number().int().nonnegative(), hours: z.number().int(), points: z.number().int(), serverTime: z.string() }),
  },
  /** SENSOR_DATA VIEW: readings by id (`ids=a,b`), only of sensors the person may see. */
  readings: {
    method: 'GET',
    path: `${SENSOR_DASHBOARD_PATH}/readings`,
    querystring: z.object({
      ids: z
        .string({ error: says('required', { label: 'ids' }) })
        .transform((text) => [...new Set(text.split(',').map((id) => id.trim()).filter(Boolean))])
        .refine((ids) => ids.length > 0, says('giveReadingId'))
        .refine((ids) => ids.length <= 100, says('readingIdsAtMost')),
    }),
    reply: z.strictObject({ data: z.array(reading), total: z.number().int().nonnegative() }),
  },
  /** SENSOR_ANALYTICS VIEW: the sensors to choose from, with their parameters. */
  sensors: {
    method: 'GET',
    path: `${SENSOR_DASHBOARD_PATH}/sensors`,
    reply: z.strictObject({ data: z.array(visibleSensor), total: z.number().int().nonnegative() }),
  },
  /** SENSOR_ANALYTICS VIEW: one parameter of 1-8 sensors over a range, in time buckets, with min / avg / max over the range. */
  series: {
    method: 'POST',
    path: `${SENSOR_DASHBOARD_PATH}/series`,
    body: z.object({
      sensorInstanceIds: z.array(z.string().min(1), { error: says('chooseSensor') }).min(1, says('chooseSensor')).max(8, says('sensorsAtMost')),
      // Any text may be sent (a chart sends the name its URL or its sensors give); a name outside SENSOR_PARAMETERS
      // is refused with the same message as text that is no name.
      parameter: z.string({ error: says('notValid', { label: 'Parameter' }) }).pipe(z.enum(SENSOR_PARAMETERS, { error: says('notValid', { label: 'Parameter' }) })),
      from: isoDateTime('From'),
      to: isoDateTime('To'),
      interval: z.enum(SERIES_INTERVALS, { error: says('oneOf', { label: 'Interval', choices: SERIES_INTERVALS }) }).optional(),
    }),
    reply: z.strictObject({ parameter: z.string(), interval: z.enum(SERIES_INTERVALS), from: z.string(), to: z.string(), series: z.array(sensorSeries) }),
  },
});
