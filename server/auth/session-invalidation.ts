/**
 * Keeps the session cache (./session-cache.ts) true: this process's own writes drop what they change at once,
 * through the realtime hub every write already announces to; every process's writes (this one's included)
 * arrive a moment later from PostgreSQL (server/db/auth-changes.ts). The first makes "change, then the next
 * request sees it" hold within one process; the second makes it hold across processes.
 */
import { feature, privilege, role, subscriber, subscriberUser } from '../../src/contract/modules/admin';
import { catalogue, tableName } from '../../src/contract/modules/index';
import { listenForAuthChanges, type AuthChangeListener } from '../db/auth-changes';
import { parseNameChange } from '../db/reference-name-store';
import type { NamesCache } from '../domain/names-cache';
import type { Db } from '../db/pool';
import type { RealtimeHub } from '../realtime/hub';
import type { SessionCache } from './session-cache';

/** Modules whose records a session is built from, and which sessions a change of one touches. */
const TENANT_WIDE: ReadonlySet<string> = new Set([role.name, feature.name, privilege.name]);

/** A module table's module, for the name-change notices (which name the table). */
const MODULE_OF_TABLE: ReadonlyMap<string, string> = new Map(catalogue.map((def) => [tableName(def), def.name]));

/**
 * Keeps the session cache, and the names cache of referenced records when given (server/domain/names-cache.ts), true:
 * one hub subscription and one listening connection serve both. `onListening` hears whether the NOTIFY listener is
 * connected (the health check reports it).
 */
export function keepSessionCacheTrue(
  cache: SessionCache,
  db: Db,
  hub: RealtimeHub,
  log: (message: string) => void,
  onListening: (listening: boolean) => void = () => undefined,
  names?: NamesCache,
): AuthChangeListener {
  const unsubscribe = hub.subscribe((message) => {
    if (message.type === 'sessions.revoked') return cache.forgetTokens(message.tokenHashes);
    const { module, _id } = message.event;
    // Any announced change of a record may be a rename (or a removal): its kept name goes at once.
    if (names && message.type === 'record.changed' && message.event.op !== 'create') names.forget(message.tenantId, module, _id);
    if (TENANT_WIDE.has(module)) cache.forgetTenant(message.tenantId);
    else if (module === subscriberUser.name) cache.forgetUser(_id);
    else if (module === subscriber.name) cache.forgetTenant(_id);
  });
  let wasConnected = false;
  const listener = listenForAuthChanges(db, {
    onChange(change) {
      if (change.kind === 'name') {
        const named = parseNameChange(change.id);
        const module = named && MODULE_OF_TABLE.get(named.table);
        if (named && module) names?.forget(named.tenant, module, named.id);
        return;
      }
      if (change.kind === 'token') cache.forgetTokens([change.id]);
      else if (change.kind === 'user') cache.forgetUser(change.id);
      else cache.forgetTenant(change.id);
    },
    onConnected(connected) {
      cache.setLive(connected);
      names?.setLive(connected);
      onListening(connected);
      if (!connected && wasConnected) log('session cache off: the change listener lost its connection (sessions are read from the database until it is back)');
      if (connected && !wasConnected) log('session cache on: listening for session, role and user changes');
      wasConnected = connected;
    },
  });
  return {
    async close() {
      unsubscribe();
      await listener.close();
    },
  };
}
