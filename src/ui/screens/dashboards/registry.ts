/**
 * Screens of the routes open to any signed-in user (spec document 1 §2) that are dashboards or tools
 * rather than one module's list. OpenRouteScreen looks a route segment up here first; each entry is its
 * own lazy chunk so one dashboard's charts do not weigh on another.
 */
import { lazy, type ComponentType } from 'react';

export type OpenRouteComponent = ComponentType<{ segment: string; title: string }>;

export const OPEN_ROUTE_SCREENS: Partial<Record<string, OpenRouteComponent>> = {
  // 'dashboard': lazy(() => import('./OverviewDashboard').then((m) => ({ default: m.OverviewDashboard }))),
};

// Keeps `lazy` imported while the map is filling up; entries above use it.
void lazy;
