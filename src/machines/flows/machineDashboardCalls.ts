/**
 * I/O of the machine screens (qr-code-encoder, machine-scanning, bom-tree, dashboard-machine): the machine
 * instance module's spec calls (list, PATCH generate-qr-code/{id}, GET getBomFromMachine/{id}) and the
 * machine dashboard's calls (server/http/machine-dashboard-routes.ts). The flow machines get these as
 * their `fromPromise` actors; tests provide their own.
 */
import { endpointRequest, moduleCalls } from '../../api/calls';
import { machineDashboardEndpoints, type Bom, type MachineCard, type MachineSummary } from '../../contract/machineShapes';
import { svcMachineInstance } from '../../contract/modules/machines';

/** The spec's messages of the machine instance calls (document 2 §8). */
export const MACHINE_MESSAGES = {
  list: 'Failed to get list of machine instance',
  update: 'Failed to update machine instance',
  details: 'Failed to get machine instance details',
} as const;

/** What a machine picker shows, and the QR code the machine already has. */
export interface MachineOption {
  _id: string;
  alternateId?: string;
  name?: string;
  serialNo: string;
  status?: string;
  qrCode?: string;
  qrPayload?: string;
}

const machines = moduleCalls(svcMachineInstance);

const asOption = (m: Record<string, unknown> & { _id: string }): MachineOption => ({
  _id: m._id,
  alternateId: typeof m.alternateId === 'string' ? m.alternateId : undefined,
  name: typeof m.name === 'string' ? m.name : undefined,
  serialNo: String(m.serialNo ?? ''),
  status: typeof m.status === 'string' ? m.status : undefined,
  qrCode: typeof m.qrCode === 'string' ? m.qrCode : undefined,
  qrPayload: typeof m.qrPayload === 'string' ? m.qrPayload : undefined,
});

/** A machine's name for people: its name, else its serial number. */
export const machineLabel = (m: Pick<MachineOption, 'name' | 'serialNo' | 'alternateId'>): string =>
  [m.name || m.serialNo, m.alternateId].filter(Boolean).join(' · ');

/**
 * The machines to pick from, by name. `allowed` is false for a person without SVC_MACHINE_INSTANCE VIEW:
 * then nothing is asked (the server would answer 403, which the HTTP layer treats as a lost session).
 */
export async function fetchMachineOptions({ allowed }: { allowed: boolean }): Promise<MachineOption[]> {
  if (!allowed) return [];
  const page = await machines.list();
  return page.data.map(asOption).sort((a, b) => machineLabel(a).localeCompare(machineLabel(b)));
}

export async function generateQrCode({ machineId }: { machineId: string }): Promise<MachineOption> {
  return asOption(await machines.call('generateQrCode', { params: { id: machineId } }));
}


export async function fetchBom({ machineId }: { machineId: string }): Promise<Bom> {
  const reply = await machines.call('getBomFromMachine', { params: { id: machineId } });
  return reply.data;
}

/** What a scan or a person gave: a code (any text, the QR code's URL included) and/or a machine id. */
export interface MachineQuery {
  code?: string;
  machineId?: string;
}

export function lookupMachine(query: MachineQuery): Promise<MachineCard> {
  return endpointRequest(machineDashboardEndpoints.lookup, { query: { code: query.code, machineId: query.machineId } });
}

export interface SummaryInput {
  /** The person's calendar day (YYYY-MM-DD): plans are due relative to it. */
  today: string;
  dueWithinDays: number;
  months: number;
}

export function fetchMachineSummary(input: SummaryInput): Promise<MachineSummary> {
  return endpointRequest(machineDashboardEndpoints.summary, { query: { today: input.today, dueWithinDays: input.dueWithinDays, months: input.months } });
}

export type { Bom, BomLine, CountBy, MachineCard, MachineSummary } from '../../contract/machineShapes';
