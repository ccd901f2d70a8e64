/**
 * Brings a tenant's side menu up to the product's without undoing the tenant's choices (pure; the reconcile
 * stores the result). Entries are recognised by their stable `_id`:
 * - an entry the product offers and never delivered is inserted in its place: after the nearest earlier
 *   sibling of the product's menu that the tenant still has (first when none), in the group it belongs to;
 *   a new group arrives with its entries;
 * - an entry delivered before and now absent was hidden by the tenant and stays hidden (so do new entries of
 *   a group the tenant hid);
 * - entries the tenant has keep their place, order, title and icon; siblings are renumbered only where an entry
 *   is inserted, keeping the tenant's relative order;
 * - `withdrawn` entries (platform-only entries in a customer tenant) are taken out;
 * - anything else the tenant has (its own entries) is left as it is.
 */
import type { MenuItem } from './side-menu';

export interface MenuMerge {
  items: MenuItem[];
  /** Ids of the entries inserted (a new group counts once). */
  added: string[];
  /** Ids of the withdrawn entries taken out. */
  removed: string[];
  /** Every offered entry the tenant now has (kept or inserted): what to record as delivered. */
  delivered: string[];
}

function clone(items: readonly MenuItem[]): MenuItem[] {
  return items.map((item) => ({ ...item, children: clone(item.children ?? []) }));
}

function idsOf(items: readonly MenuItem[]): string[] {
  return items.flatMap((item) => [item._id, ...idsOf(item.children ?? [])]);
}

function withoutWithdrawn(items: readonly MenuItem[], withdrawn: ReadonlySet<string>, removed: string[]): MenuItem[] {
  const kept: MenuItem[] = [];
  for (const item of items) {
    if (withdrawn.has(item._id)) removed.push(item._id);
    else kept.push({ ...item, children: withoutWithdrawn(item.children ?? [], withdrawn, removed) });
  }
  return kept;
}

/** Inserts `entry` into `siblings` after the entry with id `after` (first when undefined); renumbers orders. */
function insertAfter(siblings: MenuItem[], entry: MenuItem, after: string | undefined): void {
  const sorted = [...siblings].sort((a, b) => a.order - b.order);
  const at = after === undefined ? 0 : sorted.findIndex((s) => s._id === after) + 1;
  sorted.splice(at, 0, entry);
  sorted.forEach((item, index) => (item.order = index + 1));
  siblings.splice(0, siblings.length, ...sorted);
}

export function mergeMenu(current: readonly MenuItem[], offered: readonly MenuItem[], deliveredBefore: ReadonlySet<string>, withdrawn: ReadonlySet<string>): MenuMerge {
  const removed: string[] = [];
  const items = withoutWithdrawn(clone(current), withdrawn, removed);
  const added: string[] = [];
  const delivered = new Set<string>();

  // Where each of the tenant's entries sits now (a tenant may have moved an entry to another group).
  const holder = new Map<string, MenuItem>();
  const index = (list: readonly MenuItem[]): void => {
    for (const item of list) {
      holder.set(item._id, item);
      index(item.children);
    }
  };
  index(items);

  const visit = (offeredSiblings: readonly MenuItem[], target: MenuItem[]): void => {
    offeredSiblings.forEach((entry, position) => {
      const present = holder.get(entry._id);
      if (present) {
        delivered.add(entry._id);
        visit(entry.children, present.children);
        return;
      }
      if (deliveredBefore.has(entry._id)) return; // hidden by the tenant, with whatever it holds
      const previous = offeredSiblings
        .slice(0, position)
        .reverse()
        .find((sibling) => target.some((t) => t._id === sibling._id));
      const fresh = clone([entry])[0] as MenuItem;
      insertAfter(target, fresh, previous?._id);
      added.push(entry._id);
      for (const id of idsOf([fresh])) delivered.add(id);
      index([fresh]);
    });
  };
  visit(offered, items);

  return { items, added, removed, delivered: [...delivered] };
}
