/**
 * The embedded PostgreSQL's two roles (issue 35, ./app-role.ts): `fieldops_owner` owns the app's database and
 * runs the migrations, `fieldops_app` runs the requests. Neither is a superuser; the superuser `postgres` is
 * only used here, to make them, and by the tests.
 *
 * A data folder made by an older version holds a database owned by `postgres` with tables owned by `postgres`:
 * the database, its tables, sequences and functions are handed to the owner role in place, at the first start
 * of this version (and checked at every start; nothing is done when all is already the owner's).
 */
import pg from 'pg';

export const EMBEDDED_OWNER_ROLE = 'fieldops_owner';
export const EMBEDDED_APP_ROLE = 'fieldops_app';

const ATTRIBUTES = 'login nosuperuser nocreatedb nocreaterole noreplication nobypassrls';

/** Creates the role when missing, and (re)sets its password to the one DATA_DIR keeps. */
async function ensureRole(admin: pg.Client, role: string, password: string): Promise<void> {
  const exists = (await admin.query('select 1 from pg_roles where rolname = $1', [role])).rowCount === 1;
  const verb = exists ? 'alter' : 'create';
  await admin.query(`${verb} role ${admin.escapeIdentifier(role)} ${ATTRIBUTES} password ${admin.escapeLiteral(password)}`);
}

/**
 * Both roles exist with DATA_DIR's passwords, the database exists and is the owner's, and so is everything in its
 * public schema. `connect` opens a superuser connection to the named database.
 */
export async function ensureEmbeddedRoles(connect: (database: string) => Promise<pg.Client>, database: string, passwords: { owner: string; app: string }): Promise<void> {
  const admin = await connect('postgres');
  try {
    await ensureRole(admin, EMBEDDED_OWNER_ROLE, passwords.owner);
    await ensureRole(admin, EMBEDDED_APP_ROLE, passwords.app);
    const owner = admin.escapeIdentifier(EMBEDDED_OWNER_ROLE);
    const found = await admin.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) await admin.query(`create database ${admin.escapeIdentifier(database)} owner ${owner}`);
    else await admin.query(`alter database ${admin.escapeIdentifier(database)} owner to ${owner}`);
  } finally {
    await admin.end();
  }
  const client = await connect(database);
  try {
    await handOverToOwner(client);
  } finally {
    await client.end();
  }
}

/**
 * Everything of the app in schema public that an older version created as `postgres` becomes the owner's.
 * Tables first: a table takes its indexes and the sequences of its serial columns with it.
 */
async function handOverToOwner(client: pg.Client): Promise<void> {
  await client.query(`do $$
    declare item record;
    begin
      for item in select c.oid::regclass as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname in ('public', 'fieldops_private') and c.relkind in ('r', 'p', 'v', 'm', 'f') and pg_get_userbyid(c.relowner) <> '${EMBEDDED_OWNER_ROLE}' loop
        execute format('alter table %s owner to ${EMBEDDED_OWNER_ROLE}', item.name);
      end loop;
      for item in select c.oid::regclass as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname in ('public', 'fieldops_private') and c.relkind = 'S' and pg_get_userbyid(c.relowner) <> '${EMBEDDED_OWNER_ROLE}' loop
        execute format('alter sequence %s owner to ${EMBEDDED_OWNER_ROLE}', item.name);
      end loop;
      for item in select p.oid::regprocedure as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'public' and pg_get_userbyid(p.proowner) <> '${EMBEDDED_OWNER_ROLE}' loop
        execute format('alter function %s owner to ${EMBEDDED_OWNER_ROLE}', item.name);
      end loop;
      if exists (select 1 from pg_namespace where nspname = 'fieldops_private') then
        alter schema fieldops_private owner to ${EMBEDDED_OWNER_ROLE};
      end if;
      if exists (select 1 from pg_namespace where nspname = 'public' and pg_get_userbyid(nspowner) not in ('pg_database_owner', '${EMBEDDED_OWNER_ROLE}')) then
        alter schema public owner to ${EMBEDDED_OWNER_ROLE};
      end if;
    end $$`);
}
