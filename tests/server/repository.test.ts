/** The tenant-scoped repository: scoping, alternate ids, filters, search, sorting, hidden fields, view scopes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineModule } from '../../src/contract/modules/define';
import { ensureModuleTables } from '../../server/db/migrations';
import { ALL_TENANTS, repo } from '../../server/db/repository';
import { testDb, type TestDb } from '../helpers/test-db';

const workOrder = defineModule({
  name: 'test-work-order',
  label: 'Work orders',
  record: 'work order',
  area: 'service',
  path: '/api/app/test-work-order',
  feature: 'TICKET_LIST',
  alternateId: { prefix: 'WO' },
  fields: z.object({
    title: z.string(),
    priority: z.enum(['Low', 'High']).default('Low'),
    crew: z.array(z.string()).default([]),
    secretNote: z.string().optional(),
  }),
  hidden: ['secretNote'],
  unique: ['title'],
  messages: { list: '', create: '', update: '', remove: '', getById: '' },
});

let t: TestDb;
beforeAll(async () => {
  t = await testDb();
  await ensureModuleTables(t.ownerDb(), [workOrder]);
});
afterAll(() => t.close());

describe('repository', () => {
  it('scopes every operation to its tenant', async () => {
    const pune = repo(t.db, workOrder, 'tenant-pune');
    const chennai = repo(t.db, workOrder, 'tenant-chennai');
    const mine = await pune.create({ title: 'Replace gearbox oil', priority: 'High', crew: ['u1'] });
    expect(await chennai.getById(mine._id)).toBeUndefined();
    expect(await chennai.update(mine._id, { title: 'taken' })).toBeUndefined();
    expect(await chennai.remove(mine._id)).toBeUndefined();
    expect((await chennai.list()).data.map((r) => r._id)).not.toContain(mine._id);
    expect((await pune.getById(mine._id))?.title).toBe('Replace gearbox oil');
    expect((await repo(t.db, workOrder, ALL_TENANTS).list()).total).toBeGreaterThanOrEqual(1);
    // The same unique value is fine in another tenant.
    await expect(chennai.create({ title: 'Replace gearbox oil' })).resolves.toBeDefined();
    await expect(pune.create({ title: 'Replace gearbox oil' })).rejects.toMatchObject({ code: '23505' });
  });

  it('numbers alternate ids per tenant and year, without gaps or duplicates under concurrency', async () => {
    const r = repo(t.db, workOrder, 'tenant-numbers');
    const made = await Promise.all(Array.from({ length: 12 }, (_, i) => r.create({ title: `Job ${i}` })));
    const year = new Date().getUTCFullYear();
    const numbers = made.map((m) => m.alternateId as string).sort();
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => `WO-${year}-${String(i + 1).padStart(6, '0')}`));
    const other = await repo(t.db, workOrder, 'tenant-other-numbers').create({ title: 'First elsewhere' });
    expect(other.alternateId).toBe(`WO-${year}-000001`);
  });

  it('merges updates, bumps the version and hides hidden fields', async () => {
    const r = repo(t.db, workOrder, 'tenant-merge');
    const made = await r.create({ title: 'Calibrate gauge', priority: 'Low', secretNote: 'internal' });
    expect(made).not.toHaveProperty('secretNote');
    const updated = await r.update(made._id, { priority: 'High' });
    expect(updated).toMatchObject({ title: 'Calibrate gauge', priority: 'High' });
    expect(Date.parse(updated?.updatedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(made.updatedAt));
    expect((await r.getBody(made._id))?.secretNote).toBe('internal');
    const { rows } = await t.db.query<{ version: number }>('select version from m_test_work_order where _id = $1', [made._id]);
    expect(rows[0]?.version).toBe(2);
  });

  it('filters, searches values (not field names), sorts and pages', async () => {
    const r = repo(t.db, workOrder, 'tenant-list');
    for (const [title, priority, crew] of [['Alpha pump', 'High', ['u1']], ['Bravo valve', 'Low', ['u2']], ['Charlie pump', 'Low', ['u1', 'u3']]] as const) {
      await r.create({ title, priority, crew: [...crew] });
    }
    expect((await r.list({ filters: { priority: 'Low' } })).data.map((x) => x.title)).toEqual(['Charlie pump', 'Bravo valve']);
    expect((await r.list({ filters: { crew: 'u1' } })).total).toBe(2);
    expect((await r.list({ search: 'PUMP' })).total).toBe(2);
    expect((await r.list({ search: 'title' })).total).toBe(0);
    expect((await r.list({ search: '%' })).total).toBe(0);
    expect((await r.list({ sort: 'title', order: 'asc' })).data.map((x) => x.title)).toEqual(['Alpha pump', 'Bravo valve', 'Charlie pump']);
    const page = await r.list({ sort: 'title', order: 'asc', limit: 1, offset: 1 });
    expect(page).toMatchObject({ total: 3, data: [{ title: 'Bravo valve' }] });
    expect((await r.list({ project: ['title'] })).data[0]).toEqual({ _id: expect.any(String), title: expect.any(String), createdAt: expect.any(String), updatedAt: expect.any(String) });
  });

  it('limits a view-scoped repository to the records its scopes match', async () => {
    const all = repo(t.db, workOrder, 'tenant-scoped');
    const high = await all.create({ title: 'Hot job', priority: 'High', crew: ['me'] });
    const low = await all.create({ title: 'Cold job', priority: 'Low', crew: ['someone'] });
    const scoped = repo(t.db, workOrder, 'tenant-scoped', { scopes: [{ crew: 'me' }, { priority: ['High'] }] });
    expect((await scoped.list()).data.map((x) => x._id)).toEqual([high._id]);
    expect(await scoped.getById(low._id)).toBeUndefined();
    expect(await scoped.update(low._id, { title: 'nope' })).toBeUndefined();
    expect(await scoped.remove(low._id)).toBeUndefined();
    expect((await all.getById(low._id))?.title).toBe('Cold job');
    expect((await repo(t.db, workOrder, 'tenant-scoped', { scopes: [] }).list()).total).toBe(0);
  });
});
