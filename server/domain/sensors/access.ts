/**
 * GET sensor-instance/getUnitListByUserAccess: the units (assets of kind Unit) the caller may see, each
 * with its sensors. Holders of SITE_MANAGE (VIEW) see every unit; anyone else sees the units whose own or
 * ancestor's (plant's, organisation's) accessUserIds name them, and a Client-User also the units of their
 * client company. Optional query: search (unit name), parentId (a plant).
 */
import { asset } from '../../../src/contract/modules/assets';
import type { CallReply } from '../../../src/contract/modules/index';
import type { UnitsQuery } from '../../../src/contract/modules/sensors';
import { hasPrivilege, type SessionUser } from '../../auth/sessions';
import type { ApiRecord } from '../../db/repository';
import type { CallContext, HandlersOf } from '../call-context';
import { asArray, asString, repoOf } from '../records';

/** Whether `user` may see asset `id`, walking up its parents (cycle-safe). */
export function maySee(user: Pick<SessionUser, '_id' | 'userType' | 'clientId' | 'permissions'>, id: string, byId: ReadonlyMap<string, ApiRecord>): boolean {
  if (hasPrivilege(user, 'SITE_MANAGE', 'VIEW')) return true;
  const seen = new Set<string>();
  let current = byId.get(id);
  while (current && !seen.has(current._id)) {
    seen.add(current._id);
    if (asArray<string>(current.accessUserIds).includes(user._id)) return true;
    if (user.userType === 'Client-User' && user.clientId && current.clientId === user.clientId) return true;
    current = typeof current.parentId === 'string' ? byId.get(current.parentId) : undefined;
  }
  return false;
}

async function unitsByUserAccess(ctx: CallContext): Promise<CallReply<'sensor-instance', 'getUnitListByUserAccess'>> {
  const { search, parentId } = ctx.req.query as UnitsQuery;
  const { data: assets } = await repoOf(ctx, asset).list({ project: ['alternateId', 'name', 'kind', 'parentId', 'accessUserIds', 'clientId', 'city', 'status'] });
  const byId = new Map(assets.map((a) => [a._id, a]));
  const needle = search?.trim().toLowerCase();
  const units = assets.filter(
    (a) =>
      a.kind === 'Unit' &&
      maySee(ctx.user, a._id, byId) &&
      (!parentId || a.parentId === parentId) &&
      (!needle || String(a.name ?? '').toLowerCase().includes(needle)),
  );
  const unitIds = units.map((u) => u._id);
  const { data: sensors } = unitIds.length
    ? await ctx.repo.list({ filters: { unitId: unitIds }, project: ['imeiNo', 'name', 'status', 'unitId', 'machineInstanceId', 'lastReadingAt'] })
    : { data: [] };
  const data = units
    .sort((a, b) => String(a.name).localeCompare(String(b.name)))
    .map((u) => ({
      _id: u._id,
      alternateId: u.alternateId,
      name: u.name,
      parentId: u.parentId,
      parentName: typeof u.parentId === 'string' ? byId.get(u.parentId)?.name : undefined,
      city: u.city,
      status: u.status,
      sensorInstances: sensors.filter((s) => s.unitId === u._id),
    }));
  return { data, total: data.length };
}

/** Distinct manufacturers of sensor products, with how many products each makes. */
async function manufacturers(ctx: CallContext): Promise<{ data: Array<{ manufacturer: string; products: number }>; total: number }> {
  const { data } = await ctx.repo.list({ project: ['manufacturer'] });
  const counts = new Map<string, number>();
  for (const p of data) {
    const name = asString(p.manufacturer);
    if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const rows = [...counts.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([manufacturer, products]) => ({ manufacturer, products }));
  return { data: rows, total: rows.length };
}

export const sensorInstanceHandlers = {
  calls: { getUnitListByUserAccess: { handler: unitsByUserAccess } },
} satisfies HandlersOf<'sensor-instance'>;

export const sensorProductHandlers = {
  calls: { getManufacturerData: { handler: manufacturers } },
} satisfies HandlersOf<'sensor-product'>;
