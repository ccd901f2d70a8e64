/**
 * The demo seed: every business module has records for the demo tenant (and none leak to Acme), the
 * records are consistent with the rules (invoice totals, stock, GSTIN check characters). How long seeding takes is
 * a benchmark (`npm run bench -- --seed`), not a timed test: a busy machine made the timing fail here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, moduleOps, opRoute, isPlatformFeature } from '../../../src/contract/modules/index';
import { computeDocument } from '../../../src/contract/gst';
import { gstin } from '../../../server/seed/demo/kit';
import { testDb, type SignedIn, type TestDb } from '../../helpers/test-db';

const AREAS = new Set(['service', 'assets', 'machines', 'parts', 'sensors', 'sales', 'billing']);
const business = catalogue.filter((def) => (AREAS.has(def.area) || ['service-provider', 'subscription-request', 'subscription-request-QA', 'document', 'file-upload'].includes(def.name)) && moduleOps(def).includes('list'));

let t: TestDb;
let admin: SignedIn;
let acme: SignedIn;
let operator: SignedIn;
beforeAll(async () => {
  t = await testDb();
  [admin, acme, operator] = await Promise.all([t.signIn('admin@demo.local'), t.signIn('admin@acme.local'), t.signIn('operator@demo.local')]);
});
afterAll(() => t.close());

describe('demo records', () => {
  it.each(business.map((def) => [def.name, def] as const))('%s has demo records for the demo tenant (the platform tenant for a platform module) only', async (_name, def) => {
    const url = def.path + opRoute(def, 'list').path;
    // A platform module's records are the platform tenant's, where its operator works (issue 35).
    const platform = isPlatformFeature(def.feature);
    const mine = await t.call(platform ? operator : admin, 'GET', url);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.total, def.name).toBeGreaterThan(0);
    // A customer tenant cannot hold a platform-only feature at all; any other module answers it an empty list.
    for (const customer of platform ? [admin, acme] : [acme]) {
      const theirs = await t.call(customer, 'GET', url);
      if (platform) expect(theirs.status, def.name).toBe(403);
      else expect(theirs.body.total, def.name).toBe(0);
    }
  });

  it('seeded invoices carry the totals the GST engine computes', async () => {
    const { data = [] } = (await t.call(admin, 'GET', '/api/app/invoice')).body;
    expect(data.length).toBeGreaterThanOrEqual(4);
    for (const invoice of data) {
      const { totals } = computeDocument(invoice.items as never, String(invoice.supplierGstin), String(invoice.placeOfSupply));
      expect(invoice, String(invoice.alternateId)).toMatchObject(totals);
    }
    expect(data.some((i) => Number(i.igstPaise) > 0)).toBe(true);
    expect(data.some((i) => Number(i.cgstPaise) > 0)).toBe(true);
    expect(data.some((i) => (i.eInvoice as { irn?: string } | undefined)?.irn?.length === 64)).toBe(true);
  });

  it('seeded invoice items each say whether they are active (the list showed a blank Active column), and the Active filter finds them', async () => {
    const items = await t.call(admin, 'GET', '/api/app/invoice-item-master');
    expect(items.status).toBe(200);
    const rows = items.body.data as Array<Record<string, unknown>>;
    expect(rows.length).toBeGreaterThan(0);
    for (const item of rows) expect(item.active, String(item.itemName)).toBe(true);
    const active = await t.call(admin, 'GET', '/api/app/invoice-item-master?active=true');
    expect(active.body.total).toBe(rows.length);
  });

  it('seeded GSTINs carry valid check characters', async () => {
    const { data = [] } = (await t.call(admin, 'GET', '/api/app/client')).body;
    const seeded = data.filter((c) => c.companyName !== 'Sunrise Textiles Pvt Ltd');
    expect(seeded.length).toBeGreaterThanOrEqual(3);
    for (const c of seeded) expect(gstin(String(c.gstNo).slice(0, 14)), String(c.companyName)).toBe(c.gstNo);
  });

  it('tickets are in several states and there is a final proposal still open to accept', async () => {
    const statuses = new Set(((await t.call(admin, 'GET', '/api/app/svc-ticket')).body.data ?? []).map((r) => r.status));
    expect(statuses.size).toBeGreaterThanOrEqual(5);
    const finals = (await t.call(admin, 'GET', '/api/app/proposal?status=Sent(Final)')).body.data ?? [];
    const today = new Date().toISOString().slice(0, 10);
    expect(finals.some((p) => String(p.proposalValidity) > today)).toBe(true);
    const stages = new Set(((await t.call(admin, 'GET', '/api/app/lead')).body.data ?? []).map((r) => r.leadStage));
    expect(stages.size).toBeGreaterThanOrEqual(6);
  });

  it('sensors have readings over the last days', async () => {
    const { rows } = await t.db.query<{ n: string; span: string }>(`select count(*) as n, extract(epoch from max((body->>'recordedAt')::timestamptz) - min((body->>'recordedAt')::timestamptz)) / 86400 as span from m_sensor_data where subscriber_id = $1`, [admin.user.subscriberId]);
    expect(Number(rows[0]?.n)).toBeGreaterThan(500);
    expect(Number(rows[0]?.span)).toBeGreaterThanOrEqual(2.9);
  });
});
