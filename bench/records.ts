/**
 * 100 000 spare parts for the demo tenant: the stores of a large Indian industrial service company
 * (bearings, belts, filters, seals, switchgear, sensors, lubricants …) with HSN codes, prices in paise,
 * GST rates, stock, reorder levels, bins and the demo suppliers. Every body goes through the module's zod
 * schema (as a create would), then rows go in by thousands with one `insert … select from unnest(…)`
 * each (the demo seed's putBulk). Deterministic: the same seed gives the same records.
 */
import { sparePartInventory, supplier } from '../src/contract/modules/parts';
import { tableName } from '../src/contract/modules/define';
import { newId } from '../server/db/ids';
import type { Db } from '../server/db/pool';
import { putBulk } from '../server/seed/demo/kit';

interface Family {
  code: string;
  hsn: string;
  unit: 'Nos' | 'Set' | 'Kg' | 'Litre' | 'Metre' | 'Box' | 'Pair';
  gst: number;
  /** Price range in rupees. */
  rupees: [number, number];
  names: readonly string[];
  variants: readonly string[];
  lead: [number, number];
}

const FAMILIES: readonly Family[] = [
  { code: 'BRG', hsn: '8482', unit: 'Nos', gst: 18, rupees: [180, 24000], lead: [7, 28], names: ['Deep groove ball bearing', 'Angular contact bearing', 'Spherical roller bearing', 'Taper roller bearing', 'Cylindrical roller bearing', 'Plummer block bearing'], variants: ['6205-2RS', '6308-ZZ', '7014-C-P4', '22218-E', '32210', 'NU-2212', 'UCP-210', '6004-2Z', '7208-BEP'] },
  { code: 'BLT', hsn: '4010', unit: 'Nos', gst: 18, rupees: [250, 9500], lead: [3, 14], names: ['V-belt', 'Timing belt', 'Poly-V belt', 'Conveyor belt section'], variants: ['B-52', 'SPA-1250', 'HTD-8M-1200', 'PJ-1016', 'XPZ-987', 'T10-1010', 'C-120'] },
  { code: 'FLT', hsn: '8421', unit: 'Nos', gst: 18, rupees: [320, 18500], lead: [5, 21], names: ['Oil filter element', 'Air filter element', 'Air-oil separator', 'Hydraulic return filter', 'Suction strainer', 'Coolant filter cartridge'], variants: ['EG-37', 'GA-55', 'HF-10-25', 'RF-160', 'SS-2IN', 'CF-100M'] },
  { code: 'SEL', hsn: '4016', unit: 'Set', gst: 18, rupees: [90, 12500], lead: [5, 30], names: ['Hydraulic cylinder seal kit', 'Mechanical seal', 'O-ring kit', 'Oil seal', 'Pump gland packing', 'Valve seat kit'], variants: ['63x45', 'MS-35-NBR', 'OR-KIT-382', 'OS-55x80x10', 'GP-10MM', 'VS-DN50'] },
  { code: 'ELC', hsn: '8536', unit: 'Nos', gst: 18, rupees: [140, 32000], lead: [2, 21], names: ['Power contactor', 'Thermal overload relay', 'MCB', 'MCCB', 'Control relay', 'Limit switch', 'Emergency stop push button'], variants: ['3P-32A', '3P-65A', '2.5-4A', 'C16-1P', '100A-3P', '24VDC-2CO', 'ZCKJ1'] },
  { code: 'SNS', hsn: '9026', unit: 'Nos', gst: 18, rupees: [850, 46000], lead: [7, 45], names: ['Pressure transmitter', 'RTD PT100 sensor', 'Proximity sensor', 'Level transmitter', 'Vibration sensor', 'Flow switch'], variants: ['0-16BAR', 'PT100-150MM', 'M18-PNP', 'RADAR-10M', '4-20MA-IEPE', 'DN25'] },
  { code: 'MTR', hsn: '8501', unit: 'Nos', gst: 18, rupees: [6500, 285000], lead: [14, 60], names: ['Induction motor', 'Servo motor', 'Geared motor', 'Cooling fan motor'], variants: ['0.75KW-4P', '5.5KW-4P', '1.8KW-3000', '0.37KW-I40', '180W-230V', '11KW-B35'] },
  { code: 'DRV', hsn: '8504', unit: 'Nos', gst: 18, rupees: [9800, 420000], lead: [10, 60], names: ['Variable frequency drive', 'Servo drive', 'SMPS power supply', 'Soft starter'], variants: ['2.2KW', '7.5KW', '24VDC-10A', '45KW', 'ACS580-11KW', 'MR-J4-100A'] },
  { code: 'HYD', hsn: '8412', unit: 'Nos', gst: 18, rupees: [1200, 165000], lead: [10, 45], names: ['Directional control valve', 'Hydraulic gear pump', 'Pressure relief valve', 'Solenoid coil', 'Hydraulic hose assembly'], variants: ['4WE6-24V', 'GP-16CC', 'DBDS-10', '24VDC-30W', '1/2IN-1500MM', 'NG10'] },
  { code: 'PNE', hsn: '8481', unit: 'Nos', gst: 18, rupees: [180, 38000], lead: [3, 21], names: ['Pneumatic cylinder', 'Solenoid valve 5/2', 'FRL unit', 'Push-in fitting', 'Quick exhaust valve'], variants: ['32x100', '1/4IN-24V', '1/2IN', '8MM-1/4', 'QEV-3/8'] },
  { code: 'LUB', hsn: '2710', unit: 'Litre', gst: 18, rupees: [180, 16500], lead: [2, 10], names: ['Way lube oil ISO VG 68', 'Hydraulic oil ISO VG 46', 'Compressor oil', 'Gear oil EP 220', 'Spindle oil ISO VG 10'], variants: ['5L', '20L', '26L', '210L', '1L'] },
  { code: 'GRS', hsn: '3403', unit: 'Kg', gst: 18, rupees: [320, 9800], lead: [2, 10], names: ['Lithium complex grease', 'High-temperature bearing grease', 'Food-grade grease'], variants: ['1KG', '2KG', '18KG', '0.4KG-CART'] },
  { code: 'CBL', hsn: '8544', unit: 'Metre', gst: 18, rupees: [35, 1450], lead: [2, 14], names: ['Flexible control cable', 'Shielded servo cable', 'Armoured power cable', 'Encoder cable'], variants: ['4C-1.5SQMM', '7C-0.75SQMM', '3.5C-25SQMM', '8C-0.25SQMM'] },
  { code: 'FST', hsn: '7318', unit: 'Box', gst: 18, rupees: [120, 4200], lead: [1, 7], names: ['Hex bolt SS 304', 'Socket head cap screw 12.9', 'Nylock nut', 'Spring washer', 'Anchor fastener'], variants: ['M8x30', 'M10x40', 'M12', 'M16', 'M12x100'] },
  { code: 'REF', hsn: '2903', unit: 'Kg', gst: 18, rupees: [650, 28000], lead: [3, 14], names: ['Refrigerant R-134a', 'Refrigerant R-410A', 'Refrigerant R-407C'], variants: ['13.6KG', '11.3KG', '5KG'] },
  { code: 'PCB', hsn: '8537', unit: 'Nos', gst: 18, rupees: [4500, 185000], lead: [21, 75], names: ['Controller PCB', 'HMI display unit', 'PLC I/O module', 'Temperature controller'], variants: ['PCO5', '7IN-TFT', '16DI-24V', 'PID-96x96'] },
  { code: 'GLV', hsn: '6116', unit: 'Pair', gst: 12, rupees: [65, 1800], lead: [1, 7], names: ['Cut-resistant gloves', 'Electrical insulating gloves', 'Nitrile gloves'], variants: ['L', 'XL', 'CLASS-0', 'M'] },
];

const DESCRIPTIONS = [
  'OEM equivalent; check the machine manual for the exact model before issue.',
  'Critical spare: keep at least the reorder level in the main stores.',
  'Fits the VMC and HMC spindle assemblies of the Bhosari plant.',
  'Consumable: issue against the PM ticket only.',
  'Imported item; lead time varies with customs clearance at JNPT.',
  'Store away from moisture; shelf life 24 months from manufacture.',
];

const BIN_ROWS = ['R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'OIL', 'GAS', 'MEZ', 'YARD'];

/** A small seeded PRNG (mulberry32): the same records on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function sparePartBody(i: number, next: () => number, supplierIds: readonly string[]): Record<string, unknown> {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const between = (low: number, high: number): number => low + Math.floor(next() * (high - low + 1));
  const family = pick(FAMILIES);
  const variant = pick(family.variants);
  const reorderLevel = between(0, 12);
  const body: Record<string, unknown> = {
    // Unique per tenant: the family, its variant and a running number.
    partNumber: `${family.code}-${variant}-${String(i + 1).padStart(6, '0')}`,
    partName: `${pick(family.names)} ${variant}`,
    hsnCode: family.hsn,
    unit: family.unit,
    unitPricePaise: between(family.rupees[0], family.rupees[1]) * 100 + pick([0, 0, 0, 50, 25, 75]),
    gstRate: family.gst,
    stockQty: next() < 0.12 ? 0 : between(0, 80),
    reorderLevel,
    binLocation: `${pick(BIN_ROWS)}-${String.fromCharCode(65 + between(0, 7))}${between(1, 12)}`,
  };
  if (next() < 0.3) body.description = pick(DESCRIPTIONS);
  if (next() < 0.6) body.reorderQty = reorderLevel * 2 + between(1, 10);
  if (supplierIds.length > 0 && next() < 0.85) body.supplierId = pick(supplierIds);
  if (next() < 0.7) body.leadTimeDays = between(family.lead[0], family.lead[1]);
  return body;
}

const BATCH = 5_000;
const DAY_MS = 86_400_000;

/**
 * Inserts `count` spare parts for the tenant, created over the last three years (newest first in the
 * list, as the module sorts). Answers how long the insert took and the tenant's spare-part total.
 */
export async function insertSpareParts(db: Db, tenantId: string, count: number): Promise<{ inserted: number; total: number; ms: number }> {
  const started = performance.now();
  const suppliers = await db.query<{ _id: string }>(`select _id from ${tableName(supplier)} where subscriber_id = $1 order by _id`, [tenantId]);
  const supplierIds = suppliers.rows.map((r) => r._id);
  const next = random(20_260_401);
  const table = tableName(sparePartInventory);
  const oldest = Date.now() - 3 * 365 * DAY_MS;
  const step = (Date.now() - DAY_MS - oldest) / count;
  for (let from = 0; from < count; from += BATCH) {
    const rows: Array<{ id: string; body: Record<string, unknown>; createdAt: string }> = [];
    for (let i = from; i < Math.min(count, from + BATCH); i++) {
      // What a create through the API would store: the schema's output (defaults applied, values coerced).
      const body = sparePartInventory.fields.parse(sparePartBody(i, next, supplierIds)) as Record<string, unknown>;
      rows.push({ id: newId(), body, createdAt: new Date(oldest + i * step).toISOString() });
    }
    await putBulk({ db, tenantId, ids: {} }, table, rows);
  }
  await db.query(`analyze ${table}`);
  const { rows } = await db.query<{ total: string }>(`select count(*) as total from ${table} where subscriber_id = $1`, [tenantId]);
  return { inserted: count, total: Number(rows[0]?.total ?? 0), ms: performance.now() - started };
}
