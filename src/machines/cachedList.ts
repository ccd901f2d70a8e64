/**
 * The cached-list rules of spec document 2 §9, as pure functions: how a module's cached list changes after
 * each successful call. The lifecycle machine applies them; tests exercise them directly.
 */
import type { CallArgs, ListPage, ModuleRecord } from '../api/calls';
import type { ExtraCall, ModuleDef } from '../contract/modules/define';

export type CachedList = ListPage<ModuleRecord>;

export const EMPTY_LIST: CachedList = { data: [], total: 0 };

export type CacheChange =
  | { kind: 'replace'; page: CachedList }
  | { kind: 'insert'; record: ModuleRecord; at: 'start' | 'end' }
  | { kind: 'merge'; record: ModuleRecord }
  | { kind: 'remove'; id: string }
  | { kind: 'lead-stage'; id: string; leadStage: unknown; leadStatusReason: unknown }
  | { kind: 'lead-note-removed'; leadId: string; noteId: string };

interface LeadNote {
  _id?: string;
  noteId?: string;
}

function mergeInto(list: CachedList, record: ModuleRecord): CachedList {
  return { ...list, data: list.data.map((item) => (item._id === record._id ? merged(item, record) : item)) };
}

/**
 * A cached record merged with the returned data. The names a list row carries (`names`, field → the referenced
 * record's name, issue 12 item 4) are the reply's when it has its own; otherwise a cached name stays only while its
 * field still holds the record it named, so a changed client is never shown under the old client's name (the cell
 * then names it as a row without names does).
 */
function merged(item: ModuleRecord, record: ModuleRecord): ModuleRecord {
  const next: ModuleRecord = { ...item, ...record };
  const names = item.names;
  if ('names' in record || !names || typeof names !== 'object') return next;
  const kept = Object.entries(names as Record<string, unknown>).filter(([field]) => !(field in record) || record[field] === item[field]);
  return { ...next, names: Object.fromEntries(kept) };
}

function contains(list: CachedList, id: string): boolean {
  return list.data.some((item) => item._id === id);
}

export function applyCacheChange(list: CachedList, change: CacheChange): CachedList {
  switch (change.kind) {
    case 'replace':
      return { data: [...change.page.data], total: change.page.total };
    case 'insert':
      // The socket's refresh may have brought the record already: merge it rather than show it twice.
      if (contains(list, change.record._id)) return mergeInto(list, change.record);
      return {
        data: change.at === 'end' ? [...list.data, change.record] : [change.record, ...list.data],
        total: list.total + 1,
      };
    case 'merge':
      return mergeInto(list, change.record);
    case 'remove':
      if (!contains(list, change.id)) return list;
      return { data: list.data.filter((item) => item._id !== change.id), total: Math.max(0, list.total - 1) };
    case 'lead-stage':
      return mergeInto(list, { _id: change.id, leadStage: change.leadStage, leadStatusReason: change.leadStatusReason });
    case 'lead-note-removed':
      return {
        ...list,
        data: list.data.map((lead) => {
          if (lead._id !== change.leadId || !Array.isArray(lead.notes)) return lead;
          const notes = (lead.notes as LeadNote[]).filter(
            (note) => note._id !== change.noteId && note.noteId !== change.noteId,
          );
          return { ...lead, notes };
        }),
      };
  }
}

function isRecord(value: unknown): value is ModuleRecord {
  return typeof value === 'object' && value !== null && typeof (value as { _id?: unknown })._id === 'string';
}

function isPage(value: unknown): value is CachedList {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as { data?: unknown }).data) &&
    typeof (value as { total?: unknown }).total === 'number'
  );
}

function field(source: unknown, name: string): unknown {
  return typeof source === 'object' && source !== null ? (source as Record<string, unknown>)[name] : undefined;
}

export function createChange(def: Pick<ModuleDef, 'insertAt'>, record: unknown): CacheChange | null {
  return isRecord(record) ? { kind: 'insert', record, at: def.insertAt ?? 'start' } : null;
}

export function updateChange(requestedId: string, record: unknown): CacheChange | null {
  if (typeof record !== 'object' || record === null) return null;
  const id = field(record, '_id');
  return { kind: 'merge', record: { ...(record as Record<string, unknown>), _id: typeof id === 'string' ? id : requestedId } };
}

/** Modules with `deleteIdInData` answer `{ data: id }` (or `{ data: { _id } }`); others are removed by the requested id. */
export function removeChange(def: Pick<ModuleDef, 'deleteIdInData'>, requestedId: string, payload: unknown): CacheChange {
  if (!def.deleteIdInData) return { kind: 'remove', id: requestedId };
  const data = field(payload, 'data');
  const id = typeof data === 'string' ? data : field(data, '_id');
  return { kind: 'remove', id: typeof id === 'string' ? id : requestedId };
}

function param(args: CallArgs, name: string): string | undefined {
  const value = args.params?.[name];
  return value === undefined ? undefined : String(value);
}

/** The reply record, or the request body under the path id, merged into the cached record with that _id. */
function mergeChange(args: CallArgs, output: unknown): CacheChange | null {
  const id = field(output, '_id') ?? param(args, 'id');
  if (typeof id !== 'string') return null;
  const source = isRecord(output) ? output : args.body;
  return { kind: 'merge', record: { ...(source as Record<string, unknown>), _id: id } };
}

/** The change an extra call's success makes, by its declared `cache` kind. */
export function callChange(call: Pick<ExtraCall, 'cache'>, args: CallArgs, output: unknown): CacheChange | null {
  switch (call.cache) {
    case 'merge':
      return mergeChange(args, output);
    case 'merge-or-insert':
      // An 'insert' merges a record the list already holds ("Update") and otherwise puts it first with
      // total + 1 ("Create"). A reply that is no record can only update: the body merges under the path id.
      return isRecord(output) ? { kind: 'insert', record: output, at: 'start' } : mergeChange(args, output);
    case 'replace-list':
      return isPage(output) ? { kind: 'replace', page: output } : null;
    case 'remove': {
      const id = param(args, 'id') ?? field(output, '_id');
      return typeof id === 'string' ? { kind: 'remove', id } : null;
    }
    case 'lead-stage': {
      const id = param(args, 'id');
      if (!id) return null;
      const source = args.body ?? output;
      return { kind: 'lead-stage', id, leadStage: field(source, 'leadStage'), leadStatusReason: field(source, 'leadStatusReason') };
    }
    case 'lead-note-removed': {
      const leadId = param(args, 'leadId');
      const noteId = param(args, 'noteId');
      return leadId && noteId ? { kind: 'lead-note-removed', leadId, noteId } : null;
    }
    default:
      return null;
  }
}
