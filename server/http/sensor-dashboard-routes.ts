/**
 * Calls of the sensor dashboards (dashboard-realtime, dashboard-ui, dynamic-dashboard, graphURLDashboard).
 * The spec lists no call for them, so they live beside the catalogue under /api/app/sensor-dashboard:
 *
 * - GET  /live[?hours&points]   (SENSOR_DATA VIEW): every sensor the person may see, with its newest reading
 *                                and a sparkline per parameter.
 * - GET  /readings?ids=a,b      (SENSOR_DATA VIEW): readings by id, for the live screen after a socket
 *                                `record.changed` { module: 'sensor-data' }. The socket event goes to the
 *                                whole tenant room and carries only the id; this call answers only readings
 *                                of sensors the person may see, so the room never widens what anyone sees.
 * - GET  /sensors               (SENSOR_ANALYTICS VIEW): the sensors to choose from, with their parameters.
 * - POST /series                (SENSOR_ANALYTICS VIEW): one parameter of 1-8 sensors over a range, in
 *                                time buckets, with min / avg / max over the range.
 *
 * Every call works inside the caller's tenant and their units (server/domain/sensors/visibility.ts).
 * Listed in ./route-plugins.ts; the queries live in server/domain/sensors/.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sensorDashboardEndpoints as endpoints } from '../../src/contract/sensorShapes';
import type { EndpointAnswer } from '../../src/contract/endpoints';
import { plainJson } from './plain-json';
import { currentUser, type Access } from './access';
import { invalid } from '../domain/errors';
import { refusal } from '../../src/contract/refusalMessages';
import type { RouteDeps } from './route-deps';
import { latestReadings, readingsByIds, sparklines } from '../domain/sensors/live-queries';
import { autoInterval, INTERVAL_SECONDS, MAX_POINTS, rangeStats, seriesPoints } from '../domain/sensors/series-queries';
import { requireVisibleSensors, visibleSensors } from '../domain/sensors/visibility';

const liveAccess: Access = { kind: 'privilege', feature: 'SENSOR_DATA', privilege: 'VIEW' };
const analyticsAccess: Access = { kind: 'privilege', feature: 'SENSOR_ANALYTICS', privilege: 'VIEW' };

/** The longest range a chart may cover. */
export const MAX_RANGE_DAYS = 90;

/** What the handler of a sensor dashboard call answers: its reply schema's input (src/contract/sensorShapes.ts). */
type Answer<K extends keyof typeof endpoints> = Promise<EndpointAnswer<(typeof endpoints)[K]>>;

export async function sensorDashboardRoutes(app: FastifyInstance, { db }: RouteDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sensors'];

  api.get(endpoints.live.path, { config: { access: liveAccess }, serializerCompiler: plainJson, schema: { response: { '2xx': endpoints.live.reply }, querystring: endpoints.live.querystring, tags, summary: 'Sensor dashboard: newest reading and sparklines per sensor' } }, async (request): Answer<'live'> => {
    const user = currentUser(request);
    const sensors = await visibleSensors(db, user);
    const ids = sensors.map((s) => s._id);
    const [latest, lines] = await Promise.all([latestReadings(db, user.tenantId, ids), sparklines(db, user.tenantId, ids, request.query)]);
    const data = sensors.map((s) => ({ ...s, latest: latest.find((r) => r.sensorInstanceId === s._id) ?? null, sparklines: lines.get(s._id) ?? {} }));
    return { data, total: data.length, hours: request.query.hours, points: request.query.points, serverTime: new Date().toISOString() };
  });

  api.get(endpoints.readings.path, { config: { access: liveAccess }, serializerCompiler: plainJson, schema: { response: { '2xx': endpoints.readings.reply }, querystring: endpoints.readings.querystring, tags, summary: 'Sensor dashboard: readings by id' } }, async (request): Answer<'readings'> => {
    const user = currentUser(request);
    const sensors = await visibleSensors(db, user);
    const data = await readingsByIds(db, user.tenantId, request.query.ids, sensors.map((s) => s._id));
    return { data, total: data.length };
  });

  api.get(endpoints.sensors.path, { config: { access: analyticsAccess }, serializerCompiler: plainJson, schema: { response: { '2xx': endpoints.sensors.reply }, tags, summary: 'Sensor dashboard: sensors to chart' } }, async (request): Answer<'sensors'> => {
    const data = await visibleSensors(db, currentUser(request));
    return { data, total: data.length };
  });

  api.post(endpoints.series.path, { config: { access: analyticsAccess }, serializerCompiler: plainJson, schema: { response: { '2xx': endpoints.series.reply }, body: endpoints.series.body, tags, summary: 'Sensor dashboard: bucketed series with range statistics' } }, async (request): Answer<'series'> => {
    const user = currentUser(request);
    const input = request.body;
    const from = new Date(input.from);
    const to = new Date(input.to);
    if (from >= to) throw invalid('from', refusal('fromBeforeTo'));
    if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * 86_400_000) throw invalid('to', refusal('rangeAtMost', { days: MAX_RANGE_DAYS }));
    const interval = input.interval ?? autoInterval(from.getTime(), to.getTime());
    if ((to.getTime() - from.getTime()) / 1000 / INTERVAL_SECONDS[interval] > MAX_POINTS * 4) throw invalid('interval', refusal('intervalTooFine', { interval }));
    const ids = [...new Set(input.sensorInstanceIds)];
    const sensors = await requireVisibleSensors(db, user, ids);
    const query = { tenantId: user.tenantId, sensorIds: ids, parameter: input.parameter, from, to };
    const [points, stats] = await Promise.all([seriesPoints(db, { ...query, interval }), rangeStats(db, query)]);
    const series = sensors.map((s) => {
      const band = s.parameters.find((p) => p.name === input.parameter);
      return {
        sensorInstanceId: s._id,
        name: s.name,
        imeiNo: s.imeiNo,
        unit: band?.unit ?? '',
        measures: band !== undefined,
        band: { ...(band?.min !== undefined ? { min: band.min } : {}), ...(band?.max !== undefined ? { max: band.max } : {}) },
        points: points.get(s._id) ?? [],
        stats: stats.get(s._id) ?? null,
      };
    });
    return { parameter: input.parameter, interval, from: from.toISOString(), to: to.toISOString(), series };
  });
}

