/**
 * Least privilege in the database (issue 35, item 5; server/db/app-role.ts, README "Database roles"): requests run
 * as a role that may read and write the app's tables and nothing else. Proved on the suite's PostgreSQL (the
 * embedded test cluster, or the machine's server with DATABASE_URL) through the app's own pool, and on a real
 * server process over a data folder made by an older version, upgraded in place.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { prepareAppConnection, withCredentials } from '../../server/db/app-role';
import { startEmbeddedPostgres } from '../../server/db/embedded';
import { EMBEDDED_APP_ROLE, EMBEDDED_OWNER_ROLE } from '../../server/db/embedded-roles';
import { runMigrations } from '../../server/db/migrations';
import { createPool, isPgError, type Queryable } from '../../server/db/pool';
import { seedDemo } from '../../server/seed/index';
import { api, freePgPort, freePort, killLeftovers, startServer, until, type ServerProcess } from '../helpers/server-process';
import { testDb, withDatabase, type TestDb } from '../helpers/test-db';

/** The SQLSTATE a statement fails with (undefined when it succeeds). */
async function refusal(db: Queryable, sql: string): Promise<string | undefined> {
  try {
    await db.query(sql);
    return undefined;
  } catch (error) {
    if (!isPgError(error)) throw error;
    return error.code;
  }
}

const INSUFFICIENT_PRIVILEGE = '42501';

/** What a request role must never do, each with the statement that tries it. */
function forbidden(ownerRole: string): Array<[string, string]> {
  return [
    ['CREATE TABLE', 'create table intruder (v text)'],
    ['DROP TABLE', 'drop table sessions'],
    ['ALTER TABLE', 'alter table credentials add column intruder text'],
    ['TRUNCATE', 'truncate credentials'],
    ['CREATE SCHEMA', 'create schema intruder'],
    ['CREATE FUNCTION', "create function intruder() returns int language sql as 'select 1'"],
    ['COPY … TO PROGRAM', "copy (select 1) to program 'id'"],
    ['COPY … FROM PROGRAM', "copy schema_migrations (id) from program 'echo x'"],
    ['ALTER ROLE itself SUPERUSER', 'alter role current_user superuser'],
    ['ALTER ROLE itself CREATEROLE', 'alter role current_user createrole'],
    ['ALTER ROLE the owner', `alter role "${ownerRole}" password 'taken-over'`],
    ['CREATE ROLE', "create role intruder login password 'x'"],
    ['read the kept role password', 'select * from fieldops_private.app_role'],
    ['read a server file', "select pg_read_file('postgresql.conf')"],
  ];
}

describe('the request role, on the suite PostgreSQL', () => {
  let t: TestDb;
  let ownerRole: string;
  beforeAll(async () => {
    t = await testDb();
    ownerRole = (await t.ownerDb().query<{ role: string }>('select current_user as role')).rows[0]?.role ?? '';
  });
  afterAll(() => t.close());

  it('is neither a superuser nor the owner, and may create nothing', async () => {
    const { rows } = await t.db.query<{ role: string; rolsuper: boolean; rolcreaterole: boolean; rolcreatedb: boolean; owns: number }>(
      `select current_user as role, rolsuper, rolcreaterole, rolcreatedb,
              (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relowner = r.oid) as owns
         from pg_roles r where rolname = current_user`,
    );
    expect(rows[0]).toMatchObject({ rolsuper: false, rolcreaterole: false, rolcreatedb: false, owns: 0 });
    expect(rows[0]?.role).not.toBe(ownerRole);
  });

  it('is refused every DDL, COPY … PROGRAM and role change', async () => {
    const refused: Record<string, string | undefined> = {};
    for (const [what, sql] of forbidden(ownerRole)) refused[what] = await refusal(t.db, sql);
    expect(refused).toEqual(Object.fromEntries(forbidden(ownerRole).map(([what]) => [what, INSUFFICIENT_PRIVILEGE])));
    // Nothing was made or dropped on the way.
    expect((await t.ownerDb().query("select to_regclass('intruder') as t, to_regclass('sessions') as s")).rows[0]).toEqual({ t: null, s: 'sessions' });
  });

  it('still runs the app: sign-in, a write, a list, a wrong-password count and a sign-out heard through LISTEN', async () => {
    const admin = await t.signIn('admin@demo.local');
    const created = await t.call(admin, 'POST', '/api/app/role', { name: 'ROLES_TEST', description: 'made as the app role', features: [] });
    expect(created.status).toBe(201);
    const listed = await t.call(admin, 'GET', '/api/app/role');
    expect(listed.status).toBe(200);
    expect(listed.body.data?.some((r) => r.name === 'ROLES_TEST')).toBe(true);
    // A wrong password is counted in shared_counters (rate-limiter-flexible's upsert) as the app role.
    expect((await t.call(null, 'POST', '/api/auth/login', { email: 'engineer@demo.local', password: 'not-it-at-all' })).status).toBe(401);
    expect(Number((await t.db.query("select count(*) as n from shared_counters where key like 'signin-%'")).rows[0]?.n)).toBeGreaterThan(0);
    // Advisory locks (migrations, seed, scheduler) are the app role's to take.
    expect((await t.db.query<{ got: boolean }>('select pg_try_advisory_lock(42) as got')).rows[0]?.got).toBe(true);
    await t.db.query('select pg_advisory_unlock(42)');
    expect((await t.call(admin, 'POST', '/api/auth/logout')).status).toBeLessThan(300);
    expect((await t.call(admin, 'GET', '/api/app/role')).status).toBe(401);
  });
});

describe('DATABASE_APP_URL: a role the operator made', () => {
  let t: TestDb;
  const role = `ops_${Math.random().toString(16).slice(2, 10)}`;
  beforeAll(async () => {
    t = await testDb();
    await t.ownerDb().query(`create role ${role} login password 'ops-secret-2026'`);
  });
  afterAll(async () => {
    await t.ownerDb().query(`drop owned by ${role}`);
    await t.close();
    const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
    await admin.connect();
    await admin.query(`drop role if exists ${role}`);
    await admin.end();
  });

  it('is granted the tables at start, and may read and write them but change nothing else', async () => {
    const ownerUrl = withDatabase(inject('pgAdminUrl'), t.dbName);
    const warnings: string[] = [];
    const connection = await prepareAppConnection(t.ownerDb(), ownerUrl, withCredentials(ownerUrl, role, 'ops-secret-2026'), (m) => warnings.push(m));
    expect(connection).toMatchObject({ role, leastPrivilege: true });
    expect(warnings).toEqual([]);
    const app = new pg.Client({ connectionString: connection.url });
    await app.connect();
    try {
      expect(Number((await app.query('select count(*) as n from credentials')).rows[0]?.n)).toBeGreaterThan(0);
      await app.query("update shared_counters set points = points where key = 'none'");
      const owner = (await t.ownerDb().query<{ role: string }>('select current_user as role')).rows[0]?.role ?? '';
      const refused: Record<string, string | undefined> = {};
      for (const [what, sql] of forbidden(owner)) refused[what] = await refusal(app, sql);
      expect(refused).toEqual(Object.fromEntries(forbidden(owner).map(([what]) => [what, INSUFFICIENT_PRIVILEGE])));
    } finally {
      await app.end();
    }
  });

  it('naming the owner itself is warned about at start, and said not to be least privilege', async () => {
    const ownerUrl = withDatabase(inject('pgAdminUrl'), t.dbName);
    const warnings: string[] = [];
    const connection = await prepareAppConnection(t.ownerDb(), ownerUrl, ownerUrl, (m) => warnings.push(m));
    expect(connection.leastPrivilege).toBe(false);
    expect(warnings).toEqual([expect.stringMatching(/^DATABASE_APP_URL connects as the owner role .*: requests run with the owner's rights/)]);
  });
});

describe('the embedded PostgreSQL, a data folder of an older version upgraded in place', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  let superuser: pg.Client | undefined;
  let pgPort: number;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldops-roles-'));
    pgPort = await freePgPort();
    // An older version's folder: one superuser, the database and everything in it owned by `postgres`.
    const cluster = await startEmbeddedPostgres({ dataDir, port: pgPort, database: 'scratch', durable: false, log: () => undefined });
    const admin = new pg.Client({ connectionString: cluster.adminUrl });
    await admin.connect();
    await admin.query('drop database scratch');
    await admin.query(`drop role ${EMBEDDED_OWNER_ROLE}`);
    await admin.query(`drop role ${EMBEDDED_APP_ROLE}`);
    await admin.query('create database fieldops');
    await admin.end();
    const old = createPool(cluster.adminUrl.replace(/\/postgres$/, '/fieldops'), 2);
    await runMigrations(old);
    await seedDemo(old);
    await old.end();
    await cluster.stop();
    fs.rmSync(path.join(dataDir, 'pg-owner-password'));
    fs.rmSync(path.join(dataDir, 'pg-app-password'));
    server = await startServer({ httpPort: await freePort(), dataDir, pgPort });
  }, 180_000);
  afterAll(async () => {
    await superuser?.end();
    if (server?.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await until('the server stopped', () => server?.child.exitCode !== null, 30_000);
    }
    killLeftovers(server, dataDir);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function asSuperuser(): Promise<pg.Client> {
    if (!superuser) {
      const password = fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
      superuser = new pg.Client({ host: '127.0.0.1', port: pgPort, user: 'postgres', password, database: 'fieldops' });
      await superuser.connect();
    }
    return superuser;
  }

  it('hands the database and its tables to the owner role, and requests run as the app role', async () => {
    const db = await asSuperuser();
    const owners = await db.query<{ owner: string }>(
      `select distinct pg_get_userbyid(c.relowner) as owner from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ('public', 'fieldops_private') and c.relkind in ('r', 'S', 'v')`,
    );
    expect(owners.rows.map((r) => r.owner)).toEqual([EMBEDDED_OWNER_ROLE]);
    expect((await db.query<{ owner: string }>("select pg_get_userbyid(datdba) as owner from pg_database where datname = 'fieldops'")).rows[0]?.owner).toBe(EMBEDDED_OWNER_ROLE);
    const roles = await db.query<{ rolname: string; rolsuper: boolean; rolcreaterole: boolean }>('select rolname, rolsuper, rolcreaterole from pg_roles where rolname = any($1) order by rolname', [
      [EMBEDDED_APP_ROLE, EMBEDDED_OWNER_ROLE],
    ]);
    expect(roles.rows).toEqual([
      { rolname: EMBEDDED_APP_ROLE, rolsuper: false, rolcreaterole: false },
      { rolname: EMBEDDED_OWNER_ROLE, rolsuper: false, rolcreaterole: false },
    ]);
    // Every connection of the app (its pool, the session listener, live updates, the scheduler, the health probe).
    await until('the app has connected', async () => (await db.query("select 1 from pg_stat_activity where datname = 'fieldops' and usename = $1", [EMBEDDED_APP_ROLE])).rowCount! > 0, 10_000);
    const users = await db.query<{ usename: string }>("select distinct usename from pg_stat_activity where datname = 'fieldops' and pid <> pg_backend_pid()");
    expect(users.rows.map((r) => r.usename)).toEqual([EMBEDDED_APP_ROLE]);
  });

  it('keeps the older data: the demo admin signs in, reads and writes', async () => {
    const port = server?.httpPort ?? 0;
    const signedIn = await api(port, 'POST', '/api/auth/login', { email: 'admin@demo.local', password: 'Demo-Admin-2026' });
    expect(signedIn.status).toBe(200);
    const token = signedIn.json.token as string;
    const created = await api(port, 'POST', '/api/app/role', { name: 'UPGRADED', description: 'after the upgrade', features: [] }, token);
    expect(created.status).toBe(201);
    const health = await api(port, 'GET', '/api/health');
    expect(health.json).toMatchObject({ status: 'ok', db: 'up' });
  });

  it('refuses the app role DDL, temporary tables, COPY … PROGRAM and role changes', async () => {
    const password = fs.readFileSync(path.join(dataDir, 'pg-app-password'), 'utf8').trim();
    const app = new pg.Client({ host: '127.0.0.1', port: pgPort, user: EMBEDDED_APP_ROLE, password, database: 'fieldops' });
    await app.connect();
    try {
      const statements: Array<[string, string]> = [...forbidden(EMBEDDED_OWNER_ROLE), ['CREATE TEMP TABLE', 'create temp table intruder (v text)']];
      const refused: Record<string, string | undefined> = {};
      for (const [what, sql] of statements) refused[what] = await refusal(app, sql);
      expect(refused).toEqual(Object.fromEntries(statements.map(([what]) => [what, INSUFFICIENT_PRIVILEGE])));
      expect(Number((await app.query('select count(*) as n from sessions')).rows[0]?.n)).toBeGreaterThan(0);
    } finally {
      await app.end();
    }
  });
});
