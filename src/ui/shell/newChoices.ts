/**
 * What the New sheet offers (issue 12 item 9): for each route of the person's menu, what its list lets them create,
 * by the rule the list's own New button uses (useModulePermissions: the module's or the route's CREATE; a platform
 * row for the operator only; a ticket call view by TicketCallListScreen's rule). Reads the module catalogue, so
 * only the sheet, loaded when opened, imports it.
 */
import { moduleNamed, moduleOps } from '../../contract/modules';
import { OPERATOR_USER_TYPE } from '../../contract/modules/admin';
import { hasPermission, type PermissionEntry } from '../../contract/permissions';
import { TICKET_CALL_VIEW_ROUTES } from '../../contract/routes';
import { modulesForRoute, newRecordHref } from '../routeModules';
import { isActive, routeSegment, type NavEntry } from './menuModel';
import { FIELD_NEW_ROUTES, newFormRoute } from './newRoutes';

export interface NewChoice {
  entry: NavEntry;
  /** The list with its New form opened. */
  href: string;
  /** What is made (the module's label), said under the menu entry's name. */
  makes: string;
}

const ticketDef = moduleNamed('ticket');

/** What a menu entry's list lets the person create, with the key of the thing made; null when nothing. */
function creates(entry: NavEntry, permissions: readonly PermissionEntry[] | null | undefined, userType: string | undefined): { key: string; makes: string } | null {
  const route = newFormRoute(entry);
  if (!route) return null;
  const may = (code: string) => hasPermission(permissions, code, 'CREATE');
  if (TICKET_CALL_VIEW_ROUTES.includes(route.path)) {
    // TicketCallListScreen's "New ticket": the generic ticket form.
    return may(ticketDef.feature) || may(route.code) ? { key: ticketDef.name, makes: ticketDef.label } : null;
  }
  // The module the route shows first (its only one, or its first tab): the one a ?new opens.
  const first = modulesForRoute(route.path, route.code)[0];
  if (!first || !moduleOps(first.def).includes('create')) return null;
  const viewCode = first.code !== first.def.feature ? first.code : undefined;
  const allowed = (may(first.def.feature) || (viewCode !== undefined && may(viewCode))) && (!first.def.crossTenant || userType === OPERATOR_USER_TYPE);
  return allowed ? { key: `${first.def.name} ${JSON.stringify(first.filter ?? null)}`, makes: first.label } : null;
}

/** The New sheet's choices: the list on screen first, field work next, then the menu's order; one per thing made. */
export function newChoices(all: readonly NavEntry[], permissions: readonly PermissionEntry[] | null | undefined, userType: string | undefined, location: string): NewChoice[] {
  const rank = (entry: NavEntry) => {
    if (isActive(entry, location)) return -1;
    const field = FIELD_NEW_ROUTES.indexOf(routeSegment(entry.href ?? ''));
    return field === -1 ? FIELD_NEW_ROUTES.length : field;
  };
  const made = all.flatMap((entry) => {
    const what = creates(entry, permissions, userType);
    return what ? [{ entry, ...what }] : [];
  });
  const seen = new Set<string>();
  return made
    .map((choice, index) => ({ choice, index }))
    .sort((a, b) => rank(a.choice.entry) - rank(b.choice.entry) || a.index - b.index)
    .filter(({ choice }) => !seen.has(choice.key) && Boolean(seen.add(choice.key)))
    .map(({ choice }) => ({ entry: choice.entry, href: newRecordHref(choice.entry.href!), makes: choice.makes }));
}
