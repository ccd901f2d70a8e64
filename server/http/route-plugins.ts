/**
 * Routes beyond the catalogue (public pages, dashboards): listed here, in one place, and buildApp mounts them
 * with the shared dependencies (./route-deps.ts); no plugin joins by an import's side effect. Every route must
 * declare `config: { access }` (see ./access.ts); under /api/app and /api/saas a route without it still
 * requires a signed-in user.
 */
import { publicRoutes } from '../public/routes';
import { approvalRoutes } from './approval-routes';
import type { RoutePlugin } from './route-deps';
import { dashboardRoutes } from './dashboard-routes';
import { machineDashboardRoutes } from './machine-dashboard-routes';
import { sensorDashboardRoutes } from './sensor-dashboard-routes';

export const routePlugins: readonly RoutePlugin[] = [publicRoutes, dashboardRoutes, machineDashboardRoutes, sensorDashboardRoutes, approvalRoutes];
