/**
 * Hook for demo records of the catalogue's business modules (issue 4). The demo seed calls every seeder
 * in this array once, inside the seed's transaction, after the demo tenant, its users and roles exist.
 * `ids` names what the base seed created (subscriber, users, roles, the client company); see
 * server/seed/demo-tenant.ts for the keys. Write records with `repo(ctx.db, def, ctx.tenantId)`.
 */
import { areaSeeders } from './demo/index';
import type { DemoRecordSeeder } from './demo/context';
import { seedPublicPages } from './demo/public-pages';

export const demoRecordSeeders: DemoRecordSeeder[] = [...areaSeeders, seedPublicPages];
export type { DemoRecordSeeder, DemoSeedContext } from './demo/context';
