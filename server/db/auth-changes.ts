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
import { feature, privilege, role, subscriber, subscriberUser } from '../../src/contract/modules/admin';
import { tableName } from '../../src/contract/modules/define';
import { holdClient, type HeldClient } from './held-client';
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

/** Pauses before taking the LISTEN connection again: quick after a blip, at most every 5 s during an outage. */
const FIRST_PAUSE_MS = 250;
const LONGEST_PAUSE_MS = 5_000;

/**
 * One pooled connection kept for LISTEN, held (./held-client.ts) so that losing it is an event, never a
 * crash. When it is lost (the database restarted, the backend was terminated) it is discarded and taken
 * again after a growing pause, and LISTEN is sent again on the new one; `onConnected` says when each happens.
 */
export function listenForAuthChanges(db: Db, handlers: ListenHandlers): AuthChangeListener {
  let held: HeldClient | undefined;
  let closed = false;
  let pause = FIRST_PAUSE_MS;
  let timer: NodeJS.Timeout | undefined;
  let connecting: Promise<void> = Promise.resolve();

  const retryLater = (): void => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      connecting = connect();
    }, pause);
    pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
  };

  /** Once per connection: the server's FATAL and the socket closing after it are one loss. */
  const lost = (from: HeldClient, error: Error): void => {
    if (held !== from) return;
    held = undefined;
    from.client.removeAllListeners('notification');
    from.release(error);
    handlers.onConnected(false);
    handlers.onError?.(error);
    retryLater();
  };

  async function connect(): Promise<void> {
    let taken: HeldClient | undefined;
    try {
      taken = await holdClient(db, (error) => {
        if (taken) lost(taken, error);
      });
      if (closed) {
        taken.release();
        return;
      }
      taken.client.on('notification', (message) => {
        if (message.channel !== AUTH_CHANNEL) return;
        const change = parseAuthChange(message.payload);
        if (change) handlers.onChange(change);
      });
      held = taken;
      await taken.client.query(`listen ${AUTH_CHANNEL}`);
      // Closed meanwhile (close() unlistens and releases it), or lost meanwhile (already handled).
      if (closed || held !== taken) return;
      pause = FIRST_PAUSE_MS;
      handlers.onConnected(true);
    } catch (error) {
      // No connection to be had (the database is down): try again later.
      if (!taken) retryLater();
      else lost(taken, error as Error);
    }
  }

  connecting = connect();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      await connecting;
      handlers.onConnected(false);
      const kept = held;
      held = undefined;
      if (kept) {
        kept.client.removeAllListeners('notification');
        if (!kept.lost) await kept.client.query(`unlisten ${AUTH_CHANNEL}`).catch(() => undefined);
        kept.release();
      }
    },
  };
}
