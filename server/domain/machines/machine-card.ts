/**
 * What the machine-scanning screen shows once a code is resolved: the machine, its type, where it stands,
 * its open tickets, its last service and its next preventive maintenance.
 *
 * A code is whatever a scan or a person gives: the URL the machine's QR code encodes (machineScanUrl in
 * ./machines.ts: …/app/machine-scanning?machineId=…&code=…), the machine's _id, its alternateId (MI-…) or
 * its serial number, the last two in any letter case.
 */
import { asset } from '../../../src/contract/modules/assets';
import { questionAnswer, svcMachineInstance, svcMachineType } from '../../../src/contract/modules/machines';
import { OPEN_TICKET_STATUSES, preventiveMaintenance, svcTicket, ticket } from '../../../src/contract/modules/service';
import { machineIdByCode } from '../../db/machine-store';
import type { Queryable } from '../../db/pool';
import { repo } from '../../db/repository';
import { asString } from '../records';
import { mostUrgentFirst } from '../service/ticket-order';
import { nextMaintenanceOf } from './next-maintenance';
import type { LastService, MachineCard } from '../../../src/contract/machineShapes';

/** The machine id and the human code a scanned text carries. */
export function readScannedCode(raw: string): { machineId?: string; code?: string } {
  const text = raw.trim();
  if (/^https?:\/\//i.test(text)) {
    try {
      const url = new URL(text);
      const machineId = url.searchParams.get('machineId')?.trim() || undefined;
      const code = url.searchParams.get('code')?.trim() || undefined;
      if (machineId || code) return { machineId, code };
    } catch {
      // Not a URL after all: treat it as a plain code below.
    }
  }
  return text ? { code: text } : {};
}

/** The _id of the machine a code names in the tenant, or undefined. */
export async function findMachineId(db: Queryable, tenantId: string, raw: { machineId?: string; code?: string }): Promise<string | undefined> {
  return machineIdByCode(db, tenantId, raw.machineId ?? '', raw.code ?? '');
}


const latestOf = (candidates: Array<LastService | undefined>): LastService | null =>
  candidates.filter((c): c is LastService => Boolean(c)).sort((a, b) => Date.parse(b.date) - Date.parse(a.date))[0] ?? null;

/** A stored field as the card's schema types it: the value when it is of that type (the catalogue wrote it so), else absent. */
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

export async function machineCard(db: Queryable, tenantId: string, machineId: string): Promise<MachineCard | undefined> {
  const machine = await repo(db, svcMachineInstance, tenantId).getById(machineId);
  if (!machine) return undefined;
  const typeId = asString(machine.machineTypeId);
  const assetId = asString(machine.assetId);
  const assets = repo(db, asset, tenantId);
  const [type, location, serviceTickets, genericTickets, plans, checklists] = await Promise.all([
    typeId ? repo(db, svcMachineType, tenantId).getById(typeId) : undefined,
    assetId ? assets.getById(assetId) : undefined,
    repo(db, svcTicket, tenantId).list({ filters: { machineInstanceId: machineId } }),
    repo(db, ticket, tenantId).list({ filters: { machineInstanceId: machineId } }),
    repo(db, preventiveMaintenance, tenantId).list({ filters: { machineInstanceId: machineId } }),
    repo(db, questionAnswer, tenantId).list({ filters: { machineInstanceId: machineId, status: ['Submitted', 'Reviewed'] } }),
  ]);
  const parentId = asString(location?.parentId);
  const parent = parentId ? await assets.getById(parentId) : undefined;
  // Each ticket says which module holds it: the card links to the ticket's page (/app/ticket/{module}/{id}).
  const open = [...serviceTickets.data.map((t) => ({ ...t, module: svcTicket.name } as Record<string, unknown> & { _id: string; module: string; createdAt: string })), ...genericTickets.data.map((t) => ({ ...t, module: ticket.name } as Record<string, unknown> & { _id: string; module: string; createdAt: string }))].filter((t) => (OPEN_TICKET_STATUSES as readonly string[]).includes(String(t.status ?? 'Open')));
  const openTickets = mostUrgentFirst(open).map((t) => ({ _id: t._id, module: t.module, alternateId: str(t.alternateId), title: str(t.title), ticketType: str(t.ticketType) ?? 'Ticket', priority: str(t.priority), status: str(t.status), reportedAt: str(t.reportedAt) ?? t.createdAt }));
  const doneTicket = serviceTickets.data
    .map((t) => ({ t, date: asString(t.closedAt) ?? asString(t.resolvedAt) }))
    .filter((x): x is { t: (typeof serviceTickets.data)[number]; date: string } => Boolean(x.date))
    .sort((a, b) => Date.parse(b.date) - Date.parse(a.date))[0];
  const donePlan = plans.data.filter((p) => asString(p.lastDoneDate)).sort((a, b) => String(b.lastDoneDate).localeCompare(String(a.lastDoneDate)))[0];
  const doneChecklist = checklists.data.filter((c) => asString(c.answeredAt)).sort((a, b) => Date.parse(String(b.answeredAt)) - Date.parse(String(a.answeredAt)))[0];
  return {
    machine: {
      _id: machine._id,
      alternateId: str(machine.alternateId),
      name: str(machine.name),
      serialNo: str(machine.serialNo),
      status: str(machine.status) ?? 'Running',
      runningHours: num(machine.runningHours),
      installationDate: str(machine.installationDate),
      warrantyUntil: str(machine.warrantyUntil),
      hasQrCode: typeof machine.qrCode === 'string',
      ...(str(machine.clientId) ? { clientId: str(machine.clientId) } : {}),
    },
    machineType: type ? { _id: type._id, machineName: str(type.machineName), manufacturer: str(type.manufacturer), model: str(type.model), category: str(type.category) } : null,
    location: location ? { _id: location._id, name: str(location.name), kind: str(location.kind), parentName: str(parent?.name) ?? null, city: str(location.city) ?? null } : null,
    openTickets: { total: openTickets.length, items: openTickets.slice(0, 10) },
    lastService: latestOf([
      doneTicket ? { kind: 'ticket', date: doneTicket.date, title: String(doneTicket.t.title), reference: asString(doneTicket.t.alternateId) } : undefined,
      donePlan ? { kind: 'preventive-maintenance', date: String(donePlan.lastDoneDate), title: String(donePlan.title), reference: asString(donePlan.alternateId) } : undefined,
      doneChecklist ? { kind: 'checklist', date: String(doneChecklist.answeredAt), title: 'Checklist', reference: asString(doneChecklist.ticketAlternateId) } : undefined,
    ]),
    nextMaintenance: await nextMaintenanceOf(db, tenantId, machineId, plans.data),
  };
}
