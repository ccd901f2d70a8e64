/** What each demo record seeder is given: the seed's transaction, the demo tenant and the ids the base seed made. */
import type { Queryable } from '../../db/pool';

export interface DemoSeedContext {
  /** A client inside the seed's transaction. */
  db: Queryable;
  tenantId: string;
  /** What the base seed created (subscriber, users, roles, the client company): see ../demo-tenant.ts. */
  ids: Record<string, string>;
}

export type DemoRecordSeeder = (ctx: DemoSeedContext) => Promise<void>;
