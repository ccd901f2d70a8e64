/**
 * Creates one sample record per module and owner through the API (the data layer for modules without a
 * create operation), resolving reference fields to sample records of the referenced modules first.
 * Records are cached per owner, so a module's sample doubles as the reference target of others.
 */
import { catalogue, moduleOps, opRoute, type ModuleDef } from '../../src/contract/modules/index';
import { repo } from '../../server/db/repository';
import { isOmittable, sampleBody } from './sample-body';
import type { ApiBody, SignedIn, TestDb } from './test-db';

/** Path of a call with its `:params` filled in. */
export function fillPath(path: string, id: string): string {
  return path.replace(/:[A-Za-z_]+/g, id);
}

export class SampleRecords {
  private readonly made = new Map<string, Promise<ApiBody>>();
  private readonly inProgress = new Set<string>();

  constructor(private readonly t: TestDb) {}

  ensure(def: ModuleDef, owner: SignedIn): Promise<ApiBody> {
    const key = `${owner.user._id}:${def.name}`;
    let made = this.made.get(key);
    if (!made) {
      made = this.create(def, owner, key);
      this.made.set(key, made);
    }
    return made;
  }

  /** A create body whose reference fields name records of the owner's tenant. */
  async body(def: ModuleDef, owner: SignedIn): Promise<Record<string, unknown>> {
    const body = sampleBody(def);
    for (const [field, target] of Object.entries(def.references ?? {})) {
      const schema = def.fields.shape[field];
      const value = body[field];
      const wanted = (value !== undefined && !(Array.isArray(value) && value.length === 0)) || (schema !== undefined && !isOmittable(schema));
      if (!wanted) continue;
      const targetId = await this.referenceId(target, owner);
      if (targetId === undefined) {
        delete body[field];
        continue;
      }
      body[field] = Array.isArray(value) ? [targetId] : targetId;
    }
    // Each line's references too (a requisition's lines[0].partId): the server checks them all in the tenant.
    for (const [field, lines] of Object.entries(def.lines ?? {})) {
      const rows = body[field];
      if (!Array.isArray(rows)) continue;
      for (const [sub, target] of Object.entries(lines.references ?? {})) {
        const targetId = await this.referenceId(target, owner);
        for (const row of rows) {
          if (row === null || typeof row !== 'object' || (row as Record<string, unknown>)[sub] === undefined) continue;
          if (targetId === undefined) delete (row as Record<string, unknown>)[sub];
          else (row as Record<string, unknown>)[sub] = targetId;
        }
      }
    }
    return body;
  }

  /** An update body: the sample without reference fields (an update may leave any field out). */
  updateBody(def: ModuleDef): Record<string, unknown> {
    const body = sampleBody(def);
    for (const field of Object.keys(def.references ?? {})) delete body[field];
    return body;
  }

  private async referenceId(target: string, owner: SignedIn): Promise<string | undefined> {
    const targetDef = catalogue.find((m) => m.name === target);
    if (!targetDef) {
      const { rows } = await this.t.db.query<{ _id: string }>(`select _id from m_${target.toLowerCase().replace(/[^a-z0-9]+/g, '_')} where subscriber_id = $1 limit 1`, [owner.user.subscriberId]).catch(() => ({ rows: [] }));
      return rows[0]?._id;
    }
    if (targetDef.crossTenant) return owner.user.subscriberId;
    // A reference cycle: leave the field out where the schema allows it.
    if (this.inProgress.has(`${owner.user._id}:${target}`)) return undefined;
    return (await this.ensure(targetDef, owner))._id;
  }

  private async create(def: ModuleDef, owner: SignedIn, key: string): Promise<ApiBody> {
    this.inProgress.add(key);
    try {
      const body = await this.body(def, owner);
      if (!moduleOps(def).includes('create')) {
        return (await repo(this.t.db, def, owner.user.subscriberId).create(body)) as ApiBody;
      }
      const { method, path } = opRoute(def, 'create');
      const res = await this.t.call(owner, method, def.path + path, body);
      if (res.status !== 201 && res.status !== 200) {
        throw new Error(`Sample ${def.name} could not be created: ${res.status} ${JSON.stringify(res.body)} from ${JSON.stringify(body)}`);
      }
      const record = res.body;
      // Some creates answer a wrapper; the record is what carries an _id.
      if (typeof record._id === 'string') return record;
      const inner = (record.data ?? record.record) as unknown as ApiBody | undefined;
      if (inner && typeof inner._id === 'string') return inner;
      throw new Error(`Sample ${def.name}: the create answer has no _id: ${JSON.stringify(record)}`);
    } finally {
      this.inProgress.delete(key);
    }
  }
}
