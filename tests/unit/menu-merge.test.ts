/** The side menu's merge (server/domain/admin/menu-merge.ts): new entries in their place, the tenant's choices kept. */
import { describe, expect, it } from 'vitest';
import { mergeMenu } from '../../server/domain/admin/menu-merge';
import type { MenuItem } from '../../server/domain/admin/side-menu';

const entry = (id: string, order: number, children: MenuItem[] = []): MenuItem => ({ _id: id, title: id.toUpperCase(), icon: 'IconPoint', path: children.length ? null : `/app/${id}`, order, children });

const PRODUCT: MenuItem[] = [
  entry('home', 1),
  entry('service', 2, [entry('tickets', 1), entry('open', 2), entry('urgent', 3), entry('closed', 4)]),
  entry('billing', 3, [entry('invoices', 1), entry('payments', 2)]),
];
const ALL_IDS = ['home', 'service', 'tickets', 'open', 'urgent', 'closed', 'billing', 'invoices', 'payments'];
const ids = (items: readonly MenuItem[]): string[] => [...items].sort((a, b) => a.order - b.order).flatMap((i) => [i._id, ...ids(i.children)]);

describe('mergeMenu', () => {
  it('inserts a new entry after its earlier sibling and renumbers that group only, keeping the tenant order', () => {
    // The tenant put Closed first; Urgent is new.
    const tenant = [entry('home', 1), entry('service', 2, [entry('closed', 1), entry('tickets', 2), entry('open', 3)]), entry('billing', 3, [entry('invoices', 5), entry('payments', 9)])];
    const merged = mergeMenu(tenant, PRODUCT, new Set(ALL_IDS.filter((id) => id !== 'urgent')), new Set());
    expect(merged.added).toEqual(['urgent']);
    expect(ids(merged.items)).toEqual(['home', 'service', 'closed', 'tickets', 'open', 'urgent', 'billing', 'invoices', 'payments']);
    expect(merged.items[1]?.children.map((c) => [c._id, c.order])).toEqual([['closed', 1], ['tickets', 2], ['open', 3], ['urgent', 4]]);
    expect(merged.items[2]?.children.map((c) => c.order)).toEqual([5, 9]);
  });

  it('puts a new first entry first, and a new group with its entries after its earlier sibling', () => {
    const tenant = [entry('home', 1), entry('service', 2, [entry('open', 1), entry('urgent', 2), entry('closed', 3)])];
    const merged = mergeMenu(tenant, PRODUCT, new Set(['home', 'service', 'open', 'urgent', 'closed']), new Set());
    expect(merged.added).toEqual(['tickets', 'billing']);
    expect(ids(merged.items)).toEqual(ALL_IDS);
    expect(merged.delivered.sort()).toEqual([...ALL_IDS].sort());
  });

  it('keeps hidden entries hidden, with new entries of a hidden group, and an entry the tenant moved where it is', () => {
    const tenant = [entry('home', 1), entry('service', 2, [entry('tickets', 1), entry('open', 2), entry('urgent', 3), entry('closed', 4), entry('payments', 5)])];
    const before = new Set(['home', 'service', 'tickets', 'open', 'urgent', 'closed', 'billing', 'payments']);
    const merged = mergeMenu(tenant, PRODUCT, before, new Set());
    expect(merged.added).toEqual([]);
    expect(ids(merged.items)).toEqual(['home', 'service', 'tickets', 'open', 'urgent', 'closed', 'payments']);
  });

  it("takes withdrawn entries out and leaves the tenant's own entries alone", () => {
    const own = { ...entry('wiki', 7), title: 'Our wiki', path: 'https://wiki.example' };
    const tenant = [...PRODUCT, own];
    const merged = mergeMenu(tenant, PRODUCT, new Set(ALL_IDS), new Set(['payments']));
    expect(merged.removed).toEqual(['payments']);
    expect(ids(merged.items)).toEqual([...ALL_IDS.filter((id) => id !== 'payments'), 'wiki']);
    expect(merged.items.find((i) => i._id === 'wiki')).toEqual(own);
  });

  it('gives a tenant with no menu the whole product menu, and changes nothing on a second pass', () => {
    const first = mergeMenu([], PRODUCT, new Set(), new Set());
    expect(first.items).toEqual(PRODUCT);
    const second = mergeMenu(first.items, PRODUCT, new Set(first.delivered), new Set());
    expect(second.added).toEqual([]);
    expect(second.items).toEqual(first.items);
  });
});
