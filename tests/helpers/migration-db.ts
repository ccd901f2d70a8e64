/**
 * A database of its own for a migration's test: created and migrated to the latest on first use, dropped after the
 * file's tests. With the steps such a test takes: store bodies as a database migrated before the migration was
 * written holds them, run that migration again as its next start would, and read the bodies back.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { runMigrations } from '../../server/db/migrations';
import { createPool, type Db } from '../../server/db/pool';

/** Call at a test file's top level; the function it returns opens (once) the migrated database. */
export function migratedScratchDb(label: string): () => Promise<Db> {
  const adminUrl = inject('pgAdminUrl');
  const name = `${inject('pgRunPrefix')}${label}_${randomBytes(3).toString('hex')}`;
  let db: Db | undefined;
  const onAdmin = async (sql: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(sql.replace('$name', admin.escapeIdentifier(name)));
    } finally {
      await admin.end();
    }
  };
  afterAll(async () => {
    await db?.end();
    await onAdmin('drop database if exists $name with (force)');
  });
  return async () => {
    if (db) return db;
    await onAdmin('create database $name');
    const url = new URL(adminUrl);
    url.pathname = '/' + name;
    db = createPool(url.toString(), 2);
    await runMigrations(db);
    return db;
  };
}

/** Stores each `[id, body]` in `table` for tenant t-1, as rows written before the migration under test. */
export async function storeBodies(db: Db, table: string, rows: ReadonlyArray<readonly [string, Record<string, unknown>]>): Promise<void> {
  for (const [id, body] of rows) await db.query(`insert into "${table}" (_id, subscriber_id, body) values ($1, 't-1', $2)`, [id, JSON.stringify(body)]);
}

/** Forgets that `migration` ran, as a database migrated before it was written; its next start runs it. */
export async function forgetMigration(db: Db, migration: string): Promise<void> {
  await db.query(`delete from schema_migrations where id = $1`, [migration]);
}

/** `table`'s bodies by id. */
export async function bodiesOf(db: Db, table: string): Promise<Record<string, Record<string, unknown>>> {
  return Object.fromEntries((await db.query<{ _id: string; body: Record<string, unknown> }>(`select _id, body from "${table}"`)).rows.map((r) => [r._id, r.body]));
}
