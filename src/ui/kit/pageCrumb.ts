/**
 * The name a record's page gives its own crumb. The breadcrumb follows the path (src/ui/shell/Breadcrumb.tsx), and a
 * path's last segment on a record's page is the record's id, which says nothing to a person; the page, which has read
 * the record, names it here ("AGR-2026-000004") and the breadcrumb shows that name in place of the id.
 *
 * One name at a time (one page is shown), kept for the path it was given for, so a name never outlives its page.
 */
import { useEffect, useSyncExternalStore } from 'react';

let current: { path: string; text: string } | null = null;
const listeners = new Set<() => void>();

function set(next: { path: string; text: string } | null): void {
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Names the crumb of `path` (the page's own location) while the page is shown; nothing until `text` is known. */
export function usePageCrumb(path: string, text: string | undefined): void {
  useEffect(() => {
    if (!text) return undefined;
    set({ path, text });
    return () => {
      if (current?.path === path && current.text === text) set(null);
    };
  }, [path, text]);
}

/** The name the page at `path` gave its crumb, if it gave one. */
export function usePageCrumbText(path: string): string | undefined {
  return useSyncExternalStore(
    subscribe,
    () => (current?.path === path ? current.text : undefined),
    () => undefined,
  );
}
