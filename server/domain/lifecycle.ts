/**
 * The one way a lifecycle record changes state (issue 10). For a module in the lifecycle index
 * (src/machines/lifecycles), every call that moves a record — its spec call (approve, approve-reject,
 * update/list…) or PATCH {path}/transition/{id} — comes here:
 *
 *   1. the event's required data is checked (invalid, naming the field);
 *   2. in one transaction, the record's row is locked and read; a `version` the caller sent must match (else a
 *      conflict: someone changed it since they read it);
 *   3. the machine, restored from the stored status, decides whether this caller may send this event now
 *      (else "transition not allowed" with the events that are allowed);
 *   4. the new status, the event's kept data and stamps (who, when: from the session, never from a body) and
 *      whatever the module's effect writes (./lifecycle-effects.ts: an invoice settled, purchase orders made)
 *      are written, with one history row; every call that sends the step runs the same effect.
 *
 * The reply is the record with its new `version` and the `allowedEvents` of the caller.
 */
import { refusal, type Said } from '../../src/contract/refusalMessages';
import { validationSaying } from '../../src/contract/validationMessages';
import { allowedEvents, blockedStepRefusal, eventsLeadingTo, lifecycleOf, makerCheckerRefusal, nextState, refusalMessage, stateOf, stepWordFields, type Lifecycle, type LifecycleCaller, type LifecycleEventSpec } from '../../src/machines/lifecycles/index';
import type { SessionUser } from '../auth/sessions';
import { readHistory, recordHistory, type HistoryEntry } from '../db/lifecycle-history';
import { inTransaction, type Queryable } from '../db/pool';
import type { ApiRecord } from '../db/repository';
import { invalid, missingRecord, transitionNotAllowed } from './errors';
import { LIFECYCLE_AFTER_COMMIT, LIFECYCLE_EFFECTS } from './lifecycle-effects';
import { asString, repoOf } from './records';
import { callerOf } from './lifecycle-caller';
import { offeredEvents, staleVersion } from './lifecycle-edits';
import { referenceNames, rowsReferenceNames } from './reference-names';
import { formerBodyOf, withFormerBody } from './former-body';
import type { CallContext } from './call-context';
import type { StepContext } from './step-context';

type Body = Record<string, unknown>;

export interface TransitionInput {
  event: string;
  /** Event data: remarks, reasons… (only what the index lets the event keep is written). */
  data?: Body;
  note?: string;
  /** The version the caller read; a stale one is refused. */
  version?: number;
}

/** A lifecycle record as its calls answer it: with its version, the caller's next steps and the names of what it refers to. */
export type LifecycleRecord = ApiRecord & { version: number; allowedEvents: string[]; names: Record<string, string> };

export { callerOf };

/** A new record of a maker–checker module names its maker: whoever raised it, from the session, never from a body. */
export function stampMaker(lifecycle: Lifecycle, body: Body, user: SessionUser): Body {
  return lifecycle.records.maker ? { ...body, [lifecycle.records.maker]: user._id } : body;
}

export function requireLifecycle(module: string): Lifecycle {
  const lifecycle = lifecycleOf(module);
  if (!lifecycle) throw new Error(`${module} has no lifecycle in src/machines/lifecycles/index.ts`);
  return lifecycle;
}

const given = (value: unknown): boolean => value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '');

/**
 * The history's note: the person's own note when one was sent, else the step's words (a rejection's reason, an
 * approval's remarks): a step with words of its own takes no other note on screen (stepWordFields).
 */
function historyNote(input: TransitionInput, spec: LifecycleEventSpec, references: Readonly<Record<string, string>>): string | undefined {
  if (input.note) return input.note;
  // Words only: a reference (the engineer a ticket is assigned to) is an id, which says nothing to a reader.
  const words = stepWordFields(spec, references)
    .map((field) => input.data?.[field])
    .filter((value): value is string => typeof value === 'string' && value.trim() !== '');
  return words.length > 0 ? words.join('; ') : undefined;
}

/** One transition inside the caller's transaction (several records may move together); no notice sent. */
export async function transitionIn(tx: Queryable, ctx: StepContext, id: string, input: TransitionInput): Promise<LifecycleRecord> {
  const lifecycle = requireLifecycle(ctx.def.name);
  const spec = lifecycle.events[input.event];
  if (!spec) throw invalid('event', refusal('noSuchStep', { noun: lifecycle.noun, event: input.event, events: Object.keys(lifecycle.events).join(', '), module: ctx.def.name }));
  const data = input.data ?? {};
  for (const [field, message] of Object.entries(spec.requires ?? {})) if (!given(data[field])) throw invalid(field, validationSaying(message));

  const records = repoOf(ctx, ctx.def, tx);
  const locked = await records.lockForChange(id);
  if (!locked) throw missingRecord(ctx.def.name, id);
  const name = asString(locked.body.alternateId) ?? id;
  if (input.version !== undefined && input.version !== locked.version) throw await staleVersion(tx, ctx.user.tenantId, ctx.def, lifecycle.noun, id, name, locked.version);
  // Who asked is told what they may do next: the signed-in person, also when the step is the clock's (asked for on
  // the transition route); a public link's customer and the scheduler read no steps from the answer.
  const asker = callerOf(ctx.user);
  // Who takes the step: the party a public page or the scheduler named, else the signed-in person.
  const caller = ctx.caller ?? asker;
  const to = nextState(lifecycle, locked.body, input.event, caller);
  if (to === undefined) {
    const allowed = offeredEvents(lifecycle, locked.body, asker);
    const steps = allowedEvents(lifecycle, locked.body, asker);
    throw transitionNotAllowed(makerCheckerRefusal(lifecycle, locked.body, name, input.event, caller) ?? blockedStepRefusal(lifecycle, locked.body, name, input.event) ?? refusalMessage(lifecycle, locked.body, name, steps), allowed);
  }

  const patch: Body = { [lifecycle.statusField]: to };
  for (const field of [...Object.keys(spec.requires ?? {}), ...(spec.keeps ?? [])]) if (given(data[field])) patch[field] = data[field];
  if (spec.stamps) {
    patch[spec.stamps.by] = caller.id;
    patch[spec.stamps.at] = new Date().toISOString();
  }
  const effect = LIFECYCLE_EFFECTS[ctx.def.name];
  const alsoStep = (other: StepContext, otherId: string, otherInput: TransitionInput) => transitionIn(tx, other, otherId, otherInput);
  const more = (await effect?.(ctx, tx, locked.body, to, id, { to, event: input.event, data, alsoStep })) ?? {};
  const record = await records.update(id, { ...patch, ...more });
  if (!record) throw missingRecord(ctx.def.name, id);
  const note = historyNote(input, spec, ctx.def.references ?? {});
  await recordHistory(tx, {
    tenantId: ctx.user.tenantId,
    module: ctx.def.name,
    recordId: id,
    event: input.event,
    from: stateOf(lifecycle, locked.body) ?? null,
    to,
    by: { _id: caller.id, name: caller.name, kind: caller.kind },
    // The person's note, or else the step's words (a rejection's reason, an approval's remarks), so the history says why.
    ...(note ? { note } : {}),
  });
  const stored = { ...locked.body, ...patch, ...more };
  // Named once the transaction has committed (applyTransition, namedAfterCommit), not while the row lock is held.
  return withFormerBody({ ...record, version: locked.version + 1, allowedEvents: offeredEvents(lifecycle, stored, asker), names: {} }, locked.body);
}

/** Why no step leads to `status` for this caller: the maker–checker rule when that is why, else what they can do. */
function refusedMove(lifecycle: Lifecycle, body: Body, name: string, status: string, caller: LifecycleCaller): Said {
  const state = stateOf(lifecycle, body);
  const on = state === undefined ? {} : ((lifecycle.machine.config.states?.[state] as { on?: Record<string, { target?: string }> } | undefined)?.on ?? {});
  for (const event of lifecycle.records.checkerSteps ?? []) {
    const rule = on[event]?.target === status ? makerCheckerRefusal(lifecycle, body, name, event, caller) : undefined;
    if (rule) return rule;
  }
  return refusalMessage(lifecycle, body, name, allowedEvents(lifecycle, body, caller));
}

/**
 * A call that names the status it wants (a bulk update/list, a PUT whose status differs from the stored one):
 * the one step that leads there from the record's state for this caller, or a refusal saying what can be done.
 */
export async function moveTo(tx: Queryable, ctx: CallContext, id: string, status: string, data: Body = {}): Promise<LifecycleRecord> {
  const lifecycle = requireLifecycle(ctx.def.name);
  const current = await repoOf(ctx, ctx.def, tx).lockForChange(id);
  if (!current) throw missingRecord(ctx.def.name, id);
  const caller = callerOf(ctx.user);
  const [event, ...others] = eventsLeadingTo(lifecycle, current.body, status, caller);
  if (event === undefined || others.length > 0) {
    throw transitionNotAllowed(refusedMove(lifecycle, current.body, asString(current.body.alternateId) ?? id, status, caller), offeredEvents(lifecycle, current.body, caller));
  }
  return transitionIn(tx, ctx, id, { event, data });
}

/**
 * The generic create of a lifecycle module (and every module's own create): a new record starts in its
 * machine's initial state, or one of the index's start states. A body may name such a state (clients send the
 * whole form back) but no other: the steps after it are taken once the record exists, each with its history row.
 */
export function startInInitialState(lifecycle: Lifecycle, body: Body): Body {
  const starts = lifecycle.startStates ?? [String(lifecycle.machine.config.initial)];
  const named = body[lifecycle.statusField];
  if (named === undefined) return { ...body, [lifecycle.statusField]: starts[0] };
  if (typeof named !== 'string' || !starts.includes(named)) {
    throw invalid(lifecycle.statusField, refusal('newStartsAs', { nounLower: lifecycle.noun.toLowerCase(), either: starts }, { nounLower: lifecycle.noun, either: starts }));
  }
  return body;
}

export interface StatusChange {
  event: string;
  data: Body;
}

/**
 * A PUT (generic or the module's own) naming a status: an unchanged status passes (a client PUTs the whole record
 * back); a changed one is read as the one step that leads there from the stored state for this caller, checked
 * here, before anything is written (the step's required data included), and taken after the fields are saved.
 * The status is taken out of the body either way: an update never writes it. Returns the step to take, if any.
 */
export async function takeStatusOut(ctx: CallContext, id: string, body: Body): Promise<StatusChange | undefined> {
  const lifecycle = requireLifecycle(ctx.def.name);
  const wanted = body[lifecycle.statusField];
  delete body[lifecycle.statusField];
  if (wanted === undefined) return undefined;
  const stored = await ctx.repo.getById(id);
  if (!stored) throw missingRecord(ctx.def.name, id);
  if (wanted === stored[lifecycle.statusField]) return undefined;
  const caller = callerOf(ctx.user);
  const events = eventsLeadingTo(lifecycle, stored, String(wanted), caller);
  if (events.length !== 1) {
    throw transitionNotAllowed(refusedMove(lifecycle, stored, asString(stored.alternateId) ?? id, String(wanted), caller), offeredEvents(lifecycle, stored, caller));
  }
  const [event] = events as [string];
  const spec = lifecycle.events[event];
  for (const [field, message] of Object.entries(spec?.requires ?? {})) if (!given(body[field])) throw invalid(field, validationSaying(message));
  const data = { ...body };
  // What the step keeps (the engineer assigned, the resolution) is the step's, written with its history row, not an edit.
  for (const field of [...Object.keys(spec?.requires ?? {}), ...(spec?.keeps ?? [])]) delete body[field];
  return { event, data };
}

/** A call naming the status it wants (moveTo), in its own transaction, announced to the tenant when done. */
export async function applyMoveTo(ctx: CallContext, id: string, status: string, data: Body = {}): Promise<LifecycleRecord> {
  const record = await inTransaction(ctx.db, (tx) => moveTo(tx, ctx, id, status, data));
  ctx.notify('update', record._id, formerBodyOf(record));
  await afterCommit(ctx, record);
  return (await namedAfterCommit(ctx, [record]))[0]!;
}

/**
 * Several records' steps in one transaction (a bulk update/list): all taken or none. Once committed, each record is
 * announced, its module's work after the step runs and the answer names what they refer to, as for one step.
 */
export async function applyToEach(
  ctx: CallContext,
  ids: readonly string[],
  step: (tx: Queryable, id: string) => Promise<LifecycleRecord>,
): Promise<{ data: LifecycleRecord[]; total: number }> {
  const moved = await inTransaction(ctx.db, async (tx) => {
    const records: LifecycleRecord[] = [];
    for (const id of new Set(ids)) records.push(await step(tx, id));
    return records;
  });
  for (const record of moved) ctx.notify('update', record._id, formerBodyOf(record));
  for (const record of moved) await afterCommit(ctx, record);
  const data = await namedAfterCommit(ctx, moved);
  return { data, total: data.length };
}

/**
 * The module's work after a committed step (LIFECYCLE_AFTER_COMMIT). The step has happened, so a failure here is not
 * the step's: it is logged, on the request's log when a person took the step, and left to the work's next pass.
 */
async function afterCommit(ctx: StepContext, record: LifecycleRecord): Promise<void> {
  const work = LIFECYCLE_AFTER_COMMIT[ctx.def.name];
  if (!work) return;
  try {
    await work(ctx, record);
  } catch (error) {
    const words = `${ctx.def.name} ${record._id}: the work after its step was left to its next pass`;
    const log = (ctx as Partial<CallContext>).req?.log;
    if (log) log.warn({ err: error }, words);
    else process.emitWarning(`${words}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Records a transaction moved (transitionIn answers them unnamed), each with the names of what it refers to: read
 * after commit on the pool, from the names cache when it holds them, so no row lock is held for a name.
 */
export async function namedAfterCommit(ctx: Pick<StepContext, 'db' | 'tenantId' | 'def'>, records: LifecycleRecord[]): Promise<LifecycleRecord[]> {
  const names = await rowsReferenceNames(ctx.db, ctx.tenantId, ctx.def, records);
  return records.map((record, i) => ({ ...record, names: names[i] ?? {} }));
}

/** One transition in its own transaction, announced to the tenant when done. */
export async function applyTransition(ctx: StepContext, id: string, input: TransitionInput): Promise<LifecycleRecord> {
  const db = ctx.db;
  const record = await inTransaction(db, (tx) => transitionIn(tx, ctx, id, input));
  ctx.notify('update', record._id, formerBodyOf(record));
  await afterCommit(ctx, record);
  return (await namedAfterCommit(ctx, [record]))[0]!;
}

/**
 * What getById adds to a lifecycle record: its version, the caller's allowed events, and the names of the
 * records it refers to (`names`: field → name), since the person working it may not be allowed to list them.
 */
export async function withLifecycle(ctx: CallContext, record: ApiRecord): Promise<LifecycleRecord> {
  const lifecycle = requireLifecycle(ctx.def.name);
  const [stored, names] = await Promise.all([ctx.repo.getVersioned(record._id), referenceNames(ctx.db, ctx.tenantId, ctx.def, record)]);
  return { ...record, version: stored?.version ?? 0, allowedEvents: offeredEvents(lifecycle, stored?.body ?? record, callerOf(ctx.user)), names };
}

/**
 * The generic getById of a lifecycle module (no override): the row read once, with its version and stored body
 * (one prepared statement), then the caller's allowed events (from the machine's table) and the names (from the
 * names cache when it holds them). withLifecycle is for an override's answer, which the route did not read itself.
 */
export async function readLifecycleRecord(ctx: CallContext, id: string): Promise<LifecycleRecord | undefined> {
  const lifecycle = requireLifecycle(ctx.def.name);
  const found = await ctx.repo.getWithVersion(id);
  if (!found) return undefined;
  const names = await referenceNames(ctx.db, ctx.tenantId, ctx.def, found.record);
  // Written into the record just made from the row (toApiRecord's own copy) rather than copied once more: a read's
  // largest allocation was this second copy (issue 30).
  const record = found.record as LifecycleRecord;
  record.version = found.version;
  record.allowedEvents = offeredEvents(lifecycle, found.body, callerOf(ctx.user));
  record.names = names;
  return record;
}

/** GET {path}/history/{id}: the record's transitions, oldest first (404 when the caller cannot read the record). */
export async function historyOf(ctx: CallContext, id: string): Promise<{ data: HistoryEntry[]; total: number }> {
  if (!(await ctx.repo.getById(id))) throw missingRecord(ctx.def.name, id);
  return readHistory(ctx.db, ctx.user.tenantId, ctx.def.name, id);
}
