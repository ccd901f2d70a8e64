/**
 * The machine dashboard's bill of materials (GET svc-machine-instance/getBomFromMachine/{id}): one schema, the
 * call's reply in the catalogue (src/api/modules/machines.ts), whose types the server fills
 * (server/domain/machines/machines.ts) and the BOM tree screen reads. Money is integer paise.
 */
import { z } from 'zod';

/** One part line of a machine's bill of materials. */
export const bomLine = z.strictObject({
  associationId: z.string(),
  partId: z.string(),
  partNumber: z.string().optional(),
  partName: z.string().optional(),
  quantity: z.number(),
  critical: z.boolean(),
  stockQty: z.number(),
  /** The part's reorder level; stock at or below it is flagged "below reorder level" on the BOM tree. */
  reorderLevel: z.number(),
  belowReorderLevel: z.boolean(),
  unitPricePaise: z.number(),
  valuePaise: z.number(),
  /** Stock below the part's reorder level, or less than this machine needs. */
  shortage: z.boolean(),
  /** The line comes from this machine only (not its type's standard BOM). */
  machineSpecific: z.boolean(),
});
export type BomLine = z.output<typeof bomLine>;

/** A machine's parts grouped by assembly, with stock and value. */
export const bom = z.strictObject({
  machine: z.strictObject({ _id: z.string(), alternateId: z.string().optional(), name: z.string().optional(), serialNo: z.string().optional() }),
  machineType: z.strictObject({ _id: z.string(), alternateId: z.string().optional(), machineName: z.string().optional(), manufacturer: z.string().optional() }),
  assemblies: z.array(z.strictObject({ assembly: z.string(), parts: z.array(bomLine), valuePaise: z.number() })),
  totalParts: z.number().int().nonnegative(),
  criticalShortages: z.number().int().nonnegative(),
  totalValuePaise: z.number(),
});
export type Bom = z.output<typeof bom>;
