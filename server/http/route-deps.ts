/** What every route plugin beyond the catalogue is given by buildApp (the list is ./route-plugins.ts). */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/pool';
import type { RealtimeHub } from '../realtime/hub';

export interface RouteDeps {
  db: Db;
  config: Config;
  hub: RealtimeHub;
}

export type RoutePlugin = (app: FastifyInstance, deps: RouteDeps) => Promise<void>;
