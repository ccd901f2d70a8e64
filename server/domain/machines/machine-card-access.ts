/**
 * Who may open a machine's card, and which machines a person may raise a ticket for (issue 31 items 5 and 6). The
 * server's scope decides, not the menu:
 * - the card: whoever holds SVC_MACHINE_INSTANCE VIEW (the machines' own screen), or whoever may work an open ticket
 *   on the machine, i.e. holds UPDATE on a ticket module by its feature or by a call view, within that view's records
 *   (an engineer's "My Open Calls": his own open tickets). A client's user works no ticket, so he opens no card;
 * - the machines to pick when raising a ticket: a client's user, his own company's machines only (none when his
 *   account names no company); the service team, the tenant's machines, when they may raise tickets at all.
 * Everything is read within the caller's tenant; a machine of another tenant is simply not found.
 */
import { asset } from '../../../src/contract/modules/assets';
import type { MachineChoice } from '../../../src/contract/machineShapes';
import { svcMachineInstance } from '../../../src/contract/modules/machines';
import { OPEN_TICKET_STATUSES, svcTicket, ticket } from '../../../src/contract/modules/service';
import { moduleGrant } from '../../auth/module-grants';
import { hasPrivilege, type SessionUser } from '../../auth/sessions';
import type { Queryable } from '../../db/pool';
import { repo } from '../../db/repository';
import { forbidden } from '../errors';
import { refusal } from '../../../src/contract/refusalMessages';
import { asString } from '../records';

/** The ticket modules whose open tickets give the way to a machine's card. */
const TICKET_MODULES = [svcTicket, ticket] as const;

/** The machine privilege that opens every card of the tenant. */
export const MACHINE_FEATURE = 'SVC_MACHINE_INSTANCE';

/**
 * Whether the caller may open the card of the tenant's machine `machineId`: by the machine privilege, or by an open
 * ticket on it that the caller may work (its module's UPDATE, within the caller's view scopes). Answers false for a
 * machine the caller may not see, whether it exists or not.
 */
export async function mayOpenMachineCard(db: Queryable, user: SessionUser, machineId: string): Promise<boolean> {
  if (hasPrivilege(user, MACHINE_FEATURE, 'VIEW')) return (await repo(db, svcMachineInstance, user.tenantId).getBody(machineId)) !== undefined;
  for (const def of TICKET_MODULES) {
    const grant = moduleGrant(user, def.name, def.feature, 'UPDATE');
    if (!grant.allowed) continue;
    const open = await repo(db, def, user.tenantId, grant.scopes ? { scopes: grant.scopes } : {}).list({
      filters: { machineInstanceId: machineId, status: OPEN_TICKET_STATUSES },
      limit: 1,
      project: ['_id'],
    });
    if (open.data.length > 0) return true;
  }
  return false;
}

/** Whether the caller may raise a ticket of either kind (by its feature or a call view's code). */
function mayRaiseTickets(user: SessionUser): boolean {
  return TICKET_MODULES.some((def) => moduleGrant(user, def.name, def.feature, 'CREATE').allowed);
}

/**
 * The machines the caller may raise a ticket for, by name: a client's user, his company's; the service team, the
 * tenant's. Each with its site's name (the ticket takes the machine's site). Refused to someone who raises no tickets.
 */
export async function ticketMachineChoices(db: Queryable, user: SessionUser): Promise<MachineChoice[]> {
  if (!mayRaiseTickets(user) && !hasPrivilege(user, MACHINE_FEATURE, 'VIEW')) {
    throw forbidden(refusal('noTicketsNoMachines'));
  }
  const client = user.userType === 'Client-User';
  if (client && !user.clientId) return [];
  const machines = await repo(db, svcMachineInstance, user.tenantId).list({
    filters: client ? { clientId: user.clientId as string } : {},
    project: ['name', 'serialNo', 'alternateId', 'assetId', 'clientId', 'status'],
    limit: Number.MAX_SAFE_INTEGER,
  });
  const usable = machines.data.filter((m) => m.status !== 'Decommissioned');
  const siteIds = [...new Set(usable.map((m) => asString(m.assetId)).filter((id): id is string => Boolean(id)))];
  const sites = new Map<string, string>();
  for (const id of siteIds) {
    const site = await repo(db, asset, user.tenantId).getById(id);
    const name = asString(site?.name);
    if (name) sites.set(id, name);
  }
  return usable
    .map((m) => {
      const assetId = asString(m.assetId);
      const siteName = assetId ? sites.get(assetId) : undefined;
      return {
        _id: m._id,
        name: asString(m.name) ?? asString(m.serialNo) ?? m._id,
        ...(asString(m.serialNo) ? { serialNo: String(m.serialNo) } : {}),
        ...(asString(m.alternateId) ? { alternateId: String(m.alternateId) } : {}),
        ...(assetId ? { assetId } : {}),
        ...(siteName ? { siteName } : {}),
        ...(asString(m.clientId) ? { clientId: String(m.clientId) } : {}),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}
