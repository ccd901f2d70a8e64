/**
 * Who hears a live event (issue 35, item 1): only people who may read the record, as HTTP would let them.
 *
 * Delivery is by Socket.IO rooms, never by walking this process's sockets, so it holds through an adapter that spans
 * several processes: a socket joins, when it says who it is, the rooms its session's grants open, and an event is
 * sent to the rooms whose members may read that record.
 * - `user:<id>`: the person (a ticket given to him).
 * - `module:<tenant>:<module>`: whoever holds the module's VIEW, or a view of it without a filter.
 * - `view:<tenant>:<view code>:<module>:<me>:<client>`: whoever reaches the module through a filtered view
 *   (src/contract/modules `moduleViews`: "My Open Calls", "Client Tickets", …), keyed by the values the view's
 *   placeholders take for that person (`$me`: his id, `$client`: his client company). A record is sent to the room
 *   of each view whose filter it passes, keyed by the record's own values for those fields; so an engineer hears
 *   about his tickets and a client's user about his company's, and nobody about the rest.
 */
import { catalogue, moduleViews, type ModuleView } from '../../src/contract/modules/index';
import { moduleGrant } from '../auth/module-grants';
import { hasPrivilege, type SessionUser } from '../auth/sessions';

export const userRoom = (userId: string): string => `user:${userId}`;
export const moduleRoom = (tenantId: string, module: string): string => `module:${tenantId}:${module}`;

const NOBODY = '\u0000none';

function viewRoom(tenantId: string, view: ModuleView, module: string, me: string, client: string): string {
  return `view:${tenantId}:${view.code}:${module}:${me}:${client}`;
}

/** Which placeholders a view's filter uses: a room is keyed only by those (the others are left blank). */
function placeholders(view: ModuleView): { me: boolean; client: boolean } {
  const values = Object.values(view.filter ?? {}).flat();
  return { me: values.includes('$me'), client: values.includes('$client') };
}

const viewsOf = (module: string): ModuleView[] => moduleViews.filter((v) => v.module === module || v.alsoModules?.includes(module));

/** Every room a signed-in person's socket joins: his own, and one per module (or filtered view) he may read. */
export function roomsOf(user: SessionUser): string[] {
  const rooms = [userRoom(user._id)];
  for (const def of catalogue) {
    const grant = moduleGrant(user, def.name, def.feature, 'VIEW');
    if (!grant.allowed) continue;
    if (!grant.scopes) {
      rooms.push(moduleRoom(user.tenantId, def.name));
      continue;
    }
    for (const view of viewsOf(def.name)) {
      if (!hasPrivilege(user, view.code, 'VIEW')) continue;
      const uses = placeholders(view);
      // A client placeholder never matches a person without a client company (as module-grants' `$client`).
      if (uses.client && !user.clientId) continue;
      rooms.push(viewRoom(user.tenantId, view, def.name, uses.me ? user._id : '', uses.client ? (user.clientId ?? NOBODY) : ''));
    }
  }
  return rooms;
}

/** Whether a record passes a view's fixed conditions (the placeholders are the room's key, not checked here). */
function passes(view: ModuleView, body: Readonly<Record<string, unknown>>): boolean {
  return Object.entries(view.filter ?? {}).every(([field, wanted]) => {
    if (wanted === '$me' || wanted === '$client') return typeof body[field] === 'string' && body[field] !== '';
    const value = String(body[field] ?? '');
    return Array.isArray(wanted) ? wanted.map(String).includes(value) : String(wanted) === value;
  });
}

/** The filtered views of a module, which need the record's body to say who may read it. */
export function hasFilteredViews(module: string): boolean {
  return viewsOf(module).some((v) => Object.keys(v.filter ?? {}).length > 0);
}

/**
 * The rooms to send a change of `module`'s record to: its readers, and the rooms of the filtered views the record
 * (its body as it is now; undefined once deleted) passes. A module outside the catalogue has no audience.
 */
export function roomsFor(tenantId: string, module: string, body: Readonly<Record<string, unknown>> | undefined): string[] {
  if (!catalogue.some((def) => def.name === module)) return [];
  const rooms = [moduleRoom(tenantId, module)];
  if (!body) return rooms;
  for (const view of viewsOf(module)) {
    if (Object.keys(view.filter ?? {}).length === 0 || !passes(view, body)) continue;
    const uses = placeholders(view);
    const field = (placeholder: string): string => Object.entries(view.filter ?? {}).find(([, wanted]) => wanted === placeholder)?.[0] ?? '';
    rooms.push(viewRoom(tenantId, view, module, uses.me ? String(body[field('$me')]) : '', uses.client ? String(body[field('$client')]) : ''));
  }
  return rooms;
}
