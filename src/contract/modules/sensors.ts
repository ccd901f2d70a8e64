/**
 * Sensor and IoT modules (document 2 §7 "Sensors"): sensor products, sensor instances identified by their
 * IMEI number (unique per tenant), readings, analytics graphs and gateway devices. None of them has a route
 * of its own in the spec's table, so their features are invented: SENSOR_PRODUCT, SENSOR_INSTANCE,
 * SENSOR_DATA, SENSOR_ANALYTICS and DEVICE.
 */
import { z } from 'zod';
import { defineModule } from './define';
import { dateTime, listOf, storedRecord } from './replies';
import { says } from '../validationMessages';

const id = (label: string) => z.string({ error: says('required', { label }) }).min(1, says('required', { label }));
const text = (label: string, max = 200) =>
  z.string({ error: says('required', { label }) }).trim().min(1, says('required', { label })).max(max, says('tooLong', { label }));
const optionalText = (label: string, max = 2000) => z.string().trim().max(max, says('tooLong', { label })).optional();
const isoDateTime = (label: string) => z.iso.datetime({ offset: true, message: says('notADateTime', { label }) });

/** What a sensor measures; readings are keyed by these names. */
// runningHours and cycles are counters: a machine's meter may be fed by one (server/domain/machines/meters.ts).
export const SENSOR_PARAMETERS = ['temperature', 'vibration', 'pressure', 'current', 'voltage', 'humidity', 'flow', 'rpm', 'energy', 'runningHours', 'cycles'] as const;

const parameterSpec = z.object({
  name: z.enum(SENSOR_PARAMETERS, { error: says('notValid', { label: 'Parameter' }) }),
  unit: text('Unit', 20),
  /** Alarm band: a reading outside [min, max] raises a system ticket. */
  min: z.coerce.number().optional(),
  max: z.coerce.number().optional(),
});

export const sensorProduct = defineModule({
  name: 'sensor-product',
  label: 'Sensor Product',
  record: 'sensor product',
  area: 'sensors',
  path: '/api/app/sensor-product',
  feature: 'SENSOR_PRODUCT',
  fields: z.object({
    productName: text('Product name', 160),
    manufacturer: text('Manufacturer', 120),
    model: optionalText('Model', 80),
    connectivity: z.enum(['4G', 'NB-IoT', 'LoRaWAN', 'Wi-Fi', 'Modbus RTU', 'Ethernet'], { error: says('notValid', { label: 'Connectivity' }) }).default('4G'),
    parameters: z.array(parameterSpec).min(1, says('addParameter')),
    /** Seconds between readings. */
    sampleIntervalSec: z.coerce.number().int().positive(says('notPositive', { label: 'Sample interval' })).default(300),
    description: optionalText('Description', 1000),
  }),
  example: {
    productName: 'VibeSense Triaxial 4G',
    manufacturer: 'Sensetech Automation',
    parameters: [{ name: 'vibration', unit: 'mm/s', max: 7.1 }, { name: 'temperature', unit: '°C', max: 85 }],
  },
  columns: ['productName', 'manufacturer', 'model', 'connectivity', 'sampleIntervalSec'],
  lines: { parameters: { inputs: ['name', 'unit', 'min', 'max'] } },
  messages: {
    list: 'Failed to get list of sensor products',
    create: 'Failed to create sensor product',
    update: 'Failed to update SensorProduct',
    remove: 'Failed to Delete SensorProduct',
    getById: 'Failed to get SensorProduct details',
  },
  calls: [
    // The distinct manufacturers of sensor products, with how many products each makes.
    {
      name: 'getManufacturerData',
      method: 'GET',
      path: '/getManufacturerData',
      privilege: 'VIEW',
      kind: 'custom',
      message: 'Failed to get list of Manufacturer Name',
      cache: 'none',
      reply: listOf(z.strictObject({ manufacturer: z.string(), products: z.number().int().positive() })),
    },
  ],
});

/** A field copied from the stored record as it is (absent when the record has none). */
const stored = z.unknown().optional();

/** GET getUnitListByUserAccess?search=&parentId=: the units the caller may see, each with its sensor instances. */
const unitsQuery = z.object({ search: z.string().optional(), parentId: z.string().optional() }).catchall(z.unknown());
export type UnitsQuery = z.infer<typeof unitsQuery>;
const unitWithSensors = z.strictObject({
  _id: z.string(),
  alternateId: stored,
  name: stored,
  parentId: stored,
  parentName: stored,
  city: stored,
  status: stored,
  sensorInstances: z.array(storedRecord),
});

/** IMEI: 15 digits (the check digit is not enforced: many IoT modules report test IMEIs). */
const IMEI = /^[0-9]{15}$/;

export const sensorInstance = defineModule({
  name: 'sensor-instance',
  label: 'Sensor Instance',
  record: 'sensor',
  area: 'sensors',
  path: '/api/app/sensor-instance',
  feature: 'SENSOR_INSTANCE',
  fields: z.object({
    imeiNo: z.string({ error: says('required', { label: 'IMEI number' }) }).trim().regex(IMEI, says('digits', { label: 'IMEI number', count: 15 })),
    name: text('Sensor name', 160),
    sensorProductId: id('Sensor product'),
    /** The unit (asset of kind Unit) the sensor is installed in: getUnitListByUserAccess groups by it. */
    unitId: z.string().optional(),
    machineInstanceId: z.string().optional(),
    deviceId: z.string().optional(),
    installedAt: isoDateTime('Installed at').optional(),
    status: z.enum(['Active', 'Inactive', 'Faulty'], { error: says('notValid', { label: 'Status' }) }).default('Active'),
    lastReadingAt: isoDateTime('Last reading at').optional(),
  }),
  unique: ['imeiNo'],
  example: { imeiNo: '864211049990011', name: 'Pump P-4 motor NDE bearing', sensorProductId: 'sp-demo' },
  references: { sensorProductId: 'sensor-product', unitId: 'asset', machineInstanceId: 'svc-machine-instances', deviceId: 'device' },
  columns: ['imeiNo', 'name', 'sensorProductId', 'unitId', 'machineInstanceId', 'status'],
  messages: {
    list: 'Failed to get list of SensorInstance',
    create: 'Failed to create SensorInstance',
    update: 'Failed to update SensorInstance',
    remove: 'Failed to Delete SensorInstance',
    getById: 'Failed to get SensorInstance details',
    duplicate: 'Duplicate {field} Field.  Unique Number is Required !',
  },
  calls: [
    {
      name: 'getImeiNo',
      method: 'GET',
      path: '/getImeiNo',
      privilege: 'VIEW',
      kind: 'list',
      project: ['_id', 'imeiNo', 'name'],
      message: 'Failed to get list of IMEI No',
      cache: 'none',
    },
    // Units (assets of kind Unit) the user may see, each with its sensor instances (document 1 §6).
    {
      name: 'getUnitListByUserAccess',
      method: 'GET',
      path: '/getUnitListByUserAccess',
      privilege: 'VIEW',
      kind: 'custom',
      message: 'Failed to get list of SensorInstance',
      cache: 'none',
      querystring: unitsQuery,
      reply: listOf(unitWithSensors),
    },
  ],
});

/** One reading of one sensor: the parameters measured at that instant. */
export const sensorData = defineModule({
  name: 'sensor-data',
  label: 'Sensor Data',
  record: 'sensor reading',
  area: 'sensors',
  path: '/api/app/sensor-data',
  feature: 'SENSOR_DATA',
  fields: z.object({
    sensorInstanceId: id('Sensor'),
    /** Filled in from the sensor when absent; when given it must be the sensor's. */
    imeiNo: z.string().trim().regex(IMEI, says('digits', { label: 'IMEI number', count: 15 })).optional(),
    recordedAt: isoDateTime('Recorded at'),
    values: z.partialRecord(z.enum(SENSOR_PARAMETERS), z.number({ error: says('notANumber', { label: 'Reading' }) })),
    /** Set when a value is outside its product's alarm band. */
    alarm: z.boolean().default(false),
    /** The system ticket this reading raised or joined (written by the server). */
    systemTicketId: z.string().optional(),
  }),
  example: { sensorInstanceId: 'si-demo', recordedAt: '2026-02-20T10:15:00+05:30', values: { vibration: 2.4, temperature: 61.5 } },
  references: { sensorInstanceId: 'sensor-instance' },
  columns: ['recordedAt', 'imeiNo', 'sensorInstanceId', 'values', 'alarm'],
  messages: {
    list: 'Failed to get list of SensorData',
    create: 'Failed to create SensorData',
    update: 'Failed to update SensorData',
    remove: 'Failed to Delete SensorData',
    getById: 'Failed to get SensorData details',
  },
});

export const ANALYTIC_INTERVALS = ['15m', '1h', '6h', '1d'] as const;

/**
 * Saved graphs. Document 2's POST /api/app/sensor-analytic (optional body) is the graph query itself, so the
 * saved definition's create moves to POST /definition and the bare POST is the `graph` call.
 */
/** POST sensor-analytic (all optional): which sensors, which parameter, bucketed how, over when (3 days to now by default). */
const graphBody = z
  .object({
    sensorInstanceIds: z.array(z.string().min(1)).optional(),
    parameter: z.enum(SENSOR_PARAMETERS, { error: says('notValid', { label: 'Parameter' }) }).optional(),
    interval: z.enum(ANALYTIC_INTERVALS, { error: says('either', { label: 'Interval', either: ['15m', '1h', '6h', '1d'] }) }).optional(),
    from: z.iso.datetime({ offset: true, message: says('notADateTime', { label: 'From' }) }).optional(),
    to: z.iso.datetime({ offset: true, message: says('notADateTime', { label: 'To' }) }).optional(),
  })
  .optional();
export type GraphBody = z.infer<typeof graphBody>;

/** One bucket of one sensor's readings: its start, and the average, minimum, maximum and count of its values. */
const graphPoint = z.strictObject({ t: dateTime, avg: z.number(), min: z.number(), max: z.number(), count: z.number().int().positive() });

/** The graph: one series per sensor, and the query as it was answered. */
const graphReply = listOf(
  z.strictObject({
    sensorInstanceId: z.string(),
    imeiNo: stored,
    name: stored,
    parameter: z.enum(SENSOR_PARAMETERS),
    unit: z.string(),
    points: z.array(graphPoint),
  }),
).extend({ parameter: z.enum(SENSOR_PARAMETERS), interval: z.enum(ANALYTIC_INTERVALS), from: dateTime, to: dateTime });

export const sensorAnalytic = defineModule({
  name: 'sensor-analytic',
  label: 'Sensor Analytics',
  record: 'sensor graph',
  area: 'sensors',
  path: '/api/app/sensor-analytic',
  feature: 'SENSOR_ANALYTICS',
  routes: { create: { method: 'POST', path: '/definition' } },
  fields: z.object({
    name: text('Graph name', 160),
    sensorInstanceIds: z.array(z.string().min(1)).min(1, says('chooseSensor')),
    parameter: z.enum(SENSOR_PARAMETERS, { error: says('notValid', { label: 'Parameter' }) }),
    interval: z.enum(ANALYTIC_INTERVALS, { error: says('notValid', { label: 'Interval' }) }).default('1h'),
    /** Hours back from now the graph covers. */
    rangeHours: z.coerce.number().int().positive().max(24 * 90, says('atMost', { label: 'Range', max: '90 days' })).default(72),
  }),
  example: { name: 'Compressor vibration, last 3 days', sensorInstanceIds: ['si-demo'], parameter: 'vibration', interval: '1h' },
  references: { sensorInstanceIds: 'sensor-instance' },
  columns: ['name', 'parameter', 'interval', 'rangeHours'],
  messages: {
    list: 'Failed to get list of Sensor graph',
    create: 'Failed to create Sensor graph',
    update: 'Failed to update Sensor graph',
    remove: 'Failed to Delete Sensor graph',
    getById: 'Failed to get Sensor graph details',
  },
  calls: [
    // Body (all optional): { sensorInstanceIds, parameter, interval, from, to }; reply { data: series[], total, parameter, interval, from, to }.
    {
      name: 'graph',
      method: 'POST',
      path: '',
      privilege: 'VIEW',
      kind: 'custom',
      message: 'Failed to get list of Sensor graph',
      cache: 'none',
      body: graphBody,
      reply: graphReply,
    },
  ],
});

export const device = defineModule({
  name: 'device',
  label: 'Devices',
  record: 'device',
  area: 'sensors',
  path: '/api/app/device',
  feature: 'DEVICE',
  fields: z.object({
    serialNo: text('Serial number', 80),
    name: text('Device name', 160),
    model: optionalText('Model', 80),
    firmwareVersion: optionalText('Firmware version', 40),
    unitId: z.string().optional(),
    simNumber: z.string().regex(/^[0-9]{10,20}$/, says('digitsBetween', { label: 'SIM number', min: 10, max: 20 })).optional(),
    status: z.enum(['Online', 'Offline', 'Maintenance'], { error: says('notValid', { label: 'Status' }) }).default('Offline'),
    lastSeenAt: isoDateTime('Last seen at').optional(),
  }),
  unique: ['serialNo'],
  example: { serialNo: 'GW-PUN-0099', name: 'Boiler house gateway', model: 'Teltonika RUT955', firmwareVersion: '7.6.3' },
  references: { unitId: 'asset' },
  columns: ['serialNo', 'name', 'model', 'unitId', 'status', 'lastSeenAt'],
  messages: {
    list: 'Failed to get list of Device',
    create: 'Failed to create Device',
    update: 'Failed to update Device',
    remove: 'Failed to Delete Device',
    getById: 'Failed to get Device details',
    duplicate: 'Duplicate {field} Field.  Unique Number is Required !',
  },
});

export const sensorModules = [sensorProduct, sensorInstance, sensorData, sensorAnalytic, device] as const;
