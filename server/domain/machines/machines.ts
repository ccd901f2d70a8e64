/**
 * Machine instances: PATCH generate-qr-code/{id} stores a PNG data URL of a QR code that opens the
 * machine-scanning screen for that machine; GET getBomFromMachine/{id} answers its bill of materials
 * (the machine type's parts plus the machine's own), grouped by assembly, with stock and value.
 * Questions: GET getMachineType lists machine types with how many questions each has.
 */
import QRCode from 'qrcode';
import { associationOfMachineParts, sparePartInventory } from '../../../src/contract/modules/parts';
import { questions, svcMachineType } from '../../../src/contract/modules/machines';
import type { Bom, BomLine } from '../../../src/contract/machineShapes';
import { loadConfig } from '../../config';
import type { ApiRecord } from '../../db/repository';
import type { CallContext, HandlersOf } from '../call-context';
import { asArray, asNumber, asString, patchRecord, repoOf, requireBody } from '../records';
import { meterCalls } from './meters';

/** What the QR code encodes: the app's machine-scanning screen for this machine. */
export function machineScanUrl(publicUrl: string, machine: { _id: string; alternateId?: unknown }): string {
  const code = typeof machine.alternateId === 'string' ? `&code=${encodeURIComponent(machine.alternateId)}` : '';
  return `${publicUrl}/app/machine-scanning?machineId=${encodeURIComponent(machine._id)}${code}`;
}

async function generateQrCode(ctx: CallContext): Promise<ApiRecord> {
  const { id } = ctx.req.params as { id: string };
  const machine = await requireBody(ctx.repo, id);
  const payload = machineScanUrl(loadConfig().publicUrl, { _id: id, alternateId: machine.alternateId });
  const qrCode = await QRCode.toDataURL(payload, { errorCorrectionLevel: 'M', margin: 2, width: 320 });
  return patchRecord(ctx, id, { qrCode, qrPayload: payload, qrGeneratedAt: new Date().toISOString() });
}

async function getBomFromMachine(ctx: CallContext): Promise<{ data: Bom }> {
  const { id } = ctx.req.params as { id: string };
  const machine = await requireBody(ctx.repo, id);
  const typeId = String(machine.machineTypeId);
  const [machineType, links] = await Promise.all([
    repoOf(ctx, svcMachineType).getById(typeId),
    repoOf(ctx, associationOfMachineParts).list({ filters: { machineTypeId: typeId } }),
  ]);
  // The type's standard lines, plus lines recorded for this machine; another machine's own lines do not apply.
  const applicable = links.data.filter((l) => !asString(l.machineInstanceId) || l.machineInstanceId === id);
  const partIds = [...new Set(applicable.map((l) => String(l.partId)))];
  const { data: parts } = partIds.length ? await repoOf(ctx, sparePartInventory).list({ filters: { _id: partIds } }) : { data: [] };
  const partById = new Map(parts.map((p) => [p._id, p]));
  const groups = new Map<string, BomLine[]>();
  for (const link of applicable) {
    const part = partById.get(String(link.partId));
    const quantity = asNumber(link.quantity);
    const stockQty = asNumber(part?.stockQty);
    const unitPricePaise = asNumber(part?.unitPricePaise);
    const reorderLevel = asNumber(part?.reorderLevel);
    const line: BomLine = {
      associationId: link._id,
      partId: String(link.partId),
      partNumber: asString(part?.partNumber),
      partName: asString(part?.partName),
      quantity,
      critical: link.critical === true,
      stockQty,
      reorderLevel,
      belowReorderLevel: stockQty <= reorderLevel,
      unitPricePaise,
      valuePaise: Math.round(quantity * unitPricePaise),
      shortage: stockQty < quantity || stockQty <= reorderLevel,
      machineSpecific: asString(link.machineInstanceId) === id,
    };
    const assembly = asString(link.assembly) ?? 'General';
    groups.set(assembly, [...(groups.get(assembly) ?? []), line]);
  }
  const assemblies = [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([assembly, lines]) => ({ assembly, parts: lines, valuePaise: lines.reduce((sum, l) => sum + l.valuePaise, 0) }));
  return {
    data: {
      machine: { _id: id, alternateId: asString(machine.alternateId), name: asString(machine.name), serialNo: asString(machine.serialNo) },
      machineType: machineType
        ? { _id: machineType._id, alternateId: asString(machineType.alternateId), machineName: asString(machineType.machineName), manufacturer: asString(machineType.manufacturer) }
        : { _id: typeId },
      assemblies,
      totalParts: applicable.length,
      criticalShortages: assemblies.flatMap((a) => a.parts).filter((l) => l.critical && l.shortage).length,
      totalValuePaise: assemblies.reduce((sum, a) => sum + a.valuePaise, 0),
    },
  };
}

async function getMachineType(ctx: CallContext): Promise<{ data: Array<ApiRecord & { questionCount: number }>; total: number }> {
  const [{ data: types }, { data: qs }] = await Promise.all([
    repoOf(ctx, svcMachineType).list({ project: ['alternateId', 'machineName', 'manufacturer'], sort: 'machineName', order: 'asc' }),
    repoOf(ctx, questions).list({ project: ['machineTypes'] }),
  ]);
  const data = types.map((t) => ({ ...t, questionCount: qs.filter((q) => asArray<string>(q.machineTypes).includes(t._id)).length }));
  return { data, total: data.length };
}

export const machineInstanceHandlers = {
  calls: {
    generateQrCode: { handler: generateQrCode },
    getBomFromMachine: { handler: getBomFromMachine },
    // Meters and their readings: ./meters.ts.
    ...meterCalls,
  },
} satisfies HandlersOf<'svc-machine-instances'>;

export const questionsHandlers = {
  calls: { getMachineType: { handler: getMachineType } },
} satisfies HandlersOf<'questions'>;
