/**
 * I/O of the sensor screens (dashboard-realtime, dashboard-ui, dynamic-dashboard, graphURLDashboard): the
 * sensor dashboard's calls (server/http/sensor-dashboard-routes.ts). The flow machines get these as their
 * `fromPromise` actors; tests provide their own.
 */
import { endpointRequest } from '../../api/calls';
import type { EndpointArgs, EndpointReply } from '../../contract/endpoints';
import { sensorDashboardEndpoints as endpoints, type LiveSensor, type Reading, type VisibleSensor } from '../../contract/sensorShapes';

export type { LiveSensor, ParameterBand, Reading, SensorSeries } from '../../contract/sensorShapes';
/** A sensor the person may see, with what it measures (the server's VisibleSensor). */
export type ChartSensor = VisibleSensor;

/** The spec's messages for sensor data and graphs (document 2 §8). */
export const SENSOR_MESSAGES = {
  data: 'Failed to get list of SensorData',
  graph: 'Failed to get list of Sensor graph',
  sensors: 'Failed to get list of SensorInstance',
} as const;

export interface LiveSnapshot {
  sensors: LiveSensor[];
  /** The server's clock when it answered (ms): staleness is judged against it, not the browser's clock. */
  serverTime: number;
}

export async function fetchLiveSensors(): Promise<LiveSnapshot> {
  const reply = await endpointRequest(endpoints.live);
  return { sensors: reply.data, serverTime: Date.parse(reply.serverTime) };
}

export async function fetchReadings({ ids }: { ids: readonly string[] }): Promise<Reading[]> {
  const reply = await endpointRequest(endpoints.readings, { query: { ids: ids.join(',') } });
  return reply.data;
}

export async function fetchChartSensors(): Promise<ChartSensor[]> {
  const reply = await endpointRequest(endpoints.sensors);
  return reply.data;
}

/**
 * A chart's request: the sensors, the parameter and the range (the server picks the interval). The parameter is a
 * name the chosen sensors report (their `parameters`, read as text), or none yet: the body's schema takes any text
 * and the server refuses a name outside SENSOR_PARAMETERS with its own message, so it is sent as chosen.
 */
export type SeriesRequest = EndpointArgs<typeof endpoints.series>['body'];
export type SeriesResult = EndpointReply<typeof endpoints.series>;

export function fetchSeries(request: SeriesRequest): Promise<SeriesResult> {
  return endpointRequest(endpoints.series, { body: request });
}
