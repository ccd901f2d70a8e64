/**
 * Which of a person's menu routes can make something, read from the route table and their privileges alone: the
 * bottom bar decides whether to offer New with this, without the module catalogue, which only the New sheet loads
 * (NewSheet.tsx, newChoices.ts). It holds the sheet's route rules too, so both read one list.
 */
import { GUARDED_ROUTES, TICKET_CALL_VIEW_ROUTES } from '../../contract/routes';
import { hasPermission, type PermissionEntry } from '../../contract/permissions';
import { routeSegment, type NavEntry } from './menuModel';

/** What a person in the field makes, first in the New sheet, in this order; the rest follow in the menu's order. */
export const FIELD_NEW_ROUTES: readonly string[] = [
  'request-spareparts',
  ...TICKET_CALL_VIEW_ROUTES,
  'ticket',
  'genericTicket',
  'breakdownMaintenence',
  'preventive-maintenance',
  'installation-commissioning',
  'preSaleMaintenance',
  'actionTicket',
];

/** Guarded routes whose screen is not a module list that answers ?new (see SPECIAL_SCREENS in AppRoutes). */
const NO_NEW_FORM: ReadonlySet<string> = new Set(['salespipeline', 'subscription-request-list', 'qa-paths', 'serve-dashboard']);

/** The generic ticket module's feature (src/contract/modules/serviceTickets.ts), which a call view's "New ticket" needs. */
export const TICKET_FEATURE = 'TICKET_LIST';

/** The guarded route a menu entry opens, when its screen is a list that answers ?new; null otherwise. */
export function newFormRoute(entry: NavEntry): (typeof GUARDED_ROUTES)[number] | null {
  if (!entry.href) return null;
  const segment = routeSegment(entry.href);
  const route = GUARDED_ROUTES.find((r) => r.path === segment);
  return route && !NO_NEW_FORM.has(segment) ? route : null;
}

/**
 * Whether some route of the menu lets the person create: they hold CREATE on its code (or, on a ticket call view,
 * on the ticket module). The sheet then lists exactly what (newChoices: the route's first module must have a
 * create operation, a platform row is the operator's); where that leaves nothing, it says so.
 */
export function mayCreateFromMenu(all: readonly NavEntry[], permissions: readonly PermissionEntry[] | null | undefined): boolean {
  return all.some((entry) => {
    const route = newFormRoute(entry);
    if (!route) return false;
    return hasPermission(permissions, route.code, 'CREATE') || (TICKET_CALL_VIEW_ROUTES.includes(route.path) && hasPermission(permissions, TICKET_FEATURE, 'CREATE'));
  });
}
