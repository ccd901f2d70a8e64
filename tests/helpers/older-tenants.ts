/**
 * Tenants as an older release left them, for the reconcile's tests and benchmark: a tenant provisioned now,
 * then rewound (the features, grants, built-in roles and menu entries an older catalogue did not have taken
 * out, with their delivery records), and copied in SQL when many are needed.
 */
import { role, subscriber } from '../../src/contract/modules/admin';
import { inTransaction, type Db, type Queryable } from '../../server/db/pool';
import { ALL_TENANTS, repo } from '../../server/db/repository';
import { readSideMenu } from '../../server/db/tenant-catalogue-store';
import type { MenuItem } from '../../server/domain/admin/side-menu';
import { provisionTenant } from '../../server/domain/admin/tenant-provisioning';

let fixtureSerial = 0;

/** A subscriber row of its own (a fixture GST number: nothing here validates it). */
export async function newSubscriber(db: Queryable, companyName: string): Promise<string> {
  const created = await repo(db, subscriber, ALL_TENANTS).create({ companyName, gstNo: `FIXTURE-${++fixtureSerial}`, timezone: 'Asia/Kolkata', status: 'Active', headerImages: [] });
  return created._id;
}

export interface Older {
  /** Features the older catalogue did not have. */
  features?: readonly string[];
  /** Built-in roles it did not have. */
  roles?: readonly string[];
  /** Menu entries it did not have. */
  menu?: readonly string[];
}

export function withoutEntries(items: readonly MenuItem[], ids: ReadonlySet<string>): MenuItem[] {
  return items.filter((i) => !ids.has(i._id)).map((i) => ({ ...i, children: withoutEntries(i.children, ids) }));
}

/** Rewinds a tenant provisioned now to what an older catalogue would have given it. */
export async function rewind(db: Queryable, tenantId: string, older: Older): Promise<void> {
  const features = older.features ?? [];
  await db.query(`delete from m_feature where subscriber_id = $1 and body->>'code' = any($2::text[])`, [tenantId, features]);
  const roles = await repo(db, role, tenantId).list();
  for (const r of roles.data) {
    if (older.roles?.includes(String(r.name))) {
      await db.query('delete from m_role where _id = $1', [r._id]);
      continue;
    }
    const kept = (r.features as Array<{ feature: string }>).filter((f) => !features.includes(f.feature));
    await db.query(`update m_role set body = jsonb_set(body, '{features}', $2::jsonb) where _id = $1`, [r._id, JSON.stringify(kept)]);
  }
  await db.query(
    `delete from catalogue_deliveries where subscriber_id = $1 and (
       (kind = 'grant' and split_part(split_part(key, ' ', 2), ':', 1) = any($2::text[]))
       or (kind = 'grant' and split_part(key, ' ', 1) = any($3::text[]))
       or (kind = 'role' and key = any($3::text[]))
       or (kind = 'menu' and key = any($4::text[])))`,
    [tenantId, features, older.roles ?? [], older.menu ?? []],
  );
  const menu = (await readSideMenu<MenuItem>(db, tenantId)) ?? [];
  await db.query('update side_menus set items = $2::jsonb where subscriber_id = $1', [tenantId, JSON.stringify(withoutEntries(menu, new Set(older.menu ?? [])))]);
  await db.query(`update tenant_catalogue set fingerprint = 'older-catalogue' where subscriber_id = $1`, [tenantId]);
}

/** A tenant as an older catalogue provisioned it. */
export async function olderTenant(db: Db, name: string, older: Older, platform = false): Promise<string> {
  return inTransaction(db, async (tx) => {
    const id = await newSubscriber(tx, name);
    await provisionTenant(tx, id, { platform });
    await rewind(tx, id, older);
    return id;
  });
}

/** `count` copies of a tenant (subscriber row, privileges, features, roles, menu, bookkeeping), named "Copy n". */
export async function copyTenant(db: Queryable, templateId: string, count: number): Promise<void> {
  await db.query(
    `with tenants as (select substr(md5(random()::text || n), 1, 24) as id, n from generate_series(1, $2::int) n),
     subs as (insert into m_subscriber (_id, subscriber_id, body) select id, id, jsonb_build_object('companyName', 'Copy ' || n, 'gstNo', 'COPY' || n, 'status', 'Active') from tenants),
     feats as (insert into m_feature (_id, subscriber_id, body) select md5(f._id || t.id), t.id, f.body from m_feature f, tenants t where f.subscriber_id = $1),
     privs as (insert into m_privilege (_id, subscriber_id, body) select md5(p._id || t.id), t.id, p.body from m_privilege p, tenants t where p.subscriber_id = $1),
     roles as (insert into m_role (_id, subscriber_id, body) select md5(r._id || t.id), t.id, r.body from m_role r, tenants t where r.subscriber_id = $1),
     menus as (insert into side_menus (subscriber_id, items) select t.id, m.items from side_menus m, tenants t where m.subscriber_id = $1),
     books as (insert into tenant_catalogue (subscriber_id, platform, fingerprint) select t.id, c.platform, c.fingerprint from tenant_catalogue c, tenants t where c.subscriber_id = $1)
     insert into catalogue_deliveries (subscriber_id, kind, key, ref)
     select t.id, d.kind, d.key, case when d.kind = 'role' then md5(d.ref || t.id) end from catalogue_deliveries d, tenants t where d.subscriber_id = $1`,
    [templateId, count],
  );
}
