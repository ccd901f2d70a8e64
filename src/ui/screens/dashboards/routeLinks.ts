/**
 * Where a dashboard figure leads: the first of several list routes the person may open (the manager's
 * "open calls", the engineer's "my open calls", …), by the same rule as the route guards. A figure
 * whose lists are all closed to the person is shown without a link.
 */
import { useCallback } from 'react';
import { canOpenRoute } from '../../../contract/permissions';
import { selectPermissions, selectRoleNames, useSession } from '../../../machines/SessionProvider';
import { GUARDED_ROUTES } from '../../../contract/routes';

export type RouteChooser = (candidates: readonly string[]) => string | undefined;

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

export function useRouteChooser(): RouteChooser {
  const permissions = useSession(selectPermissions);
  const roles = useSession(selectRoleNames, sameList);
  return useCallback(
    (candidates) => {
      for (const path of candidates) {
        const route = GUARDED_ROUTES.find((r) => r.path === path);
        if (route && canOpenRoute(permissions, route, roles)) return `/app/${route.path}`;
      }
      return undefined;
    },
    [permissions, roles],
  );
}

/** The list routes of each ticket type (dashboard type keys) and of the ticket figures. */
export const TICKET_TYPE_ROUTES: Readonly<Record<string, readonly string[]>> = {
  'Breakdown Maintenance': ['breakdownMaintenence'],
  'Installation and Commissioning': ['installation-commissioning'],
  'Pre-Sale Maintenance': ['preSaleMaintenance'],
  Action: ['actionTicket'],
  Generic: ['genericTicket', 'ticket'],
};

export const OPEN_TICKET_ROUTES = ['open-calls', 'ticket', 'my-open-tickets', 'ticket-assigned-to-me', 'ticket-client-list'] as const;
/** The open-ticket lists that filter to the tickets past their SLA (the call views: ../tickets/pastSla.ts). */
export const PAST_SLA_ROUTES = ['open-calls', 'my-open-tickets', 'ticket-assigned-to-me', 'ticket-client-list'] as const;
export const URGENT_TICKET_ROUTES = ['urgent-calls', 'my-urgent-tickets', ...OPEN_TICKET_ROUTES] as const;
/**
 * Every ticket of both kinds first (the cross-kind call views: the report list, a client's, an engineer's), then the
 * generic tickets' own lists for someone who opens none of those: "Tickets in view" counts service tickets too.
 */
export const ALL_TICKET_ROUTES = ['ticket-report-list', 'ticket-client-list', 'ticket-assigned-to-me', 'ticket', 'genericTicket'] as const;

/** Where one of my tickets is listed: my open calls, else its type's list. */
export function myTicketRoutes(module: string, type: string): readonly string[] {
  return module === 'ticket' ? ['my-open-tickets', 'ticket-assigned-to-me', ...(TICKET_TYPE_ROUTES.Generic ?? [])] : (TICKET_TYPE_ROUTES[type] ?? ['breakdownMaintenence']);
}
