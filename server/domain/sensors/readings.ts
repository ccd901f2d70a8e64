/**
 * Sensor readings. A reading must belong to a known sensor (its IMEI must match); values outside the
 * sensor product's alarm band mark it as an alarm and raise a system ticket for that sensor, unless one is
 * still open (later alarm readings join it). POST sensor-analytic is the graph query: readings bucketed by
 * interval per sensor with average, minimum and maximum.
 */
import type { CallReply } from '../../../src/contract/modules/index';
import { ANALYTIC_INTERVALS, sensorData, sensorInstance, sensorProduct, type GraphBody } from '../../../src/contract/modules/sensors';
import { systemTicket } from '../../../src/contract/modules/service';
import { inTransaction } from '../../db/pool';
import { graphBuckets } from '../../db/sensor-graph-store';
import type { ApiRecord } from '../../db/repository';
import { invalid } from '../errors';
import { refusal } from '../../../src/contract/refusalMessages';
import { takeSensorMeterReadings } from '../machines/meters';
import { checkReferences } from '../records';
import type { CallContext, HandlersOf } from '../call-context';
import { asArray, asString, repoOf, requireBody } from '../records';

type Body = Record<string, unknown>;
interface Band {
  name: string;
  unit?: string;
  min?: number;
  max?: number;
}

export interface Breach {
  parameter: string;
  value: number;
  unit: string;
  min?: number;
  max?: number;
  /** Beyond the band by more than 20% of its limit. */
  severe: boolean;
}

/** Values outside their band, worst first. */
export function breaches(values: Readonly<Record<string, number>>, bands: readonly Band[]): Breach[] {
  const found: Array<Breach & { excess: number }> = [];
  for (const band of bands) {
    const value = values[band.name];
    if (typeof value !== 'number') continue;
    const over = typeof band.max === 'number' && value > band.max ? value - band.max : 0;
    const under = typeof band.min === 'number' && value < band.min ? band.min - value : 0;
    if (!over && !under) continue;
    const limit = Math.abs((over ? band.max : band.min) ?? 0) || 1;
    const excess = (over || under) / limit;
    found.push({ parameter: band.name, value, unit: band.unit ?? '', min: band.min, max: band.max, severe: excess > 0.2, excess });
  }
  return found.sort((a, b) => b.excess - a.excess).map(({ excess: _excess, ...b }) => b);
}

async function createReading(ctx: CallContext): Promise<ApiRecord> {
  const body = { ...(ctx.req.body as Body) };
  delete body.systemTicketId;
  await checkReferences(ctx.db, sensorData, ctx.user.tenantId, body);
  const sensor = await requireBody(repoOf(ctx, sensorInstance), String(body.sensorInstanceId));
  if (body.imeiNo === undefined) body.imeiNo = sensor.imeiNo;
  else if (sensor.imeiNo !== body.imeiNo) throw invalid('imeiNo', refusal('imeiMismatch', { imei: String(sensor.imeiNo) }));
  const product = await repoOf(ctx, sensorProduct).getBody(String(sensor.sensorProductId));
  const found = breaches((body.values ?? {}) as Record<string, number>, asArray<Band>(product?.parameters));
  const recordedAt = String(body.recordedAt);
  let raised: string | undefined;
  const record = await inTransaction(ctx.db, async (tx) => {
    let ticketId: string | undefined;
    if (found.length) {
      const tickets = repoOf(ctx, systemTicket, tx);
      const open = await tickets.list({ filters: { sensorInstanceId: String(body.sensorInstanceId), status: ['Open', 'Acknowledged'] }, limit: 1 });
      ticketId = open.data[0]?._id;
      if (!ticketId) {
        const worst = found[0] as Breach;
        const band = [worst.min !== undefined ? `min ${worst.min}` : '', worst.max !== undefined ? `max ${worst.max}` : ''].filter(Boolean).join(', ');
        const created = await tickets.create({
          title: `${worst.parameter} ${worst.value}${worst.unit ? ' ' + worst.unit : ''} outside its band (${band}) on ${String(sensor.name ?? sensor.imeiNo)}`.slice(0, 200),
          description: found.map((b) => `${b.parameter}: ${b.value} ${b.unit}`.trim()).join('; '),
          source: 'Threshold Breach',
          severity: found.some((b) => b.severe) ? 'Critical' : 'Warning',
          status: 'Open',
          sensorInstanceId: body.sensorInstanceId,
          ...(asString(sensor.machineInstanceId) ? { machineInstanceId: sensor.machineInstanceId } : {}),
          ...(asString(sensor.unitId) ? { assetId: sensor.unitId } : {}),
          ...(asString(sensor.deviceId) ? { deviceId: sensor.deviceId } : {}),
          raisedAt: recordedAt,
        });
        ticketId = created._id;
        raised = created._id;
      }
    }
    const reading = await repoOf(ctx, sensorData, tx).create({ ...body, alarm: found.length > 0, ...(ticketId ? { systemTicketId: ticketId } : {}) });
    const last = asString(sensor.lastReadingAt);
    if (!last || Date.parse(last) < Date.parse(recordedAt)) await repoOf(ctx, sensorInstance, tx).update(String(body.sensorInstanceId), { lastReadingAt: recordedAt });
    return reading;
  });
  ctx.notify('create', record._id);
  if (raised) ctx.hub.recordChanged(ctx.user.tenantId, { module: systemTicket.name, op: 'create', _id: raised });
  // The machine's meters mapped to this sensor's counters take the reading (and may raise preventive tickets).
  await takeSensorMeterReadings(ctx.db, ctx.hub, ctx.user.tenantId, String(body.sensorInstanceId), (body.values ?? {}) as Body, recordedAt, String(sensor.name ?? sensor.imeiNo));
  ctx.reply.code(201);
  return record;
}

const INTERVAL_SQL: Record<(typeof ANALYTIC_INTERVALS)[number], string> = { '15m': '15 minutes', '1h': '1 hour', '6h': '6 hours', '1d': '1 day' };

export interface GraphPoint {
  t: string;
  avg: number;
  min: number;
  max: number;
  count: number;
}

async function graph(ctx: CallContext): Promise<CallReply<'sensor-analytic', 'graph'>> {
  const input = (ctx.req.body ?? {}) as NonNullable<GraphBody>;
  const parameter = input.parameter ?? 'temperature';
  const interval = input.interval ?? '1h';
  const to = input.to ? new Date(input.to) : new Date();
  const from = input.from ? new Date(input.from) : new Date(to.getTime() - 72 * 3_600_000);
  if (from > to) throw invalid('from', refusal('fromBeforeTo'));
  const sensors = await repoOf(ctx, sensorInstance).list({ filters: input.sensorInstanceIds?.length ? { _id: input.sensorInstanceIds } : {}, project: ['imeiNo', 'name', 'sensorProductId'] });
  const ids = sensors.data.map((s) => s._id);
  const productIds = [...new Set(sensors.data.map((s) => String(s.sensorProductId)))];
  const products = productIds.length ? await repoOf(ctx, sensorProduct).list({ filters: { _id: productIds }, project: ['parameters'] }) : { data: [] };
  const unitOf = (productId: unknown): string => asArray<Band>(products.data.find((p) => p._id === productId)?.parameters).find((b) => b.name === parameter)?.unit ?? '';
  const rows = ids.length
    ? await graphBuckets(ctx.db, { tenantId: ctx.user.tenantId, sensorIds: ids, from: from.toISOString(), parameter, interval: INTERVAL_SQL[interval], to: to.toISOString() })
    : [];
  const round = (n: number): number => Math.round(n * 1000) / 1000;
  const data = sensors.data.map((s) => ({
    sensorInstanceId: s._id,
    imeiNo: s.imeiNo,
    name: s.name,
    parameter,
    unit: unitOf(s.sensorProductId),
    points: rows.filter((r) => r.sid === s._id).map((r): GraphPoint => ({ t: new Date(r.t).toISOString(), avg: round(Number(r.avg)), min: round(Number(r.min)), max: round(Number(r.max)), count: Number(r.count) })),
  }));
  return { data, total: data.length, parameter, interval, from: from.toISOString(), to: to.toISOString() };
}

export const sensorDataHandlers = { ops: { create: createReading } } satisfies HandlersOf<'sensor-data'>;

export const sensorAnalyticHandlers = {
  calls: { graph: { handler: graph } },
} satisfies HandlersOf<'sensor-analytic'>;
