/**
 * Demo sensors with three days of readings every 30 minutes (one bulk insert), including a vibration
 * excursion on compressor CP-02 that raised a system ticket, as the live rule would have.
 */
import { tableName } from '../../../src/contract/modules/define';
import { device, sensorAnalytic, sensorData, sensorInstance, sensorProduct } from '../../../src/contract/modules/sensors';
import { systemTicket } from '../../../src/contract/modules/service';
import { newId } from '../../db/ids';
import type { DemoSeedContext } from './context';
import { at, put, putBulk, seeded, toIst, type Body } from './kit';

const READINGS_EVERY_MIN = 30;
const DAYS = 3;

export async function seedSensors(ctx: DemoSeedContext): Promise<void> {
  const { ids } = ctx;
  const [vibration, thermal] = await put(ctx, sensorProduct, [
    { productName: 'VibeSense Triaxial 4G', manufacturer: 'Sensetech Automation', model: 'VS-3X', connectivity: '4G', sampleIntervalSec: 1800, parameters: [{ name: 'vibration', unit: 'mm/s', max: 7.1 }, { name: 'temperature', unit: '°C', max: 85 }] },
    { productName: 'ThermoFlow Modbus Node', manufacturer: 'Kirloskar Smart IoT', model: 'TF-200', connectivity: 'Modbus RTU', sampleIntervalSec: 1800, parameters: [{ name: 'temperature', unit: '°C', min: 5, max: 14 }, { name: 'pressure', unit: 'bar', min: 6.5, max: 7.8 }, { name: 'current', unit: 'A', max: 72 }] },
  ]);
  const [gwChakan, gwBhosari] = await put(ctx, device, [
    { serialNo: 'GW-CKN-0007', name: 'Compressor house gateway', model: 'Teltonika RUT955', firmwareVersion: '7.6.3', unitId: ids.unitCompressor, simNumber: '8991000900123456789', status: 'Online', lastSeenAt: at(0, -0.2) },
    { serialNo: 'GW-BSR-0002', name: 'Chiller room gateway', model: 'Teltonika RUT240', firmwareVersion: '7.4.1', unitId: ids.unitChiller, status: 'Online', lastSeenAt: at(0, -0.4) },
  ]);
  const sensors = await put(ctx, sensorInstance, [
    { imeiNo: '864211041234567', name: 'CP-01 motor DE bearing', sensorProductId: vibration?._id, unitId: ids.unitCompressor, machineInstanceId: ids.miCp01, deviceId: gwChakan?._id, installedAt: at(-200) },
    { imeiNo: '864211041234575', name: 'CP-02 motor DE bearing', sensorProductId: vibration?._id, unitId: ids.unitCompressor, machineInstanceId: ids.miCp02, deviceId: gwChakan?._id, installedAt: at(-200) },
    { imeiNo: '864211041234583', name: 'CP-01 discharge line', sensorProductId: thermal?._id, unitId: ids.unitCompressor, machineInstanceId: ids.miCp01, deviceId: gwChakan?._id, installedAt: at(-200) },
    { imeiNo: '864211041234591', name: 'VMC M-03 spindle housing', sensorProductId: vibration?._id, unitId: ids.unitMachining, machineInstanceId: ids.miVmc, installedAt: at(-150) },
    { imeiNo: '864211041234609', name: 'CH-01 chilled water outlet', sensorProductId: thermal?._id, unitId: ids.unitChiller, machineInstanceId: ids.miChiller, deviceId: gwBhosari?._id, installedAt: at(-300) },
    { imeiNo: '864211041234617', name: 'IMM-150 hydraulic oil', sensorProductId: thermal?._id, unitId: ids.unitMoulding, machineInstanceId: ids.miMoulding, status: 'Inactive', installedAt: at(-90) },
  ]);
  const now = Date.now();
  const start = now - DAYS * 86_400_000;
  const random = seeded(20_260_301);
  const excursionFrom = now - 20 * 3_600_000;
  const excursionTo = excursionFrom + 3 * 3_600_000;
  const rows: Array<{ id: string; body: Body; createdAt: string }> = [];
  const [ticket] = await put(ctx, systemTicket, [
    { title: 'vibration 8.9 mm/s outside its band (max 7.1) on CP-02 motor DE bearing', description: 'vibration: 8.9 mm/s', source: 'Threshold Breach', severity: 'Critical', status: 'Acknowledged', sensorInstanceId: sensors[1]?._id, machineInstanceId: ids.miCp02, assetId: ids.unitCompressor, deviceId: gwChakan?._id, raisedAt: toIst(new Date(excursionFrom)), acknowledgedBy: ids.engineerUser, acknowledgedAt: toIst(new Date(excursionFrom + 25 * 60_000)) },
  ]);
  const alarmTicketId = ticket?._id;
  for (const [index, sensor] of sensors.entries()) {
    if (sensor.status === 'Inactive') continue;
    const vibrationProduct = sensor.sensorProductId === vibration?._id;
    for (let t = start; t <= now; t += READINGS_EVERY_MIN * 60_000) {
      const hour = new Date(t + 330 * 60_000).getUTCHours();
      // Plants run two shifts: load (and so temperature and current) drops at night.
      const load = hour >= 6 && hour < 22 ? 1 : 0.55;
      const jitter = (spread: number): number => (random() - 0.5) * spread;
      let values: Record<string, number>;
      if (vibrationProduct) {
        const excursion = index === 1 && t >= excursionFrom && t <= excursionTo;
        values = { vibration: round(excursion ? 8.2 + random() * 1.2 : 1.8 + load * 1.1 + jitter(0.6)), temperature: round(48 + load * 14 + jitter(3)) };
      } else if (sensor.machineInstanceId === ids.miChiller) {
        values = { temperature: round(7 + jitter(1.2) + (1 - load)), pressure: round(7.1 + jitter(0.3)), current: round(40 + load * 22 + jitter(4)) };
      } else {
        values = { temperature: round(78 + load * 8 + jitter(4)), pressure: round(7.2 + jitter(0.4)), current: round(48 + load * 18 + jitter(5)) };
      }
      const alarm = index === 1 && values.vibration !== undefined && values.vibration > 7.1;
      const recordedAt = toIst(new Date(t));
      rows.push({
        id: newId(),
        createdAt: new Date(t).toISOString(),
        body: { sensorInstanceId: sensor._id, imeiNo: sensor.imeiNo, recordedAt, values, alarm, ...(alarm && alarmTicketId ? { systemTicketId: alarmTicketId } : {}) },
      });
    }
  }
  await putBulk(ctx, tableName(sensorData), rows);
  const latest = toIst(new Date(now));
  for (const sensor of sensors) if (sensor.status !== 'Inactive') await ctx.db.query(`update "${tableName(sensorInstance)}" set body = body || $2::jsonb where _id = $1`, [sensor._id, JSON.stringify({ lastReadingAt: latest })]);
  await put(ctx, sensorAnalytic, [
    { name: 'Compressor house vibration, last 3 days', sensorInstanceIds: [sensors[0]?._id, sensors[1]?._id], parameter: 'vibration', interval: '1h', rangeHours: 72 },
    { name: 'Chilled water temperature', sensorInstanceIds: [sensors[4]?._id], parameter: 'temperature', interval: '15m', rangeHours: 24 },
  ]);
  await put(ctx, systemTicket, [
    { title: 'Gateway GW-BSR-0002 offline for 42 minutes', source: 'Device Offline', severity: 'Warning', status: 'Closed', deviceId: gwBhosari?._id, assetId: ids.unitChiller, raisedAt: at(-2, -6), acknowledgedBy: ids.adminUser, acknowledgedAt: at(-2, -5.5), closedBy: ids.adminUser, closedAt: at(-2, -5), closingRemarks: 'Power to the gateway restored after MCB trip' },
    { title: 'CH-01 chilled water outlet above 14 °C', source: 'Threshold Breach', severity: 'Warning', status: 'Open', sensorInstanceId: sensors[4]?._id, machineInstanceId: ids.miChiller, assetId: ids.unitChiller, raisedAt: at(0, -2) },
    { title: 'IMM-150 hydraulic oil sensor not reporting', source: 'System', severity: 'Info', status: 'Open', sensorInstanceId: sensors[5]?._id, assetId: ids.unitMoulding, raisedAt: at(-1, -1) },
  ]);
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

