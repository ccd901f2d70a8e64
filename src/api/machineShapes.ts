/**
 * The machine dashboard's bill of materials (GET svc-machine-instance/getBomFromMachine/{id}): one definition
 * that the server fills (server/domain/machines/machines.ts) and the BOM tree screen reads. Money is integer paise.
 */

export interface BomLine {
  associationId: string;
  partId: string;
  partNumber?: string;
  partName?: string;
  quantity: number;
  critical: boolean;
  stockQty: number;
  /** The part's reorder level; stock at or below it is flagged "below reorder level" on the BOM tree. */
  reorderLevel: number;
  belowReorderLevel: boolean;
  unitPricePaise: number;
  valuePaise: number;
  /** Stock below the part's reorder level, or less than this machine needs. */
  shortage: boolean;
  /** The line comes from this machine only (not its type's standard BOM). */
  machineSpecific: boolean;
}

export interface Bom {
  machine: { _id: string; alternateId?: string; name?: string; serialNo?: string };
  machineType: { _id: string; alternateId?: string; machineName?: string; manufacturer?: string };
  assemblies: Array<{ assembly: string; parts: BomLine[]; valuePaise: number }>;
  totalParts: number;
  criticalShortages: number;
  totalValuePaise: number;
}
