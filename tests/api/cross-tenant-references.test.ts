/**
 * Generated from the catalogue (issue 35, item 9): every reference a create body can make, at any depth the catalogue
 * declares (a module's reference fields, and the references of its document lines: `items[0].partId`), is checked to
 * be a record of the caller's tenant before anything is stored. For each module and each such path, Demo's
 * administrator sends a valid body whose one reference names an Acme record instead: 400 naming the path, no row
 * written. A field the server fills itself (who raised, reviewed or closed a record) is dropped from a body before
 * anything else; there the record is made, and the Acme id must be nowhere in it. Modules without a create operation and the platform's cross-tenant rows are left out (nothing to send).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, isPlatformFeature, moduleOps, opRoute, type ModuleDef } from '../../src/contract/modules/index';
import { tableName } from '../../src/contract/modules/define';
import { SampleRecords } from '../helpers/sample-records';
import { testDb, type SignedIn, type TestDb } from '../helpers/test-db';

interface ReferencePath {
  /** As the refusal names it: `clientId`, `roles[0]`, `lines[0].partId`. */
  path: string;
  target: string;
  /** Puts an id at this path of a body. */
  set(body: Record<string, unknown>, id: string): void;
}

function referencePaths(def: ModuleDef): ReferencePath[] {
  const paths: ReferencePath[] = [];
  for (const [field, target] of Object.entries(def.references ?? {})) {
    const many = def.fields.shape[field]?.safeParse(['x']).success === true;
    paths.push(
      many
        ? { path: `${field}[0]`, target, set: (body, id) => void (body[field] = [id]) }
        : { path: field, target, set: (body, id) => void (body[field] = id) },
    );
  }
  for (const [field, lines] of Object.entries(def.lines ?? {})) {
    for (const [sub, target] of Object.entries(lines.references ?? {})) {
      paths.push({
        path: `${field}[0].${sub}`,
        target,
        set: (body, id) => {
          const rows = Array.isArray(body[field]) ? (body[field] as Array<Record<string, unknown>>) : [];
          body[field] = [{ ...(rows[0] ?? {}), [sub]: id }, ...rows.slice(1)];
        },
      });
    }
  }
  return paths;
}

const cases = catalogue
  .filter((def) => moduleOps(def).includes('create') && !def.crossTenant && !isPlatformFeature(def.feature))
  .flatMap((def) => referencePaths(def).map((reference) => ({ def, reference })))
  .filter(({ reference }) => catalogue.some((m) => m.name === reference.target && !m.crossTenant));

let t: TestDb;
let samples: SampleRecords;
let demoAdmin: SignedIn;
let acmeAdmin: SignedIn;

beforeAll(async () => {
  t = await testDb();
  samples = new SampleRecords(t);
  [demoAdmin, acmeAdmin] = await Promise.all([t.signIn('admin@demo.local'), t.signIn('admin@acme.local')]);
});
afterAll(() => t.close());

async function rows(def: ModuleDef): Promise<number> {
  const { rows: counted } = await t.db.query<{ n: string }>(`select count(*) as n from "${tableName(def)}"`);
  return Number(counted[0]?.n);
}

describe('a reference to another tenant, at any depth of a create body', () => {
  it('covers the lines of requisitions, spare-part requests, purchase orders and invoices', () => {
    const paths = cases.map(({ def, reference }) => `${def.name} ${reference.path}`);
    for (const expected of ['purchase-order-requisition lines[0].partId', 'request-spare items[0].partId', 'purchase-order lines[0].partId', 'invoice items[0].itemMasterId']) {
      expect(paths).toContain(expected);
    }
  });

  it.each(cases.map(({ def, reference }) => [`${def.name} ${reference.path} → ${reference.target}`, def, reference] as const))(
    '%s: 400 naming the path and nothing stored, or the server\'s own value kept',
    async (_name, def, reference) => {
      const body = await samples.body(def, demoAdmin);
      // A user's e-mail is unique across tenants, so Acme's user is its administrator rather than a sample.
      const foreign = reference.target === 'subscriber-user' ? acmeAdmin.user._id : String((await samples.ensure(catalogue.find((m) => m.name === reference.target)!, acmeAdmin))._id);
      reference.set(body, foreign);
      const before = await rows(def);
      const { method, path } = opRoute(def, 'create');
      const res = await t.call(demoAdmin, method, def.path + path, body);
      if (res.status === 400) {
        expect(res.body.message).toBe(`${reference.path}: Unknown ${reference.target} ${foreign}`);
        expect(await rows(def)).toBe(before);
        return;
      }
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const { rows: stored } = await t.db.query<{ body: unknown }>(`select body from "${tableName(def)}" where _id = $1`, [res.body._id]);
      expect(JSON.stringify(stored[0]?.body), `${reference.path} was stored with Acme's id`).not.toContain(foreign);
    },
  );
});

describe('the calls that write lines', () => {
  it("an edit of a requisition's lines naming another tenant's part: 400 lines[1].partId, the lines unchanged", async () => {
    const requisitions = catalogue.find((m) => m.name === 'purchase-order-requisition')!;
    const made = await samples.ensure(requisitions, demoAdmin);
    const ours = (made.lines as Array<{ partId: string }>)[0]!.partId;
    const theirs = String((await samples.ensure(catalogue.find((m) => m.name === 'spare-part-inventory')!, acmeAdmin))._id);
    const res = await t.call(demoAdmin, 'PUT', `/api/app/purchase-order-requisition/${String(made._id)}`, { lines: [{ partId: ours, quantity: 1 }, { partId: theirs, quantity: 2 }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`lines[1].partId: Unknown spare-part-inventory ${theirs}`);
    const after = await t.call(demoAdmin, 'GET', `/api/app/purchase-order-requisition/getById/${String(made._id)}`);
    expect(after.body.lines).toEqual(made.lines);
  });

  it("a spare-part request raised from a ticket names another tenant's part: 400 items[0].partId, nothing stored", async () => {
    const engineer = await t.signIn('engineer@demo.local');
    const made = await t.call(demoAdmin, 'POST', '/api/app/svc-ticket', { ticketType: 'Breakdown Maintenance', title: 'Gearbox noise', assignedTo: engineer.user._id });
    const id = String(made.body._id);
    const part = await samples.ensure(catalogue.find((m) => m.name === 'spare-part-inventory')!, acmeAdmin);
    const requests = catalogue.find((m) => m.name === 'request-spare')!;
    const before = await rows(requests);
    const res = await t.call(engineer, 'POST', `/api/app/svc-ticket/spare-request/${id}`, { items: [{ partId: String(part._id), quantity: 1 }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`items[0].partId: Unknown spare-part-inventory ${String(part._id)}`);
    expect(await rows(requests)).toBe(before);
  });
});
