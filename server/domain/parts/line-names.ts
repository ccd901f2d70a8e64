/**
 * The record views of purchase orders, requisitions and spare-part requests show their lines by part name (issue 32):
 * their get-by-id answers `partNames` (part id → name) beside the record, read for the person who opens it, who may
 * not be allowed to list the stores' parts (an engineer opening his request). The route adds the version, the steps
 * and the names of the top-level references after this (server/http/catalogue-routes.ts).
 */
import type { ApiRecord } from '../../db/repository';
import { missingRecord } from '../errors';
import type { CallContext } from '../call-context';
import { partNames } from '../reference-names';
import { asArray } from '../records';

/** A get-by-id that adds the names of the parts its `field` lines name. */
export function getByIdWithPartNames(field: string): (ctx: CallContext) => Promise<ApiRecord> {
  return async (ctx) => {
    const { id } = ctx.req.params as { id: string };
    const record = await ctx.repo.getById(id);
    if (!record) throw missingRecord(ctx.def.name, id);
    const ids = asArray(record[field]).map((line) => String(line.partId ?? '')).filter(Boolean);
    const names = await partNames(ctx.db, ctx.user.tenantId, ids);
    return { ...record, partNames: Object.fromEntries(names) };
  };
}
