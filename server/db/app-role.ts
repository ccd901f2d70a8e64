/**
 * The role requests run as (issue 35, README "Database roles"). Two roles reach the database:
 *
 * - the owner, which owns the schema and runs the migrations at start (DATABASE_URL, or the embedded
 *   PostgreSQL's `fieldops_owner`);
 * - the app role, which every request, listener, lock and counter uses: it may read and write the app's tables
 *   and nothing else (no DDL, no superuser, no role changes, no `COPY … PROGRAM`), so that a hole in a request
 *   handler cannot change the schema or reach the machine.
 *
 * The app role is named by DATABASE_APP_URL (the embedded PostgreSQL names its own); without one, an owner that may
 * create roles makes `<database>_app` and keeps its password in `fieldops_private.app_role`, a schema the app role
 * cannot read, so every process on the database connects as the same role. An owner that may not create roles and
 * no DATABASE_APP_URL leaves requests on the owner, with a warning at every start.
 */
import { randomBytes } from 'node:crypto';
import { inTransaction, type Db, type Queryable } from './pool';
import { ADVISORY_LOCKS } from './advisory-locks';

/** Serialises the making of the app role when several processes start at once (the migrations' lock is held apart). */

/** What requests connect with, and whether that is a least-privilege role. */
export interface AppConnection {
  url: string;
  role: string;
  leastPrivilege: boolean;
}

/** A role name as a quoted SQL identifier. */
function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/** The user a PostgreSQL URL connects as (libpq's default is the operating-system user). */
export function roleOfUrl(url: string): string {
  const parsed = new URL(url);
  return decodeURIComponent(parsed.username) || process.env.PGUSER || process.env.USER || 'postgres';
}

export function withCredentials(url: string, role: string, password: string): string {
  const parsed = new URL(url);
  parsed.username = encodeURIComponent(role);
  parsed.password = encodeURIComponent(password);
  return parsed.toString();
}

/**
 * Gives `role` what requests need on every table and sequence of the app (also the ones later migrations make:
 * default privileges of the owner running this), and takes from everyone what the app never does: creating in the
 * schema and temporary tables. Idempotent; run by the owner at every start, after the migrations.
 */
export async function grantAppRole(owner: Queryable, role: string): Promise<void> {
  const r = ident(role);
  await owner.query(`grant usage on schema public to ${r}`);
  await owner.query(`grant select, insert, update, delete on all tables in schema public to ${r}`);
  await owner.query(`grant usage, select, update on all sequences in schema public to ${r}`);
  await owner.query(`alter default privileges in schema public grant select, insert, update, delete on tables to ${r}`);
  await owner.query(`alter default privileges in schema public grant usage, select, update on sequences to ${r}`);
  // Only the database's and the schema's owners may revoke these; an owner that is neither leaves them (PostgreSQL
  // 15 and later already keep CREATE on public to its owner).
  await owner.query(`do $$ begin
      execute format('revoke temporary on database %I from public', current_database());
      revoke create on schema public from public;
    exception when insufficient_privilege then null;
    end $$`);
}

interface StoredRole {
  role_name: string;
  password: string;
}

/** The attributes that make a role more than an app role. */
async function elevated(db: Queryable, role: string): Promise<string[]> {
  const { rows } = await db.query<{ rolsuper: boolean; rolcreaterole: boolean; rolcreatedb: boolean; rolbypassrls: boolean; owns: boolean }>(
    `select rolsuper, rolcreaterole, rolcreatedb, rolbypassrls,
            exists (select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relowner = r.oid) as owns
       from pg_roles r where rolname = $1`,
    [role],
  );
  const found = rows[0];
  if (!found) return [];
  return [
    ...(found.rolsuper ? ['superuser'] : []),
    ...(found.rolcreaterole ? ['may create roles'] : []),
    ...(found.rolcreatedb ? ['may create databases'] : []),
    ...(found.rolbypassrls ? ['bypasses row security'] : []),
    ...(found.owns ? ["owns the app's tables"] : []),
  ];
}

/** The app role this database keeps (made by an owner that may create roles), created again should it be gone. */
async function keptAppRole(owner: Queryable): Promise<StoredRole> {
  const stored = (await owner.query<StoredRole>('select role_name, password from fieldops_private.app_role')).rows[0];
  const { rows } = await owner.query<{ db: string }>('select current_database() as db');
  const kept = stored ?? { role_name: `${rows[0]?.db ?? 'fieldops'}`.slice(0, 59) + '_app', password: randomBytes(18).toString('hex') };
  const exists = (await owner.query('select 1 from pg_roles where rolname = $1', [kept.role_name])).rowCount === 1;
  const attributes = 'login nosuperuser nocreatedb nocreaterole noreplication nobypassrls';
  if (!exists) await owner.query(`create role ${ident(kept.role_name)} ${attributes} password ${literal(kept.password)}`);
  else if (!stored) await owner.query(`alter role ${ident(kept.role_name)} ${attributes} password ${literal(kept.password)}`);
  if (!stored) await owner.query('insert into fieldops_private.app_role (role_name, password) values ($1, $2)', [kept.role_name, kept.password]);
  return kept;
}

/**
 * The connection requests use, its role granted the app's tables. `appUrl` is DATABASE_APP_URL (or the embedded
 * PostgreSQL's app role); without it the owner makes the role when it may.
 */
export async function prepareAppConnection(ownerDb: Db, ownerUrl: string, appUrl: string | undefined, warn: (message: string) => void): Promise<AppConnection> {
  return inTransaction(ownerDb, async (owner) => {
    await owner.query('select pg_advisory_xact_lock($1)', [ADVISORY_LOCKS.appRole]);
    return appConnection(owner, ownerUrl, appUrl, warn);
  });
}

async function appConnection(owner: Queryable, ownerUrl: string, appUrl: string | undefined, warn: (message: string) => void): Promise<AppConnection> {
  const ownerRole = (await owner.query<{ role: string }>('select current_user as role')).rows[0]?.role ?? roleOfUrl(ownerUrl);
  if (appUrl) {
    const role = roleOfUrl(appUrl);
    if (role === ownerRole) {
      warn(`DATABASE_APP_URL connects as the owner role "${role}": requests run with the owner's rights. Create a separate role (README "Database roles").`);
      return { url: appUrl, role, leastPrivilege: false };
    }
    await grantAppRole(owner, role);
    const extra = await elevated(owner, role);
    if (extra.length > 0) warn(`The app role "${role}" ${extra.join(', ')}: requests are not least-privilege. Remove those rights (README "Database roles").`);
    return { url: appUrl, role, leastPrivilege: extra.length === 0 };
  }
  const { rows } = await owner.query<{ may: boolean; kept: boolean }>(
    "select rolsuper or rolcreaterole as may, to_regclass('fieldops_private.app_role') is not null as kept from pg_roles where rolname = current_user",
  );
  if (!rows[0]?.may || !rows[0].kept) {
    warn(`Requests run as the owner role "${ownerRole}", which may change the schema: set DATABASE_APP_URL to a role that may only read and write (README "Database roles").`);
    return { url: ownerUrl, role: ownerRole, leastPrivilege: false };
  }
  const kept = await keptAppRole(owner);
  await grantAppRole(owner, kept.role_name);
  return { url: withCredentials(ownerUrl, kept.role_name, kept.password), role: kept.role_name, leastPrivilege: true };
}
