/**
 * Screens of the routes open to any signed-in user (spec document 1 §2) that are dashboards or tools
 * rather than one module's list. OpenRouteScreen looks a route segment up here first; each entry is its
 * own lazy chunk so one dashboard's charts do not weigh on another.
 */
import { lazy, type ComponentType } from 'react';

export type OpenRouteComponent = ComponentType<{ segment: string; title: string }>;

export const OPEN_ROUTE_SCREENS: Partial<Record<string, OpenRouteComponent>> = {
  dashboard: lazy(() => import('./OverviewDashboard').then((m) => ({ default: m.OverviewDashboard }))),
  'ticket-dashbaord': lazy(() => import('./TicketDashboard').then((m) => ({ default: m.TicketDashboard }))),
  'sales-dashboard': lazy(() => import('./SalesDashboard').then((m) => ({ default: m.SalesDashboard }))),
  'operator-view': lazy(() => import('./OperatorView').then((m) => ({ default: m.OperatorView }))),
  // Guarded (SERVE_DASHBAORD): AppRoutes' SPECIAL_SCREENS shows it through OpenRouteScreen behind the guard.
  'serve-dashboard': lazy(() => import('./ServiceDashboard').then((m) => ({ default: m.ServiceDashboard }))),
};

// Keeps `lazy` imported while the map is filling up; entries above use it.
void lazy;
