/**
 * Demo meters and a plan by meter (issue 31): compressor CP-01 has a running-hours meter read by the engineer over
 * the last two weeks (about 16 hours a day, 8,120 h now) and a plan "separator element every 1,000 running hours, or
 * yearly, whichever first" whose threshold is 8,150 h: a reading of 8,150 or more entered on the machine card raises
 * its Preventive Maintenance ticket. The other demo plans raise theirs at the first scheduler pass after `npm start`
 * (server/domain/service/maintenance-tickets.ts), since their dates fall within their lead time.
 */
import { preventiveMaintenance } from '../../../src/contract/modules/service';
import { ensureMeter, insertReading, lockMeter } from '../../db/meter-store';
import type { DemoSeedContext } from './context';
import { at, day, put } from './kit';

/** CP-01's readings, oldest first: days ago and the hour meter then. */
const CP01_READINGS: ReadonlyArray<[number, number]> = [
  [-14, 7896],
  [-10, 7960],
  [-7, 8008],
  [-3, 8072],
  [0, 8120],
];

export async function seedMeters(ctx: DemoSeedContext): Promise<void> {
  const { ids } = ctx;
  await ensureMeter(ctx.db, ctx.tenantId, ids.miCp01 ?? '', 'Running Hours');
  const meter = await lockMeter(ctx.db, ctx.tenantId, ids.miCp01 ?? '', 'Running Hours');
  if (!meter) throw new Error('The demo meter of CP-01 was not made');
  for (const [days, reading] of CP01_READINGS) {
    await insertReading(ctx.db, ctx.tenantId, meter.id, {
      reading,
      readAt: at(days, days === 0 ? -2 : 0),
      source: 'person',
      reset: false,
      resetReason: null,
      by: { id: ids.engineerUser ?? '', name: 'Ravi Patil' },
    });
  }
  await put(ctx, preventiveMaintenance, [
    {
      title: 'CP-01 separator element and oil filter',
      machineInstanceId: ids.miCp01,
      assetId: ids.unitCompressor,
      checklistId: ids.checklistCompressor,
      trigger: 'Whichever first',
      frequency: 'Yearly',
      startDate: day(-200),
      nextDueDate: day(165),
      meterKind: 'Running Hours',
      meterInterval: 1000,
      meterBaseline: 7150,
      leadDays: 7,
      nextFrom: 'Completion',
      occurrenceNo: 1,
      fixedDates: [],
      assignedTo: ids.engineerUser,
      status: 'Scheduled',
      estimatedHours: 2,
      instructions: 'Replace the separator element and the oil filter; check the scavenge line orifice.',
    },
  ]);
}
