/**
 * Rules every write of a catalogue record obeys, shared by the generic routes and custom handlers:
 * references must name records of the same tenant (else 400 naming the field), and unique violations
 * become 409 { message, code: 11000, keyValue }.
 */
import { z } from 'zod';
import { catalogue, type ModuleDef } from '../../src/api/modules/index';
import { tableName } from '../../src/api/modules/define';
import { uniqueIndexName } from '../db/module-tables';
import { isPgError, type Queryable } from '../db/pool';
import { repo } from '../db/repository';
import { badRequest, duplicate } from './errors';

/** Message of a duplicate on `field`: the module's (spec) text, `{field}` filled in. */
export function duplicateMessage(def: Pick<ModuleDef, 'messages'>, field: string): string {
  const template = def.messages.duplicate ?? `${field.charAt(0).toUpperCase() + field.slice(1)} Already In use.`;
  return template.replace('{field}', field);
}

/** Runs a write; a unique-index violation of one of the module's fields becomes 409/11000 with keyValue. */
export async function withDuplicateMapping<T>(def: ModuleDef, body: Record<string, unknown>, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isPgError(error) && error.code === '23505') {
      const field = (def.unique ?? []).find((f) => uniqueIndexName(def, f) === error.constraint) ?? def.unique?.[0];
      if (field) throw duplicate(duplicateMessage(def, field), { [field]: body[field] });
    }
    throw error;
  }
}

const tableExists = async (db: Queryable, table: string): Promise<boolean> =>
  (await db.query<{ found: string | null }>('select to_regclass($1) as found', [table])).rows[0]?.found != null;

function referencedIds(value: unknown): string[] {
  if (typeof value === 'string') return value ? [value] : [];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string' && v !== '');
  return [];
}

/**
 * Every id in a reference field (def.references) must be a record of the caller's tenant. A module
 * referenced before it joins the catalogue is checked against its table when that exists.
 */
export async function checkReferences(db: Queryable, def: ModuleDef, tenantId: string, body: Record<string, unknown>): Promise<void> {
  for (const [field, target] of Object.entries(def.references ?? {})) {
    const ids = referencedIds(body[field]);
    if (ids.length === 0) continue;
    const targetDef = catalogue.find((m) => m.name === target);
    if (!targetDef && !(await tableExists(db, tableName({ name: target })))) continue;
    const found = await repo(db, targetDef ?? { name: target, fields: z.object({}) }, tenantId).existing(ids);
    const missing = ids.find((id) => !found.has(id));
    if (missing !== undefined) throw badRequest(field, `Unknown ${target} ${missing}`);
  }
}
