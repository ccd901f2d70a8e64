/**
 * Changes to what a signed-in session is made of, announced by PostgreSQL itself to every app process on the
 * database (issue 17: sessions are cached in memory, server/auth/session-cache.ts).
 *
 * Triggers on the tables a session is read from send NOTIFY on channel AUTH_CHANNEL with a payload
 * `<kind>:<id>`: `token:<hash>` when a session is revoked, `user:<id>` when a user or their credentials
 * change, `tenant:<id>` when a tenant's roles, features, privileges, subscriber record or catalogue change. The
 * names cache listens on the same connection: `name:<tenant>/<table>/<id>` (./reference-name-store.ts).
 * NOTIFY is sent on commit, so a rolled-back change announces nothing. Triggers fire for every writer (any
 * app process, a script, psql), which is why they are used rather than announcing from the code.
 */
import type pg from 'pg';
import { feature, privilege, role, subscriber, subscriberUser } from '../../src/contract/modules/admin';
import { tableName } from '../../src/contract/modules/define';
import type { Db, Queryable } from './pool';

export const AUTH_CHANNEL = 'fieldops_auth';

/** `name`: a referenced record renamed or removed, `<tenant>/<table>/<id>` (./reference-name-store.ts, issue 30). */
export type AuthChange = { kind: 'token' | 'user' | 'tenant' | 'name'; id: string };

/** The announcing tables, with the kind of change and the column naming what changed. */
const ANNOUNCED: ReadonlyArray<{ table: string; kind: AuthChange['kind']; column: string; when?: string; events: string }> = [
  { table: 'sessions', kind: 'token', column: 'token_hash', events: 'update of revoked_at', when: 'old.revoked_at is distinct from new.revoked_at' },
  { table: 'credentials', kind: 'user', column: 'user_id', events: 'update or delete' },
  { table: tableName(subscriberUser), kind: 'user', column: '_id', events: 'update or delete' },
  { table: tableName(role), kind: 'tenant', column: 'subscriber_id', events: 'insert or update or delete' },
  { table: tableName(feature), kind: 'tenant', column: 'subscriber_id', events: 'insert or update or delete' },
  { table: tableName(privilege), kind: 'tenant', column: 'subscriber_id', events: 'insert or update or delete' },
  // A subscriber row is the tenant itself (its status suspends every session of it).
  { table: tableName(subscriber), kind: 'tenant', column: '_id', events: 'update or delete' },
  { table: 'tenant_catalogue', kind: 'tenant', column: 'subscriber_id', events: 'insert or update or delete' },
];

/** Installs (or refreshes) the triggers; idempotent, run at every start after the module tables exist. */
export async function ensureAuthChangeTriggers(db: Queryable): Promise<void> {
  await db.query(`
    create or replace function fieldops_auth_changed() returns trigger language plpgsql as $$
    declare
      changed jsonb;
    begin
      if tg_op = 'DELETE' then changed := to_jsonb(old); else changed := to_jsonb(new); end if;
      perform pg_notify('${AUTH_CHANNEL}', tg_argv[0] || ':' || coalesce(changed ->> tg_argv[1], ''));
      return null;
    end $$`);
  for (const { table, kind, column, events, when } of ANNOUNCED) {
    await db.query(
      `create or replace trigger fieldops_auth_changed after ${events} on ${table}
       for each row ${when ? `when (${when})` : ''} execute function fieldops_auth_changed('${kind}', '${column}')`,
    );
  }
}

export function parseAuthChange(payload: string | undefined): AuthChange | undefined {
  const at = payload?.indexOf(':') ?? -1;
  if (!payload || at < 1) return undefined;
  const kind = payload.slice(0, at);
  const id = payload.slice(at + 1);
  return (kind === 'token' || kind === 'user' || kind === 'tenant' || kind === 'name') && id ? { kind, id } : undefined;
}

export interface AuthChangeListener {
  close(): Promise<void>;
}

export interface ListenHandlers {
  onChange(change: AuthChange): void;
  /** True once LISTEN is in place (again), false as soon as the connection is lost. */
  onConnected(connected: boolean): void;
  onError?(error: Error): void;
}

/**
 * One pooled connection kept for LISTEN. When it is lost (the database restarted, the backend was
 * terminated), it is given back to the pool as broken and taken again with a growing pause (250 ms .. 5 s).
 */
export function listenForAuthChanges(db: Db, handlers: ListenHandlers): AuthChangeListener {
  let client: pg.PoolClient | undefined;
  let closed = false;
  let pause = 250;
  let timer: NodeJS.Timeout | undefined;
  let connecting: Promise<void> = Promise.resolve();

  const lost = (error: Error): void => {
    handlers.onConnected(false);
    handlers.onError?.(error);
    const broken = client;
    client = undefined;
    broken?.removeAllListeners('notification');
    broken?.release(error);
    if (!closed) {
      timer = setTimeout(start, pause);
      pause = Math.min(pause * 2, 5_000);
    }
  };

  const start = (): void => {
    connecting = connect();
  };

  async function connect(): Promise<void> {
    timer = undefined;
    let taken: pg.PoolClient | undefined;
    try {
      taken = await db.connect();
      if (closed) {
        taken.release();
        return;
      }
      taken.on('error', lost);
      taken.on('notification', (message) => {
        if (message.channel !== AUTH_CHANNEL) return;
        const change = parseAuthChange(message.payload);
        if (change) handlers.onChange(change);
      });
      client = taken;
      await taken.query(`listen ${AUTH_CHANNEL}`);
      if (closed) return;
      pause = 250;
      handlers.onConnected(true);
    } catch (error) {
      if (client === taken && taken) lost(error as Error);
      else if (!closed) timer = setTimeout(start, pause);
    }
  }

  start();
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await connecting;
      handlers.onConnected(false);
      const held = client;
      client = undefined;
      if (held) {
        held.removeAllListeners();
        held.on('error', () => undefined);
        await held.query(`unlisten ${AUTH_CHANNEL}`).catch(() => undefined);
        held.release();
      }
    },
  };
}
