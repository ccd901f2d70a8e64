/**
 * Roles: a role grants features (screen codes) with privilege codes. Features are named by code (or a
 * feature record's _id); each must exist in the tenant, and its privileges must be ones the feature offers.
 * `POST update-role/{id}` adds or removes features one call at a time (document 2 §7).
 */
import { z } from 'zod';
import { role, roleFeature, type UpdateRoleBody } from '../../../src/contract/modules/admin';
import { allPrivilegeCodes, featuresByRef } from '../../db/permission-store';
import type { Queryable } from '../../db/pool';
import type { ApiRecord } from '../../db/repository';
import { countRoleHolders } from '../../db/user-store';
import { invalid, missingRecord } from '../errors';
import { refusal } from '../../../src/contract/refusalMessages';
import { withDuplicateMapping } from '../records';
import type { CallContext, HandlersOf } from '../call-context';

type RoleFeature = z.infer<typeof roleFeature>;

/** Checks features and privileges against the tenant's records; answers the entries normalised to codes. */
async function normaliseFeatures(db: Queryable, tenantId: string, entries: readonly RoleFeature[], field = 'features'): Promise<RoleFeature[]> {
  if (entries.length === 0) return [];
  const refs = entries.map((e) => e.feature);
  const rows = await featuresByRef(db, tenantId, refs);
  const privilegeCode = new Map((await allPrivilegeCodes(db, tenantId)).map((r) => [r._id, r.code]));
  const seen = new Set<string>();
  return entries.map((entry, index) => {
    const found = rows.find((r) => r._id === entry.feature || r.code === entry.feature);
    if (!found) throw invalid(`${field}.${index}.feature`, refusal('unknownFeature', { feature: entry.feature }));
    if (seen.has(found.code)) throw invalid(`${field}.${index}.feature`, refusal('featureAlreadyHeld'));
    seen.add(found.code);
    const privileges = entry.privileges.map((p) => privilegeCode.get(p) ?? p);
    const offered = found.privileges ?? [];
    const stray = privileges.find((p) => offered.length > 0 && !offered.includes(p));
    if (stray) throw invalid(`${field}.${index}.privileges`, refusal('featureLacksPrivilege', { feature: found.code, privilege: stray }));
    return { feature: found.code, privileges: [...new Set(privileges)] };
  });
}

async function createRole(ctx: CallContext): Promise<ApiRecord> {
  const body = ctx.req.body as Record<string, unknown> & { features: RoleFeature[] };
  const features = await normaliseFeatures(ctx.db, ctx.user.tenantId, body.features);
  const record = await withDuplicateMapping(role, body, () => ctx.repo.create({ ...body, features }));
  ctx.notify('create', record._id);
  ctx.reply.code(201);
  return record;
}

async function updateRoleRecord(ctx: CallContext): Promise<ApiRecord> {
  const { id } = ctx.req.params as { id: string };
  const patch = { ...(ctx.req.body as Record<string, unknown>) };
  if (Array.isArray(patch.features)) patch.features = await normaliseFeatures(ctx.db, ctx.user.tenantId, patch.features as RoleFeature[]);
  const record = Object.keys(patch).length === 0 ? await ctx.repo.getById(id) : await withDuplicateMapping(role, patch, () => ctx.repo.update(id, patch));
  if (!record) throw missingRecord('role', id);
  ctx.notify('update', record._id);
  return record;
}

async function removeRole(ctx: CallContext): Promise<unknown> {
  const { id } = ctx.req.params as { id: string };
  const holders = await countRoleHolders(ctx.db, ctx.user.tenantId, id);
  if (holders > 0) throw invalid(undefined, refusal('roleHasHolders', { count: holders }));
  const record = await ctx.repo.remove(id);
  if (!record) throw missingRecord('role', id);
  ctx.notify('remove', record._id);
  return { message: 'Manage Role: record deleted', _id: record._id, data: { _id: record._id } };
}

/** POST update-role/{id}: add features (refusing ones already held) or remove them. */
async function updateRoleFeatures(ctx: CallContext): Promise<ApiRecord> {
  const { id } = ctx.req.params as { id: string };
  const body = ctx.req.body as UpdateRoleBody;
  if (body.id !== undefined && body.id !== id) throw invalid('id', refusal('notTheRoleInPath'));
  const current = await ctx.repo.getBody(id);
  if (!current) throw missingRecord('role', id);
  const held = (Array.isArray(current.features) ? current.features : []) as RoleFeature[];
  const requested = await normaliseFeatures(ctx.db, ctx.user.tenantId, body.features);
  let features: RoleFeature[];
  if (body.action === 'add') {
    const index = requested.findIndex((r) => held.some((h) => h.feature === r.feature));
    if (index >= 0) throw invalid(`features.${index}.feature`, refusal('featureAlreadyHeld'));
    features = [...held, ...requested];
  } else {
    const index = requested.findIndex((r) => !held.some((h) => h.feature === r.feature));
    if (index >= 0) throw invalid(`features.${index}.feature`, refusal('roleLacksFeature', { feature: requested[index]?.feature ?? '' }));
    features = held.filter((h) => !requested.some((r) => r.feature === h.feature));
  }
  const record = await ctx.repo.update(id, { features });
  if (!record) throw missingRecord('role', id);
  ctx.notify('update', record._id);
  return record;
}

export const roleHandlers = {
  ops: { create: createRole, update: updateRoleRecord, remove: removeRole },
  calls: { updateRole: { handler: updateRoleFeatures } },
} satisfies HandlersOf<'role'>;

