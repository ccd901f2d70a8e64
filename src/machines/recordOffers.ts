/**
 * Whether a person is offered Edit and Delete on a record (issue 28), and why not: what the list rows, the record
 * view and the form ask, pure. A module without a lifecycle answers by the person's privileges on the module; a
 * record with a lifecycle also by its machine (`edit` and `delete` are events of it, state by state, with their
 * guards: a draft is its maker's, an approved credit note is nobody's), the same machine the server decides with.
 * A record read by id carries the server's own answer (`allowedEvents`, which lists `edit` and `delete` when they
 * are allowed): that wins over working it out from a list row.
 */
import type { ModuleDef } from '../contract/modules/define';
import { recordName } from '../contract/words';
import { editableFields, lifecycleOf, recordEvents, recordRefusal, type LifecycleCaller } from './lifecycles/index';
import type { Words } from '../contract/messageWords';
import type { Said } from '../contract/refusalMessages';

type RecordBody = Readonly<Record<string, unknown>>;

export interface RecordOffers {
  edit: boolean;
  delete: boolean;
}

/** What the person holds on the module (its UPDATE and DELETE privileges, and whether the module has the operation). */
export interface ModuleRights {
  update: boolean;
  remove: boolean;
}

/** The server's answer for this person, when the record was read by id (a list row has none). */
function answered(record: RecordBody): readonly string[] | undefined {
  const allowed = record.allowedEvents;
  return Array.isArray(allowed) ? (allowed as string[]) : undefined;
}

/**
 * Edit and Delete as offered on `record` to `caller`. `read`: the record was read by id, so its `allowedEvents` is
 * the server's answer (a list row's stored fields are judged with the machine instead).
 */
export function recordOffers(def: Pick<ModuleDef, 'name'>, record: RecordBody, caller: LifecycleCaller | null, rights: ModuleRights, read = false): RecordOffers {
  const lifecycle = lifecycleOf(def.name);
  if (!lifecycle) return { edit: rights.update, delete: rights.remove };
  const events = (read ? answered(record) : undefined) ?? (caller ? recordEvents(lifecycle, record, caller) : []);
  return { edit: rights.update && events.includes('edit'), delete: rights.remove && events.includes('delete') };
}

/** "Credit note CN-2026-000003": the name the server's sentences give a record (its number, else its name). */
function nameOf(record: RecordBody): string {
  return typeof record.alternateId === 'string' && record.alternateId !== '' ? record.alternateId : recordName(record as Record<string, unknown>) || String(record._id ?? '');
}

/**
 * Why the person may not edit the record now, in the lifecycle's words ("Approved credit notes cannot be changed:
 * raise another credit note"), or undefined when they may (or the module has no lifecycle: its privileges decide).
 */
export function editRefusal(def: Pick<ModuleDef, 'name'>, record: RecordBody, caller: LifecycleCaller | null, read = false): Said | undefined {
  const lifecycle = lifecycleOf(def.name);
  if (!lifecycle || !caller) return undefined;
  if (recordOffers(def, record, caller, { update: true, remove: true }, read).edit) return undefined;
  return recordRefusal(lifecycle, record, nameOf(record), 'edit', caller);
}

/** The lifecycle's noun for a record ("Credit note"), for sentences that name it; undefined without a lifecycle. */
export function recordNoun(def: Pick<ModuleDef, 'name'>): string | undefined {
  return lifecycleOf(def.name)?.noun;
}

/** The version a record was read with, to send with its save or delete (absent when the server sent none). */
export function versionOf(record: RecordBody | null | undefined): number | undefined {
  return typeof record?.version === 'number' ? record.version : undefined;
}

/** What the module's actor holds of a versioned save (src/ui/data/resources.ts EditView), as far as the form reads it. */
/** A sentence for the person: its English and, when known, its words (the UI says it in the person's language). */
export interface Saying {
  message: string;
  words?: Words;
}

export interface EditState {
  id: string | null;
  stale: boolean;
  reloading: boolean;
  fresh: RecordBody | null;
  record: RecordBody | null;
}

export interface EditForm {
  /** What the form starts with: the record as opened, or after "Reload" the record read again with the person's changes on top. */
  record: RecordBody;
  /** The record as the server last gave it: the form's untouched body is made from it, and the save sends its version. */
  base: RecordBody;
  version: number | undefined;
  /** Changes when the record is read again, so the form starts again from what was read (the person's changes included). */
  key: string;
  /** Why the record may not be edited now, with its words: the form opens read-only and says so (undefined: it may be edited). */
  readOnly: Saying | undefined;
  /** The save was refused as stale: the server's sentence (who changed it, when) and its words, with "Reload" beside it. */
  stale: Saying | undefined;
  /** A failure of the save to show as such (neither stale nor the machine's refusal, which the form shows itself). */
  failure: boolean;
  /** The only fields that may change in the record's state (an issued purchase order's delivery date), when not all. */
  onlyFields: readonly string[] | undefined;
}

/**
 * The edit form of `row` (issue 28): what it shows, the version it saves with, and whether it is read-only and why
 * (the machine's sentence for the record as read, or the server's refusal of a save), or stale with "Reload".
 */
export function editForm(def: Pick<ModuleDef, 'name'>, row: RecordBody & { _id: string }, edit: EditState, error: { code?: unknown; message?: string; words?: Words } | null, caller: LifecycleCaller | null): EditForm {
  const mine = edit.id === row._id ? edit : null;
  const base = mine?.fresh ?? row;
  const record = mine?.record ?? row;
  const stale = mine && (mine.stale || mine.reloading) ? { message: error?.message ?? '', words: error?.words } : undefined;
  const refused = error?.code === 'TRANSITION_NOT_ALLOWED' ? { message: error.message ?? '', words: error.words } : undefined;
  // A record read by id carries the server's answer (allowedEvents); a list row is judged with the machine.
  const readOnly = stale === undefined ? (refused ?? editRefusal(def, base, caller, Array.isArray(base.allowedEvents))) : undefined;
  return {
    record,
    base,
    version: versionOf(base),
    key: `${row._id}:${versionOf(base) ?? ''}`,
    readOnly,
    stale,
    failure: error !== null && stale === undefined && refused === undefined,
    onlyFields: onlyFieldsOf(def, base),
  };
}

function onlyFieldsOf(def: Pick<ModuleDef, 'name'>, record: RecordBody): readonly string[] | undefined {
  const lifecycle = lifecycleOf(def.name);
  const fields = lifecycle ? editableFields(lifecycle, record) : 'any';
  return fields === 'any' ? undefined : fields;
}
