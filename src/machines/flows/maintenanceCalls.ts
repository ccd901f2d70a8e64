/**
 * I/O of the preventive-maintenance panels: a machine's meters (through the machine card's calls, GET
 * machine-dashboard/card/{id}/meters and POST …/meter-reading, open to whoever may open the card: the machines
 * screen's people and the engineer working a ticket on the machine alike) and a
 * plan's schedule (GET schedule/{id}). The flow machines (./machineMeters.ts, ./planSchedule.ts) get these as their
 * `fromPromise` actors; tests provide their own.
 */
import { endpointRequest, moduleCalls } from '../../api/calls';
import type { MachineMeters, MeterReadingBody, MeterReadingReply, PlanSchedule } from '../../contract/maintenanceShapes';
import { machineDashboardEndpoints } from '../../contract/machineShapes';
import { preventiveMaintenance } from '../../contract/modules/serviceScheduling';

const plans = moduleCalls(preventiveMaintenance);

/** The spec's messages of the calls these panels make (document 2 §8). */
export const MAINTENANCE_MESSAGES = {
  meters: 'Failed to get machine instance details',
  reading: 'Failed to update machine instance',
  schedule: 'Failed to get preventive maintenance details',
} as const;

export async function fetchMeters({ machineId }: { machineId: string }): Promise<MachineMeters> {
  return endpointRequest(machineDashboardEndpoints.meters, { params: { id: machineId } });
}

export async function sendMeterReading({ machineId, reading }: { machineId: string; reading: MeterReadingBody }): Promise<MeterReadingReply> {
  return endpointRequest(machineDashboardEndpoints.meterReading, { params: { id: machineId }, body: reading });
}

export async function fetchPlanSchedule({ planId }: { planId: string }): Promise<PlanSchedule> {
  return (await plans.call('schedule', { params: { id: planId } })).data;
}
