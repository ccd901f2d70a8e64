/**
 * What a sensor chart shows: which sensors, which parameter, over which time range. Shared by the chart
 * machine (sensorSeries), the arranged dashboard (dashboardLayout) and the shareable link of
 * graphURLDashboard, whose address carries a selection as
 *   ?sensors=<id>,<id>&parameter=temperature&range=24h            (a range back from now), or
 *   ?sensors=<id>&parameter=pressure&from=<ISO>&to=<ISO>           (a fixed range).
 * A fixed range shows the same chart to whoever opens the link; a relative one shows the latest hours.
 */
import { z } from 'zod';

export const RANGE_PRESETS = ['6h', '24h', '3d', '7d', '30d'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export const PRESET_HOURS: Record<RangePreset, number> = { '6h': 6, '24h': 24, '3d': 72, '7d': 168, '30d': 720 };

/** At most this many sensors on one chart (the series call's own limit). */
export const MAX_CHART_SENSORS = 8;

export interface SensorSelection {
  sensorIds: string[];
  parameter: string | null;
  range: RangePreset | 'custom';
  /** ISO date-times of a custom range. */
  from?: string;
  to?: string;
}

export const EMPTY_SELECTION: SensorSelection = { sensorIds: [], parameter: null, range: '24h' };

const isoDateTime = z.iso.datetime({ offset: true });

/** Whether the selection can be charted: sensors, a parameter and a valid range. */
export function isChartable(selection: SensorSelection): boolean {
  if (selection.sensorIds.length === 0 || selection.sensorIds.length > MAX_CHART_SENSORS || !selection.parameter) return false;
  if (selection.range !== 'custom') return true;
  const { from, to } = selection;
  return Boolean(from && to && isoDateTime.safeParse(from).success && isoDateTime.safeParse(to).success && Date.parse(from) < Date.parse(to));
}

/** The absolute range of a selection at `now` (ms). */
export function rangeOf(selection: SensorSelection, now: number): { from: string; to: string } {
  if (selection.range === 'custom' && selection.from && selection.to) return { from: new Date(selection.from).toISOString(), to: new Date(selection.to).toISOString() };
  const hours = PRESET_HOURS[selection.range === 'custom' ? '24h' : selection.range];
  return { from: new Date(now - hours * 3_600_000).toISOString(), to: new Date(now).toISOString() };
}

/** The same span of time, ending at `end` (ISO): used to jump to the latest readings of a quiet sensor. */
export function rangeEndingAt(selection: SensorSelection, end: string): SensorSelection {
  const hours = selection.range === 'custom' && selection.from && selection.to ? (Date.parse(selection.to) - Date.parse(selection.from)) / 3_600_000 : PRESET_HOURS[selection.range === 'custom' ? '24h' : selection.range];
  const to = Date.parse(end);
  return { ...selection, range: 'custom', from: new Date(to - hours * 3_600_000).toISOString(), to: new Date(to).toISOString() };
}

/** A selection from a link's query string; anything unusable in it is left out rather than refused. */
export function selectionFromQuery(search: string): SensorSelection {
  const params = new URLSearchParams(search);
  const sensorIds = [...new Set((params.get('sensors') ?? '').split(',').map((id) => id.trim()).filter(Boolean))].slice(0, MAX_CHART_SENSORS);
  const parameter = params.get('parameter')?.trim() || null;
  const range = params.get('range');
  const from = params.get('from') ?? undefined;
  const to = params.get('to') ?? undefined;
  if (from && to && isoDateTime.safeParse(from).success && isoDateTime.safeParse(to).success) return { sensorIds, parameter, range: 'custom', from, to };
  return { sensorIds, parameter, range: (RANGE_PRESETS as readonly string[]).includes(range ?? '') ? (range as RangePreset) : EMPTY_SELECTION.range };
}

/** The query string of a selection (without the leading '?'). */
export function selectionToQuery(selection: SensorSelection): string {
  const params = new URLSearchParams();
  if (selection.sensorIds.length) params.set('sensors', selection.sensorIds.join(','));
  if (selection.parameter) params.set('parameter', selection.parameter);
  if (selection.range === 'custom' && selection.from && selection.to) {
    params.set('from', selection.from);
    params.set('to', selection.to);
  } else params.set('range', selection.range === 'custom' ? EMPTY_SELECTION.range : selection.range);
  // Commas between ids read better in a shared link than %2C.
  return params.toString().replace(/%2C/g, ',');
}

/** A stored or linked selection, checked field by field (local storage may hold anything). */
export const selectionSchema = z.object({
  sensorIds: z.array(z.string().min(1)).max(MAX_CHART_SENSORS).catch([]),
  parameter: z.string().min(1).nullable().catch(null),
  range: z.enum([...RANGE_PRESETS, 'custom']).catch(EMPTY_SELECTION.range),
  from: z.string().optional().catch(undefined),
  to: z.string().optional().catch(undefined),
});
