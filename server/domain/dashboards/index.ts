/**
 * The dashboards' server side (README "Dashboards"): importing this module (server/domain/index.ts does)
 * adds the aggregate calls of ./routes.ts to the route plugins buildApp mounts, like registerCall adds
 * catalogue handlers. They are plain routes, not catalogue calls: a dashboard spans several modules and
 * checks each module's VIEW itself.
 */
import { routePlugins } from '../../http/route-plugins';
import { dashboardRoutes } from './routes';

if (!routePlugins.includes(dashboardRoutes)) routePlugins.push(dashboardRoutes);
