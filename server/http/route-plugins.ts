/**
 * Routes beyond the catalogue (public pages, file downloads, dashboards): append a plugin here and
 * buildApp mounts it with the shared dependencies. Every route must declare `config: { access }`
 * (see ./access.ts); under /api/app and /api/saas a route without it still requires a signed-in user.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/pool';
import type { RealtimeHub } from '../realtime/hub';
import { publicRoutes } from '../public/routes';

export interface RouteDeps {
  db: Db;
  config: Config;
  hub: RealtimeHub;
}

export type RoutePlugin = (app: FastifyInstance, deps: RouteDeps) => Promise<void>;

export const routePlugins: RoutePlugin[] = [publicRoutes];
