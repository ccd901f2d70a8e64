/**
 * A year of machine history for the machine dashboards: closed breakdown tickets (so "top machines by
 * breakdown tickets" ranks machines rather than showing one ticket each) and two more preventive-maintenance
 * plans falling due this fortnight. Runs after the service seeder, whose machines and units it refers to.
 * QR codes are not seeded: drawing them costs half a second of the seed's budget, and the qr-code-encoder
 * screen makes one in a click.
 */
import { preventiveMaintenance, svcTicket } from '../../../src/contract/modules/service';
import { slaDueAt } from '../../domain/service/sla';
import type { DemoSeedContext } from './context';
import { at, day, put, type Body } from './kit';


function closedBreakdown(ids: Record<string, string>, machine: string, asset: string, client: string, daysAgo: number, title: string, resolution: string): Body {
  const reportedAt = at(-daysAgo);
  return {
    ticketType: 'Breakdown Maintenance',
    title,
    priority: 'High',
    status: 'Closed',
    clientId: client,
    assetId: asset,
    machineInstanceId: machine,
    assignedTo: ids.engineerUser,
    reportedAt,
    slaDueAt: slaDueAt('High', new Date(reportedAt)),
    resolvedAt: at(-daysAgo + 1),
    closedAt: at(-daysAgo + 2),
    resolution,
  };
}

export async function seedMachineHistory(ctx: DemoSeedContext): Promise<void> {
  const { ids } = ctx;
  await put(ctx, svcTicket, [
    closedBreakdown(ids, ids.miVmc, ids.unitMachining, ids.clientKalyani, 41, 'VMC M-03 ATC arm not returning home', 'Arm proximity switch cable re-routed away from chip conveyor'),
    closedBreakdown(ids, ids.miVmc, ids.unitMachining, ids.clientKalyani, 97, 'VMC M-03 spindle drive alarm 9001', 'Spindle amplifier fan replaced; drive reset'),
    closedBreakdown(ids, ids.miVmc, ids.unitMachining, ids.clientKalyani, 203, 'VMC M-03 coolant pump tripping', 'Pump motor rewound'),
    closedBreakdown(ids, ids.miCp02, ids.unitCompressor, ids.clientKalyani, 58, 'CP-02 high discharge temperature', 'Oil cooler cleaned; thermostatic valve replaced'),
    closedBreakdown(ids, ids.miCp02, ids.unitCompressor, ids.clientKalyani, 150, 'CP-02 not loading', 'Inlet valve solenoid replaced'),
    closedBreakdown(ids, ids.miCp01, ids.unitCompressor, ids.clientKalyani, 122, 'CP-01 oil carry-over', 'Separator element replaced'),
    closedBreakdown(ids, ids.miMoulding, ids.unitMoulding, ids.clientPolymers, 77, 'IMM-150 clamp pressure loss', 'Clamp cylinder seals replaced'),
  ]);
  await put(ctx, preventiveMaintenance, [
    { title: 'VMC M-03 spindle bearing inspection', machineInstanceId: ids.miVmc, assetId: ids.unitMachining, frequency: 'Quarterly', startDate: day(-270), nextDueDate: day(2), lastDoneDate: day(-88), assignedTo: ids.engineerUser, status: 'Due', estimatedHours: 2 },
    { title: 'IMM-150 hydraulic oil and filter change', machineInstanceId: ids.miMoulding, assetId: ids.unitMoulding, frequency: 'Half-Yearly', startDate: day(-180), nextDueDate: day(9), lastDoneDate: day(-175), status: 'Scheduled', estimatedHours: 4 },
  ]);
}
