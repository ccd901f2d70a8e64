/**
 * Vitest global setup of the `node` project: one PostgreSQL for the whole run and one migrated, seeded
 * template database; each test file clones its own database from the template (tests/helpers/test-db.ts),
 * so files run in parallel without seeing each other's rows.
 *
 * DATABASE_URL set: that server is used (CI runs the suite again against the machine's PostgreSQL).
 * Otherwise one embedded PostgreSQL starts in a temporary folder on TEST_PG_PORT or the first free port
 * from 55432 (never 5432), with fsync off: test data need not survive a power cut.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { EmbeddedPgError, portIsFree, startEmbeddedPostgres, type EmbeddedPg } from '../../server/db/embedded';
import { prepareAppConnection, type AppConnection } from '../../server/db/app-role';
import { runMigrations } from '../../server/db/migrations';
import { createPool } from '../../server/db/pool';
import { seedDemo } from '../../server/seed/index';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of a database on the test server from which databases can be created and dropped. */
    pgAdminUrl: string;
    /**
     * The template's least-privilege app role on the test server (server/db/app-role.ts), as a URL whose database
     * a test file replaces with its own: a clone keeps the template's grants, so requests in tests run as the
     * server's requests do.
     */
    pgAppUrl: string;
    /** Migrated and seeded template every test file clones. */
    pgTemplate: string;
    /** Prefix of this run's databases (cleaned up at teardown). */
    pgRunPrefix: string;
  }
}

const TEMP_PREFIX = 'fieldops-test-pg-';

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = '/' + database;
  return parsed.toString();
}

async function startTestPostgres(dir: string): Promise<EmbeddedPg> {
  const fixed = process.env.TEST_PG_PORT ? Number(process.env.TEST_PG_PORT) : undefined;
  if (fixed === 5432) throw new Error('TEST_PG_PORT must not be 5432');
  let port = fixed ?? 55432;
  // Other runs on the machine may take ports between our probe and PostgreSQL's bind: try the next one.
  for (let attempt = 0; attempt < 20; attempt++, port++) {
    if (fixed === undefined && !(await portIsFree(port))) continue;
    try {
      return await startEmbeddedPostgres({ dataDir: dir, port, database: 'fieldops_tests', durable: false, log: () => undefined });
    } catch (error) {
      if (fixed !== undefined || !(error instanceof EmbeddedPgError) || !/in use/.test(error.message)) throw error;
    }
  }
  throw new Error('No free port for the test PostgreSQL from 55432');
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A run killed before its teardown leaves its PostgreSQL running and its folder behind. Each folder
 * names the runner that owns it; when that runner is gone, stop the cluster and remove the folder.
 */
function reapAbandonedClusters(): void {
  for (const entry of fs.readdirSync(os.tmpdir())) {
    if (!entry.startsWith(TEMP_PREFIX)) continue;
    const dir = path.join(os.tmpdir(), entry);
    try {
      const owner = Number(fs.readFileSync(path.join(dir, 'owner.pid'), 'utf8'));
      if (!owner || alive(owner)) continue;
      const pidFile = path.join(dir, 'pg', 'postmaster.pid');
      const postmaster = fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]) : 0;
      // Only a postgres process of that very folder (pids get reused).
      const cmdline = postmaster && alive(postmaster) ? fs.readFileSync(`/proc/${postmaster}/cmdline`, 'utf8') : '';
      if (cmdline.includes('postgres') && cmdline.includes(path.join(dir, 'pg'))) process.kill(postmaster, 'SIGQUIT');
      fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // Not ours to judge (no owner file yet, or already gone).
    }
  }
}

async function dropRunDatabases(adminUrl: string, prefix: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${prefix}%`]);
    for (const { datname } of rows) await client.query(`drop database if exists ${client.escapeIdentifier(datname)} with (force)`);
  } finally {
    await client.end();
  }
}

async function dropRole(adminUrl: string, role: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop role if exists ${client.escapeIdentifier(role)}`);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const runId = randomBytes(4).toString('hex');
  const prefix = `fieldops_${runId}_`;
  const template = `fieldops_template_${runId}`;
  let embedded: EmbeddedPg | undefined;
  let dir: string | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    reapAbandonedClusters();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), TEMP_PREFIX));
    fs.writeFileSync(path.join(dir, 'owner.pid'), String(process.pid));
    embedded = await startTestPostgres(dir);
    adminUrl = embedded.adminUrl;
  }

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${admin.escapeIdentifier(template)}`);
  await admin.end();
  const templateUrl = withDatabase(adminUrl, template);
  const pool = createPool(templateUrl, 2);
  let appConnection: AppConnection;
  try {
    await runMigrations(pool);
    // The test server's admin may create roles: the template gets an app role of its own, kept in the template.
    appConnection = await prepareAppConnection(pool, templateUrl, undefined, (message) => console.warn(message));
    await seedDemo(pool);
  } finally {
    await pool.end();
  }

  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);
  project.provide('pgAppUrl', appConnection.url);
  project.provide('pgRunPrefix', prefix);

  const finalAdminUrl = adminUrl;
  return async () => {
    await dropRunDatabases(finalAdminUrl, prefix).catch(() => undefined);
    await dropRunDatabases(finalAdminUrl, template).catch(() => undefined);
    // Roles outlive databases: the template's app role goes once every database granting it is gone.
    if (appConnection.leastPrivilege) await dropRole(finalAdminUrl, appConnection.role).catch(() => undefined);
    await embedded?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  };
}
