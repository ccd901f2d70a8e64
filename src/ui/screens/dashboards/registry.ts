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
  // Machine and sensor screens (issue 4).
  'qr-code-encoder': lazy(() => import('./QrCodeEncoderScreen').then((m) => ({ default: m.QrCodeEncoderScreen }))),
  'machine-scanning': lazy(() => import('./MachineScanningScreen').then((m) => ({ default: m.MachineScanningScreen }))),
  'bom-tree': lazy(() => import('./BomTreeScreen').then((m) => ({ default: m.BomTreeScreen }))),
  'dashboard-machine': lazy(() => import('./MachineDashboardScreen').then((m) => ({ default: m.MachineDashboardScreen }))),
  'dashboard-realtime': lazy(() => import('./RealtimeDashboardScreen').then((m) => ({ default: m.RealtimeDashboardScreen }))),
  'dashboard-ui': lazy(() => import('./SensorAnalyticsScreen').then((m) => ({ default: m.SensorAnalyticsScreen }))),
  'dynamic-dashboard': lazy(() => import('./DynamicDashboardScreen').then((m) => ({ default: m.DynamicDashboardScreen }))),
  graphURLDashboard: lazy(() => import('./GraphUrlDashboardScreen').then((m) => ({ default: m.GraphUrlDashboardScreen }))),
};
