/**
 * Routes beyond the catalogue (public pages, dashboards): listed here, in one place, and buildApp mounts them
 * with the shared dependencies (no plugin joins by an import's side effect). Every route must declare `config: { access }`
 * (see ./access.ts); under /api/app and /api/saas a route without it still requires a signed-in user.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/pool';
import type { RealtimeHub } from '../realtime/hub';
import { publicRoutes } from '../public/routes';
import { dashboardRoutes } from './dashboard-routes';
import { machineDashboardRoutes } from './machine-dashboard-routes';
import { sensorDashboardRoutes } from './sensor-dashboard-routes';

export interface RouteDeps {
  db: Db;
  config: Config;
  hub: RealtimeHub;
}

export type RoutePlugin = (app: FastifyInstance, deps: RouteDeps) => Promise<void>;

export const routePlugins: readonly RoutePlugin[] = [publicRoutes, dashboardRoutes, machineDashboardRoutes, sensorDashboardRoutes];
