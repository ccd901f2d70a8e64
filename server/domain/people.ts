/**
 * The people a picker offers (issue 39 item 2; the call is src/contract/modules/peoplePicker.ts): the tenant's active
 * staff whose privileges let them do the work the field names, each with their load today.
 *
 * "May do the work" is the same rule the server applies when they act: their roles' grant on the module for the
 * privilege (server/auth/module-grants.ts). A grant through views only (an engineer's "my open calls") counts when
 * the record, with the person put in the field, is one of the records the view shows them: an open ticket assigned
 * to him, yes; a ticket of a type his views do not show, no. A client's user and the platform operator are never
 * offered: they are not the subscriber's staff.
 */
import { subscriberUser } from '../../src/contract/modules/admin';
import { moduleNamed, type CallReply, type PeopleQuery } from '../../src/contract/modules/index';
import { OPEN_TICKET_STATUSES, feActivity, svcTicket, ticket } from '../../src/contract/modules/service';
import { dayOf, todayIn } from '../../src/contract/zonedTime';
import { inScope, moduleGrant, type Grantee } from '../auth/module-grants';
import { loadPermissions, type PermissionMap } from '../auth/sessions';
import type { Queryable } from '../db/pool';
import { repo, type ApiRecord } from '../db/repository';
import type { CallContext } from './call-context';
import { tenantTimeZone } from './dashboards/figures';
import { invalid } from './errors';
import { refusal } from '../../src/contract/refusalMessages';
import { requireRecord } from './records';

type PeopleReply = CallReply<'svc-ticket', 'people'>;
type Person = PeopleReply['data'][number];

const ALL = Number.MAX_SAFE_INTEGER;

/** The tenant's active staff (not clients' users, not the operator), with their roles. */
async function staffOf(db: Queryable, tenantId: string): Promise<ApiRecord[]> {
  const users = await repo(db, subscriberUser, tenantId).rows({ filters: { status: 'Active', userType: 'Subscriber-User' }, project: ['name', 'designation', 'roles', 'clientId'], sort: 'name', order: 'asc', limit: ALL });
  return users;
}

/** Each person's privileges, read once per set of roles (most staff share a few). */
async function grantees(db: Queryable, tenantId: string, users: readonly ApiRecord[]): Promise<Map<string, Grantee>> {
  const byRoles = new Map<string, Promise<PermissionMap>>();
  const found = new Map<string, Grantee>();
  await Promise.all(
    users.map(async (user) => {
      const roles = (Array.isArray(user.roles) ? user.roles : []).map(String).sort();
      const key = roles.join(',');
      // Pickers name tenant modules' work: a platform-only feature never grants it, so the tenant is read as a customer's.
      if (!byRoles.has(key)) byRoles.set(key, loadPermissions(db, tenantId, roles, { platform: false }));
      const permissions = await byRoles.get(key)!;
      found.set(user._id, { _id: user._id, clientId: typeof user.clientId === 'string' ? user.clientId : undefined, permissions });
    }),
  );
  return found;
}

/** Whether `person` may do the work on `record` (or on any record of the module, when none is named). */
function mayDo(person: Grantee, module: string, privilege: string, field: string, record: ApiRecord | undefined): boolean {
  const def = moduleNamed(module);
  const grant = moduleGrant(person, def.name, def.feature, privilege);
  if (!grant.allowed) return false;
  if (!grant.scopes || !record) return true;
  const given = { ...record, [field]: person._id };
  return grant.scopes.some((scope) => inScope(given, scope));
}

/** Open tickets assigned to each person, and their field visits starting today in the subscriber's zone. */
async function loadToday(db: Queryable, tenantId: string, ids: readonly string[]): Promise<Map<string, { openTickets: number; visitsToday: number }>> {
  const load = new Map(ids.map((id) => [id, { openTickets: 0, visitsToday: 0 }]));
  if (ids.length === 0) return load;
  const [zone, ...tickets] = await Promise.all([
    tenantTimeZone(db, tenantId),
    ...[svcTicket, ticket].map((def) => repo(db, def, tenantId).rows({ filters: { assignedTo: ids, status: OPEN_TICKET_STATUSES }, project: ['assignedTo'], limit: ALL })),
  ]);
  for (const row of tickets.flat()) {
    const entry = load.get(String(row.assignedTo));
    if (entry) entry.openTickets += 1;
  }
  const today = todayIn(zone);
  const visits = await repo(db, feActivity, tenantId).rows({ filters: { engineer: ids }, project: ['engineer', 'startAt'], limit: ALL });
  for (const row of visits) {
    const entry = load.get(String(row.engineer));
    if (entry && typeof row.startAt === 'string' && dayOf(row.startAt, zone) === today) entry.visitsToday += 1;
  }
  return load;
}

/** GET {module path}/people/{field}?recordId=…: the people the field's picker offers. */
export async function peopleToPick(ctx: CallContext): Promise<PeopleReply> {
  const { field } = ctx.req.params as { field: string };
  const pick = ctx.def.people?.[field];
  if (!pick) throw invalid('field', refusal('noPersonField', { module: ctx.def.label, name: field }, { module: ctx.def.name, name: field }));
  const { recordId } = ctx.req.query as PeopleQuery;
  const record = recordId ? await requireRecord(ctx.repo, recordId) : undefined;
  const tenantId = ctx.user.tenantId;
  const staff = await staffOf(ctx.db, tenantId);
  const weighed = await grantees(ctx.db, tenantId, staff);
  // The record's own scope is weighed only for work on the record's module (a plan's engineer works tickets, not the plan).
  const sameModule = !pick.module || pick.module === ctx.def.name;
  const able = staff.filter((user) => mayDo(weighed.get(user._id)!, pick.module ?? ctx.def.name, pick.privilege, field, sameModule ? record : undefined));
  const load = await loadToday(ctx.db, tenantId, able.map((u) => u._id));
  const data: Person[] = able.map((user) => ({
    _id: user._id,
    name: String(user.name ?? ''),
    ...(typeof user.designation === 'string' && user.designation ? { designation: user.designation } : {}),
    ...load.get(user._id)!,
  }));
  return { data, total: data.length };
}

/** The call's entry, for every module declaring person fields. */
export const peopleCalls = { people: { handler: peopleToPick } };
