/**
 * I/O of the sensor screens (dashboard-realtime, dashboard-ui, dynamic-dashboard, graphURLDashboard): the
 * sensor dashboard's calls (server/http/sensor-dashboard-routes.ts). The flow machines get these as their
 * `fromPromise` actors; tests provide their own.
 */
import { apiRequest } from '../../api/http';
import type { ParameterBand, SeriesPoint, VisibleSensor } from '../../api/sensorShapes';

export type { ParameterBand };
/** A sensor the person may see, with what it measures (the server's VisibleSensor). */
export type ChartSensor = VisibleSensor;

export const SENSOR_DASHBOARD_PATH = '/api/app/sensor-dashboard';

/** The spec's messages for sensor data and graphs (document 2 §8). */
export const SENSOR_MESSAGES = {
  data: 'Failed to get list of SensorData',
  graph: 'Failed to get list of Sensor graph',
  sensors: 'Failed to get list of SensorInstance',
} as const;

export interface Reading {
  _id: string;
  sensorInstanceId: string;
  recordedAt: string;
  values: Record<string, number>;
  alarm: boolean;
}

export interface LiveSensor extends ChartSensor {
  latest: Reading | null;
  /** Per parameter, bucket averages oldest → newest (null: no reading in that bucket). */
  sparklines: Record<string, Array<number | null>>;
}

export interface LiveSnapshot {
  sensors: LiveSensor[];
  /** The server's clock when it answered (ms): staleness is judged against it, not the browser's clock. */
  serverTime: number;
}

export async function fetchLiveSensors(): Promise<LiveSnapshot> {
  const reply = await apiRequest<{ data: LiveSensor[]; serverTime: string }>(`${SENSOR_DASHBOARD_PATH}/live`);
  return { sensors: reply.data, serverTime: Date.parse(reply.serverTime) };
}

export async function fetchReadings({ ids }: { ids: readonly string[] }): Promise<Reading[]> {
  const reply = await apiRequest<{ data: Reading[] }>(`${SENSOR_DASHBOARD_PATH}/readings`, { query: { ids: ids.join(',') } });
  return reply.data;
}

export async function fetchChartSensors(): Promise<ChartSensor[]> {
  const reply = await apiRequest<{ data: ChartSensor[] }>(`${SENSOR_DASHBOARD_PATH}/sensors`);
  return reply.data;
}

export interface SeriesRequest {
  sensorInstanceIds: string[];
  parameter: string;
  from: string;
  to: string;
}

export interface SensorSeries {
  sensorInstanceId: string;
  name: string;
  imeiNo: string;
  unit: string;
  measures: boolean;
  band: { min?: number; max?: number };
  points: SeriesPoint[];
  stats: { min: number; avg: number; max: number; count: number } | null;
}

export interface SeriesResult {
  parameter: string;
  interval: string;
  from: string;
  to: string;
  series: SensorSeries[];
}

export function fetchSeries(request: SeriesRequest): Promise<SeriesResult> {
  return apiRequest<SeriesResult>(`${SENSOR_DASHBOARD_PATH}/series`, { method: 'POST', body: request });
}
