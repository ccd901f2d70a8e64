/**
 * The module catalogue's vocabulary.
 *
 * One entry per module of the specification (document 2 §7) says, as data, everything every layer needs:
 * the server mounts its routes, creates its table and unique indexes and checks its privilege; the client
 * builds its typed calls and its lifecycle actor; the screens build their list and form; the tests
 * generate contract, tenancy and privilege cases. Adding a module means adding an entry here.
 */
import type { z } from 'zod';
import type { PersonPick } from './peoplePicker';

/** The five operations every module shares (document 1 §4). */
export type Op = 'list' | 'create' | 'update' | 'remove' | 'getById';

/**
 * Privilege codes inside a feature. A feature is a screen code (the route code of spec §2, such as
 * MANAGE_USER); a role grants a feature with some of these privileges. A route guard asks for VIEW,
 * and each server operation asks for the privilege below.
 */
export type PrivilegeCode = 'VIEW' | 'CREATE' | 'UPDATE' | 'DELETE';
export const PRIVILEGE_CODES: readonly PrivilegeCode[] = ['VIEW', 'CREATE', 'UPDATE', 'DELETE'];
export const opPrivilege: Record<Op, PrivilegeCode> = {
  list: 'VIEW',
  getById: 'VIEW',
  create: 'CREATE',
  update: 'UPDATE',
  remove: 'DELETE',
};

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What every extra call declares: its name, route, privilege, failure message and cached-list rule. */
interface CallBase {
  name: string;
  method: HttpMethod;
  /** Relative to the module path; `:id` style parameters (e.g. '/change-stage/:id'). */
  path: string;
  privilege: PrivilegeCode;
  /** Default failure message of the spec (document 2 §8), shown when the server sends none. */
  message: string;
  /**
   * How the client's cached list changes on success (document 2 §9). `merge-or-insert` is for a call that
   * either creates or updates (draftProposal): the reply record is merged into the cached record with its
   * _id ("Update"), or, when none is cached, inserted at the front with total raised by one ("Create").
   */
  cache?: 'none' | 'merge' | 'merge-or-insert' | 'replace-list' | 'remove' | 'lead-stage' | 'lead-note-removed';
}

/** A call served generically: the module's records (optionally `project`ed to some fields), `{ data, total }`. */
export interface ListCall extends CallBase {
  kind: 'list';
  project?: readonly string[];
  /**
   * A picker read (./pickerReads.ts): the modules whose forms pick this module's records through this call (a
   * spare-part request's parts). Whoever may create or edit a record of one of them may make this call, and only
   * this one, without the module's own privilege: they see what `project` keeps, never the rest of the master.
   */
  pickerFor?: readonly string[];
}

/**
 * A call served by the module's handler for `name` (the server's handler map, typed from the catalogue: a custom
 * call without a handler does not compile). Its schemas are the contract of the call: the server validates the
 * request with `params`, `querystring` and `body` before the handler runs, shows all four in /api/docs, and types
 * the handler's answer from `reply` (a handler answering another shape does not compile); the tests parse every
 * successful answer with `reply`. The server never serializes an answer through `reply` (nothing is stripped or
 * reordered): it describes what the handler sends.
 */
export interface CustomCall extends CallBase {
  kind: 'custom';
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /** The successful answer (any 2xx). */
  reply: z.ZodType;
}

/** A call beyond the five operations (getParts, change-stage/{id}, toggleArchive, …). */
export type ExtraCall = ListCall | CustomCall;

export interface ModuleMessages {
  list: string;
  create: string;
  update: string;
  remove: string;
  getById: string;
  /** Shown for code 11000 on create/update; `{field}` is replaced by the first key of keyValue. */
  duplicate?: string;
}

export type Area = 'admin' | 'service' | 'assets' | 'machines' | 'parts' | 'sensors' | 'sales' | 'billing' | 'public';

/**
 * What picking a record in a reference field fills (ModuleDef `fills`): `fields` maps a form field to the picked
 * record's field; `through` also picks, in another reference field of the form, the record of that field's module
 * whose `key` holds the picked id (a client → its client master), and that field's own fills follow.
 */
export interface FormFill {
  fields?: Readonly<Record<string, string>>;
  through?: { field: string; key: string };
}

/** How a document's lines are typed: see ModuleDef `lines`. */
export interface DocumentLines {
  inputs: readonly string[];
  references?: Readonly<Record<string, string>>;
  /**
   * GST lines (quantity, ratePaise, discountPaise, gstRate): the form shows each line's amounts and the document's
   * totals live, computed by src/contract/gst.ts as the server will. `supplierGstin` and `placeOfSupply` name the form's
   * fields that decide CGST + SGST or IGST; a credit note has neither (it is priced as its invoice), so its form
   * shows the taxable value and leaves the split to the invoice.
   */
  gst?: { supplierGstin?: string; placeOfSupply?: string };
  /**
   * Picking a record in a line's reference cell fills the line's other cells from it (an invoice line from the item
   * master: description, HSN/SAC, unit, rate, GST rate): reference sub-field → { line sub-field: record field }.
   * The person may change what was filled.
   */
  fills?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /**
   * Lines that each stand for a line of the document picked in the form's `document` field (a credit note's line
   * credits one of its invoice's lines): `cell` holds that line's index and is chosen by the line's description, never
   * typed as a number; choosing fills the cells `fills` names (line sub-field → the document line's field).
   */
  linesOf?: { cell: string; document: string; lines: string; fills: Readonly<Record<string, string>> };
}

/** Where a reference field's records belong (ModuleDef `pickWithin`): to the record picked in the form's `field`, named by their `source`. */
export interface PickWithin {
  field: string;
  source: string;
}

/** What a number field counts (ModuleDef `units`): its words are the client's (i18n `units.*`). */
export type NumberUnit = 'months' | 'percent';

/**
 * One module of the catalogue. `Name`, `Calls` and `Ops` are the literal name, extra calls and operations of an
 * entry declared with defineModule (the server's handler map is typed from them: ./index.ts `HandlerMap`); a module
 * read as data (any entry of `catalogue`) has the defaults.
 */
export interface ModuleDef<
  Fields extends z.ZodObject = z.ZodObject,
  Name extends string = string,
  Calls extends readonly ExtraCall[] = readonly ExtraCall[],
  Ops extends readonly Op[] = readonly Op[],
> {
  /** Module name: the actor's id and systemId, the table name (m_<name with _>), the socket `module`. */
  name: Name;
  /** Human title of the module's screen. */
  label: string;
  /**
   * What one record is called, in English as it reads inside a sentence ('proposal', 'client SPOC'): the forms'
   * titles are "New proposal" and "Edit proposal", where the screen's title is plural or a task ("Proposals",
   * "Generate Invoice"). fr, zh and ja word the titles whole in src/i18n/catalogue/ (French agrees them in gender).
   */
  record: string;
  area: Area;
  /** Base path under the API host, e.g. '/api/app/role'. */
  path: string;
  /** Feature (screen code) whose privileges guard every call of the module. */
  feature: string;
  /** The record body (without _id and envelope). Create validates with it, update with its partial. */
  fields: Fields;
  /** Fields unique per tenant: unique indexes; a duplicate answers 409 with code 11000 and keyValue. */
  unique?: readonly string[];
  /** The server generates a human-readable `alternateId` such as TKT-2026-000123, unique per tenant. */
  alternateId?: { prefix: string };
  /** Where a created record goes in the cached list (roles and field-engineer activity: 'end'). */
  insertAt?: 'start' | 'end';
  /** The delete success payload carries the id inside `data` (machine instance and others). */
  deleteIdInData?: boolean;
  /** Operations the module offers; all five when absent. */
  ops?: Ops;
  /** Path overrides relative to `path` where the spec gives another shape (e.g. update '/updateAgreement/:id'). */
  routes?: Partial<Record<Op, { method?: HttpMethod; path: string }>>;
  /** Lists ask for this limit instead of Number.MAX_SAFE_INTEGER (the transaction list: 100). */
  listLimit?: number;
  /** Only the fixed text is shown on failure, never the server's message (document 2 §8). */
  fixedMessages?: readonly Op[];
  messages: ModuleMessages;
  calls?: Calls;
  /** Columns shown by the generic list screen, in order. */
  columns?: readonly string[];
  /** Fields that hold the _id of another module's record (shown with a picker). */
  references?: Readonly<Record<string, string>>;
  /**
   * What a reference field's picker offers, when not every record of the referenced module may be chosen: the
   * records whose fields hold one of the values given (a payment's invoice: a Final invoice still owed). The
   * server checks the choice again; this keeps a person from picking what it would refuse.
   */
  pickFrom?: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;
  /**
   * A reference field whose records belong to the record picked in another of the form's fields (a ticket's machine
   * and site are its client's): reference field → { field: that other field, source: the referenced record's field
   * naming it }. The picker offers only the records that belong, says so while the other field is empty or has none,
   * and a pick that no longer belongs is cleared when the other field changes. The server refuses a mismatch all the
   * same (server/domain/service/tickets.ts); this keeps a person from picking what it would refuse.
   */
  pickWithin?: Readonly<Record<string, PickWithin>>;
  /**
   * Fields naming a member of staff who does the work (a ticket's engineer, a lead's owner): their picker offers only
   * the people holding the privilege named (./peoplePicker.ts), read from the module's `people` call, which the
   * module declares beside this.
   */
  people?: Readonly<Record<string, PersonPick>>;
  /**
   * A document's lines (an invoice's items, a purchase order's lines): for each array-of-objects field a person
   * fills in, the sub-fields typed on each line, in order (the rest, such as tax amounts, are the server's), and
   * which of them name another module's record. The generic form shows them as a grid of lines.
   */
  lines?: Readonly<Record<string, DocumentLines>>;
  /**
   * Number fields that take one of a fixed set (a GST rate): a choice in the form, on a line too, with the unit
   * each value is read in ("18 %"). The schema still refuses any other value.
   */
  choices?: Readonly<Record<string, { values: readonly number[]; suffix?: string }>>;
  /**
   * Fields the server copies from the record picked in one of the module's reference fields when it saves (a credit
   * note's parties from its invoice): reference field → { field: the referenced record's field }. The form fills them
   * from the record picked and shows them read-only, so what it sends is what is stored; the server copies the same.
   */
  derivedFrom?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /**
   * Picking a record in one of the form's reference fields fills other fields from it, which the person may still
   * change (an invoice's bill-to name, GSTIN, address and place of supply from the client master): see FormFill.
   */
  fills?: Readonly<Record<string, FormFill>>;
  /**
   * A GET call of the module (its name) answering the values a new record starts with, which only the server knows
   * (an invoice: today in the subscriber's zone, the default type, the subscriber's own GSTIN and name).
   */
  startsFrom?: string;
  /** Number fields that hold rupees, not paise (a proposal's monthly rental): shown and typed as money all the same. */
  rupees?: readonly string[];
  /**
   * The unit a number field is counted in (a proposal's contract term in months, its escalation in per cent): shown
   * beside the input and after the value, in the person's language, so that "36" reads as what it is.
   */
  units?: Readonly<Record<string, NumberUnit>>;
  /** Fields only the server writes (a document's totals, its payment state): shown, never typed in a form. */
  serverFields?: readonly string[];
  /** Fields never returned to the client (e.g. nothing today; passwords live outside module tables). */
  hidden?: readonly string[];
  /** The module's rows belong to the platform, not a tenant (only /api/saas/*). */
  crossTenant?: boolean;
  /**
   * A valid create body. Generated contract, tenancy and privilege tests post it; the demo seed and the
   * form's placeholders may read it. Required where the schema has patterns a generator cannot guess.
   */
  example?: Readonly<Record<string, unknown>>;
}

/**
 * Identity helper that keeps the entry's field types, its literal name, and its calls and operations as written
 * (each call's literal `name` and `kind`), so the server's handler map can be typed from the catalogue alone.
 */
export function defineModule<
  F extends z.ZodObject,
  const Name extends string,
  const Calls extends readonly ExtraCall[] = readonly [],
  const Ops extends readonly Op[] = readonly Op[],
>(def: ModuleDef<F, Name, Calls, Ops>): ModuleDef<F, Name, Calls, Ops> {
  return def;
}

/** The custom calls of a module as declared (each needs a server handler). */
export type CustomCallOf<M extends Pick<ModuleDef, 'calls'>> =
  M extends { calls?: infer C extends readonly ExtraCall[] } ? Extract<C[number], { kind: 'custom' }> : never;

/** The names of a module's custom calls. */
export type CustomCallName<M extends Pick<ModuleDef, 'calls'>> = CustomCallOf<M>['name'];

/** What the handler of a custom call answers: the input type of its `reply` schema. */
export type ReplyOf<C extends CustomCall> = z.input<C['reply']>;

/** The operations a module offers: its `ops`, or all five when it declares none. */
export type ModuleOp<M extends Pick<ModuleDef, 'ops'>> = M extends { ops?: infer O extends readonly Op[] } ? O[number] : Op;

/** Path of an operation, with the spec's defaults (document 2 §3). */
export function opRoute(def: ModuleDef, op: Op): { method: HttpMethod; path: string } {
  const override = def.routes?.[op];
  const defaults: Record<Op, { method: HttpMethod; path: string }> = {
    list: { method: 'GET', path: '' },
    create: { method: 'POST', path: '' },
    update: { method: 'PUT', path: '/:id' },
    remove: { method: 'DELETE', path: '/:id' },
    getById: { method: 'GET', path: '/getById/:id' },
  };
  return { method: override?.method ?? defaults[op].method, path: override?.path ?? defaults[op].path };
}

export function moduleOps(def: ModuleDef): readonly Op[] {
  return def.ops ?? ['list', 'create', 'update', 'remove', 'getById'];
}

/**
 * Full path of an extra call. A call path that starts with /api/ is absolute: the spec serves a few calls
 * beside their module's base (feedback is read at /api/app/svc-feedback/getById/{id} while its base is
 * /api/app/svc-feedBack).
 */
export function callPath(def: Pick<ModuleDef, 'path'>, call: Pick<ExtraCall, 'path'>): string {
  return call.path.startsWith('/api/') ? call.path : def.path + call.path;
}

/** Table name of a module: m_ plus the name with non-alphanumerics as underscores, lower-cased. */
export function tableName(def: Pick<ModuleDef, 'name'>): string {
  return 'm_' + def.name.toLowerCase().replace(/[^a-z0-9]+/g, '_');
}
