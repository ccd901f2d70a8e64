/**
 * The benchmark's database: the test suite's global setup (tests/setup/global-db.ts) starts a throw-away
 * embedded PostgreSQL in a temporary folder on a free port from 55432 (never 5432), or uses DATABASE_URL
 * when set, and builds a migrated template with the demo tenants seeded. The benchmark clones that
 * template into a database of its own; the setup's teardown drops both and stops the cluster.
 */
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { subscriber } from '../src/contract/modules/admin';
import { tableName } from '../src/contract/modules/define';
import { createPool, type Db } from '../server/db/pool';
import { DEMO_GSTIN } from '../server/seed/demo-tenant';
import setupTestDatabase from '../tests/setup/global-db';

export interface BenchDb {
  pool: Db;
  /** The database's connection string (for servers the benchmark starts in processes of their own). */
  url: string;
  /** The demo tenant (Demo Industries Pvt Ltd), whose admin is admin@demo.local. */
  tenantId: string;
  /** Where the database lives, for the report (password left out). */
  where: string;
  close(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = '/' + database;
  return parsed.toString();
}

export async function startBenchDb(): Promise<BenchDb> {
  const provided: Record<string, string> = {};
  // The setup only calls `provide` on its project: hand it a stand-in that keeps the values.
  const project = { provide: (key: string, value: string) => void (provided[key] = value) } as unknown as TestProject;
  const teardown = await setupTestDatabase(project);
  const adminUrl = provided.pgAdminUrl;
  const name = `${provided.pgRunPrefix}bench`;
  let pool: Db | undefined;
  try {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`create database ${admin.escapeIdentifier(name)} template ${admin.escapeIdentifier(provided.pgTemplate)}`);
    } finally {
      await admin.end();
    }
    pool = createPool(withDatabase(adminUrl, name), 10);
    const { rows } = await pool.query<{ _id: string }>(`select _id from ${tableName(subscriber)} where body->>'gstNo' = $1`, [DEMO_GSTIN]);
    const tenantId = rows[0]?._id;
    if (!tenantId) throw new Error('The demo tenant was not seeded');
    const url = new URL(adminUrl);
    const where = `${process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded PostgreSQL'} ${url.hostname}:${url.port || 5432}/${name}`;
    const open = pool;
    return {
      pool: open,
      url: withDatabase(adminUrl, name),
      tenantId,
      where,
      async close() {
        await open.end().catch(() => undefined);
        await teardown();
      },
    };
  } catch (error) {
    await pool?.end().catch(() => undefined);
    await teardown().catch(() => undefined);
    throw error;
  }
}
