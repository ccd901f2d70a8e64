/**
 * Rental agreements: the period must run forwards; an Active agreement cannot put a machine that another
 * Active agreement holds over overlapping dates, nor a machine that is broken down or decommissioned
 * (POST checkMachineAvailability answers the same question beforehand). POST generate_client_id/{id}
 * turns the agreement's customer into a client record once; GET agreementKpi summarises the book. Its status
 * follows its lifecycle (src/machines/lifecycles/agreement.ts; the steps' checks are ./agreement-steps.ts).
 */
import { client } from '../../../src/contract/modules/billing';
import { svcMachineInstance } from '../../../src/contract/modules/machines';
import { agreement, AGREEMENT_STATUSES, type AvailabilityBody } from '../../../src/contract/modules/sales';
import { inTransaction, type Queryable } from '../../db/pool';
import type { ApiRecord } from '../../db/repository';
import { conflict, invalid } from '../errors';
import { refusal } from '../../../src/contract/refusalMessages';
import type { CallContext, CallsOf, OpsOf } from '../call-context';
import { asArray, asNumber, asString, createRecord, patchRecord, repoOf, requireBody, todayInIndia, addDays } from '../records';
import type { AgreementKpi } from '../../../src/contract/dashboardShapes';
import type { StepContext } from '../step-context';

type Body = Record<string, unknown>;

const UNAVAILABLE_MACHINE_STATUSES = ['Breakdown', 'Decommissioned'];

export interface MachineAvailability {
  _id: string;
  alternateId?: unknown;
  name?: unknown;
  serialNo?: unknown;
  status?: unknown;
  available: boolean;
  reason?: string;
  conflicts: Array<{ agreementId: string; alternateId?: unknown; status: unknown; startDate: unknown; endDate: unknown }>;
}

const overlaps = (a: Body, startDate: string, endDate: string): boolean => String(a.startDate) <= endDate && String(a.endDate) >= startDate;

/** Availability of machines over a period; Active agreements block, Draft ones are listed as tentative. */
export async function machineAvailability(
  ctx: StepContext,
  input: { machineInstanceIds?: string[]; machineTypeId?: string; startDate: string; endDate: string; excludeAgreementId?: string },
): Promise<MachineAvailability[]> {
  const machines = repoOf(ctx, svcMachineInstance);
  const filters: Record<string, string | string[]> = {};
  if (input.machineInstanceIds?.length) filters._id = input.machineInstanceIds;
  if (input.machineTypeId) filters.machineTypeId = input.machineTypeId;
  const [{ data: candidates }, { data: agreements }] = await Promise.all([
    machines.list({ filters, project: ['alternateId', 'name', 'serialNo', 'status', 'machineTypeId'] }),
    repoOf(ctx, agreement).list({ filters: { status: ['Draft', 'Active'] }, project: ['alternateId', 'status', 'startDate', 'endDate', 'machineInstanceIds'] }),
  ]);
  const missing = (input.machineInstanceIds ?? []).find((id) => !candidates.some((m) => m._id === id));
  if (missing) throw invalid('machineInstanceIds', refusal('unknownReference', { module: 'svc-machine-instances', id: missing }));
  return candidates.map((m) => {
    const conflicts = agreements
      .filter((a) => a._id !== input.excludeAgreementId && asArray<string>(a.machineInstanceIds).includes(m._id) && overlaps(a, input.startDate, input.endDate))
      .map((a) => ({ agreementId: a._id, alternateId: a.alternateId, status: a.status, startDate: a.startDate, endDate: a.endDate }));
    const held = conflicts.find((c) => c.status === 'Active');
    const broken = UNAVAILABLE_MACHINE_STATUSES.includes(String(m.status));
    return {
      _id: m._id,
      alternateId: m.alternateId,
      name: m.name,
      serialNo: m.serialNo,
      status: m.status,
      available: !held && !broken,
      ...(held ? { reason: `On rent under ${String(held.alternateId ?? held.agreementId)}` } : broken ? { reason: `Machine is ${String(m.status)}` } : {}),
      conflicts,
    };
  });
}

function checkPeriod(body: Body): void {
  if (String(body.endDate) < String(body.startDate)) throw invalid('endDate', refusal('endBeforeStart'));
}

/** Whole months from start to end (a 1 Apr – 31 Mar agreement is 12 months). */
export function monthsBetween(startDate: string, endDate: string): number {
  const [sy, sm, sd] = startDate.split('-').map(Number) as [number, number, number];
  const end = addDays(endDate, 1);
  const [ey, em, ed] = end.split('-').map(Number) as [number, number, number];
  return Math.max(0, (ey - sy) * 12 + (em - sm) - (ed < sd ? 1 : 0));
}

export async function assertMachinesFree(ctx: StepContext, body: Body, exceptId?: string): Promise<void> {
  if (body.status !== 'Active') return;
  const result = await machineAvailability(ctx, {
    machineInstanceIds: asArray<string>(body.machineInstanceIds),
    startDate: String(body.startDate),
    endDate: String(body.endDate),
    excludeAgreementId: exceptId,
  });
  const busy = result.find((m) => !m.available);
  if (!busy) return;
  // Not available means on rent (an active agreement holds it) or out of service (machineAvailability's reason).
  const machine = String(busy.alternateId ?? busy._id);
  const held = busy.conflicts.find((c) => c.status === 'Active');
  throw conflict(held ? refusal('machineOnRent', { machine, agreement: String(held.alternateId ?? held.agreementId) }) : refusal('machineOutOfService', { machine, status: String(busy.status) }));
}

async function createAgreement(ctx: CallContext): Promise<ApiRecord> {
  const body = { ...(ctx.req.body as Body) };
  delete body.clientId;
  checkPeriod(body);
  await assertMachinesFree(ctx, body);
  const contractTerm = body.contractTerm ?? monthsBetween(String(body.startDate), String(body.endDate));
  return createRecord(ctx, { ...body, contractTerm });
}

async function updateAgreement(ctx: CallContext): Promise<ApiRecord> {
  const { id } = ctx.req.params as { id: string };
  const current = await requireBody(ctx.repo, id);
  const patch = { ...(ctx.req.body as Body) };
  delete patch.clientId;
  // Whether it may change (a Draft only) is the lifecycle's to say, under the row lock (patchRecord).
  const merged = { ...current, ...patch };
  checkPeriod(merged);
  await assertMachinesFree(ctx, merged, id);
  return patchRecord(ctx, id, patch);
}

async function checkMachineAvailability(ctx: CallContext): Promise<{ data: MachineAvailability[]; total: number; available: boolean }> {
  const input = ctx.req.body as AvailabilityBody;
  if (input.endDate < input.startDate) throw invalid('endDate', refusal('endBeforeStart'));
  const data = await machineAvailability(ctx, input);
  return { data, total: data.length, available: data.length > 0 && data.every((m) => m.available) };
}

/**
 * The agreement's client record (company name, GSTIN, address, e-mail), made once inside `tx` and linked; an
 * agreement whose client exists already is refused with the client's number. Announced by the caller after commit.
 */
export async function makeAgreementClient(ctx: StepContext, tx: Queryable, id: string, current: Body): Promise<ApiRecord> {
  const clients = repoOf(ctx, client, tx);
  const existingId = asString(current.clientId);
  if (existingId) {
    const existing = await clients.getById(existingId);
    if (existing) throw conflict(refusal('agreementHasClient', { name: String(current.alternateId ?? id), client: String(existing.alternateId ?? existing._id) }));
  }
  const companyName = asString(current.clientName);
  if (!companyName) throw invalid('clientName', refusal('giveClientCompanyName'));
  return clients.create({
    companyName,
    ...(asString(current.clientGstNo) ? { gstNo: current.clientGstNo } : {}),
    ...(asString(current.clientAddress) ? { address: current.clientAddress } : {}),
    ...(asString(current.clientEmail) ? { email: current.clientEmail } : {}),
    status: 'Active',
    agreementId: id,
  });
}

/** POST generate_client_id/{id}: the agreement's client, made once and linked. */
async function generateClientId(ctx: CallContext): Promise<ApiRecord & { client: ApiRecord }> {
  const { id } = ctx.req.params as { id: string };
  const result = await inTransaction(ctx.db, async (tx) => {
    const agreements = repoOf(ctx, agreement, tx);
    const current = await requireBody(agreements, id);
    const created = await makeAgreementClient(ctx, tx, id, current);
    const updated = await agreements.update(id, { clientId: created._id });
    if (!updated) throw conflict(refusal('agreementGone'));
    return { ...updated, client: created };
  });
  ctx.notify('update', id);
  ctx.hub.recordChanged(ctx.user.tenantId, { module: client.name, op: 'create', _id: result.client._id });
  return result;
}

export function agreementKpi(records: readonly Body[], today: string): AgreementKpi {
  const byStatus = Object.fromEntries(AGREEMENT_STATUSES.map((s) => [s, 0])) as AgreementKpi['byStatus'];
  const horizon = addDays(today, 30);
  let rental = 0;
  let deposit = 0;
  let expiring = 0;
  const machines = new Set<string>();
  for (const a of records) {
    const status = (AGREEMENT_STATUSES as readonly string[]).includes(String(a.status)) ? (a.status as keyof AgreementKpi['byStatus']) : 'Draft';
    byStatus[status] += 1;
    if (status !== 'Active') continue;
    rental += asNumber(a.monthlyRentalPaise);
    deposit += asNumber(a.securityDepositPaise);
    for (const m of asArray<string>(a.machineInstanceIds)) machines.add(m);
    const end = String(a.endDate);
    if (end >= today && end <= horizon) expiring += 1;
  }
  return { total: records.length, byStatus, activeMonthlyRentalPaise: rental, machinesOnRent: machines.size, expiringInThirtyDays: expiring, securityDepositHeldPaise: deposit };
}

async function getAgreementKpi(ctx: CallContext): Promise<{ data: AgreementKpi }> {
  const { data } = await ctx.repo.list({ project: ['status', 'monthlyRentalPaise', 'securityDepositPaise', 'machineInstanceIds', 'endDate'] });
  return { data: agreementKpi(data, todayInIndia()) };
}

export const agreementOps = { create: createAgreement, update: updateAgreement } satisfies OpsOf<'agreement'>;

export const agreementCalls = {
  checkMachineAvailability: { handler: checkMachineAvailability },
  generateClientId: { handler: generateClientId },
  agreementKpi: { handler: getAgreementKpi },
} satisfies CallsOf<'agreement'>;
