/**
 * The one way a lifecycle record's fields change or the record goes (issue 28). Every call that edits or deletes a
 * record of a lifecycle module — the generic PUT and DELETE and the module's own calls (update/credit-note,
 * updateAgreement, delete-credit-note…), which reach here through patchRecord and removeRecord (./records.ts) —
 * does the same, in one transaction:
 *
 *   1. lock the record's row (a step and an edit of the same record never interleave: an approval waits for the
 *      edit, then decides on what the edit left, or the edit finds the record approved and is refused);
 *   2. check the `version` the caller read, when they sent one (a stale copy never wins: 409 naming who changed
 *      the record last and when);
 *   3. ask the machine: the `edit` or `delete` event (src/machines/lifecycles/recordRules.ts) for this caller in
 *      this state, then the state's field rule; a refusal is 409 TRANSITION_NOT_ALLOWED with what the caller may
 *      do instead, and writes nothing;
 *   4. write the changed fields (or delete the row) and add one history row: `edit`, whose note names the
 *      changed fields with old → new values (./edit-notes.ts), or `delete`, which outlives the record.
 * Annotations (a lead's notes, an invoice's e-mail log) change in any state, still locked, versioned and in the
 * history. An edit that changes nothing (a client PUTting the record back as it read it) writes nothing.
 */
import type { ModuleDef } from '../../src/contract/modules/index';
import { allowedEvents, editableFields, mayDo, recordEvents, recordRefusal, stateOf, type Lifecycle, type LifecycleCaller } from '../../src/machines/lifecycles/index';
import { readLastChange, recordHistory } from '../db/lifecycle-history';
import type { Queryable } from '../db/pool';
import { repo, type ApiRecord, type ModuleRepo } from '../db/repository';
import { callerOf } from './lifecycle-caller';
import { changedFields, describeEdit, fieldLabel } from './edit-notes';
import { DomainError, missingRecord, transitionNotAllowed } from './errors';
import { refusal } from '../../src/contract/refusalMessages';
import { referenceNames } from './reference-names';
import type { CallContext } from './call-context';
import { repoOf } from './caller-repo';
import { withFormerBody } from './former-body';

type Body = Record<string, unknown>;

/** Every event the caller may send now: the steps, then Edit and Delete (what a record's reply lists). */
export function offeredEvents(lifecycle: Lifecycle, record: Readonly<Body>, caller: LifecycleCaller): string[] {
  return [...allowedEvents(lifecycle, record, caller), ...recordEvents(lifecycle, record, caller)];
}

/** 409 for a stale copy: who changed the record last and when, as far as its history says. */
export async function staleVersion(db: Queryable, tenantId: string, def: Pick<ModuleDef, 'name'>, noun: string, id: string, name: string, version: number): Promise<DomainError> {
  const last = await readLastChange(db, tenantId, def.name, id);
  const said = last ? refusal('staleVersionBy', { noun, name, by: last.by, at: last.at, module: def.name }) : refusal('staleVersion', { noun, name, module: def.name });
  return new DomainError('conflict', said, {
    code: 'STALE_VERSION',
    keyValue: { version, ...(last ? { changedBy: last.by, changedAt: last.at } : {}) },
  });
}

/** The record's row, locked, with its version checked against the caller's. */
async function lockChecked(tx: Queryable, ctx: CallContext, def: ModuleDef, noun: string, id: string, version: number | undefined) {
  const locked = await repoOf(ctx, def, tx).lockForChange(id);
  if (!locked) throw missingRecord(def.name, id);
  const name = typeof locked.body.alternateId === 'string' && locked.body.alternateId !== '' ? locked.body.alternateId : id;
  if (version !== undefined && version !== locked.version) throw await staleVersion(tx, ctx.user.tenantId, def, noun, id, name, locked.version);
  return { ...locked, name };
}

const caller = (ctx: CallContext): LifecycleCaller => callerOf(ctx.user);

/** A history row that leaves the record in its `state` (an edit, a delete, a move on the calendar), by the signed-in person. */
export async function noteInHistory(tx: Queryable, ctx: CallContext, module: string, id: string, state: string, event: 'edit' | 'delete', note: string): Promise<void> {
  await recordHistory(tx, { tenantId: ctx.user.tenantId, module, recordId: id, event, from: state, to: state, by: { _id: ctx.user._id, name: ctx.user.name, kind: 'staff' }, note });
}

/** The history row of an edit or a delete of a lifecycle record. */
async function historyRow(tx: Queryable, ctx: CallContext, def: ModuleDef, lifecycle: Lifecycle, id: string, body: Body, event: 'edit' | 'delete', note: string): Promise<void> {
  await noteInHistory(tx, ctx, def.name, id, stateOf(lifecycle, body) ?? String(body[lifecycle.statusField] ?? ''), event, note);
}

/** An edit of a lifecycle record inside the caller's transaction: the four steps above. */
export async function editIn(tx: Queryable, ctx: CallContext, def: ModuleDef, lifecycle: Lifecycle, id: string, patch: Body, version?: number): Promise<ApiRecord & { version: number }> {
  const records = repoOf(ctx, def, tx);
  const locked = await lockChecked(tx, ctx, def, lifecycle.noun, id, version);
  const changed = changedFields(locked.body, patch);
  if (changed.length === 0) {
    const record = await records.getById(id);
    if (!record) throw missingRecord(def.name, id);
    return { ...record, version: locked.version };
  }
  const annotations = new Set(lifecycle.records.annotations ?? []);
  const terms = changed.filter((field) => !annotations.has(field));
  const who = caller(ctx);
  if (terms.length > 0) {
    if (!mayDo(lifecycle, locked.body, 'edit', who)) throw transitionNotAllowed(recordRefusal(lifecycle, locked.body, locked.name, 'edit', who), offeredEvents(lifecycle, locked.body, who));
    const fields = editableFields(lifecycle, locked.body);
    const outside = fields === 'any' ? undefined : terms.find((field) => !fields.includes(field));
    if (outside !== undefined && fields !== 'any') {
      const about = { noun: lifecycle.noun, name: locked.name, status: String(locked.body[lifecycle.statusField]), module: def.name };
      const said = refusal('onlyFields', { ...about, fields: fields.map((field) => fieldLabel(def, field)), field: fieldLabel(def, outside) }, { ...about, fields, field: outside });
      throw transitionNotAllowed(said, offeredEvents(lifecycle, locked.body, who));
    }
  }
  const write: Body = Object.fromEntries(changed.map((field) => [field, patch[field]]));
  const record = await records.update(id, write);
  if (!record) throw missingRecord(def.name, id);
  const references = def.references ?? {};
  const namesNeeded = changed.some((field) => field in references);
  const [before, after] = namesNeeded ? await Promise.all([referenceNames(tx, ctx.tenantId, def, locked.body), referenceNames(tx, ctx.tenantId, def, { ...locked.body, ...write })]) : [{}, {}];
  await historyRow(tx, ctx, def, lifecycle, id, locked.body, 'edit', describeEdit(def, changed, locked.body, write, { before, after }));
  return withFormerBody({ ...record, version: locked.version + 1 }, locked.body);
}

/** A delete of a lifecycle record inside the caller's transaction; its history row outlives it. */
export async function removeIn(tx: Queryable, ctx: CallContext, def: ModuleDef, lifecycle: Lifecycle, id: string, version?: number): Promise<ApiRecord> {
  const locked = await lockChecked(tx, ctx, def, lifecycle.noun, id, version);
  const who = caller(ctx);
  if (!mayDo(lifecycle, locked.body, 'delete', who)) throw transitionNotAllowed(recordRefusal(lifecycle, locked.body, locked.name, 'delete', who), offeredEvents(lifecycle, locked.body, who));
  const removed = await repoOf(ctx, def, tx).remove(id);
  if (!removed) throw missingRecord(def.name, id);
  await historyRow(tx, ctx, def, lifecycle, id, locked.body, 'delete', `${lifecycle.noun} ${locked.name} deleted`);
  return removed;
}
