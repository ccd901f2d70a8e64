/** Machine and sensor records the machine-dashboard UI tests answer with (shapes as the API host sends them). */
import type { Bom, MachineCard, MachineSummary } from '../../../src/machines/flows/machineDashboardCalls';
import type { ChartSensor, LiveSensor, SeriesResult } from '../../../src/machines/flows/sensorDashboardCalls';

export const MACHINES = [
  { _id: 'mi-1', alternateId: 'MI-2026-000001', name: 'VMC Bay 1 / M-03', serialNo: 'BFW-45-22817', status: 'Breakdown', machineTypeId: 'mt-1', qrCode: 'data:image/png;base64,U1RPUkVE', qrPayload: 'http://localhost:3000/app/machine-scanning?machineId=mi-1&code=MI-2026-000001' },
  { _id: 'mi-2', alternateId: 'MI-2026-000002', name: 'Compressor CP-02', serialNo: 'ELGI-EG37-5532', status: 'Under Maintenance', machineTypeId: 'mt-2' },
];

export const CARD: MachineCard = {
  machine: { _id: 'mi-1', alternateId: 'MI-2026-000001', name: 'VMC Bay 1 / M-03', serialNo: 'BFW-45-22817', status: 'Breakdown', runningHours: 14820, warrantyUntil: '2025-08-20', hasQrCode: true, clientId: 'c-1' },
  machineType: { _id: 'mt-1', machineName: 'Vertical Machining Centre VMC-850', manufacturer: 'BFW', model: 'BMV 45 TC24', category: 'CNC Machine' },
  location: { _id: 'a-1', name: 'Machining Bay 1', kind: 'Unit', parentName: 'Kalyani Forge – Chakan Plant 1', city: 'Chakan' },
  openTickets: {
    total: 2,
    items: [
      { _id: 't-1', module: 'svc-ticket', alternateId: 'TKT-2026-000001', title: 'VMC M-03 spindle overheating, alarm 2003', ticketType: 'Breakdown Maintenance', priority: 'Urgent', status: 'In Progress' },
      { _id: 't-2', module: 'ticket', alternateId: 'GTK-2026-000004', title: 'Coolant leak near pump housing', ticketType: 'Ticket', priority: 'High', status: 'Open' },
    ],
  },
  lastService: { kind: 'ticket', date: '2026-01-12T10:00:00+05:30', title: 'VMC M-03 ATC arm not returning home', reference: 'TKT-2025-000190' },
  nextMaintenance: { _id: 'pm-1', title: 'VMC M-03 spindle bearing inspection', nextDueDate: '2026-03-12', status: 'Due' },
};

const part = (partNumber: string, partName: string, quantity: number, stockQty: number, reorderLevel: number, unitPricePaise: number, critical = false) => ({
  associationId: `as-${partNumber}`,
  partId: `p-${partNumber}`,
  partNumber,
  partName,
  quantity,
  critical,
  stockQty,
  reorderLevel,
  belowReorderLevel: stockQty <= reorderLevel,
  unitPricePaise,
  valuePaise: quantity * unitPricePaise,
  shortage: stockQty < quantity || stockQty <= reorderLevel,
  machineSpecific: false,
});

const oil = [part('ELG-OF-37', 'Oil filter element', 1, 1, 2, 365000, true), part('ELG-SEP-37', 'Air-oil separator', 1, 4, 1, 780000, true), part('ELG-OIL-20L', 'Compressor oil 20 L', 1, 9, 2, 210000)];
const intake = [part('ELG-AF-37', 'Air filter element', 1, 6, 2, 45000), part('ELG-BLT-01', 'Drive belt', 1, 3, 1, 56000)];

export const BOM: Bom = {
  machine: { _id: 'mi-2', alternateId: 'MI-2026-000002', name: 'Compressor CP-02', serialNo: 'ELGI-EG37-5532' },
  machineType: { _id: 'mt-2', machineName: 'Screw Compressor EG-37', manufacturer: 'ELGi' },
  assemblies: [
    { assembly: 'Intake', parts: intake, valuePaise: intake.reduce((s, p) => s + p.valuePaise, 0) },
    { assembly: 'Oil circuit', parts: oil, valuePaise: oil.reduce((s, p) => s + p.valuePaise, 0) },
  ],
  totalParts: 5,
  criticalShortages: 1,
  totalValuePaise: [...intake, ...oil].reduce((s, p) => s + p.valuePaise, 0),
};

export const SUMMARY: MachineSummary = {
  totals: { machines: 8, overdue: 1, openBreakdowns: 2 },
  byType: [{ key: 'mt-2', label: 'Screw Compressor EG-37', count: 3 }, { key: 'mt-1', label: 'Vertical Machining Centre VMC-850', count: 2 }, { key: 'mt-3', label: 'Water-cooled Screw Chiller 60 TR', count: 3 }],
  byStatus: [{ key: 'Running', label: 'Running', count: 4 }, { key: 'Breakdown', label: 'Breakdown', count: 1 }, { key: 'Under Maintenance', label: 'Under Maintenance', count: 1 }, { key: 'Idle', label: 'Idle', count: 2 }],
  byLocation: [{ key: 'a-1', label: 'Machining Bay 1 · Kalyani Forge – Chakan Plant 1', count: 3 }, { key: null, label: null, count: 1 }, { key: 'a-2', label: 'Compressor House · Kalyani Forge – Chakan Plant 1', count: 4 }],
  maintenanceDue: [
    { _id: 'pm-2', alternateId: 'PM-2026-000002', title: 'Compressor 2000-hour service (CP-02)', machineInstanceId: 'mi-2', machineName: 'Compressor CP-02', nextDueDate: '2026-03-08', status: 'Overdue', daysLeft: -2 },
    { _id: 'pm-1', alternateId: 'PM-2026-000001', title: 'VMC M-03 spindle bearing inspection', machineInstanceId: 'mi-1', machineName: 'VMC Bay 1 / M-03', nextDueDate: '2026-03-12', status: 'Due', daysLeft: 2 },
  ],
  topBreakdowns: [
    { machineInstanceId: 'mi-1', machineName: 'VMC Bay 1 / M-03', alternateId: 'MI-2026-000001', tickets: 4, open: 1 },
    { machineInstanceId: 'mi-2', machineName: 'Compressor CP-02', alternateId: 'MI-2026-000002', tickets: 3, open: 1 },
  ],
  today: '2026-03-10',
  dueWithinDays: 14,
  months: 12,
};

export const CHART_SENSORS: ChartSensor[] = [
  { _id: 's-1', imeiNo: '864211041234567', name: 'CP-01 motor DE bearing', status: 'Active', unitName: 'Compressor House', machineName: 'Compressor CP-01', sampleIntervalSec: 1800, parameters: [{ name: 'vibration', unit: 'mm/s', max: 7.1 }, { name: 'temperature', unit: '°C', max: 85 }], lastReadingAt: '2026-03-10T10:00:00+05:30' },
  { _id: 's-2', imeiNo: '864211041234583', name: 'CP-01 discharge line', status: 'Active', unitName: 'Compressor House', sampleIntervalSec: 1800, parameters: [{ name: 'temperature', unit: '°C', min: 5, max: 14 }, { name: 'pressure', unit: 'bar' }], lastReadingAt: '2026-03-10T10:00:00+05:30' },
];

export function liveSensors(serverTime: string): LiveSensor[] {
  const at = (minutesBefore: number) => new Date(Date.parse(serverTime) - minutesBefore * 60_000).toISOString();
  return [
    { ...(CHART_SENSORS[0] as ChartSensor), latest: { _id: 'r-1', sensorInstanceId: 's-1', recordedAt: at(10), values: { vibration: 8.3, temperature: 61.5 }, alarm: true }, sparklines: { vibration: [2.1, 2.4, 8.3], temperature: [58, 60, 61.5] } },
    { ...(CHART_SENSORS[1] as ChartSensor), latest: { _id: 'r-2', sensorInstanceId: 's-2', recordedAt: at(600), values: { temperature: 7.2, pressure: 7.1 }, alarm: false }, sparklines: { temperature: [7, 7.1, 7.2], pressure: [7, 7.2, 7.1] } },
  ];
}

export function seriesOf(sensorIds: string[], parameter: string, from: string, to: string, withPoints = true): SeriesResult {
  return {
    parameter,
    interval: '1h',
    from,
    to,
    series: sensorIds.map((id) => {
      const sensor = CHART_SENSORS.find((s) => s._id === id) as ChartSensor;
      const band = sensor.parameters.find((p) => p.name === parameter);
      return {
        sensorInstanceId: id,
        name: sensor.name,
        imeiNo: sensor.imeiNo,
        unit: band?.unit ?? '',
        measures: Boolean(band),
        band: { ...(band?.min !== undefined ? { min: band.min } : {}), ...(band?.max !== undefined ? { max: band.max } : {}) },
        points: withPoints ? [{ t: from, avg: 2.5, min: 2.1, max: 2.9, count: 2 }, { t: to, avg: 3.5, min: 3.1, max: 3.9, count: 2 }] : [],
        stats: withPoints ? { min: 2.1, avg: 3, max: 3.9, count: 4 } : null,
      };
    }),
  };
}
